// "Unpin Current Report": the current report of the report's scanner is chosen again (its newest
// for the checked-out branch); the other scanners' pins stay.
import { scannerKey } from '../model/reportList';
import type { ReportNode } from '../views/nodes';
import type { Services } from './services';

export function unpinReport(s: Services) {
  return async (node?: ReportNode): Promise<void> => {
    if (node?.kind !== 'report') return;
    const scanner = scannerKey(node.report.vulnerabilityReport?.vendor);
    const pinned = s.tree.repositoriesOf(node.report).filter((repo) => s.pins.pinned(repo.root)(scanner) === node.report.id);
    for (const repo of pinned) await s.pins.unpin(repo.root, scanner, node.report.id);
    if (pinned.length) s.log.info(`Report ${node.report.id} is no longer pinned for ${pinned.map((r) => r.root.fsPath).join(', ')}.`);
    s.tree.redraw();
    s.findings.schedule(); // another report's findings in the code
  };
}
