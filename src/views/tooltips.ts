// Hover text of tree items. Our structure goes in as markdown; every value that came from the
// service goes in through Tooltip.text (common/text markdownLiteral: no markup, no auto-link). The
// only trusted links are command links to an allowlist, whose arguments are ids, never server text.
import * as vscode from 'vscode';
import type { FixReportSummary } from '../api/schemas';
import { NO_EXPLANATION, type Explanation } from '../editor/explanations';
import type { HeldIssue } from '../model/heldIssue';
import { counted, formatCount, markdownLiteral } from '../common/text';
import type { FixView } from '../model/fix';
import type { DataWarning } from '../model/consistency';
import { readableIssueType } from '../model/format';
import { readableVendor } from '../common/scanners';
import { falsePositiveBasis } from '../model/issue';
import { currentReasonText, isExpired, reportTitle, type CurrentReason } from '../model/reportList';
import { CommandId } from '../common/manifest';
import { issuePlace } from './findingText';
import type { ReportSize } from './nodes';
import { type Instant, formatDate, parseTimestamp, relativeTime } from '../common/time';

const MAX_COMMENTS = 5;
/** A tooltip has room for most repository paths whole. */
const PLACE_MAX = 120;
const MAX_DOWNLOADERS = 5;

/** Commands a tooltip may link to. */
const TOOLTIP_COMMANDS = [CommandId.OpenPullRequest];

/**
 * A MarkdownString built from our markdown (`md`) and server text (`text`). Server text goes in
 * as markdownLiteral writes it, not through appendText: appendText turns every space into
 * &nbsp; (long explanations would not wrap) and leaves `https://…`, `www.…` and `a@b.c` for the
 * renderer to auto-link. Line breaks become paragraph breaks.
 */
export class Tooltip {
  readonly value = new vscode.MarkdownString('', false);

  constructor(trustedCommands: readonly string[] = []) {
    this.value.isTrusted = trustedCommands.length ? { enabledCommands: [...trustedCommands] } : false;
    this.value.supportHtml = false;
  }

  md(markdown: string): this {
    this.value.appendMarkdown(markdown);
    return this;
  }

  text(serverText: string): this {
    this.value.appendMarkdown(markdownLiteral(serverText));
    return this;
  }
}

function markdown(): Tooltip {
  return new Tooltip(TOOLTIP_COMMANDS);
}

/** The explanation's text as server text; a failure as what happened and what to do. */
export function appendExplanation(tip: Tooltip, explanation: Explanation): Tooltip {
  switch (explanation.kind) {
    case 'text':
      return tip.text(explanation.text.trim());
    case 'none':
      return tip.text(NO_EXPLANATION);
    case 'unavailable':
      return tip.md('⚠️ ').text(explanation.message);
  }
}

function when(instant: Pick<Instant, 'ms'> | null, nowMs: number): string {
  return instant ? `${formatDate(instant.ms)} (${relativeTime(instant.ms, nowMs)})` : 'unknown date';
}

function commandLink(label: string, command: string, args: unknown): string {
  return `[${label}](command:${command}?${encodeURIComponent(JSON.stringify([args]))})`;
}

export function fixTooltip(
  reportId: string,
  view: FixView,
  issueCount: number,
  warnings: readonly DataWarning[],
  nowMs = Date.now(),
): vscode.MarkdownString {
  const tip = markdown();
  const { confidence, ratings, lifecycle } = view;
  tip.md('**').text(view.issueType).md('** — ').text(confidence.label).md('\n\n');
  tip.text(confidence.meaning).md('\n\n');

  tip.md(`**Ratings:** 👍 ${ratings.up} · 👎 ${ratings.down}`);
  if (ratings.tags.length) {
    tip.md(' — ');
    ratings.tags.forEach((tag, i) => {
      if (i > 0) tip.md(', ');
      tip.text(`${tag.label} ×${tag.count}`);
    });
  }
  tip.md('\n\n');
  for (const comment of ratings.comments.slice(0, MAX_COMMENTS)) {
    tip.md(comment.vote === -1 ? '- 👎 ' : comment.vote === 1 ? '- 👍 ' : '- ');
    tip.text(`“${comment.text}” — ${comment.reviewer}, ${comment.date ? formatDate(comment.date.ms) : 'undated'}`).md('\n');
  }
  if (ratings.comments.length > MAX_COMMENTS) tip.md(`- … and ${counted(ratings.comments.length - MAX_COMMENTS, 'more comment')}\n`);

  tip.md('\n**Lifecycle**\n\n');
  tip
    .md('- First observed: ')
    .text(lifecycle.firstObserved ? when(lifecycle.firstObserved, nowMs) : 'unknown')
    .md('\n');
  const downloads = lifecycle.downloaded;
  tip.md('- Downloaded: ');
  if (downloads.count === 0) tip.md('not yet\n');
  else {
    tip.text(`${when(downloads.first, nowMs)} — ${counted(downloads.count, 'download')} by`).md(' ');
    downloads.downloaders.slice(0, MAX_DOWNLOADERS).forEach((d, i) => {
      if (i > 0) tip.md(', ');
      tip.text(`${d.label} (${d.count}×)`);
    });
    if (downloads.downloaders.length > MAX_DOWNLOADERS) tip.md(`, and ${downloads.downloaders.length - MAX_DOWNLOADERS} more`);
    tip.md('\n');
  }
  tip.md('- Committed: ');
  const submissions = lifecycle.committed.submissions;
  if (submissions.length === 0) tip.md('not yet\n');
  else {
    tip.text(when(lifecycle.committed.first, nowMs)).md('\n');
    submissions.forEach((s, index) => {
      tip.md('  - ');
      tip.text(s.prId ? `PR #${s.prId}` : s.commitUrl ? 'Commit' : 'Submission');
      if (s.prStatus) tip.md(' (').text(s.prStatus).md(')');
      if (s.branch) tip.md(' on ').text(s.branch);
      if (s.prUrl || s.commitUrl)
        tip.md(
          ' — ' +
            commandLink(s.prUrl ? 'Open pull request' : 'Open commit', CommandId.OpenPullRequest, { reportId, fixId: view.id, index }),
        );
      tip.md('\n');
    });
  }
  tip.md(`\n**Issues:** ${view.issueIds.length}${issueCount !== view.issueIds.length ? ` (${issueCount} loaded)` : ''}\n`);
  appendWarnings(tip, warnings);
  return tip.value;
}

