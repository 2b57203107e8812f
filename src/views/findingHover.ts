// The hover on a finding's range in the editor: the issue, its fix's confidence (Stable or
// Adaptive, and what that means), ratings and lifecycle, and for a false positive its summary
// and explanation (fetched now: the model does not keep it); the same MarkdownStrings,
// escaping and command allowlist as the tree's tooltips.
import * as vscode from 'vscode';
import { explain, type Explanation, type ExplanationSource } from '../editor/explanations';
import type { Finding, Findings } from '../editor/findings';
import type { ReportStore } from '../editor/reportStore';
import { fixTooltip, issueTooltip, Tooltip } from './tooltips';

/** Issues that are not false positives show no explanation. */
const NOT_SHOWN: Explanation = { kind: 'none' };

/** How long a hover waits for a false positive's summary before showing without it. */
const SUMMARY_WAIT_MS = 1_500;

export class FindingHover implements vscode.HoverProvider {
  constructor(
    private readonly findings: Findings,
    private readonly store: ReportStore,
    private readonly explanations: ExplanationSource,
  ) {}

  async provideHover(
    document: vscode.TextDocument,
    position: vscode.Position,
    token: vscode.CancellationToken,
  ): Promise<vscode.Hover | undefined> {
    const here = this.findings.at(document.uri, position);
    if (here.length === 0) return undefined;
    const contents: vscode.MarkdownString[] = [];
    const controller = new AbortController();
    const cancel = token.onCancellationRequested(() => controller.abort());
    try {
      for (const finding of here.slice(0, 3)) {
        contents.push(...(await this.describe(finding, controller.signal)));
        if (token.isCancellationRequested) return undefined;
      }
    } finally {
      cancel.dispose();
    }
    if (here.length > 3) contents.push(new Tooltip().text(`…and ${here.length - 3} more findings on this line (Problems panel).`).value);
    const current = this.findings.current.find((c) => c.report.id === here[0]!.reportId);
    if (current?.otherBranch) {
      contents.push(
        new Tooltip()
          .md('⚠️ ')
          .text(`Scanned on ${current.otherBranch.report}; ${current.otherBranch.checkedOut} is checked out, so this line may have moved.`)
          .value,
      );
    }
    const line = here[0]!.range;
    return new vscode.Hover(contents, line.end.character === Number.MAX_SAFE_INTEGER ? document.lineAt(line.start.line).range : line);
  }

  private async describe(finding: Finding, signal: AbortSignal): Promise<vscode.MarkdownString[]> {
    const { issue, model, vendor, reportId } = finding;
    const [summary, explanation] = await Promise.all([
      finding.falsePositive && issue.fpId ? this.summaryOf(issue.fpId) : undefined,
      finding.falsePositive ? explain(this.explanations, reportId, issue, signal) : NOT_SHOWN,
    ]);
    const parts = [issueTooltip(issue, vendor, model.findingsOfIssue(issue.id), summary, explanation)];
    const fix = model.fixOfIssue(issue.id);
    const view = fix && model.fixView(fix.id);
    if (view) parts.push(fixTooltip(reportId, view, model.issuesOfFix(view.id).length, model.findingsOfFix(view.id)));
    return parts;
  }

  private summaryOf(fpId: string): Promise<string | undefined> {
    const known = this.store.knownSummary(fpId);
    if (known) return Promise.resolve(known.text);
    return Promise.race([
      this.store.fpSummary(fpId).then(
        (s) => s.text,
        () => undefined, // the explanation still shows; the failure went to the log and a notification
      ),
      new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), SUMMARY_WAIT_MS)),
    ]);
  }
}
