// Removing a suppression comment from a document as it is now: the marker is found again in the
// document's text (it may have moved since the search), and the removal is the exact inverse of
// the insertion, proven by the same parser (model/suppressionRemoval). A file outside the
// repository's write policy (the write gate: .git/, .vscode/ and the like) is refused.
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import type { RemovalPlan } from '../model/suppressionRemoval';
import { loadProver } from './proof';
import { suppressionCode } from './suppression';
import { loadPatches } from './fixPatches';

export interface RemovalTarget {
  readonly row: number;
  readonly column: number;
  readonly fpId: string;
}

export type DocumentRemoval = Extract<RemovalPlan, { kind: 'remove' }> & { readonly range: vscode.Range; readonly row: number };

/** The removal of the comment carrying `target.fpId` nearest to its row, planned on the document's text now. */
export async function planDocumentRemoval(
  document: vscode.TextDocument,
  target: RemovalTarget,
): Promise<DocumentRemoval | { kind: 'refuse'; reason: string }> {
  const refused = await gateRefusal(document.uri);
  if (refused) return { kind: 'refuse', reason: refused };
  const code = suppressionCode();
  const syntax = code.commentSyntaxFor(document.languageId);
  if (!syntax) return { kind: 'refuse', reason: l10n.t('no comment syntax is known for {0} files', document.languageId) };
  const text = document.getText();
  const markers = code.findMarkers(text).filter((m) => m.fpId === target.fpId.toLowerCase());
  if (markers.length === 0) return { kind: 'refuse', reason: l10n.t('the file no longer has a comment with {0}', target.fpId) };
  const marker = markers.reduce((best, m) => (Math.abs(m.row - target.row) < Math.abs(best.row - target.row) ? m : best));
  // A language with a parser is proven or refused; loadProver throws when its bundle cannot load (the caller says so).
  const prover = syntax.parser ? loadProver() : undefined;
  const plan = await code.planRemoval({ text, row: marker.row, column: marker.column, fpId: marker.fpId, syntax, locator: prover, prover });
  if (plan.kind === 'refuse') return plan;
  return { ...plan, row: marker.row, range: new vscode.Range(document.positionAt(plan.start), document.positionAt(plan.end)) };
}

/** Why the write gate refuses edits to this file, if it does (files on the disk, under a workspace folder). */
async function gateRefusal(uri: vscode.Uri): Promise<string | undefined> {
  const folder = vscode.workspace.getWorkspaceFolder(uri);
  if (uri.scheme !== 'file' || !folder || folder.uri.scheme !== 'file') return undefined;
  const relative = vscode.workspace.asRelativePath(uri, false);
  const checked = await loadPatches().checkWriteTarget(folder.uri.fsPath, relative, 'modify');
  return checked.ok ? undefined : checked.reason;
}
