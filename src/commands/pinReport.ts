// "Use as Current Report" (a workspace report's context menu): its findings stand for its
// repository's scanner instead of that scanner's newest report for the checked-out branch, until
// unpinned. Pins are per scanner: pinning a Snyk report leaves the Opengrep one current.
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import { readableVendor } from '../common/scanners';
import { scannerKey } from '../model/reportList';
import type { ReportNode } from '../views/nodes';
import type { Services } from './services';

export function pinReport(s: Services) {
  return async (node?: ReportNode): Promise<void> => {
    if (node?.kind !== 'report') return;
    const repositories = s.tree.repositoriesOf(node.report);
    if (repositories.length === 0) {
      void vscode.window.showInformationMessage(
        l10n.t('This report is not of a repository in the workspace, so it cannot be its current report.'),
      );
      return;
    }
    const scanner = scannerKey(node.report.vulnerabilityReport?.vendor);
    // A pin stored before pins were per scanner is moved under its report's scanner.
    const scanners = new Map(s.store.loadedReports().map((r) => [r.id, scannerKey(r.vulnerabilityReport?.vendor)]));
    for (const repo of repositories) await s.pins.pin(repo.root, scanner, node.report.id, (id) => scanners.get(id));
    s.log.info(
      `Report ${node.report.id} is now the current ${readableVendor(node.report.vulnerabilityReport?.vendor)} report of ${repositories.map((r) => r.root.fsPath).join(', ')} (pinned).`,
    );
    s.tree.redraw();
    s.findings.schedule(); // another report's findings in the code
  };
}
