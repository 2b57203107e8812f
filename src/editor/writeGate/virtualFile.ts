// Whole-file writes to a folder that is not on the local disk (a remote or virtual workspace):
// through the editor's file system API, which takes the whole content at once and has no
// exclusive create or rename-into-place, so only what it can tell is checked: the target is
// not a link or a folder. The one place outside exclusiveFile that writes a user's file.
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import { WriteRefusedError } from './exclusiveFile';

/** Gathers `chunks` and writes them to `target`: 'cancelled' (nothing written) when the signal fired. */
export async function writeVirtualFile(
  target: vscode.Uri,
  chunks: AsyncIterable<string>,
  signal?: AbortSignal,
): Promise<'written' | 'cancelled'> {
  await refuseLinkOrFolder(target);
  const parts: string[] = [];
  for await (const chunk of chunks) {
    if (signal?.aborted) return 'cancelled';
    parts.push(chunk);
  }
  if (signal?.aborted) return 'cancelled';
  await vscode.workspace.fs.writeFile(target, new TextEncoder().encode(parts.join('')));
  return 'written';
}

async function refuseLinkOrFolder(target: vscode.Uri): Promise<void> {
  let type: vscode.FileType;
  try {
    ({ type } = await vscode.workspace.fs.stat(target));
  } catch (e) {
    if (e instanceof vscode.FileSystemError && e.code === 'FileNotFound') return;
    throw e;
  }
  if (type & vscode.FileType.SymbolicLink)
    throw new WriteRefusedError(
      l10n.t('{0} is a symbolic link; nothing is written through a link: choose another name', target.toString()),
      target.toString(),
    );
  if (type & vscode.FileType.Directory)
    throw new WriteRefusedError(l10n.t('{0} is a folder; choose another name', target.toString()), target.toString());
}
