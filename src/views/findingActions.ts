// Quick fixes on a finding's diagnostic: for a false positive, insert its suppression comment
// at the diagnostic's line as the editor holds it now (the editor moves diagnostics with edits;
// the range stored when the findings were placed would drift), show its explanation; for any
// finding, show it in the Fix Reports view; and, where the file has several false positives,
// suppress them all behind the refactor preview.
import * as vscode from 'vscode';
import { CommandId } from '../common/manifest';
import type { Finding, Findings } from '../editor/findings';
import type { IssueNode } from './nodes';

/**
 * What a finding's quick fix passes: the false positive and the line of its diagnostic as the
 * editor holds it now (the editor moves diagnostics with edits; a stored range would drift),
 * not the cursor's.
 */
export interface AtFindingArg {
  atFinding: { reportId: string; issueId: string; uri: string; line: number };
}

export const FINDING_ACTION_KINDS = [vscode.CodeActionKind.QuickFix];

export class FindingActions implements vscode.CodeActionProvider {
  constructor(
    private readonly findings: Findings,
    private readonly source: (finding: Finding) => vscode.Diagnostic,
  ) {}

  provideCodeActions(document: vscode.TextDocument, _range: vscode.Range, context: vscode.CodeActionContext): vscode.CodeAction[] {
    const inFile = this.findings.forUri(document.uri);
    if (inFile.length === 0) return [];
    const actions: vscode.CodeAction[] = [];
    for (const diagnostic of context.diagnostics) {
      const finding = matching(inFile, diagnostic, this.source);
      if (!finding) continue;
      const { issue, reportId } = finding;
      if (finding.falsePositive && issue.fpId) {
        const insert = new vscode.CodeAction('Insert suppression comment for this false positive', vscode.CodeActionKind.QuickFix);
        const arg: AtFindingArg = { atFinding: { reportId, issueId: issue.id, uri: document.uri.toString(), line: diagnostic.range.start.line } };
        insert.command = { command: CommandId.InsertSuppressionComment, title: insert.title, arguments: [arg] };
        insert.diagnostics = [diagnostic];
        insert.isPreferred = true;
        actions.push(insert);
        const explain = new vscode.CodeAction('Show why this is a false positive', vscode.CodeActionKind.QuickFix);
        const node: IssueNode = { kind: 'issue', reportId, issue, vendor: finding.vendor, model: finding.model };
        explain.command = { command: CommandId.ShowFpExplanation, title: explain.title, arguments: [node] };
        explain.diagnostics = [diagnostic];
        actions.push(explain);
      }
      const reveal = new vscode.CodeAction('Show in the Fix Reports view', vscode.CodeActionKind.QuickFix);
      reveal.command = { command: CommandId.RevealFinding, title: reveal.title, arguments: [{ reportId, issueId: issue.id }] };
      reveal.diagnostics = [diagnostic];
      actions.push(reveal);
    }
    const fps = inFile.filter((f) => f.falsePositive && f.issue.fpId);
    if (fps.length > 1 && actions.length > 0) {
      const all = new vscode.CodeAction(`Suppress all ${fps.length} false positives in this file…`, vscode.CodeActionKind.QuickFix);
      all.command = { command: CommandId.SuppressAllInFile, title: all.title, arguments: [document.uri.toString()] };
      actions.push(all);
    }
    return actions;
  }
}

/**
 * The finding a diagnostic stands for: same source, code and issue type (the message's text
 * before " (false positive", since a summary fetched later lengthens it), nearest by line (its
 * range moved with edits since it was published).
 */
function matching(inFile: readonly Finding[], diagnostic: vscode.Diagnostic, source: (finding: Finding) => vscode.Diagnostic): Finding | undefined {
  let best: Finding | undefined;
  let distance = Infinity;
  const wanted = identity(diagnostic);
  for (const finding of inFile) {
    if (identity(source(finding)) !== wanted) continue;
    const d = Math.abs(finding.range.start.line - diagnostic.range.start.line);
    if (d < distance) {
      best = finding;
      distance = d;
    }
  }
  return best;
}

function identity(diagnostic: vscode.Diagnostic): string {
  return JSON.stringify([diagnostic.source ?? '', codeOf(diagnostic), diagnostic.message.split(' (false positive')[0], diagnostic.severity === vscode.DiagnosticSeverity.Hint]);
}

function codeOf(diagnostic: vscode.Diagnostic): string {
  const code = diagnostic.code;
  return typeof code === 'object' ? String(code.value) : String(code ?? '');
}
