// "Use as Current Report" (a workspace report's context menu): its findings stand for its
// repository instead of the newest report for the checked-out branch, until unpinned.
import * as vscode from 'vscode';
import type { ReportNode } from '../views/nodes';
import type { Services } from './services';

export function pinReport(s: Services) {
  return async (node?: ReportNode): Promise<void> => {
    if (node?.kind !== 'report') return;
    const repositories = s.tree.repositoriesOf(node.report);
    if (repositories.length === 0) {
      void vscode.window.showInformationMessage('This report is not of a repository in the workspace, so it cannot be its current report.');
      return;
    }
    for (const repo of repositories) await s.pins.set(repo.root, node.report.id);
    s.log.info(`Report ${node.report.id} is now the current report of ${repositories.map((r) => r.root.fsPath).join(', ')} (pinned).`);
    s.tree.redraw();
    s.findings.schedule(); // another report's findings in the code
  };
}
