// Hover text of tree items. Our structure goes in with appendMarkdown; every value that came
// from the service goes in with appendText, which escapes markdown, HTML and links. The only
// trusted links are command links to an allowlist, whose arguments are ids, never server text.
import * as vscode from 'vscode';
import type { FixReportSummary, Issue } from '../api/schemas';
import type { FixView } from '../model/fix';
import type { Finding } from '../model/findings';
import { formatDate, readableIssueType, readableVendor, relativeTime } from '../model/format';
import { falsePositiveBasis } from '../model/issue';
import { parseTimestamp, type Instant } from '../model/time';
import { CommandId } from '../commands/ids';

const MAX_COMMENTS = 5;
const MAX_DOWNLOADERS = 5;

/** Commands a tooltip may link to. */
export const TOOLTIP_COMMANDS = [CommandId.OpenPullRequest];

function markdown(): vscode.MarkdownString {
  const md = new vscode.MarkdownString('', false);
  md.isTrusted = { enabledCommands: [...TOOLTIP_COMMANDS] };
  md.supportHtml = false;
  return md;
}

function when(instant: Instant | null, nowMs: number): string {
  return instant ? `${formatDate(instant.ms)} (${relativeTime(instant.ms, nowMs)})` : 'unknown date';
}

function commandLink(label: string, command: string, args: unknown): string {
  return `[${label}](command:${command}?${encodeURIComponent(JSON.stringify([args]))})`;
}

export function fixTooltip(reportId: string, view: FixView, issueCount: number, findings: readonly Finding[], nowMs = Date.now()): vscode.MarkdownString {
  const md = markdown();
  const { confidence, ratings, lifecycle } = view;
  md.appendMarkdown('**').appendText(view.issueType).appendMarkdown('** — ').appendText(confidence.label).appendMarkdown('\n\n');
  md.appendText(confidence.meaning).appendMarkdown('\n\n');

  md.appendMarkdown(`**Ratings:** 👍 ${ratings.up} · 👎 ${ratings.down}`);
  if (ratings.tags.length) {
    md.appendMarkdown(' — ');
    ratings.tags.forEach((tag, i) => {
      if (i > 0) md.appendMarkdown(', ');
      md.appendText(`${tag.label} ×${tag.count}`);
    });
  }
  md.appendMarkdown('\n\n');
  for (const comment of ratings.comments.slice(0, MAX_COMMENTS)) {
    md.appendMarkdown(comment.vote === -1 ? '- 👎 ' : comment.vote === 1 ? '- 👍 ' : '- ');
    md.appendText(`“${comment.text}” — ${comment.reviewer}, ${comment.date ? formatDate(comment.date.ms) : 'undated'}`).appendMarkdown('\n');
  }
  if (ratings.comments.length > MAX_COMMENTS) md.appendMarkdown(`- … and ${ratings.comments.length - MAX_COMMENTS} more comment(s)\n`);

  md.appendMarkdown('\n**Lifecycle**\n\n');
  md.appendMarkdown('- First observed: ').appendText(lifecycle.firstObserved ? when(lifecycle.firstObserved, nowMs) : 'unknown').appendMarkdown('\n');
  const downloads = lifecycle.downloaded;
  md.appendMarkdown('- Downloaded: ');
  if (downloads.count === 0) md.appendMarkdown('not yet\n');
  else {
    md.appendText(`${when(downloads.first, nowMs)} — ${downloads.count} download(s) by `);
    downloads.downloaders.slice(0, MAX_DOWNLOADERS).forEach((d, i) => {
      if (i > 0) md.appendMarkdown(', ');
      md.appendText(`${d.label} (${d.count}×)`);
    });
    if (downloads.downloaders.length > MAX_DOWNLOADERS) md.appendMarkdown(`, and ${downloads.downloaders.length - MAX_DOWNLOADERS} more`);
    md.appendMarkdown('\n');
  }
  md.appendMarkdown('- Committed: ');
  const submissions = lifecycle.committed.submissions;
  if (submissions.length === 0) md.appendMarkdown('not yet\n');
  else {
    md.appendText(when(lifecycle.committed.first, nowMs)).appendMarkdown('\n');
    submissions.forEach((s, index) => {
      md.appendMarkdown('  - ');
      md.appendText(s.prId ? `PR #${s.prId}` : s.commitUrl ? 'Commit' : 'Submission');
      if (s.prStatus) md.appendMarkdown(' (').appendText(s.prStatus).appendMarkdown(')');
      if (s.branch) md.appendMarkdown(' on ').appendText(s.branch);
      if (s.prUrl || s.commitUrl) md.appendMarkdown(' — ' + commandLink(s.prUrl ? 'Open pull request' : 'Open commit', CommandId.OpenPullRequest, { reportId, fixId: view.id, index }));
      md.appendMarkdown('\n');
    });
  }
  md.appendMarkdown(`\n**Issues:** ${view.issueIds.length}${issueCount !== view.issueIds.length ? ` (${issueCount} loaded)` : ''}\n`);
  appendFindings(md, findings);
  return md;
}

