// `changes`: what changed in a report since the previous scan of the same repository, branch and
// scanner, or since the report named by --since (model/changes: the choice, the checks, the
// matching by fingerprintHash, both reports paged at once). Written as a terminal table, one
// JSON object, JSON lines (one per new or fixed issue) or GitHub Markdown for a CI job summary.
// --fail-on-new: exit 8 once the output is written, when anything is new.
import { ServiceError } from '../api/errors';
import type { FixReportSummary } from '../api/schemas';
import { cleanText, counted, oneLine } from '../common/text';
import { readableVendor } from '../common/scanners';
import { formatDate, parseTimestamp, relativeTime } from '../common/time';
import { compareReports } from '../model/changes/compare';
import type { ChangeCounts, ChangedIssue, ReportChanges } from '../model/changes/matcher';
import { checkSince, previousReport, type SinceNote, type SinceRefusal } from '../model/changes/previous';
import { normalizeRemoteUrl } from '../model/remote';
import { markdownTable, markdownText } from '../model/export/markdown';
import { readableIssueType } from '../model/format';
import { repoAt, reportTitle } from '../model/reportList';
import { CliError, type Context } from './commands';
import { ExitCode } from './exitCodes';
import { renderTable, safeJson } from './output';

export interface ChangesOptions {
  /** --fix-report: the report whose changes are shown (the later scan). */
  fixReportId: string | undefined;
  /** --since: the earlier report; default its previous scan. */
  since: string | undefined;
  /** --fail-on-new: exit 8 when any issue is new. */
  failOnNew: boolean;
}

/** How the earlier report was chosen. */
type Chosen = 'previous' | 'named';

/** A Markdown table lists at most this many issues (GitHub caps a job summary at 1 MiB); JSON has them all. */
const MARKDOWN_ROWS = 200;
/** Issues per write of the JSON outputs. */
const CHUNK = 1000;

export async function changesCommand(ctx: Context, options: ChangesOptions): Promise<void> {
  if (options.fixReportId === undefined)
    throw new CliError('"changes" needs --fix-report <id>: the report to compare with its previous scan.', ExitCode.usage);
  const listed = await ctx.client.listReports(ctx.signal);
  const report = await findReport(ctx, listed, options.fixReportId, '--fix-report');
  let since: FixReportSummary | undefined;
  let chosen: Chosen = 'previous';
  if (options.since !== undefined) {
    since = await findReport(ctx, listed, options.since, '--since');
    chosen = 'named';
    const check = checkSince(report, since);
    if (check.refusal) throw new CliError(refusalText(check.refusal, report, since), ExitCode.usage);
    for (const note of check.notes) ctx.warn(noteText(note, report, since));
  } else {
    since = previousReport(listed, report);
  }
  if (since === undefined) return writeNoPrevious(ctx, report);
  const changes = await compareReports(ctx.client, report.id, since.id, { signal: ctx.signal, onWarning: ctx.warn });
  await writeChanges(ctx, report, since, chosen, changes);
  if (options.failOnNew && changes.counts.new > 0)
    throw new CliError(
      `${counted(changes.counts.new, 'new issue')} in report ${report.id} since report ${since.id} (--fail-on-new).`,
      ExitCode.newIssues,
    );
}

/** A report of the list by id (any case), else read by id: its detail says what it is, or a 404 that it does not exist (exit 4). */
async function findReport(ctx: Context, listed: readonly FixReportSummary[], id: string, flag: string): Promise<FixReportSummary> {
  const wanted = id.trim().toLowerCase();
  const found = listed.find((r) => r.id.toLowerCase() === wanted);
  if (found) return found;
  try {
    return await ctx.client.getReport(id, ctx.signal);
  } catch (e) {
    if (e instanceof ServiceError && e.kind === 'not-found') throw new CliError(`${flag}: ${e.message}`, ExitCode.notFound);
    throw e;
  }
}

function repository(report: FixReportSummary): string {
  const url = report.repo?.originalUrl;
  return typeof url === 'string' && cleanText(url) !== '' ? oneLine(url, 200) : 'a repository it does not name';
}

function created(report: FixReportSummary): string {
  const at = parseTimestamp(report.createdOn);
  return at ? formatDate(at.ms) : 'an unknown time';
}

