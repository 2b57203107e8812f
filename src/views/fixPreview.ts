// Read-only documents holding a fix's patched files (and the empty side of a created or deleted
// file), for the diff editor of Preview Fix. Filled by the preview itself: what is shown is the
// text it computed, never refetched. Each preview's documents are named by the digest of the
// patch it shows (editor/fixReviews), so a new patch under the same fix id opens new documents:
// the editor keeps a shown document's text, and an open tab must never show the old patch while
// the new one is recorded as reviewed. Only the latest preview of a fix is kept.
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';

export const FIX_PREVIEW_SCHEME = 'security-fix-reports-fix';

export class FixPreviewDocuments implements vscode.TextDocumentContentProvider {
  private readonly texts = new Map<string, string>();
  /** Fix id → the digest of its latest preview and the documents it made. */
  private readonly latest = new Map<string, { digest: string; uris: string[] }>();

  /** A read-only document with `text`, named after the file it stands for and the patch's digest. */
  put(fixId: string, digest: string, path: string, side: 'before' | 'after', text: string): vscode.Uri {
    let kept = this.latest.get(fixId);
    if (kept?.digest !== digest) {
      for (const old of kept?.uris ?? []) this.texts.delete(old);
      this.latest.set(fixId, (kept = { digest, uris: [] }));
    }
    const uri = vscode.Uri.from({
      scheme: FIX_PREVIEW_SCHEME,
      path: `/${path}`,
      query: new URLSearchParams({ fix: fixId, rev: digest.slice(0, 16), side }).toString(),
    });
    this.texts.set(uri.toString(), text);
    kept.uris.push(uri.toString());
    return uri;
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.texts.get(uri.toString()) ?? l10n.t('This preview is no longer available: run Preview Fix again.');
  }
}
