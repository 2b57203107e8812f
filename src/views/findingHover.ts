// The hover on a finding's range in the editor: first one compact block per place (the findings
// of one rule and scanner at one range): what it is and how many traces, whether its code
// changed since the scan, the fix's confidence and ratings, a false positive's summary; then the
// details of the first place (the issue, the fix's lifecycle, a false positive's explanation,
// fetched now: the model does not keep it). The same MarkdownStrings, escaping and command
// allowlist as the tree's tooltips.
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import { explain, type Explanation, type ExplanationSource } from '../editor/explanations';
import type { Findings } from '../editor/findings';
import type { Finding, Place } from '../editor/places';
import { readableVendor } from '../common/scanners';
import { oneLine } from '../common/text';
import { readableIssueType } from '../model/format';
import { changedSinceScan } from './findingText';
import { confidenceWords } from './confidenceText';
import type { ReportStore } from '../editor/reportStore';
import { fixTooltip, issueTooltip, Tooltip } from './tooltips';
import { newSinceText } from './changesText';
import type { FixReportSummary } from '../api/schemas';

/** Issues that are not false positives show no explanation. */
const NOT_SHOWN: Explanation = { kind: 'none' };

/** Places described in one hover; more are counted. */
const MAX_PLACES = 3;

/** How long a hover waits for a false positive's summary before showing without it. */
const SUMMARY_WAIT_MS = 1_500;

export class FindingHover implements vscode.HoverProvider {
  constructor(
    private readonly findings: Findings,
    private readonly store: ReportStore,
    private readonly explanations: ExplanationSource,
    /** The report an issue is new since, when it is (editor/reportChanges). */
    private readonly newSince: (reportId: string, issueId: string) => FixReportSummary | undefined = () => undefined,
  ) {}

  async provideHover(
    document: vscode.TextDocument,
    position: vscode.Position,
    token: vscode.CancellationToken,
  ): Promise<vscode.Hover | undefined> {
    const here = this.findings.at(document.uri, position);
    if (here.length === 0) return undefined;
    const places = [...new Set(here.map((f) => f.place))];
    const contents: vscode.MarkdownString[] = [];
    const controller = new AbortController();
    const cancel = token.onCancellationRequested(() => controller.abort());
    try {
      const summaries = await Promise.all(places.slice(0, MAX_PLACES).map((place) => this.placeSummary(place.findings[0]!)));
      const nowMs = Date.now();
      places
        .slice(0, MAX_PLACES)
        .forEach((place, i) =>
          contents.push(compactBlock(place, summaries[i], this.newSince(place.findings[0]!.reportId, place.findings[0]!.issue.id), nowMs)),
        );
      if (places.length > MAX_PLACES)
        contents.push(
          new Tooltip().text(l10n.t('…and {0} more findings on this line (Problems panel).', places.length - MAX_PLACES)).value,
        );
      contents.push(...(await this.describe(places[0]!.findings[0]!, controller.signal)));
      if (token.isCancellationRequested) return undefined;
    } finally {
      cancel.dispose();
    }
    const current = this.findings.current.find((c) => c.report.id === here[0]!.reportId);
    if (current?.otherBranch && places[0]!.basis.kind !== 'scan') {
      contents.push(
        new Tooltip()
          .md('⚠️ ')
          .text(
            l10n.t(
              'Scanned on {0}; {1} is checked out, so this line may have moved.',
              current.otherBranch.report,
              current.otherBranch.checkedOut,
            ),
          ).value,
      );
    }
    return new vscode.Hover(contents, places[0]!.range);
  }

  private placeSummary(finding: Finding): Promise<string | undefined> {
    return finding.falsePositive && finding.issue.fpId ? this.summaryOf(finding.issue.fpId) : Promise.resolve(undefined);
  }

  private async describe(finding: Finding, signal: AbortSignal): Promise<vscode.MarkdownString[]> {
    const { issue, model, vendor, reportId } = finding;
    const [summary, explanation] = await Promise.all([
      finding.falsePositive && issue.fpId ? this.summaryOf(issue.fpId) : undefined,
      finding.falsePositive ? explain(this.explanations, reportId, issue, signal) : NOT_SHOWN,
    ]);
    const parts = [issueTooltip(issue, vendor, model.warningsOfIssue(issue.id), summary, explanation)];
    const fix = model.fixOfIssue(issue.id);
    const view = fix && model.fixView(fix.id);
    if (view) parts.push(fixTooltip(reportId, view, model.issuesOfFix(view.id).length, model.warningsOfFix(view.id)));
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

/** One place in a few lines: type, count, scanner and rule; changed since the scan; fix confidence and ratings; the FP summary. */
function compactBlock(
  place: Place,
  summary: string | undefined,
  newSince: FixReportSummary | undefined,
  nowMs: number,
): vscode.MarkdownString {
  const first = place.findings[0]!;
  const { issue, model } = first;
  const tip = new Tooltip();
  tip.md('**').text(readableIssueType(issue.issueType)).md('**');
  if (place.findings.length > 1) tip.md(` ×${place.findings.length}`);
  tip.md(' · ').text(readableVendor(first.vendor));
  if (issue.vendorIssueId) tip.md(' · ').text(oneLine(issue.vendorIssueId, 120));
  tip.md(' · ').text(first.falsePositive ? l10n.t('false positive') : levelWord(place));
  if (newSince) tip.md('\n\n🆕 ').text(newSinceText(newSince, nowMs));
  if (place.changed) tip.md('\n\n⚠️ ').text(l10n.t('This code {0}: the report may no longer apply here.', changedSinceScan()));
  else if (place.basis.kind === 'scan')
    tip.md('\n\n').text(l10n.t('Mapped from the scanned commit {0} to your text.', place.basis.revision.slice(0, 10)));
  const fix = model.fixOfIssue(issue.id);
  const view = fix && model.fixView(fix.id);
  if (view) {
    tip
      .md(`\n\n**${l10n.t('Fix:')}** `)
      .text(confidenceWords(view.confidence.kind, view.confidence.value).label)
      .md(` — 👍 ${view.ratings.up} · 👎 ${view.ratings.down}`);
  }
  if (summary) tip.md(`\n\n**${l10n.t('False positive:')}** `).text(oneLine(summary, 300));
  return tip.value;
}

function levelWord(place: Place): string {
  const severities = [...new Set(place.findings.map((f) => f.issue.severity ?? l10n.t('no severity')))];
  return l10n.t('severity {0}', severities.slice(0, 3).join('/'));
}
