// "Insert Suppression Comment": the FP summary as a comment at the cursor's line, in the
// editor's language and the scanner's syntax, as one undoable edit — only where the parser
// proves the comment stays a comment (model/insertion, model/proof). Refuses (changing
// nothing, saying why) when the editor is read-only, the language has no comment syntax,
// the text is outside the allowlist, or no form is provably harmless at the line; when the
// summary is what was refused, the error offers the comment without it (a notification
// action, proven again for the file as it is when clicked). Reports success only after checking
// that the document really changed.
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import { ContextKey } from '../common/manifest';
import { setContext } from '../editor/contextKeys';
import { messageText } from '../common/text';
import type { InsertionChoice } from '../model/insertion';
import { suppressionCode } from '../editor/suppression';
import { showError } from '../editor/errors';
import { planComment } from '../editor/commentPlan';
import type { FalsePositiveRef } from '../editor/reportStore';
import type { Services } from './services';
import type { AtFindingArg, AtLineArg } from '../views/findingActions';
import type { Node } from '../views/nodes';
import { pickFalsePositive } from './pickFalsePositive';

/** What the key binding passes in a read-only editor (package.json keybindings). */
interface ReadOnlyEditorArg {
  readOnlyEditor: true;
}

export function insertSuppressionComment(s: Services) {
  return async (node?: Node | ReadOnlyEditorArg | AtFindingArg | AtLineArg): Promise<boolean> => {
    // No API says an editor is read-only for the session; only the editorReadonly context key
    // knows, so the key binding routes that case here.
    if (node && 'readOnlyEditor' in node) {
      return refuse(
        s,
        l10n.t(
          'This editor is read-only: no suppression comment was inserted. Make it writable (File: Set Active Editor Writeable in Session) or open the file itself.',
        ),
      );
    }
    const at = node && 'atFinding' in node ? node.atFinding : undefined;
    const atLine = node && 'atLine' in node ? node.atLine : undefined;
    const issueNode = node && 'kind' in node && node.kind === 'issue' ? node : undefined;
    // The finding the comment is for, when known: the comment goes at its line as it is now.
    const finding = at
      ? s.findings.find(at.reportId, at.issueId)
      : issueNode
        ? s.findings.find(issueNode.reportId, issueNode.issue.id)
        : undefined;
    const uri = finding?.uri ?? (at ? vscode.Uri.parse(at.uri) : atLine ? vscode.Uri.parse(atLine.uri) : undefined);
    const editor = uri ? await vscode.window.showTextDocument(uri, { preview: false }) : vscode.window.activeTextEditor;
    if (!editor) {
      void vscode.window.showWarningMessage(
        l10n.t('Open the file and put the cursor on the finding’s line, then insert the suppression comment.'),
      );
      return false;
    }
    if (finding) await s.findings.placeIn(editor.document);
    const target =
      finding && s.findings.forUri(editor.document.uri).find((f) => f.reportId === finding.reportId && f.issue.id === finding.issue.id);
    if (finding && !target)
      return refuse(
        s,
        l10n.t('That finding’s code is not in the file as it is now (its line is past the end): no suppression comment was inserted.'),
      );
    const document = editor.document;
    if (vscode.workspace.fs.isWritableFileSystem(document.uri.scheme) === false) {
      return refuse(s, l10n.t('{0} documents are read-only: no suppression comment was inserted.', document.uri.scheme));
    }
    // Before asking anything: a language without comments cannot take one.
    const syntax = suppressionCode().commentSyntaxFor(document.languageId);
    if (!syntax)
      return refuse(
        s,
        l10n.t(
          "No suppression comment can be inserted in {0} files: no comment syntax is known for them (or the line's context cannot be proven, as in Vue or Markdown).",
          document.languageId,
        ),
      );
    const ref = at ? refAt(s, at) : issueNode ? refOf(s, issueNode) : await pickFalsePositive(s, atLine?.line);
    if (!ref?.issue.fpId)
      return at ? refuse(s, l10n.t('That false positive is no longer loaded: refresh the report and try again.')) : false;
    try {
      const summary = await vscode.window.withProgress(
        { location: vscode.ProgressLocation.Window, title: l10n.t('Fetching the false-positive summary…') },
        () => s.store.fpSummary(ref.issue.fpId!),
      );
      const line = target ? target.range.start.line : at ? at.line : atLine ? atLine.line : editor.selection.active.line;
      if (target?.changed && !(await confirmChanged(line))) return false;
      const provenVersion = document.version; // the proof holds for this text only
      const plan = await planComment(document, line, syntax, ref, summary, s.connection.settings.suppression);
      const choice = plan.choice;
      if (choice.kind === 'refuse' && choice.summaryRefused) {
        // The summary is what cannot go in: offer the comment without it (scanner directive,
        // rule id, fpId) — never the refused text to paste by hand.
        const bare = await plan.bare();
        const message = l10n.t('No suppression comment was inserted: {0}', choice.reason);
        if (bare.kind === 'refuse') return refuse(s, message);
        s.log.warn(message);
        const withoutSummary = l10n.t('Insert Without the Summary');
        void vscode.window
          .showErrorMessage(
            messageText(
              l10n.t('No suppression comment was inserted: {0}. Insert it without the summary: {1}', choice.reason, bare.candidate.line),
            ),
            withoutSummary,
          )
          .then(async (picked) => {
            if (picked !== withoutSummary) return;
            // Later, the file may have changed or closed: prove the comment again for it as it is.
            try {
              if (document.isClosed)
                return void refuse(
                  s,
                  l10n.t('The file was closed: no suppression comment was inserted. Open it and insert the comment again.'),
                );
              const version = document.version;
              const again = await plan.bare();
              if (again.kind === 'refuse') return void refuse(s, l10n.t('No suppression comment was inserted: {0}', again.reason));
              const shown = await vscode.window.showTextDocument(document, { preview: false, preserveFocus: false });
              await apply(s, shown, line, again, ref, version);
            } catch (e) {
              void showError(s.log, e);
            }
          });
        return false;
      }
      if (choice.kind === 'refuse') return refuse(s, l10n.t('No suppression comment was inserted: {0}', choice.reason));
      return await apply(s, editor, line, choice, ref, provenVersion);
    } catch (e) {
      // Not awaited: the command is done (nothing was inserted) whatever the user does with the toast.
      void showError(s.log, e, () => insertSuppressionComment(s)(node));
      return false;
    }
  };
}

