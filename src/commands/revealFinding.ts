// "Show in the Fix Reports view" (a finding's quick fix): selects the issue in the tree,
// expanding its report, group and range.
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import type { Services } from './services';

export function revealFinding(s: Services) {
  return async (arg?: { reportId?: string; issueId?: string }): Promise<boolean> => {
    if (typeof arg?.reportId !== 'string' || typeof arg.issueId !== 'string') return false;
    const node = s.tree.issueNode(arg.reportId, arg.issueId);
    if (!node) {
      void vscode.window.showInformationMessage(l10n.t('That issue is not in the Fix Reports view (not loaded, or hidden by the filter).'));
      return false;
    }
    await s.treeView.reveal(node, { select: true, focus: true, expand: false });
    return true;
  };
}