function refusalText(refusal: SinceRefusal, report: FixReportSummary, since: FixReportSummary): string {
  switch (refusal.kind) {
    case 'same-report':
      return `--since names report ${report.id} itself: name an earlier scan of it, or leave --since out to compare with its previous scan.`;
    case 'unknown-repository': {
      const [named, other] = refusal.which === 'report' ? [report, since] : [since, report];
      return `Report ${named.id} names no repository (repo.originalUrl), so it cannot be checked to be a scan of the same repository as report ${other.id} (${repository(other)}).`;
    }
    case 'other-repository':
      return `--since ${since.id} is a report of ${repository(since)}, but report ${report.id} is of ${repository(report)}: only scans of the same repository can be compared.`;
    case 'newer':
      return `--since ${since.id} (created ${created(since)}) is newer than report ${report.id} (created ${created(report)}). A comparison runs from an earlier scan to a later one (the other way, every fixed issue would be called new): swap them, --fix-report ${since.id} --since ${report.id}.`;
  }
}

function noteText(note: SinceNote, report: FixReportSummary, since: FixReportSummary): string {
  switch (note) {
    case 'other-branch':
      return `Comparing across branches: report ${report.id} is of ${oneLine(report.repo?.reference ?? 'no branch', 100)}, report ${since.id} of ${oneLine(since.repo?.reference ?? 'no branch', 100)}.`;
    case 'other-scanner':
      return `Report ${report.id} is from ${readableVendor(report.vulnerabilityReport?.vendor)} and report ${since.id} from ${readableVendor(since.vulnerabilityReport?.vendor)}: fingerprints are each scanner's own, so expect most issues to be new and fixed.`;
    case 'undated':
      return `The creation time of report ${parseTimestamp(report.createdOn) ? since.id : report.id} is not known, so --since is not checked to be the earlier scan.`;
  }
}

/** Why there is nothing to compare with (not an error: a first scan has no previous one). */
function noPreviousText(report: FixReportSummary): string {
  const why =
    normalizeRemoteUrl(report.repo?.originalUrl) === undefined
      ? 'it names no repository'
      : !parseTimestamp(report.createdOn)
        ? 'its creation time is not known'
        : `no earlier report of ${repoAt(report) ?? repository(report)} from ${readableVendor(report.vulnerabilityReport?.vendor)} is listed (same repository, branch and scanner, created before it)`;
  return `Report ${report.id} has no previous scan to compare with: ${why}. Name one with --since.`;
}

async function writeNoPrevious(ctx: Context, report: FixReportSummary): Promise<void> {
  const message = noPreviousText(report);
  switch (ctx.format) {
    case 'json':
      return ctx.out.line(safeJson({ fixReport: reportJson(report), since: null, counts: null, new: [], fixed: [], message }));
    case 'jsonl':
      return ctx.warn(message);
    case 'markdown':
      return ctx.out.write(`## Changes since the previous scan\n\n${markdownText(message)}\n`);
    default:
      return ctx.out.line(message);
  }
}

function reportJson(report: FixReportSummary) {
  return {
    id: report.id,
    createdOn: report.createdOn,
    vendor: report.vulnerabilityReport?.vendor ?? null,
    repository: report.repo?.originalUrl ?? null,
    reference: report.repo?.reference ?? null,
  };
}

async function writeChanges(ctx: Context, report: FixReportSummary, since: FixReportSummary, chosen: Chosen, changes: ReportChanges) {
  switch (ctx.format) {
    case 'json':
      return writeJson(ctx, report, since, chosen, changes);
    case 'jsonl':
      await writeLines(ctx, 'new', changes.newIssues);
      return writeLines(ctx, 'fixed', changes.fixedIssues);
    case 'markdown':
      return ctx.out.write(changesMarkdown(report, since, chosen, changes));
    default:
      return writeText(ctx, report, since, chosen, changes);
  }
}

/** One object, written a chunk of issues at a time: {fixReport, since, counts, new: […], fixed: […]}. */
async function writeJson(ctx: Context, report: FixReportSummary, since: FixReportSummary, chosen: Chosen, changes: ReportChanges) {
  const head = safeJson({ fixReport: reportJson(report), since: { ...reportJson(since), chosen }, counts: changes.counts });
  await ctx.out.write(`${head.slice(0, -1)},"new":[`);
  await writeArray(ctx, changes.newIssues);
  await ctx.out.write('],"fixed":[');
  await writeArray(ctx, changes.fixedIssues);
  await ctx.out.write(']}\n');
}

async function writeArray(ctx: Context, issues: readonly ChangedIssue[]): Promise<void> {
  for (let i = 0; i < issues.length; i += CHUNK) {
    const text = issues
      .slice(i, i + CHUNK)
      .map(safeJson)
      .join(',');
    await ctx.out.write(i === 0 ? text : `,${text}`);
  }
}

async function writeLines(ctx: Context, change: 'new' | 'fixed', issues: readonly ChangedIssue[]): Promise<void> {
  for (let i = 0; i < issues.length; i += CHUNK) {
    let text = '';
    for (const issue of issues.slice(i, i + CHUNK)) text += `${safeJson({ change, ...issue })}\n`;
    await ctx.out.write(text);
  }
}

