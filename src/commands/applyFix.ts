// "Apply Fix…" (a fix with a patch: context menu). Only in a trusted workspace, only a patch the
// user previewed (bound to its digest: a patch served differently since is refused), only after
// a confirmation that lists every file with create / change / delete and has each file that
// makes code run accepted by name, one by one. The files pass the write gate (no .git, no links, nothing
// outside the repository) and change in ONE WorkspaceEdit: all or nothing. Success is reported
// only after checking each file's text.
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import { CommandId } from '../common/manifest';
import { formatCount, messageText } from '../common/text';
import { patchFix } from '../editor/fixPatches';
import { applyPatchedFiles } from '../editor/writeGate/workspaceEdit';
import { resolveFix } from './fixTarget';
import type { Services } from './services';

export function applyFix(s: Services) {
  return async (arg?: unknown): Promise<boolean> => {
    // From the tree: the row's ids. From the preview's title bar (the workbench passes the
    // editor's resource): the fix that tab previews.
    const target = resolveFix(s, arg) ?? resolveFix(s, s.fixPreviewTabs.activeFix());
    if (!target) return false;
    const { view, reportId, report } = target;
    const ids = { reportId, fixId: view.id };
    const refuse = (reason: string, offerPreview = false) => refused(s, view.id, reason, offerPreview ? ids : undefined);
    if (!vscode.workspace.isTrusted)
      return refuse(l10n.t('this workspace is in Restricted Mode; trust it to apply fixes (Preview Fix works without trust)'));
    const origin = s.connection.origin;
    const patch = view.fix.patchAndQuestions?.patch;
    if (!origin || typeof patch !== 'string') return refuse(l10n.t('the fix has no patch'));
    const patched = await patchFix(patch, report, s.tree.repositoriesOf(report));
    if (!patched.ok) return refuse(patched.reason);
    const identity = { origin, reportId, fixId: view.id };
    const review = s.fixReviews.check(identity, patch);
    if (review === 'not-previewed') {
      // The preview is the review: open it, and apply from its title bar.
      s.log.info(`Apply fix ${view.id}: nothing was changed: preview the fix first: the preview is where you review its changes.`);
      if (await vscode.commands.executeCommand<boolean>(CommandId.PreviewFix, ids))
        void vscode.window.showInformationMessage(
          l10n.t('Review the fix in the preview, then apply it with Apply Fix… in the preview’s title bar.'),
        );
      return false;
    }
    if (review === 'changed')
      return refuse(l10n.t('the service now sends a different patch for this fix than the one you previewed; preview it again'), true);
    const files = patched.files.map((f) => f.planned);
    const answer = await s.confirmFix(view, files);
    if (!answer.ok) {
      if (answer.cancelled) s.log.info(`Apply fix ${view.id}: cancelled; nothing was changed.`);
      else return refuse(answer.reason);
      return false;
    }
    // What was confirmed must still be what the store holds.
    const now = resolveFix(s, ids);
    if (now?.view.fix.patchAndQuestions?.patch !== patch)
      return refuse(l10n.t('the fix changed while you were confirming it; preview it again'), true);
    const applied = await applyPatchedFiles(patched.root, patched.files);
    if (!applied.ok && applied.written) {
      s.log.error(`Apply fix ${view.id}: the edit ran, but ${applied.reason}; undo reverts it.`);
      void vscode.window.showErrorMessage(
        messageText(l10n.t('The fix was applied, but {0}. Review the files; one undo reverts the whole fix.', applied.reason)),
      );
      return false;
    }
    if (!applied.ok) return refuse(applied.reason);
    s.fixReviews.forget(identity);
    await s.fixPreviewTabs.close(view.id);
    // Show what changed: the first file left changed or created (changes stay unsaved).
    const shown = patched.files.find((f) => f.planned.action !== 'delete');
    if (shown) await vscode.window.showTextDocument(shown.uri, { preview: false });
    s.log.info(`Applied fix ${view.id}: ${files.map((f) => `${f.action} ${f.path}`).join(', ')} (one edit; undo reverts it).`);
    void vscode.window.setStatusBarMessage(
      files.length === 1
        ? l10n.t('$(check) Fix applied to 1 file; one undo reverts it')
        : l10n.t('$(check) Fix applied to {0} files; one undo reverts it', formatCount(files.length)),
      5000,
    );
    return true;
  };
}

function refused(s: Services, fixId: string, reason: string, previewArg: unknown): false {
  s.log.warn(`Apply fix ${fixId}: nothing was changed: ${reason}.`);
  const message = messageText(l10n.t('The fix was not applied (nothing was changed): {0}.', reason));
  const preview = l10n.t('Preview Fix');
  if (previewArg === undefined) void vscode.window.showErrorMessage(message);
  else
    void vscode.window.showWarningMessage(message, preview).then((choice) => {
      if (choice === preview) void vscode.commands.executeCommand(CommandId.PreviewFix, previewArg);
    });
  return false;
}
