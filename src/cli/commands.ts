// The CLI's commands. Each takes parsed options and writes to `out`; failures are thrown as
// ServiceError (mapped to exit codes by main.ts) or CliError.
import type { FixReportsClient } from '../api/client';
import type { FixReportSummary, Issue } from '../api/schemas';
import { counted } from '../common/text';
import { fixView, type FixView } from '../model/fix';
import { readableIssueType } from '../model/format';
import { readableVendor } from '../common/scanners';
import { isExpired, repoAt, reportTitle } from '../model/reportList';
import { stateFilter } from '../model/agentTools/filters';
import {
  suppressionComment,
  SuppressionRefusal,
  type SuppressionInputNames,
  type SuppressionRefusalKind,
  type SuppressionRequest,
} from '../model/agentTools/suppressionComment';
import { ExitCode } from './exitCodes';
import { renderTable, safeJson, safeText, type Format, type Output } from './output';
import { formatDate, parseTimestamp, relativeTime } from '../common/time';

export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: number,
  ) {
    super(message);
  }
}

export interface Context {
  client: FixReportsClient;
  out: Output;
  format: Format;
  signal: AbortSignal;
  nowMs: number;
  warn: (message: string) => void;
}

export async function reportsCommand(ctx: Context): Promise<void> {
  const reports = await ctx.client.listReports(ctx.signal);
  if (ctx.format !== 'table') return writeJson(ctx, reports);
  const rows = [...reports].sort((a, b) => (parseTimestamp(b.createdOn)?.ms ?? 0) - (parseTimestamp(a.createdOn)?.ms ?? 0));
  await ctx.out.line(
    renderTable(rows, [
      { header: 'ID', value: (r) => r.id, max: 36 },
      { header: 'PROJECT', value: (r) => reportTitle(r) },
      { header: 'VENDOR', value: (r) => readableVendor(r.vulnerabilityReport?.vendor) },
      { header: 'REPOSITORY', value: (r) => repoAt(r) ?? '' },
      { header: 'CREATED', value: (r) => when(r.createdOn, ctx.nowMs) },
      { header: 'EXPIRES', value: (r) => expiry(r, ctx.nowMs) },
    ]),
  );
  await ctx.out.line(counted(reports.length, 'report'));
}

export async function reportCommand(ctx: Context, id: string): Promise<void> {
  const report = await ctx.client.getReport(id, ctx.signal);
  const views = report.fixes.map(fixView);
  if (ctx.format !== 'table') return writeJson(ctx, { ...report, fixes: views.map(fixJson) });
  await ctx.out.line(
    `Fix report ${safeText(report.id)} · ${safeText(report.vulnerabilityReport?.project?.name ?? '')} · ${safeText(readableVendor(report.vulnerabilityReport?.vendor))} · ${counted(views.length, 'fix', 'fixes')}`,
  );
  await ctx.out.line(
    renderTable(views, [
      { header: 'FIX', value: (f) => f.id, max: 36 },
      { header: 'TYPE', value: (f) => f.issueType, max: 40 },
      { header: 'LANGUAGE', value: (f) => f.language ?? '' },
      { header: 'STATE', value: (f) => f.state ?? '' },
      { header: 'CONFIDENCE', value: (f) => f.confidence.label },
      { header: '👍/👎', value: (f) => `${f.ratings.up}/${f.ratings.down}` },
      { header: 'FIRST OBSERVED', value: (f) => dateOf(f.lifecycle.firstObserved?.ms) },
      {
        header: 'DOWNLOADED',
        value: (f) =>
          f.lifecycle.downloaded.count ? `${dateOf(f.lifecycle.downloaded.first?.ms)} (${f.lifecycle.downloaded.count}×)` : '',
      },
      { header: 'COMMITTED', value: (f) => dateOf(f.lifecycle.committed.first?.ms) },
      { header: 'ISSUES', value: (f) => String(f.issueIds.length) },
    ]),
  );
}

/** Streams issues page by page: memory stays constant however many there are. */
export async function issuesCommand(ctx: Context, options: { fixReportId?: string; state?: string; limit?: number }): Promise<void> {
  const matches = stateFilter(options.state);
  let written = 0;
  let headerDone = false;
  if (ctx.format === 'json') await ctx.out.write('[');
  const full = () => options.limit !== undefined && written >= options.limit;
  for await (const page of ctx.client.issuePages({ fixReportId: options.fixReportId }, { signal: ctx.signal, onWarning: ctx.warn })) {
    const rows: Issue[] = [];
    // One write per page: a write per issue was a large share of the CLI's CPU time (docs/performance.md).
    // Concatenated rather than pushed and joined: join copied the page's text once more before
    // the write encoded it.
    let text = '';
    for (const issue of page.issues) {
      if (full()) break;
      if (!matches(issue)) continue;
      written++;
      if (ctx.format === 'table') rows.push(issue);
      else if (ctx.format === 'jsonl') text += `${safeJson(issue)}\n`;
      else text += `${written > 1 ? ',' : ''}\n${safeJson(issue)}`;
    }
    if (text !== '') await ctx.out.write(text);
    if (ctx.format === 'table' && rows.length > 0) {
      const table = renderTable(rows, issueColumns).split('\n');
      await ctx.out.line((headerDone ? table.slice(1) : table).join('\n'));
      headerDone = true;
    }
    if (full()) break;
  }
  if (ctx.format === 'json') await ctx.out.line(written > 0 ? '\n]' : ']');
  if (ctx.format === 'table') await ctx.out.line(counted(written, 'issue'));
}