function locationText(issue: ChangedIssue): string {
  const l = issue.location;
  if (!l) return '';
  return l.startLine === undefined ? l.path : `${l.path}:${l.startLine}`;
}

function countsText(counts: ChangeCounts): string {
  return (
    `${counts.new} new · ${counts.fixed} fixed · ${counts.unchanged} unchanged · not compared (no fingerprint): ` +
    `${counts.unmatched} in this report, ${counts.unmatchedSince} in the earlier one`
  );
}

function sinceWhy(chosen: Chosen): string {
  return chosen === 'previous' ? 'its previous scan' : 'named with --since';
}

const issueColumns = [
  { header: 'ISSUE', value: (i: ChangedIssue) => i.id, max: 36 },
  { header: 'VENDOR ID', value: (i: ChangedIssue) => i.vendorIssueId ?? '', max: 30 },
  { header: 'TYPE', value: (i: ChangedIssue) => readableIssueType(i.issueType), max: 30 },
  { header: 'SEVERITY', value: (i: ChangedIssue) => i.severity ?? '', max: 10 },
  { header: 'STATE', value: (i: ChangedIssue) => i.state ?? '', max: 14 },
  { header: 'LOCATION', value: locationText, max: 60 },
];

async function writeText(ctx: Context, report: FixReportSummary, since: FixReportSummary, chosen: Chosen, changes: ReportChanges) {
  const vendor = readableVendor(report.vulnerabilityReport?.vendor);
  await ctx.out.line(
    `Report ${report.id} · ${reportTitle(report)} · ${vendor} · ${repoAt(report) ?? ''} · created ${when(report, ctx.nowMs)}`,
  );
  await ctx.out.line(`Since  ${since.id} (${sinceWhy(chosen)}) · created ${when(since, ctx.nowMs)}`);
  await ctx.out.line(countsText(changes.counts));
  for (const [title, issues] of [
    ['New issues', changes.newIssues],
    ['Fixed issues', changes.fixedIssues],
  ] as const) {
    await ctx.out.line();
    await ctx.out.line(`${title} (${issues.length})`);
    if (issues.length > 0) await ctx.out.line(renderTable(issues, issueColumns));
  }
}

function when(report: FixReportSummary, nowMs: number): string {
  const at = parseTimestamp(report.createdOn);
  return at ? `${formatDate(at.ms)} (${relativeTime(at.ms, nowMs)})` : 'at an unknown time';
}

/** For $GITHUB_STEP_SUMMARY: server text one line, its markup punctuation escaped (model/export/markdown). */
function changesMarkdown(report: FixReportSummary, since: FixReportSummary, chosen: Chosen, changes: ReportChanges): string {
  const { counts } = changes;
  const what = [reportTitle(report), readableVendor(report.vulnerabilityReport?.vendor), repoAt(report) ?? '']
    .filter((t) => t !== '')
    .map(markdownText)
    .join(' · ');
  const lines = [
    `## Changes since ${chosen === 'previous' ? 'the previous scan' : 'an earlier scan'}`,
    '',
    // The dates are ours (digits, dashes, colons, UTC); ids and names are the service's.
    `${what}: report ${markdownText(report.id)} (created ${created(report)}) compared with report ${markdownText(since.id)} (created ${created(since)}), ${sinceWhy(chosen)}.`,
    '',
    markdownTable(
      [
        { title: 'New', numeric: true },
        { title: 'Fixed', numeric: true },
        { title: 'Unchanged', numeric: true },
        { title: 'No fingerprint (this report)', numeric: true },
        { title: 'No fingerprint (earlier report)', numeric: true },
      ],
      [[counts.new, counts.fixed, counts.unchanged, counts.unmatched, counts.unmatchedSince]],
    ),
    '',
  ];
  for (const [title, issues] of [
    ['New issues', changes.newIssues],
    ['Fixed issues', changes.fixedIssues],
  ] as const) {
    if (issues.length === 0) continue;
    lines.push(`### ${title} (${issues.length})`, '', issuesMarkdown(issues.slice(0, MARKDOWN_ROWS)), '');
    if (issues.length > MARKDOWN_ROWS) lines.push(`The first ${MARKDOWN_ROWS} of ${issues.length}; \`--format json\` lists them all.`, '');
  }
  return lines.join('\n');
}

function issuesMarkdown(issues: readonly ChangedIssue[]): string {
  return markdownTable(
    ['Issue', 'Type', 'Severity', 'Rule', 'Location'].map((title) => ({ title, numeric: false })),
    issues.map((i) => [i.id, readableIssueType(i.issueType), i.severity, i.vendorIssueId, locationText(i) || null]),
  );
}
