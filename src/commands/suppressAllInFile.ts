// "Suppress All False Positives in This File" (a finding's quick fix): one suppression comment
// per line holding false positives of the current reports (for the first of the line; a line
// takes one comment), each proven like a single insertion,
// all in one WorkspaceEdit shown in the refactor preview, where every entry starts unticked
// (needsConfirmation) and the user ticks which to apply; one undo. What landed is counted in
// the document afterwards, never assumed.
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import { formatCount, messageText } from '../common/text';
import { readableIssueType } from '../model/format';
import { suppressionCode } from '../editor/suppression';
import { planComment } from '../editor/commentPlan';
import type { Services } from './services';
import { errorMessage } from '../common/errors';

/** Summaries fetched at once. */
const CONCURRENCY = 4;

export function suppressAllInFile(s: Services) {
  return async (uriText?: unknown): Promise<number> => {
    const uri = typeof uriText === 'string' ? vscode.Uri.parse(uriText) : vscode.window.activeTextEditor?.document.uri;
    if (!uri) return 0;
    const document = await vscode.workspace.openTextDocument(uri);
    const say = (message: string) => {
      s.log.warn(message);
      void vscode.window.showWarningMessage(messageText(message));
      return 0;
    };
    const syntax = suppressionCode().commentSyntaxFor(document.languageId);
    if (!syntax)
      return say(l10n.t('No suppression comment can be inserted in {0} files: no comment syntax is known for them.', document.languageId));
    // One comment per false positive and per line, in line order.
    const seen = new Set<string>();
    const lines = new Set<number>();
    const fps = s.findings
      .forUri(uri)
      .filter((f) => f.falsePositive && f.issue.fpId)
      .sort((a, b) => a.range.start.line - b.range.start.line)
      .filter(
        (f) => !seen.has(f.issue.fpId!) && seen.add(f.issue.fpId!) && !lines.has(f.range.start.line) && lines.add(f.range.start.line),
      );
    if (fps.length === 0) return say(l10n.t('This file has no false positives of the current reports.'));

    const version = document.version;
    const before = document.getText();
    const edit = new vscode.WorkspaceEdit();
    /** Lines refused and why (`line` 1-based). */
    const refused: { line: number; reason: string }[] = [];
    let planned = 0;
    await vscode.window.withProgress(
      {
        location: vscode.ProgressLocation.Notification,
        title:
          fps.length === 1
            ? l10n.t('Preparing 1 suppression comment…')
            : l10n.t('Preparing {0} suppression comments…', formatCount(fps.length)),
        cancellable: true,
      },
      async (progress, token) => {
        const queue = [...fps];
        const plans: { line: number; text: string; kind: string; label: string }[] = [];
        const worker = async () => {
          for (let f = queue.shift(); f && !token.isCancellationRequested; f = queue.shift()) {
            const { issue } = f;
            const line = f.range.start.line;
            try {
              const summary = await s.store.fpSummary(issue.fpId!);
              const { choice } = await planComment(document, line, syntax, f, summary, s.connection.settings.suppression);
              if (choice.kind === 'refuse') refused.push({ line: line + 1, reason: choice.reason });
              else
                plans.push({
                  line,
                  text: choice.text,
                  kind: choice.kind,
                  label: f.changed
                    ? l10n.t('{0}, line {1} (its code changed since the scan)', readableIssueType(issue.issueType), line + 1)
                    : l10n.t('{0}, line {1}', readableIssueType(issue.issueType), line + 1),
                });
            } catch (e) {
              refused.push({ line: line + 1, reason: errorMessage(e) });
            }
            progress.report({ increment: 100 / fps.length });
          }
        };
        await Promise.all(Array.from({ length: CONCURRENCY }, worker));
        const eol = document.eol === vscode.EndOfLine.CRLF ? '\r\n' : '\n';
        for (const plan of plans.sort((a, b) => a.line - b.line)) {
          const metadata: vscode.WorkspaceEditEntryMetadata = {
            needsConfirmation: true,
            label: plan.label,
            description: l10n.t('suppression comment'),
          };
          if (plan.kind === 'insert-above') edit.insert(uri, new vscode.Position(plan.line, 0), plan.text.replace(/\n$/, eol), metadata);
          else edit.insert(uri, document.lineAt(plan.line).range.end, plan.text, metadata);
          planned++;
        }
      },
    );
    for (const { line, reason } of refused) s.log.warn(`Suppress all in ${uri.toString(true)}: not inserted at line ${line}: ${reason}`);
    if (planned === 0)
      return say(
        refused.length === 0
          ? l10n.t('No suppression comment could be inserted.')
          : refused.length === 1
            ? l10n.t('No suppression comment could be inserted: line {0}: {1}', refused[0]!.line, refused[0]!.reason)
            : l10n.t(
                'No suppression comment could be inserted: line {0}: {1} (and {2} more, see the log)',
                refused[0]!.line,
                refused[0]!.reason,
                refused.length - 1,
              ),
      );
    if (document.version !== version)
      return say(l10n.t('The file changed while the comments were being prepared. Nothing was changed; try again.'));
    await vscode.workspace.applyEdit(edit, { isRefactoring: true });
    // The preview lets the user untick entries or cancel: count what is in the text now.
    const after = document.getText();
    const landed = fps.filter((f) => !before.includes(f.issue.fpId!) && after.includes(f.issue.fpId!)).length;
    s.log.info(
      `Suppress all in ${uri.toString(true)}: ${landed} of ${fps.length} suppression comments are in the file (${planned} proposed, ${refused.length} refused).`,
    );
    if (landed > 0)
      void vscode.window.setStatusBarMessage(
        landed === 1 ? l10n.t('$(check) 1 suppression comment inserted') : l10n.t('$(check) {0} suppression comments inserted', landed),
        5000,
      );
    return landed;
  };
}
