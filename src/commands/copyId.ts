// "Copy Id": the id of a report, fix or issue. Ids are server strings: the clipboard gets them
// cleaned of unsafe characters, and the status bar (which renders `$(name)`) icon-safe.
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import { cleanText, iconSafeText } from '../common/text';
import type { Node } from '../views/nodes';

export function copyId() {
  return async (node?: Node): Promise<void> => {
    const id =
      node?.kind === 'report' ? node.report.id : node?.kind === 'fix' ? node.view.id : node?.kind === 'issue' ? node.issue.id : undefined;
    if (!id) return;
    await vscode.env.clipboard.writeText(cleanText(id));
    void vscode.window.setStatusBarMessage(l10n.t('Copied {0}', iconSafeText(id, 80)), 3000);
  };
}
