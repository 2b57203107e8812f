// "Cancel Loading": stops paging a report's issues; what arrived stays.
import type { Services } from './services';

export function cancelLoading(s: Services) {
  return (reportId?: string): void => {
    if (reportId) s.store.cancelIssues(reportId);
  };
}
