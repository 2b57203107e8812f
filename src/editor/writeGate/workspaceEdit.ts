// The write gate's editor side: a fix's files as ONE WorkspaceEdit (all files or none, one
// undo). The targets are checked again just before the edit (a link planted since the preview
// is caught), each open document must still hold the text the patch was computed from, and
// success is reported only once every file reads as patched.
import * as vscode from 'vscode';
import type { FileAction } from '../../model/patch';
import { checkTargetsAgain } from '../fixPatches';

export interface GatedFile {
  readonly planned: { readonly path: string; readonly action: FileAction };
  readonly uri: vscode.Uri;
  readonly before: string;
  readonly after: string;
}

export async function applyPatchedFiles(
  root: vscode.Uri,
  files: readonly GatedFile[],
): Promise<{ ok: true } | { ok: false; reason: string }> {
  const gate = await checkTargetsAgain(
    root.fsPath,
    files.map((f) => f.planned),
  );
  if (!gate.ok) return gate;
  const edit = new vscode.WorkspaceEdit();
  for (const file of files) {
    const { path, action } = file.planned;
    if (action === 'create') {
      edit.createFile(file.uri, { overwrite: false, ignoreIfExists: false, contents: new TextEncoder().encode(file.after) });
      continue;
    }
    const document = await vscode.workspace.openTextDocument(file.uri);
    if (document.getText() !== file.before) return { ok: false, reason: `${path} changed while the fix was being prepared` };
    if (action === 'delete') edit.deleteFile(file.uri, { ignoreIfNotExists: false, recursive: false });
    else edit.replace(file.uri, new vscode.Range(document.positionAt(0), document.positionAt(file.before.length)), file.after);
  }
  if (!(await vscode.workspace.applyEdit(edit))) return { ok: false, reason: 'the editor did not apply the edit (is a file read-only?)' };
  for (const file of files) {
    if (file.planned.action === 'delete') continue;
    const text = (await vscode.workspace.openTextDocument(file.uri)).getText();
    if (text !== file.after) return { ok: false, reason: `${file.planned.path} does not read as patched after the edit` };
  }
  return { ok: true };
}