// --state S: the issue's state, case-insensitive; FalsePositive matches a FALSE_POSITIVE tag too
// (shared with the agent tools' find_issues).
export { stateFilter };

const issueColumns = [
  { header: 'ISSUE', value: (i: Issue) => i.id, max: 36 },
  { header: 'VENDOR ID', value: (i: Issue) => i.vendorIssueId ?? '', max: 30 },
  { header: 'TYPE', value: (i: Issue) => readableIssueType(i.issueType), max: 30 },
  { header: 'SEVERITY', value: (i: Issue) => i.severity ?? '', max: 10 },
  { header: 'STATE', value: (i: Issue) => i.state ?? '', max: 14 },
  { header: 'CREATED', value: (i: Issue) => dateOf(parseTimestamp(i.createdAt)?.ms), max: 20 },
  { header: 'FP ID', value: (i: Issue) => i.fpId ?? '', max: 36 },
];

export async function fpSummaryCommand(ctx: Context, fpId: string): Promise<void> {
  const summary = await ctx.client.fpSummary(fpId, ctx.signal);
  if (summary.truncated) ctx.warn(`The service sent a summary longer than 280 characters; it was cut on a word boundary.`);
  if (ctx.format === 'table') return ctx.out.line(safeText(summary.text));
  return writeJson(ctx, { fpId: summary.fpId, fpDescriptionShort: summary.text, truncated: summary.truncated });
}

/** The CLI's flags that supply each template value, for the shared messages. */
const CLI_INPUTS: SuppressionInputNames = {
  sources: {
    vendor: '--vendor or --fix-report',
    issueType: '--issue-type, --issue-id or --fix-report',
    vendorIssueId: '--vendor-issue-id, --issue-id or --fix-report',
  },
  vendorForReport: '--vendor',
};

const REFUSAL_EXIT: Readonly<Record<SuppressionRefusalKind, number>> = {
  usage: ExitCode.usage,
  'not-found': ExitCode.notFound,
  'rejected-text': ExitCode.rejectedText,
};

/** The comment itself is model/agentTools/suppressionComment's, which the suppression_comment tool writes too. */
export async function suppressionCommentCommand(ctx: Context, options: SuppressionRequest): Promise<void> {
  let result;
  try {
    result = await suppressionComment(ctx.client, options, CLI_INPUTS, { signal: ctx.signal, warn: ctx.warn });
  } catch (e) {
    if (e instanceof SuppressionRefusal) throw new CliError(e.message, REFUSAL_EXIT[e.kind]);
    throw e;
  }
  if (ctx.format === 'table') return ctx.out.line(result.comment);
  return writeJson(ctx, { fpId: result.fpId, languageId: result.languageId, placement: result.placement, comment: result.comment });
}

function fixJson(view: FixView) {
  const { lifecycle, ratings, confidence } = view;
  return {
    ...view.fix,
    derived: {
      issueType: view.issueType,
      confidence: { label: confidence.label, meaning: confidence.meaning },
      firstObservedAt: lifecycle.firstObserved?.text ?? null,
      downloadedAt: lifecycle.downloaded.first?.text ?? null,
      downloadCount: lifecycle.downloaded.count,
      downloaders: lifecycle.downloaded.downloaders.map((d) => ({ user: d.label, count: d.count })),
      committedAt: lifecycle.committed.first?.text ?? null,
      pullRequests: lifecycle.committed.submissions.map((s) => ({
        prId: s.prId,
        prUrl: s.prUrl,
        prStatus: s.prStatus,
        commitUrl: s.commitUrl,
      })),
      ratings: { up: ratings.up, down: ratings.down, tags: ratings.tags.map((t) => ({ tag: t.tag, count: t.count })) },
    },
  };
}

async function writeJson(ctx: Context, value: unknown): Promise<void> {
  if (ctx.format === 'jsonl' && Array.isArray(value)) {
    for (const item of value) await ctx.out.line(safeJson(item));
    return;
  }
  await ctx.out.line(safeJson(value));
}

function when(text: string | null, nowMs: number): string {
  const at = parseTimestamp(text);
  return at ? `${formatDate(at.ms)} (${relativeTime(at.ms, nowMs)})` : '';
}

function expiry(report: FixReportSummary, nowMs: number): string {
  const at = parseTimestamp(report.expirationOn);
  if (!at) return '';
  return isExpired(report, nowMs) ? `expired ${relativeTime(at.ms, nowMs)}` : relativeTime(at.ms, nowMs);
}

function dateOf(ms: number | undefined): string {
  return ms === undefined ? '' : formatDate(ms);
}
