// Hover text of tree items. Our structure goes in as markdown; every value that came from the
// service goes in through Tooltip.text (common/text markdownLiteral: no markup, no auto-link). The
// only trusted links are command links to an allowlist, whose arguments are ids, never server text.
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import type { FixReportSummary } from '../api/schemas';
import { noExplanation, type Explanation } from '../editor/explanations';
import type { HeldIssue } from '../model/heldIssue';
import { formatCount, markdownLiteral } from '../common/text';
import type { FixView } from '../model/fix';
import type { DataWarning } from '../model/consistency';
import { readableIssueType } from '../model/format';
import { readableVendor } from '../common/scanners';
import { falsePositiveBasis } from '../model/issue';
import { isExpired, reportTitle, type CurrentReason } from '../model/reportList';
import { CommandId } from '../common/manifest';
import { issuePlace } from './findingText';
import type { ReportSize } from './nodes';
import { type Instant, formatDate, parseTimestamp } from '../common/time';
import { confidenceWords } from './confidenceText';
import { currentReasonWords } from './reportText';
import { dateAndAgo } from './timeText';
import { changesLine } from './changesText';
import type { ChangesState } from '../editor/reportChanges';

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
      return tip.text(noExplanation());
    case 'unavailable':
      return tip.md('⚠️ ').text(explanation.message);
  }
}

function when(instant: Pick<Instant, 'ms'> | null, nowMs: number): string {
  return instant ? dateAndAgo(instant.ms, nowMs) : l10n.t('unknown date');
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
  const { ratings, lifecycle } = view;
  const confidence = confidenceWords(view.confidence.kind, view.confidence.value);
  tip.md('**').text(view.issueType).md('** — ').text(confidence.label).md('\n\n');
  tip.text(confidence.meaning).md('\n\n');

  tip.md(`**${l10n.t('Ratings:')}** 👍 ${ratings.up} · 👎 ${ratings.down}`);
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
    const date = comment.date ? formatDate(comment.date.ms) : l10n.t('undated');
    tip.text(l10n.t('“{0}” — {1}, {2}', comment.text, comment.reviewer, date)).md('\n');
  }
  const moreComments = ratings.comments.length - MAX_COMMENTS;
  if (moreComments > 0)
    tip.md(`- ${moreComments === 1 ? l10n.t('… and 1 more comment') : l10n.t('… and {0} more comments', moreComments)}\n`);

  tip.md(`\n**${l10n.t('Lifecycle')}**\n\n`);
  tip
    .md(`- ${l10n.t('First observed:')} `)
    .text(lifecycle.firstObserved ? when(lifecycle.firstObserved, nowMs) : l10n.t('unknown'))
    .md('\n');
  const downloads = lifecycle.downloaded;
  tip.md(`- ${l10n.t('Downloaded:')} `);
  if (downloads.count === 0) tip.md(`${l10n.t('not yet')}\n`);
  else {
    const first = when(downloads.first, nowMs);
    tip
      .text(downloads.count === 1 ? l10n.t('{0} — 1 download by', first) : l10n.t('{0} — {1} downloads by', first, downloads.count))
      .md(' ');
    downloads.downloaders.slice(0, MAX_DOWNLOADERS).forEach((d, i) => {
      if (i > 0) tip.md(', ');
      tip.text(`${d.label} (${d.count}×)`);
    });
    if (downloads.downloaders.length > MAX_DOWNLOADERS) tip.md(l10n.t(', and {0} more', downloads.downloaders.length - MAX_DOWNLOADERS));
    tip.md('\n');
  }
  tip.md(`- ${l10n.t('Committed:')} `);
  const submissions = lifecycle.committed.submissions;
  if (submissions.length === 0) tip.md(`${l10n.t('not yet')}\n`);
  else {
    tip.text(when(lifecycle.committed.first, nowMs)).md('\n');
    submissions.forEach((s, index) => {
      tip.md('  - ');
      tip.text(s.prId ? l10n.t('PR #{0}', s.prId) : s.commitUrl ? l10n.t('Commit') : l10n.t('Submission'));
      if (s.prStatus) tip.md(' (').text(s.prStatus).md(')');
      if (s.branch) tip.md(' ').text(l10n.t('on {0}', s.branch));
      if (s.prUrl || s.commitUrl) {
        const label = s.prUrl ? l10n.t('Open pull request') : l10n.t('Open commit');
        tip.md(' — ' + commandLink(label, CommandId.OpenPullRequest, { reportId, fixId: view.id, index }));
      }
      tip.md('\n');
    });
  }
  const loaded = issueCount !== view.issueIds.length ? ` ${l10n.t('({0} loaded)', issueCount)}` : '';
  tip.md(`\n**${l10n.t('Issues:')}** ${view.issueIds.length}${loaded}\n`);
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
  tip
    .text(
      l10n.t('{0} · severity {1} · {2}', readableVendor(vendor), issue.severity ?? l10n.t('unknown'), issue.state ?? l10n.t('no state')),
    )
    .md('\n\n');
  tip
    .md(`- ${l10n.t('Created:')} `)
    .text(issue.createdAtMs === null ? l10n.t('unknown date') : when({ ms: issue.createdAtMs }, nowMs))
    .md('\n');
  tip
    .md(`- ${l10n.t('Fingerprint:')} `)
    .text(issue.fingerprintHash ?? l10n.t('none'))
    .md('\n');
  const tags = issue.vulnerabilityReportIssueTags.map((t) => t.vulnerability_report_issue_tag_value).filter((t): t is string => !!t);
  tip
    .md(`- ${l10n.t('Tags:')} `)
    .text(tags.length ? tags.join(', ') : l10n.t('none'))
    .md('\n');
  tip
    .md(`- ${l10n.t('Issue id:')} `)
    .text(issue.id)
    .md('\n');
  const place = issuePlace(issue, PLACE_MAX);
  if (place !== '')
    tip
      .md(`- ${l10n.t('Reported at:')} `)
      .text(place)
      .md('\n');
  if (falsePositiveBasis(issue)) {
    if (summary)
      tip
        .md(`\n**${l10n.t('False positive — summary')}**\n\n`)
        .text(summary)
        .md('\n');
    tip.md(`\n**${l10n.t('Why this is a false positive')}**\n\n`);
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
  changes?: { state: ChangesState | undefined; chosen: boolean },
): vscode.MarkdownString {
  const tip = markdown();
  tip.md('**').text(reportTitle(report)).md('**\n\n');
  if (current) tip.text(currentReasonWords(current)).md('\n\n');
  const changed = changesLine(changes?.state, changes?.chosen ?? false, nowMs);
  if (changed) tip.text(changed).md('\n\n');
  if (cached) {
    tip
      .md('_')
      .text(l10n.t('Shown from the cache: fetched {0}.', dateAndAgo(cached.since, nowMs)))
      .md('_ ');
    tip.text(
      cached.stale
        ? l10n.t('The service could not confirm it: {0} Refresh Report to try again.', cached.stale)
        : l10n.t('Checking it with the service…'),
    );
    tip.md('\n\n');
  }
  tip
    .md(`- ${l10n.t('Scanner:')} `)
    .text(readableVendor(report.vulnerabilityReport?.vendor))
    .md('\n');
  if (size) appendSize(tip, size);
  if (report.repo) {
    tip
      .md(`- ${l10n.t('Repository:')} `)
      .text(report.repo.originalUrl ?? report.repo.name ?? l10n.t('unknown'))
      .md('\n');
    if (report.repo.reference)
      tip
        .md(`- ${l10n.t('Reference:')} `)
        .text(report.repo.reference)
        .md('\n');
  }
  tip.md(`- ${l10n.t('Created:')} `).text(when(parseTimestamp(report.createdOn) ?? null, nowMs));
  if (report.createdByUser?.email) tip.md(' ').text(l10n.t('by {0}', report.createdByUser.email));
  tip.md('\n');
  const expires = parseTimestamp(report.expirationOn);
  if (expires)
    tip
      .md(isExpired(report, nowMs) ? `- **${l10n.t('Expired')}** ` : `- ${l10n.t('Expires')} `)
      .text(when(expires, nowMs))
      .md('\n');
  tip
    .md(`- ${l10n.t('Report id:')} `)
    .text(report.id)
    .md('\n');
  return tip.value;
}

