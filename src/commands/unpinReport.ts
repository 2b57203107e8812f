// "Unpin Current Report": the repository's current report is chosen again (the newest for the
// checked-out branch).
import type { ReportNode } from '../views/nodes';
import type { Services } from './services';

export function unpinReport(s: Services) {
  return async (node?: ReportNode): Promise<void> => {
    if (node?.kind !== 'report') return;
    const pinned = s.tree.repositoriesOf(node.report).filter((repo) => s.pins.get(repo.root) === node.report.id);
    for (const repo of pinned) await s.pins.set(repo.root, undefined);
    if (pinned.length) s.log.info(`Report ${node.report.id} is no longer pinned for ${pinned.map((r) => r.root.fsPath).join(', ')}.`);
    s.tree.redraw();
    s.findings.schedule(); // another report's findings in the code
  };
}
