// "Show Full FP Explanation": the explanation in a read-only editor tab.
import * as vscode from 'vscode';
import type { Node } from '../views/nodes';
import { fpExplanationUri } from '../views/fpExplanation';

export function showFpExplanation() {
  return async (node?: Node): Promise<void> => {
    if (node?.kind !== 'issue') return;
    const uri = fpExplanationUri(node.reportId, node.issue.id, node.issue.vendorIssueId ?? node.issue.id);
    const doc = await vscode.workspace.openTextDocument(uri);
    await vscode.window.showTextDocument(doc, { preview: true, preserveFocus: false });
  };
}
