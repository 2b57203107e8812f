// "Show Full FP Explanation": the explanation in a read-only editor tab.
import * as vscode from 'vscode';
import type { Node } from '../views/nodes';
import { fpExplanationUri, type FpExplanationProvider } from '../views/fpExplanation';

export function showFpExplanation(documents: FpExplanationProvider) {
  return async (node?: Node): Promise<void> => {
    if (node?.kind !== 'issue') return;
    const uri = fpExplanationUri(node.reportId, node.issue.id, node.issue.vendorIssueId ?? node.issue.id);
    // Still open (or kept by the editor): provided again, so an explanation that failed is fetched again.
    if (vscode.workspace.textDocuments.some((d) => d.uri.toString() === uri.toString())) documents.reload(uri);
    const doc = await vscode.workspace.openTextDocument(uri);
    await vscode.window.showTextDocument(doc, { preview: true, preserveFocus: false });
  };
}
