// Quick fixes on a finding's diagnostic: for a false positive, insert its suppression comment
// at the finding's line as it is now (editor/findings follows edits), show its explanation; for
// any finding, show it in the Fix Reports view; and, where the file has several false positives,
// suppress them all behind the refactor preview. Each title names the file, line and the first
// words of the summary, so several false positives on one line can be told apart.
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import { CommandId } from '../common/manifest';
import type { Findings } from '../editor/findings';
import type { Finding, Place } from '../editor/places';
import { fpChoiceName } from './findingText';
import type { IssueNode } from './nodes';
import { messageHead } from './problems';

/**
 * What a finding's quick fix passes: the false positive; the command inserts at its line as it
 * is when it runs (`line` is where it was when the menu opened, used only if it is gone).
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
    private readonly source: (place: Place) => vscode.Diagnostic,
    private readonly knownSummary: (fpId: string) => string | undefined,
  ) {}

  provideCodeActions(document: vscode.TextDocument, _range: vscode.Range, context: vscode.CodeActionContext): vscode.CodeAction[] {
    const places = this.findings.placesOf(document.uri);
    if (places.length === 0) return [];
    // The places under the cursor, each once, with the diagnostic the editor passed for it.
    const here = new Map<Place, vscode.Diagnostic>();
    for (const diagnostic of context.diagnostics) {
      const place = matching(places, diagnostic, this.source, here);
      if (place) here.set(place, diagnostic);
    }
    if (here.size === 0) return [];
    const actions: vscode.CodeAction[] = [];
    // Each false positive once (one place can hold several traces of one false positive).
    const fps = new Map<string, { finding: Finding; diagnostic: vscode.Diagnostic }>();
    for (const [place, diagnostic] of here)
      for (const finding of place.findings)
        if (finding.falsePositive && finding.issue.fpId && !fps.has(finding.issue.fpId))
          fps.set(finding.issue.fpId, { finding, diagnostic });
    const named = (finding: Finding) =>
      fpChoiceName({
        issueType: finding.issue.issueType,
        path: vscode.workspace.asRelativePath(finding.uri, false),
        line: finding.range.start.line + 1,
        summary: this.knownSummary(finding.issue.fpId!),
      });
    if (fps.size >= 1 && fps.size <= MAX_LISTED) {
      for (const { finding, diagnostic } of fps.values()) {
        const { issue, reportId } = finding;
        const arg: AtFindingArg = {
          atFinding: { reportId, issueId: issue.id, uri: document.uri.toString(), line: finding.range.start.line },
        };
        actions.push(
          action(
            l10n.t('Insert suppression comment: {0}', named(finding)),
            { command: CommandId.InsertSuppressionComment, title: '', arguments: [arg] },
            [diagnostic],
            fps.size === 1,
          ),
        );
      }
      for (const { finding, diagnostic } of fps.values()) {
        const { issue, reportId } = finding;
        const node: IssueNode = { kind: 'issue', reportId, issue, vendor: finding.vendor, model: finding.model };
        actions.push(
          action(
            l10n.t('Show why it is a false positive: {0}', named(finding)),
            { command: CommandId.ShowFpExplanation, title: '', arguments: [node] },
            [diagnostic],
          ),
        );
      }
    } else if (fps.size > MAX_LISTED) {
      // Many on the line: the picker offers them (first, the first one selected).
      const first = fps.values().next().value!.finding;
      const arg: AtLineArg = { atLine: { uri: document.uri.toString(), line: first.range.start.line } };
      actions.push(
        action(
          l10n.t(
            'Insert suppression comment for one of the {0} false positives at {1}…',
            fps.size,
            `${vscode.workspace.asRelativePath(document.uri, false)}:${first.range.start.line + 1}`,
          ),
          { command: CommandId.InsertSuppressionComment, title: '', arguments: [arg] },
          [...new Set([...fps.values()].map((f) => f.diagnostic))],
          true,
        ),
      );
    }
    const [firstPlace] = here.keys();
    const first = firstPlace!.findings[0]!;
    actions.push(
      action(
        here.size === 1
          ? l10n.t('Show in the Fix Reports view')
          : l10n.t('Show in the Fix Reports view (1 of {0} findings here)', here.size),
        { command: CommandId.RevealFinding, title: '', arguments: [{ reportId: first.reportId, issueId: first.issue.id }] },
        [...here.values()],
      ),
    );
    // One comment per line (the first false positive of each), so the title counts lines.
    const fpLines = new Set(places.filter((p) => p.findings.some((f) => f.falsePositive && f.issue.fpId)).map((p) => p.range.start.line));
    if (fpLines.size > 0) {
      const title =
        fpLines.size === 1
          ? l10n.t('Suppress the false positives of this file (1 line)…')
          : l10n.t('Suppress the false positives of this file ({0} lines)…', fpLines.size);
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
 * The place a diagnostic stands for: same source, code, issue type and count (the message's text
 * before " (false positive" or " [changed", since a summary fetched later lengthens it), nearest
 * by line (the menu may have opened before the diagnostics of an edit were published), and not
 * already taken by another diagnostic.
 */
function matching(
  places: readonly Place[],
  diagnostic: vscode.Diagnostic,
  source: (place: Place) => vscode.Diagnostic,
  taken: ReadonlyMap<Place, unknown>,
): Place | undefined {
  let best: Place | undefined;
  let distance = Infinity;
  const wanted = identity(diagnostic);
  for (const place of places) {
    if (taken.has(place) || identity(source(place)) !== wanted) continue;
    const d = Math.abs(place.range.start.line - diagnostic.range.start.line);
    if (d < distance) {
      best = place;
      distance = d;
    }
  }
  return best;
}

function identity(diagnostic: vscode.Diagnostic): string {
  return JSON.stringify([
    diagnostic.source ?? '',
    codeOf(diagnostic),
    messageHead(diagnostic.message),
    diagnostic.severity === vscode.DiagnosticSeverity.Hint,
  ]);
}

function codeOf(diagnostic: vscode.Diagnostic): string {
  const code = diagnostic.code;
  return typeof code === 'object' ? String(code.value) : String(code ?? '');
}