/** `explanation`: a false positive's, fetched by the caller (editor/explanations.ts); unused for other issues. */
export function issueTooltip(
  issue: HeldIssue,
  vendor: string,
  warnings: readonly DataWarning[],
  summary: string | undefined,
  explanation: Explanation,
  nowMs = Date.now(),
): vscode.MarkdownString {
  const tip = markdown();
  tip
    .md('**')
    .text(issue.vendorIssueId ?? issue.id)
    .md('** · ')
    .text(readableIssueType(issue.issueType))
    .md('\n\n');
  tip.text(`${readableVendor(vendor)} · severity ${issue.severity ?? 'unknown'} · ${issue.state ?? 'no state'}`).md('\n\n');
  tip
    .md('- Created: ')
    .text(issue.createdAtMs === null ? 'unknown date' : when({ ms: issue.createdAtMs }, nowMs))
    .md('\n');
  tip
    .md('- Fingerprint: ')
    .text(issue.fingerprintHash ?? 'none')
    .md('\n');
  const tags = issue.vulnerabilityReportIssueTags.map((t) => t.vulnerability_report_issue_tag_value).filter((t): t is string => !!t);
  tip
    .md('- Tags: ')
    .text(tags.length ? tags.join(', ') : 'none')
    .md('\n');
  tip.md('- Issue id: ').text(issue.id).md('\n');
  const place = issuePlace(issue, PLACE_MAX);
  if (place !== '') tip.md('- Reported at: ').text(place).md('\n');
  if (falsePositiveBasis(issue)) {
    if (summary) tip.md('\n**False positive — summary**\n\n').text(summary).md('\n');
    tip.md('\n**Why this is a false positive**\n\n');
    appendExplanation(tip, explanation).md('\n');
  }
  appendWarnings(tip, warnings);
  return tip.value;
}

export function reportTooltip(
  report: FixReportSummary,
  size: ReportSize | undefined,
  nowMs = Date.now(),
  cached?: { since: number; stale?: string },
  current?: CurrentReason,
): vscode.MarkdownString {
  const tip = markdown();
  tip.md('**').text(reportTitle(report)).md('**\n\n');
  if (current) tip.text(currentReasonText(current)).md('\n\n');
  if (cached) {
    tip
      .md('_')
      .text(`Shown from the cache: fetched ${formatDate(cached.since)} (${relativeTime(cached.since, nowMs)}).`)
      .md('_ ');
    tip.text(
      cached.stale ? `The service could not confirm it: ${cached.stale} Refresh Report to try again.` : 'Checking it with the service…',
    );
    tip.md('\n\n');
  }
  tip.md('- Scanner: ').text(readableVendor(report.vulnerabilityReport?.vendor)).md('\n');
  if (size) appendSize(tip, size);
  if (report.repo) {
    tip
      .md('- Repository: ')
      .text(report.repo.originalUrl ?? report.repo.name ?? 'unknown')
      .md('\n');
    if (report.repo.reference) tip.md('- Reference: ').text(report.repo.reference).md('\n');
  }
  tip.md('- Created: ').text(when(parseTimestamp(report.createdOn) ?? null, nowMs));
  if (report.createdByUser?.email) tip.md(' by ').text(report.createdByUser.email);
  tip.md('\n');
  const expires = parseTimestamp(report.expirationOn);
  if (expires)
    tip
      .md(isExpired(report, nowMs) ? '- **Expired** ' : '- Expires ')
      .text(when(expires, nowMs))
      .md('\n');
  tip.md('- Report id: ').text(report.id).md('\n');
  return tip.value;
}

/** "Fixes: 12 (7 Open, 5 Committed; 5 Stable, 7 Adaptive)", then the issues loaded so far. */
function appendSize(tip: Tooltip, size: ReportSize): void {
  const { fixes, issues } = size;
  tip.md('- Fixes: ').text(formatCount(fixes.total));
  const states = fixes.byState.map((s) => `${s.count} ${s.label}`).join(', ');
  const confidences = fixes.byConfidence
    .filter((c) => c.count > 0)
    .map((c) => `${c.count} ${c.label}`)
    .join(', ');
  if (fixes.total > 0)
    tip
      .md(' (')
      .text([states, confidences].filter((p) => p !== '').join('; '))
      .md(')');
  tip.md('\n');
  if (!issues) return;
  const atLeast = issues.complete ? '' : 'at least ';
  tip
    .md('- Issues: ')
    .text(`${atLeast}${counted(issues.received, 'issue')}, ${atLeast}${counted(issues.falsePositives, 'false positive')}`)
    .md(issues.complete ? '\n' : ' (not all loaded yet)\n');
}

function appendWarnings(tip: Tooltip, warnings: readonly DataWarning[]): void {
  if (warnings.length === 0) return;
  tip.md('\n**Inconsistencies in the service data**\n\n');
  for (const f of warnings)
    tip
      .md(f.severity === 'error' ? '- ⛔ ' : '- ⚠️ ')
      .text(f.message)
      .md('\n');
}
