// "Copy Id": the id of a report, fix or issue.
import * as vscode from 'vscode';
import type { Node } from '../views/nodes';

export function copyId() {
  return async (node?: Node): Promise<void> => {
    const id = node?.kind === 'report' ? node.report.id : node?.kind === 'fix' ? node.view.id : node?.kind === 'issue' ? node.issue.id : undefined;
    if (!id) return;
    await vscode.env.clipboard.writeText(id);
    void vscode.window.setStatusBarMessage(`Copied ${id}`, 3000);
  };
}
