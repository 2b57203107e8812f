// "Load More Issues": continues paging a report after a pause, a cancel or a failure.
import type { Services } from './services';

export function loadMoreIssues(s: Services) {
  return (reportId?: string): void => {
    if (reportId) s.store.loadMoreIssues(reportId);
  };
}
