// "Preview Fix" (a fix with a patch: context menu): the patch against the workspace's files as
// they are now, in the diff editor (all files in one multi-file view). This is the review Apply
// Fix requires: what was shown is recorded by its digest, and only that patch can be applied.
// A patch that does not apply cleanly, or that the write gate refuses, is refused with the
// reason; nothing is written (Preview works in Restricted Mode too).
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import { cleanText, messageText } from '../common/text';
import { patchFix } from '../editor/fixPatches';
import { reviewDigest } from '../editor/fixReviews';
import { resolveFix } from './fixTarget';
import { confidenceWords } from '../views/confidenceText';
import type { Services } from './services';

export function previewFix(s: Services) {
  return async (arg?: unknown): Promise<boolean> => {
    const target = resolveFix(s, arg);
    if (!target) return false;
    const { view, reportId, report } = target;
    const patch = view.fix.patchAndQuestions?.patch;
    const origin = s.connection.origin;
    const patched = typeof patch === 'string' && origin ? await patchFix(patch, report, s.tree.repositoriesOf(report)) : undefined;
    if (!patched?.ok) {
      const reason = patched?.reason ?? l10n.t('the fix has no patch');
      s.log.warn(`Preview of fix ${view.id}: ${reason}.`);
      void vscode.window.showErrorMessage(messageText(l10n.t('The fix cannot be previewed: {0}.', reason)));
      return false;
    }
    const identity = { origin: origin!, reportId, fixId: view.id };
    const digest = reviewDigest(identity, patch!);
    const resources = patched.files.map((f) => {
      const path = f.planned.path;
      const before = f.planned.action === 'create' ? s.fixPreviews.put(view.id, digest, path, 'before', '') : f.uri;
      const after = s.fixPreviews.put(view.id, digest, path, 'after', f.after);
      return [f.uri, before, after] as const;
    });
    // Unique per fix: the title is how the preview's Apply Fix… button knows which fix it applies.
    const confidence = confidenceWords(view.confidence.kind, view.confidence.value).label;
    const title = l10n.t('Fix: {0} ({1}) · {2}', cleanText(view.issueType), confidence, view.id.slice(0, 8));
    s.fixPreviewTabs.remember(title, { reportId, fixId: view.id });
    if (resources.length === 1) await vscode.commands.executeCommand('vscode.diff', resources[0]![1], resources[0]![2], title);
    else await vscode.commands.executeCommand('vscode.changes', title, resources);
    s.fixReviews.record(identity, patch!);
    s.log.info(`Previewed fix ${view.id} (${patched.files.map((f) => `${f.planned.action} ${f.planned.path}`).join(', ')}).`);
    return true;
  };
}
