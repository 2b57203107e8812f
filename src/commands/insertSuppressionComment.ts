// "Insert Suppression Comment": the FP summary as a comment at the cursor, in the editor's
// language and the scanner's syntax, as one undoable edit. Refuses (changing nothing) when
// the editor is read-only, the language has no comment syntax, or the text is rejected.
import * as vscode from 'vscode';
import { buildSuppressionComment, planInsertion, resolveStyle } from '../model/suppression';
import { showError } from '../editor/errors';
import type { FalsePositiveRef } from '../editor/reportStore';
import type { Services } from '../editor/services';
import type { Node } from '../views/nodes';
import { pickFalsePositive } from './pickFalsePositive';

export function insertSuppressionComment(s: Services) {
  return async (node?: Node): Promise<boolean> => {
    const editor = vscode.window.activeTextEditor;
    if (!editor) {
      void vscode.window.showWarningMessage('Open the file and put the cursor on the finding’s line, then insert the suppression comment.');
      return false;
    }
    const document = editor.document;
    if (vscode.workspace.fs.isWritableFileSystem(document.uri.scheme) === false) {
      void vscode.window.showErrorMessage(`${document.uri.scheme} documents are read-only: no suppression comment was inserted.`);
      return false;
    }
    const ref = node?.kind === 'issue' ? refOf(s, node) : await pickFalsePositive(s);
    if (!ref?.issue.fpId) return false;
    try {
      const summary = await vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title: 'Fetching the false-positive summary…' }, () => s.store.fpSummary(ref.issue.fpId!));
      const languageId = document.languageId;
      const style = resolveStyle(ref.vendor, languageId, s.connection.settings.suppression);
      const comment = buildSuppressionComment({
        languageId,
        style,
        fields: { summary: summary.text, vendor: ref.vendor, issueType: ref.issue.issueType ?? '', vendorIssueId: ref.issue.vendorIssueId ?? '', fpId: summary.fpId },
      });
      if (!comment.ok) return refuse(s, `No suppression comment was inserted: ${comment.reason}`);
      const line = editor.selection.active.line;
      const plan = planInsertion(document.lineAt(line).text, comment, { previousLineText: line > 0 ? document.lineAt(line - 1).text : undefined });
      if (plan.kind === 'refuse') return refuse(s, `No suppression comment was inserted: ${plan.reason}`);
      const eol = document.eol === vscode.EndOfLine.CRLF ? '\r\n' : '\n';
      // A read-only document rejects (or refuses) the edit; either way nothing changed.
      const applied = await editor
        .edit((edit) => {
          if (plan.kind === 'insert-above') edit.insert(new vscode.Position(line, 0), plan.text.replace(/\n$/, eol));
          else edit.insert(document.lineAt(line).range.end, plan.text);
        })
        .then(
          (ok) => ok,
          () => false,
        );
      if (!applied) return refuse(s, 'The editor did not accept the edit (is the file read-only?). Nothing was changed.');
      s.log.info(`Inserted a suppression comment for issue ${ref.issue.id} (${languageId}, ${comment.placement}).`);
      return true;
    } catch (e) {
      await showError(s.log, e, () => insertSuppressionComment(s)(node));
      return false;
    }
  };
}

function refOf(s: Services, node: Extract<Node, { kind: 'issue' }>): FalsePositiveRef {
  const report = s.store.entry(node.reportId)?.summary ?? { id: node.reportId, createdOn: null, expirationOn: null, createdByUser: null, vulnerabilityReport: null, repo: null };
  return { issue: node.issue, vendor: node.vendor, report };
}

function refuse(s: Services, message: string): false {
  s.log.warn(message);
  void vscode.window.showErrorMessage(message);
  return false;
}
