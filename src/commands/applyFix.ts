// "Apply Fix" (a fix with a patch: context menu): after a modal that states the fix's confidence,
// ratings and the questions its patch answered by defaults, the whole patch as ONE atomic
// WorkspaceEdit (not the refactor preview, which allows a partial apply). All files apply
// cleanly or nothing is written; an Adaptive (AI) fix must have been previewed first. Success is
// reported only after checking each file's text.
import * as vscode from 'vscode';
import { CommandId } from '../common/manifest';
import { counted, messageText } from '../common/text';
import { patchFix } from '../editor/fixPatches';
import type { FixNode } from '../views/nodes';
import type { Services } from './services';

const APPLY = 'Apply Fix';
const PREVIEW = 'Preview Fix';

export function applyFix(s: Services) {
  return async (node?: FixNode, options?: { confirmed?: boolean }): Promise<boolean> => {
    if (node?.kind !== 'fix') return false;
    const { view } = node;
    const report = s.store.entry(node.reportId)?.summary;
    if (!report) return false;
    if (view.confidence.kind === 'adaptive' && !s.previewedFixes.has(view.id)) {
      s.log.info(`Apply fix ${view.id}: refused until previewed (Adaptive).`);
      void vscode.window
        .showWarningMessage(
          'This is an Adaptive fix, generated with AI techniques: preview it before applying it. Nothing was changed.',
          PREVIEW,
        )
        .then((choice) => {
          if (choice === PREVIEW) void vscode.commands.executeCommand(CommandId.PreviewFix, node);
        });
      return false;
    }
    const patched = await patchFix(view, report, s.tree.repositoriesOf(report));
    if (!patched.ok) {
      s.log.warn(`Apply fix ${view.id}: nothing was changed: ${patched.reason}.`);
      void vscode.window.showErrorMessage(messageText(`The fix was not applied (nothing was changed): ${patched.reason}.`));
      return false;
    }
    if (!options?.confirmed) {
      const choice = await vscode.window.showWarningMessage(
        `Apply the ${view.confidence.label.toLowerCase()} for ${view.issueType} to ${counted(patched.files.length, 'file')}?`,
        { modal: true, detail: messageText(describe(node)) },
        APPLY,
      );
      if (choice !== APPLY) return false;
    }
    const edit = new vscode.WorkspaceEdit();
    for (const file of patched.files) {
      if (file.patch.creates) {
        edit.createFile(file.uri, { overwrite: false, contents: new TextEncoder().encode(file.after) });
      } else if (file.patch.deletes) {
        edit.deleteFile(file.uri);
      } else {
        const document = await vscode.workspace.openTextDocument(file.uri);
        if (document.getText() !== file.before) return refuse(s, view.id, `${file.patch.path} changed while the fix was being prepared`);
        edit.replace(file.uri, new vscode.Range(document.positionAt(0), document.positionAt(file.before.length)), file.after);
      }
    }
    const applied = await vscode.workspace.applyEdit(edit);
    const landed =
      applied &&
      (
        await Promise.all(
          patched.files.map(async (f) => (f.patch.deletes ? true : (await vscode.workspace.openTextDocument(f.uri)).getText() === f.after)),
        )
      ).every(Boolean);
    if (!landed) return refuse(s, view.id, 'the editor did not apply the edit (is a file read-only?)');
    s.log.info(`Applied fix ${view.id} to ${patched.files.map((f) => f.patch.path).join(', ')} (one edit; undo reverts it).`);
    void vscode.window.setStatusBarMessage(
      `$(check) Fix applied to ${counted(patched.files.length, 'file')}; unsaved, one undo reverts it`,
      5000,
    );
    return true;
  };
}

/** What the modal states: confidence and its meaning, ratings, tags, questions, effort. */
function describe(node: FixNode): string {
  const { view } = node;
  const { ratings } = view;
  const lines = [`${view.confidence.label}: ${view.confidence.meaning}`];
  lines.push(
    ratings.total
      ? `Ratings: 👍 ${ratings.up} · 👎 ${ratings.down}${ratings.tags.length ? ` · ${ratings.tags.map((t) => `${t.label} ×${t.count}`).join(', ')}` : ''}`
      : 'No ratings yet.',
  );
  const questions = view.fix.patchAndQuestions?.questions.length ?? 0;
  if (questions)
    lines.push(
      `The patch answers ${counted(questions, 'question')} with ${questions === 1 ? 'its default' : 'their defaults'}: review it in the preview.`,
    );
  if (view.fix.effortToApplyFix) lines.push(`Effort: ${view.fix.effortToApplyFix.toLowerCase()}.`);
  lines.push('All files are changed in one edit (one undo); nothing is saved.');
  return lines.join('\n');
}

function refuse(s: Services, fixId: string, reason: string): false {
  s.log.warn(`Apply fix ${fixId}: nothing was changed: ${reason}.`);
  void vscode.window.showErrorMessage(messageText(`The fix was not applied (nothing was changed): ${reason}.`));
  return false;
}
