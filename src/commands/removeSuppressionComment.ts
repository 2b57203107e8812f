// "Remove Suppression Comment": takes one suppression comment out of its file, as one undoable
// edit in the editor, the exact inverse of its insertion (editor/suppressionRemoval). From a row
// of the Suppressions view, or from the palette at the cursor's line. Reports success only after
// checking that the document reads as planned; refusals change nothing and say why.
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import { messageText } from '../common/text';
import { showError } from '../editor/errors';
import { planDocumentRemoval, type RemovalTarget } from '../editor/suppressionRemoval';
import { suppressionCode } from '../editor/suppression';
import type { SuppressionRow } from '../views/suppressionsView';
import type { Services } from './services';

export function removeSuppressionComment(s: Services) {
  return async (row?: SuppressionRow): Promise<boolean> => {
    try {
      const target = row?.kind === 'suppression' ? row.suppression : await atCursor();
      if (!target) {
        void vscode.window.showWarningMessage(
          l10n.t('Put the cursor on a line with a suppression comment, or pick one in the Suppressions view, then remove it.'),
        );
        return false;
      }
      const document = await vscode.workspace.openTextDocument(target.uri);
      const editor = await vscode.window.showTextDocument(document, { preview: false });
      const plan = await planDocumentRemoval(document, target);
      if (plan.kind === 'refuse') return refuse(s, l10n.t('The suppression comment was not removed: {0}.', plan.reason));
      const version = document.version;
      const applied = await editor
        .edit((edit) => edit.delete(plan.range))
        .then(
          (ok) => ok,
          () => false,
        );
      if (!applied || document.version === version || document.getText() !== plan.after)
        return refuse(
          s,
          l10n.t('The editor did not apply the edit (is the file or the editor read-only?). Check the file: Undo reverts any change.'),
        );
      const at = document.positionAt(plan.start);
      editor.selection = new vscode.Selection(at, at);
      void vscode.window.setStatusBarMessage(
        plan.checkedBy
          ? l10n.t('$(check) Suppression comment removed from line {0}', plan.row + 1)
          : l10n.t('$(check) Suppression comment removed from line {0} (not parser-checked for {1})', plan.row + 1, document.languageId),
        5000,
      );
      s.log.info(
        `Removed the suppression comment for ${target.fpId} at line ${plan.row + 1} of ${document.uri.toString(true)} (${plan.shape}, ${plan.checkedBy ? `proven by the ${plan.checkedBy} parser` : 'not parser-checked'}).`,
      );
      await s.suppressions.rescan(document);
      return true;
    } catch (e) {
      void showError(s.log, e);
      return false;
    }
  };
}

/** The suppression comment on the cursor's line of the active editor. */
async function atCursor(): Promise<(RemovalTarget & { uri: vscode.Uri }) | undefined> {
  const editor = vscode.window.activeTextEditor;
  if (!editor) return undefined;
  const line = editor.selection.active.line;
  const marker = suppressionCode()
    .findMarkers(editor.document.getText())
    .find((m) => m.row === line);
  return marker && { uri: editor.document.uri, row: marker.row, column: marker.column, fpId: marker.fpId };
}

function refuse(s: Services, message: string): false {
  s.log.warn(message);
  void vscode.window.showErrorMessage(messageText(message));
  return false;
}