async function apply(
  s: Services,
  editor: vscode.TextEditor,
  line: number,
  choice: Extract<InsertionChoice, { text: string }>,
  ref: FalsePositiveRef,
  provenVersion: number,
): Promise<boolean> {
  const document = editor.document;
  const eol = document.eol === vscode.EndOfLine.CRLF ? '\r\n' : '\n';
  if (document.version !== provenVersion) {
    return refuse(s, l10n.t('The file changed while the comment was being prepared. Nothing was changed; try again.'));
  }
  const versionBefore = document.version;
  const lineBefore = document.lineAt(line).text;
  const inserted = choice.kind === 'insert-above' ? choice.text.replace(/\n$/, eol) : choice.text;
  const applied = await editor
    .edit((edit) => {
      if (choice.kind === 'insert-above') edit.insert(new vscode.Position(line, 0), inserted);
      else edit.insert(document.lineAt(line).range.end, inserted);
    })
    .then(
      (ok) => ok,
      () => false,
    );
  // A session-read-only editor may accept the call and change nothing: check the text itself.
  const landed =
    applied &&
    document.version !== versionBefore &&
    (choice.kind === 'insert-above'
      ? document.lineAt(line).text === inserted.replace(/\r?\n$/, '') && document.lineAt(line + 1).text === lineBefore
      : document.lineAt(line).text === lineBefore + inserted);
  if (!landed) return refuse(s, l10n.t('The editor did not apply the edit (is the file or the editor read-only?). Nothing was changed.'));
  const commentLine = line; // above: the comment took the finding's line number; appended: same line
  // Keep the code in view, not the end of a long comment, and select nothing (an edit at the
  // cursor can leave the inserted text selected).
  const codeLine = choice.kind === 'insert-above' ? line + 1 : line;
  const start = new vscode.Position(codeLine, 0);
  editor.selection = new vscode.Selection(start, start);
  editor.revealRange(new vscode.Range(start, start), vscode.TextEditorRevealType.InCenterIfOutsideViewport);
  // Say so where the line's context was not proven (no parser for the language).
  void vscode.window.setStatusBarMessage(
    choice.checkedBy
      ? l10n.t('$(check) Suppression comment inserted at line {0}', commentLine + 1)
      : l10n.t(
          '$(check) Suppression comment inserted at line {0} (context not parser-checked for {1})',
          commentLine + 1,
          document.languageId,
        ),
    5000,
  );
  void setContext(ContextKey.Suppressed, true); // the walkthrough's step
  s.log.info(
    `Inserted a suppression comment for issue ${ref.issue.id} at line ${commentLine + 1} of ${document.uri.toString(true)} (${document.languageId}, ${choice.kind}, ${choice.checkedBy ? `proven a comment by the ${choice.checkedBy} parser` : `not parser-checked: no parser for ${document.languageId}`}).`,
  );
  return true;
}

function refOf(s: Services, node: Extract<Node, { kind: 'issue' }>): FalsePositiveRef {
  const report = s.store.entry(node.reportId)?.summary ?? {
    id: node.reportId,
    createdOn: null,
    expirationOn: null,
    createdByUser: null,
    vulnerabilityReport: null,
    repo: null,
  };
  return { issue: node.issue, vendor: node.vendor, report };
}

function refAt(s: Services, at: AtFindingArg['atFinding']): FalsePositiveRef | undefined {
  const entry = s.store.entry(at.reportId);
  const issue = entry?.model?.issue(at.issueId);
  if (!entry || !issue) return undefined;
  const vendor = entry.model?.report.vulnerabilityReport?.vendor ?? entry.summary.vulnerabilityReport?.vendor ?? '';
  return { issue, vendor, report: entry.summary };
}

/** Asks before writing at a finding whose code changed since the scan. */
async function confirmChanged(line: number): Promise<boolean> {
  const insertHere = l10n.t('Insert Here Anyway');
  const answer = await vscode.window.showWarningMessage(
    l10n.t('The code at line {0} changed since the scan', line + 1),
    {
      modal: true,
      detail: l10n.t(
        'The report describes the code as it was scanned; this line was edited or deleted since. A suppression comment here may silence a different finding on the next scan.',
      ),
    },
    insertHere,
  );
  return answer === insertHere;
}

function refuse(s: Services, message: string): false {
  s.log.warn(message);
  void vscode.window.showErrorMessage(messageText(message));
  return false;
}