/** "Fixes: 12 (7 Open, 5 Committed; 5 Stable, 7 Adaptive)", then the issues loaded so far. */
function appendSize(tip: Tooltip, size: ReportSize): void {
  const { fixes, issues } = size;
  tip.md(`- ${l10n.t('Fixes:')} `).text(formatCount(fixes.total));
  const states = fixes.byState.map((s) => `${s.count} ${s.state ?? l10n.t('No state')}`).join(', ');
  const confidences = fixes.byConfidence
    .filter((c) => c.count > 0)
    .map((c) => `${c.count} ${confidenceWords(c.kind).short}`)
    .join(', ');
  if (fixes.total > 0)
    tip
      .md(' (')
      .text([states, confidences].filter((p) => p !== '').join('; '))
      .md(')');
  tip.md('\n');
  if (!issues) return;
  const { received, falsePositives, complete } = issues;
  const issueCount = complete
    ? received === 1
      ? l10n.t('1 issue')
      : l10n.t('{0} issues', received)
    : received === 1
      ? l10n.t('at least 1 issue')
      : l10n.t('at least {0} issues', received);
  const fpCount = complete
    ? falsePositives === 1
      ? l10n.t('1 false positive')
      : l10n.t('{0} false positives', falsePositives)
    : falsePositives === 1
      ? l10n.t('at least 1 false positive')
      : l10n.t('at least {0} false positives', falsePositives);
  tip
    .md(`- ${l10n.t('Issues:')} `)
    .text(`${issueCount}, ${fpCount}`)
    .md(complete ? '\n' : ` ${l10n.t('(not all loaded yet)')}\n`);
}

function appendWarnings(tip: Tooltip, warnings: readonly DataWarning[]): void {
  if (warnings.length === 0) return;
  tip.md(`\n**${l10n.t('Inconsistencies in the service data')}**\n\n`);
  for (const f of warnings)
    tip
      .md(f.severity === 'error' ? '- ⛔ ' : '- ⚠️ ')
      .text(f.message)
      .md('\n');
}
