// "Copy FP Summary": the ≤280-character summary to the clipboard (for tickets and pipelines),
// as one clean line (common/text), since it is pasted into places that render or run text.
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import { cleanText } from '../common/text';
import { showError } from '../editor/errors';
import type { Services } from './services';
import type { Node } from '../views/nodes';

export function copyFpSummary(s: Services) {
  return async (node?: Node): Promise<void> => {
    const fpId = node?.kind === 'issue' ? node.issue.fpId : undefined;
    if (!fpId) return;
    try {
      const summary = await s.store.fpSummary(fpId);
      // One plain line: no bidi, tag, ESC or line-break character goes on the clipboard.
      await vscode.env.clipboard.writeText(cleanText(summary.text));
      void vscode.window.setStatusBarMessage(l10n.t('Copied the false-positive summary'), 3000);
    } catch (e) {
      await showError(s.log, e, () => copyFpSummary(s)(node));
    }
  };
}
