// "Open Repository": the report's repository in the browser (http(s) links only).
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import { httpUrl } from '../model/format';
import type { Node } from '../views/nodes';

export function openRepository() {
  return async (node?: Node): Promise<void> => {
    const url = node?.kind === 'report' ? httpUrl(node.report.repo?.originalUrl) : null;
    if (!url) {
      void vscode.window.showInformationMessage(l10n.t('This report has no web address for its repository.'));
      return;
    }
    await vscode.env.openExternal(vscode.Uri.parse(url, true));
  };
}
