// Read-only documents holding a fix's patched files (and the empty side of a created or deleted
// file), for the diff editor of Preview Fix. Filled by the preview itself: what is shown is the
// text it computed, never refetched.
import * as vscode from 'vscode';

export const FIX_PREVIEW_SCHEME = 'security-fix-reports-fix';

export class FixPreviewDocuments implements vscode.TextDocumentContentProvider {
  private readonly texts = new Map<string, string>();

  /** A read-only document with `text`, named after the file it stands for. */
  put(fixId: string, path: string, side: 'before' | 'after', text: string): vscode.Uri {
    const uri = vscode.Uri.from({
      scheme: FIX_PREVIEW_SCHEME,
      path: `/${path}`,
      query: new URLSearchParams({ fix: fixId, side }).toString(),
    });
    this.texts.set(uri.toString(), text);
    return uri;
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.texts.get(uri.toString()) ?? 'This preview is no longer available: run Preview Fix again.';
  }
}
