// "Copy FP Summary": the ≤280-character summary to the clipboard (for tickets and pipelines).
import * as vscode from 'vscode';
import { showError } from '../editor/errors';
import type { Services } from '../editor/services';
import type { Node } from '../views/nodes';

export function copyFpSummary(s: Services) {
  return async (node?: Node): Promise<void> => {
    const fpId = node?.kind === 'issue' ? node.issue.fpId : undefined;
    if (!fpId) return;
    try {
      const summary = await s.store.fpSummary(fpId);
      await vscode.env.clipboard.writeText(summary.text);
      void vscode.window.setStatusBarMessage('Copied the false-positive summary', 3000);
    } catch (e) {
      await showError(s.log, e, () => copyFpSummary(s)(node));
    }
  };
}
