// The write gate's editor side: a fix's files as ONE WorkspaceEdit (one undo). The targets are
// checked again just before the edit (a link planted since the preview is caught) and each
// document must still hold the text the patch was computed from; only then is anything written.
// Text edits go first, then creations, then deletions, so a text edit the editor refuses (a
// read-only file) stops the edit before anything reaches the disk. Success is reported only once
// every file reads as patched; a mismatch after the edit ran is said as such, never as "nothing
// was changed". Line endings are compared as the editor keeps them (it normalises a document's).
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import type { FileAction } from '../../model/patch';
import { checkTargetsAgain } from '../fixPatches';
import { errorMessage } from '../../common/errors';

export interface GatedFile {
  readonly planned: { readonly path: string; readonly action: FileAction; readonly sensitive?: string };
  readonly uri: vscode.Uri;
  readonly before: string;
  readonly after: string;
}

export type GatedEdit =
  | { ok: true }
  /** Nothing was written. */
  | { ok: false; written: false; reason: string }
  /** The edit ran but a file does not read as patched: the user must look (undo reverts it). */
  | { ok: false; written: true; reason: string };

const ORDER: Readonly<Record<FileAction, number>> = { modify: 0, create: 1, delete: 2 };

export async function applyPatchedFiles(root: vscode.Uri, files: readonly GatedFile[]): Promise<GatedEdit> {
  const gate = await checkTargetsAgain(
    root.fsPath,
    files.map((f) => f.planned),
  );
  if (!gate.ok) return { ok: false, written: false, reason: gate.reason };
  const turned = gate.targets.find((t, i) => t.sensitive && !files[i]!.planned.sensitive);
  if (turned)
    return {
      ok: false,
      written: false,
      reason: l10n.t('{0} now makes code run ({1}), which was not confirmed', turned.path, turned.sensitive ?? ''),
    };
  const edit = new vscode.WorkspaceEdit();
  for (const file of [...files].sort((a, b) => ORDER[a.planned.action] - ORDER[b.planned.action])) {
    const { path, action } = file.planned;
    if (action === 'create') {
      edit.createFile(file.uri, { overwrite: false, ignoreIfExists: false, contents: new TextEncoder().encode(file.after) });
      continue;
    }
    const document = await vscode.workspace.openTextDocument(file.uri);
    if (!sameText(document.getText(), file.before))
      return { ok: false, written: false, reason: l10n.t('{0} changed while the fix was being prepared', path) };
    if (action === 'delete') {
      // Deleting removes the file on disk: unsaved changes in its editor were never shown in the preview.
      if (document.isDirty)
        return { ok: false, written: false, reason: l10n.t('{0} has unsaved changes; save or revert them first', path) };
      edit.deleteFile(file.uri, { ignoreIfNotExists: false, recursive: false });
    } else edit.replace(file.uri, new vscode.Range(document.positionAt(0), document.positionAt(document.getText().length)), file.after);
  }
  let applied: boolean;
  try {
    applied = await vscode.workspace.applyEdit(edit);
  } catch (e) {
    return {
      ok: false,
      written: true,
      reason: l10n.t('the editor failed while applying the edit ({0})', errorMessage(e)),
    };
  }
  if (!applied) return { ok: false, written: false, reason: l10n.t('the editor did not apply the edit (is a file read-only?)') };
  for (const file of files) {
    if (file.planned.action === 'delete') continue;
    const text = (await vscode.workspace.openTextDocument(file.uri)).getText();
    if (!sameText(text, file.after))
      return { ok: false, written: true, reason: l10n.t('{0} does not read as patched after the edit', file.planned.path) };
  }
  return { ok: true };
}

/** Equal once CRLF and CR read as LF, as the editor keeps a document. */
function sameText(a: string, b: string): boolean {
  return a === b || a.replace(/\r\n?/g, '\n') === b.replace(/\r\n?/g, '\n');
}