export function issueTooltip(issue: Issue, vendor: string, findings: readonly Finding[], summary?: string, nowMs = Date.now()): vscode.MarkdownString {
  const md = markdown();
  md.appendMarkdown('**').appendText(issue.vendorIssueId ?? issue.id).appendMarkdown('** · ').appendText(readableIssueType(issue.issueType)).appendMarkdown('\n\n');
  md.appendText(`${readableVendor(vendor)} · severity ${issue.severity ?? 'unknown'} · ${issue.state ?? 'no state'}`).appendMarkdown('\n\n');
  md.appendMarkdown('- Created: ').appendText(when(parseTimestamp(issue.createdAt) ?? null, nowMs)).appendMarkdown('\n');
  md.appendMarkdown('- Fingerprint: ').appendText(issue.fingerprintHash ?? 'none').appendMarkdown('\n');
  const tags = issue.vulnerabilityReportIssueTags.map((t) => t.vulnerability_report_issue_tag_value).filter((t): t is string => !!t);
  md.appendMarkdown('- Tags: ').appendText(tags.length ? tags.join(', ') : 'none').appendMarkdown('\n');
  md.appendMarkdown('- Issue id: ').appendText(issue.id).appendMarkdown('\n');
  if (falsePositiveBasis(issue)) {
    if (summary) md.appendMarkdown('\n**False positive — summary**\n\n').appendText(summary).appendMarkdown('\n');
    md.appendMarkdown('\n**Why this is a false positive**\n\n');
    md.appendText(issue.fpDescription?.trim() || 'The service gave no explanation.').appendMarkdown('\n');
  }
  appendFindings(md, findings);
  return md;
}

export function reportTooltip(report: FixReportSummary, nowMs = Date.now()): vscode.MarkdownString {
  const md = markdown();
  md.appendMarkdown('**').appendText(report.vulnerabilityReport?.project?.name ?? report.repo?.name ?? report.id).appendMarkdown('**\n\n');
  md.appendMarkdown('- Scanner: ').appendText(readableVendor(report.vulnerabilityReport?.vendor)).appendMarkdown('\n');
  if (report.repo) {
    md.appendMarkdown('- Repository: ').appendText(report.repo.originalUrl ?? report.repo.name ?? 'unknown').appendMarkdown('\n');
    if (report.repo.reference) md.appendMarkdown('- Reference: ').appendText(report.repo.reference).appendMarkdown('\n');
  }
  md.appendMarkdown('- Created: ').appendText(when(parseTimestamp(report.createdOn) ?? null, nowMs));
  if (report.createdByUser?.email) md.appendMarkdown(' by ').appendText(report.createdByUser.email);
  md.appendMarkdown('\n');
  const expires = parseTimestamp(report.expirationOn);
  if (expires) md.appendMarkdown(expires.ms <= nowMs ? '- **Expired** ' : '- Expires ').appendText(when(expires, nowMs)).appendMarkdown('\n');
  md.appendMarkdown('- Report id: ').appendText(report.id).appendMarkdown('\n');
  return md;
}

function appendFindings(md: vscode.MarkdownString, findings: readonly Finding[]): void {
  if (findings.length === 0) return;
  md.appendMarkdown('\n**Inconsistencies in the service data**\n\n');
  for (const f of findings) md.appendMarkdown(f.severity === 'error' ? '- ⛔ ' : '- ⚠️ ').appendText(f.message).appendMarkdown('\n');
}
