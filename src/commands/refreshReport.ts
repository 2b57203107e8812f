// "Refresh Report" (a report's context menu, an error row's retry): fetches that report again,
// detail and issues. Takes what the workbench passes: the clicked report row and, with several
// rows selected, the selection; or a report id from a row's retry command.
import type { Services } from './services';
import type { Node } from '../views/nodes';

export function refreshReport(s: Services) {
  return (clicked?: Node | string, selection?: readonly Node[]): void => {
    for (const reportId of reportIds(clicked, selection)) s.store.reloadReport(reportId);
  };
}

function reportIds(clicked: Node | string | undefined, selection: readonly Node[] | undefined): string[] {
  if (typeof clicked === 'string') return [clicked];
  const nodes = selection && selection.length > 0 ? selection : clicked ? [clicked] : [];
  return [...new Set(nodes.flatMap((n) => (n.kind === 'report' ? [n.report.id] : n.kind === 'message' ? [] : [n.reportId])))];
}
