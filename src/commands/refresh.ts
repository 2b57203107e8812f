// "Refresh": reloads everything, or one report (its node's retry).
import type { Services } from '../editor/services';

export function refresh(s: Services) {
  return (arg?: { reportId?: string }): void => {
    if (arg?.reportId) s.tree.refreshReport(arg.reportId);
    else s.store.refresh();
  };
}
