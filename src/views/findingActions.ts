// Quick fixes on a finding's diagnostic: for a false positive, insert its suppression comment
// at the diagnostic's line as the editor holds it now (the editor moves diagnostics with edits;
// the range stored when the findings were placed would drift), show its explanation; for any
// finding, show it in the Fix Reports view; and, where the file has several false positives,
// suppress them all behind the refactor preview.
import * as vscode from 'vscode';
import { CommandId } from '../common/manifest';
import type { Finding, Findings } from '../editor/findings';
import { fpActionName } from './findingText';
import type { IssueNode } from './nodes';

/**
 * What a finding's quick fix passes: the false positive and the line of its diagnostic as the
 * editor holds it now (the editor moves diagnostics with edits; a stored range would drift),
 * not the cursor's.
 */
export interface AtFindingArg {
  atFinding: { reportId: string; issueId: string; uri: string; line: number };
}

/** Several false positives on one line: the picker offers them first, the comment goes at `line`. */
export interface AtLineArg {
  atLine: { uri: string; line: number };
}

/** False positives on one line listed one action each; more go through the picker. */
const MAX_LISTED = 3;

/** The kinds these actions are (a function: the editor API is read when used, not at load). */
export const findingActionKinds = (): vscode.CodeActionKind[] => [vscode.CodeActionKind.QuickFix];

export class FindingActions implements vscode.CodeActionProvider {
  constructor(
    private readonly findings: Findings,
    private readonly source: (finding: Finding) => vscode.Diagnostic,
  ) {}

  provideCodeActions(document: vscode.TextDocument, _range: vscode.Range, context: vscode.CodeActionContext): vscode.CodeAction[] {
    const inFile = this.findings.forUri(document.uri);
    if (inFile.length === 0) return [];
    // The findings under the cursor, each once, with the diagnostic the editor passed for it.
    const here = new Map<string, { finding: Finding; diagnostic: vscode.Diagnostic }>();
    for (const diagnostic of context.diagnostics) {
      // Findings that look alike (same scanner, rule and type on one line) are told apart by
      // taking each at most once: two such diagnostics are two findings.
      const finding = matching(inFile, diagnostic, this.source, here);
      if (finding) here.set(finding.issue.id, { finding, diagnostic });
    }
    if (here.size === 0) return [];
    const actions: vscode.CodeAction[] = [];
    const fps = [...here.values()].filter(({ finding }) => finding.falsePositive && finding.issue.fpId);
    const diagnostics = [...here.values()].map((h) => h.diagnostic);
    if (fps.length >= 1 && fps.length <= MAX_LISTED) {
      // One action per false positive here, told apart by type and fpId when there are several.
      for (const { finding, diagnostic } of fps) {
        const { issue, reportId } = finding;
        const which = fps.length === 1 ? 'this false positive' : fpActionName(issue.issueType, issue.fpId!);
        const arg: AtFindingArg = {
          atFinding: { reportId, issueId: issue.id, uri: document.uri.toString(), line: diagnostic.range.start.line },
        };
        actions.push(
          action(
            `Insert suppression comment for ${which}`,
            { command: CommandId.InsertSuppressionComment, title: '', arguments: [arg] },
            [diagnostic],
            fps.length === 1,
          ),
        );
      }
      for (const { finding, diagnostic } of fps) {
        const { issue, reportId } = finding;
        const which = fps.length === 1 ? 'this' : fpActionName(issue.issueType, issue.fpId!);
        const node: IssueNode = { kind: 'issue', reportId, issue, vendor: finding.vendor, model: finding.model };
        actions.push(
          action(`Show why ${which} is a false positive`, { command: CommandId.ShowFpExplanation, title: '', arguments: [node] }, [
            diagnostic,
          ]),
        );
      }
    } else if (fps.length > MAX_LISTED) {
      // Many on the line: the picker offers them (first, the first one selected).
      const line = fps[0]!.diagnostic.range.start.line;
      const arg: AtLineArg = { atLine: { uri: document.uri.toString(), line } };
      actions.push(
        action(
          `Insert suppression comment for one of the ${fps.length} false positives on this line…`,
          { command: CommandId.InsertSuppressionComment, title: '', arguments: [arg] },
          fps.map((f) => f.diagnostic),
          true,
        ),
      );
    }
    const first = here.values().next().value!.finding;
    actions.push(
      action(
        here.size === 1 ? 'Show in the Fix Reports view' : `Show in the Fix Reports view (1 of ${here.size} findings here)`,
        { command: CommandId.RevealFinding, title: '', arguments: [{ reportId: first.reportId, issueId: first.issue.id }] },
        diagnostics,
      ),
    );
    // One comment per line (the first false positive of each), so the title counts lines.
    const fpLines = new Set(inFile.filter((f) => f.falsePositive && f.issue.fpId).map((f) => f.range.start.line));
    if (fpLines.size > 0) {
      const title =
        fpLines.size === 1
          ? 'Suppress the false positives of this file (1 line)…'
          : `Suppress the false positives of this file (${fpLines.size} lines)…`;
      actions.push(action(title, { command: CommandId.SuppressAllInFile, title: '', arguments: [document.uri.toString()] }));
    }
    return actions;
  }
}

function action(title: string, command: vscode.Command, diagnostics?: vscode.Diagnostic[], preferred = false): vscode.CodeAction {
  const result = new vscode.CodeAction(title, vscode.CodeActionKind.QuickFix);
  result.command = { ...command, title };
  if (diagnostics) result.diagnostics = diagnostics;
  result.isPreferred = preferred;
  return result;
}

/**
 * The finding a diagnostic stands for: same source, code and issue type (the message's text
 * before " (false positive", since a summary fetched later lengthens it), nearest by line (its
 * range moved with edits since it was published), and not already taken by another diagnostic.
 */
function matching(
  inFile: readonly Finding[],
  diagnostic: vscode.Diagnostic,
  source: (finding: Finding) => vscode.Diagnostic,
  taken: ReadonlyMap<string, unknown>,
): Finding | undefined {
  let best: Finding | undefined;
  let distance = Infinity;
  const wanted = identity(diagnostic);
  for (const finding of inFile) {
    if (taken.has(finding.issue.id) || identity(source(finding)) !== wanted) continue;
    const d = Math.abs(finding.range.start.line - diagnostic.range.start.line);
    if (d < distance) {
      best = finding;
      distance = d;
    }
  }
  return best;
}

function identity(diagnostic: vscode.Diagnostic): string {
  return JSON.stringify([
    diagnostic.source ?? '',
    codeOf(diagnostic),
    diagnostic.message.split(' (false positive')[0],
    diagnostic.severity === vscode.DiagnosticSeverity.Hint,
  ]);
}

function codeOf(diagnostic: vscode.Diagnostic): string {
  const code = diagnostic.code;
  return typeof code === 'object' ? String(code.value) : String(code ?? '');
}
