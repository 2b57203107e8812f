// list_fix_reports and get_fix_report: the report list, newest first and filtered by repository
// or scanner, and one report's fixes with what the spec defines about them (confidence and
// its meaning, ratings, lifecycle dates) and the patch when the service sends one. Every list
// is cut to a page, with a cursor for the next.
import type { Fix, FixReportDetail, FixReportSummary } from '../../api/schemas';
import { readableVendor } from '../../common/scanners';
import { parseTimestamp } from '../../common/time';
import { fixView } from '../fix';
import { normalizeRemoteUrl } from '../remote';
import { isExpired } from '../reportList';
import { selectReports } from '../metrics/selection';
import { decodeCursor, encodeCursor, queryKey } from './cursor';
import { capped, cappedLines } from './inert';
import type { InputOf } from './inputs';
import { isoDate as iso } from './issueRecord';
import { FIX_SCHEMA, REPORT_SCHEMA } from './outputSchemas';
import type { FixReportsSource } from './source';
import { defineTool, ToolInputError, ToolRefusal, type AgentTool, type ToolContext, type ToolHooks } from './tool';

const REPORTS_DEFAULT_LIMIT = 50;
const REPORTS_MAX_LIMIT = 100;
const FIXES_DEFAULT_LIMIT = 10;
const FIXES_MAX_LIMIT = 50;
/** A fix's lists in a result: ids, files, pull requests, rating comments and tags. */
const LIST_MAX = { issueIds: 20, files: 20, pullRequests: 5, comments: 3, tags: 10 } as const;
const COMMENT_MAX = 300;
/** The patch of each fix of a page, and of the one fix asked for by fixId. */
const PAGE_PATCH = { maxLines: 120, maxChars: 4_000, maxLineChars: 300 };
const SINGLE_PATCH = { maxLines: 1_000, maxChars: 30_000, maxLineChars: 500 };

const listInput = {
  repositoryUrl: {
    kind: 'text',
    maxLength: 2048,
    description: 'Only reports of this repository, in any spelling of its address (https, git@host:org/repo.git, with or without .git).',
  },
  vendor: {
    kind: 'text',
    maxLength: 100,
    description: 'Only reports of this scanner, e.g. semgrep, sonarqube, checkmarx, codeql, snyk (case-insensitive).',
  },
  limit: {
    kind: 'integer',
    minimum: 1,
    maximum: REPORTS_MAX_LIMIT,
    default: REPORTS_DEFAULT_LIMIT,
    description: `Reports per page: default ${REPORTS_DEFAULT_LIMIT}, at most ${REPORTS_MAX_LIMIT}.`,
  },
  cursor: { kind: 'text', maxLength: 2000, description: 'nextCursor of the previous result, with the same filters, for the next page.' },
} as const;

const reportInput = {
  fixReportId: { kind: 'uuid', required: true, description: 'The fix report to read.', hint: 'list_fix_reports gives the ids.' },
  fixId: {
    kind: 'uuid',
    description: 'Only this fix of the report, with more of its patch (a page of fixes shows the start of each patch).',
  },
  limit: {
    kind: 'integer',
    minimum: 1,
    maximum: FIXES_MAX_LIMIT,
    default: FIXES_DEFAULT_LIMIT,
    description: `Fixes per page: default ${FIXES_DEFAULT_LIMIT}, at most ${FIXES_MAX_LIMIT}.`,
  },
  cursor: { kind: 'text', maxLength: 2000, description: 'nextCursor of the previous result, for the next page of fixes.' },
} as const;

export function listReportsTool(source: FixReportsSource, nowMs: () => number, hooks?: ToolHooks): AgentTool {
  return defineTool(
    {
      name: 'list_fix_reports',
      title: 'List fix reports',
      description: `Lists the fix reports of the security-fix service, newest first (expired ones included and marked), optionally only one repository's or one scanner's, ${REPORTS_DEFAULT_LIMIT} per page by default. A fix report holds the fixes proposed for one scan of one repository; its id is what get_fix_report and find_issues take.`,
      input: listInput,
      output: {
        properties: {
          reports: { type: 'array', items: REPORT_SCHEMA },
          returned: { type: 'integer' },
          totalMatches: { type: 'integer' },
          nextCursor: { type: ['string', 'null'] },
          notes: { type: 'array', items: { type: 'string' } },
        },
        required: ['reports', 'returned', 'totalMatches', 'nextCursor', 'notes'],
      },
      run: (args, context) => listReports(source, args, context, nowMs()),
    },
    hooks,
  );
}

export function getReportTool(source: FixReportsSource, nowMs: () => number, hooks?: ToolHooks): AgentTool {
  return defineTool(
    {
      name: 'get_fix_report',
      title: 'Get a fix report',
      description: `Reads one fix report: its scanner, project and repository, and its fixes (${FIXES_DEFAULT_LIMIT} per page by default), each with its confidence and what that means (90 Stable: deterministic; 50 Adaptive: generated with AI techniques, review closely), user ratings, lifecycle dates (first observed, downloaded, committed, pull requests) and its patch as lines of a unified diff when the service sends one (cut on a page; pass fixId for one fix with more of its patch).`,
      input: reportInput,
      output: {
        properties: {
          report: REPORT_SCHEMA,
          fixCount: { type: 'integer' },
          fixes: { type: 'array', items: FIX_SCHEMA },
          returned: { type: 'integer' },
          nextCursor: { type: ['string', 'null'] },
          notes: { type: 'array', items: { type: 'string' } },
        },
        required: ['report', 'fixCount', 'fixes', 'returned', 'nextCursor', 'notes'],
      },
      run: (args, context) => getReport(source, args, context, nowMs()),
    },
    hooks,
  );
}

async function listReports(
  source: FixReportsSource,
  args: InputOf<typeof listInput>,
  { signal }: ToolContext,
  nowMs: number,
): Promise<Record<string, unknown>> {
  if (args.repositoryUrl !== undefined && normalizeRemoteUrl(args.repositoryUrl) === undefined)
    throw new ToolInputError(
      'repositoryUrl is not a repository address: use its clone URL, such as https://github.com/org/repo or git@github.com:org/repo.git.',
    );
  const key = queryKey('list_fix_reports', { repositoryUrl: args.repositoryUrl, vendor: args.vendor?.toLowerCase() });
  const after = args.cursor === undefined ? undefined : reportCursor(args.cursor, key);
  let reports = await source.listReports(signal);
  if (args.repositoryUrl !== undefined) reports = selectReports(reports, { kind: 'repositories', remotes: [args.repositoryUrl] });
  if (args.vendor !== undefined) reports = selectReports(reports, { kind: 'vendor', vendor: args.vendor });
  const ranked = reports.map((report) => ({ report, ms: parseTimestamp(report.createdOn)?.ms ?? null })).sort(newestFirst);
  const start = after === undefined ? 0 : ranked.findIndex((r) => newestFirst(r, after) > 0);
  const from = start < 0 ? ranked.length : start;
  const limit = args.limit ?? REPORTS_DEFAULT_LIMIT;
  const page = ranked.slice(from, from + limit);
  const more = from + page.length < ranked.length;
  const last = page[page.length - 1];
  const notes: string[] = [];
  if (ranked.length === 0 && (args.repositoryUrl !== undefined || args.vendor !== undefined))
    notes.push('No report matches the filters; without them list_fix_reports lists every report.');
  if (more) notes.push(`${ranked.length - from - page.length} more reports match: call again with cursor set to nextCursor.`);
  return {
    reports: page.map((r) => reportJson(r.report, nowMs)),
    returned: page.length,
    totalMatches: ranked.length,
    nextCursor: more && last ? encodeCursor(key, { t: last.ms, id: last.report.id }) : null,
    notes,
  };
}

interface Ranked {
  readonly ms: number | null;
  readonly report: { readonly id: string };
}

/** Newest createdOn first, undated last, then by id: the order of pages. */
function newestFirst(a: Ranked, b: Ranked): number {
  const am = a.ms ?? -Infinity;
  const bm = b.ms ?? -Infinity;
  if (am !== bm) return bm > am ? 1 : -1;
  return a.report.id < b.report.id ? -1 : a.report.id > b.report.id ? 1 : 0;
}

function reportCursor(text: string, key: string): Ranked {
  const decoded = decodeCursor(text, key);
  if (!decoded.ok) throw new ToolInputError(decoded.message);
  const { t, id } = decoded.value;
  if (typeof id !== 'string' || !(t === null || typeof t === 'number'))
    throw new ToolInputError('cursor is not one this tool returned: pass nextCursor unchanged, or leave cursor out to start again.');
  return { ms: t, report: { id } };
}

function reportJson(report: Partial<FixReportSummary> & Pick<FixReportSummary, 'id'>, nowMs: number): Record<string, unknown> {
  const vendor = report.vulnerabilityReport?.vendor ?? null;
  return {
    id: report.id,
    vendor,
    scanner: readableVendor(vendor),
    project: report.vulnerabilityReport?.project?.name ?? null,
    repository: report.repo ? { name: report.repo.name, url: report.repo.originalUrl, reference: report.repo.reference } : null,
    createdOn: iso(parseTimestamp(report.createdOn)),
    expirationOn: iso(parseTimestamp(report.expirationOn)),
    expired: isExpired({ expirationOn: report.expirationOn ?? null }, nowMs),
  };
}

async function getReport(
  source: FixReportsSource,
  args: InputOf<typeof reportInput>,
  { signal }: ToolContext,
  nowMs: number,
): Promise<Record<string, unknown>> {
  const key = queryKey('get_fix_report', { fixReportId: args.fixReportId, fixId: args.fixId });
  let from = 0;
  if (args.cursor !== undefined) {
    if (args.fixId !== undefined)
      throw new ToolInputError('cursor pages through the fixes of a report; with fixId there is one fix and no next page.');
    const decoded = decodeCursor(args.cursor, key);
    if (!decoded.ok) throw new ToolInputError(decoded.message);
    const offset = decoded.value.o;
    if (typeof offset !== 'number' || !Number.isInteger(offset) || offset < 0)
      throw new ToolInputError('cursor is not one this tool returned: pass nextCursor unchanged, or leave cursor out to start again.');
    from = offset;
  }
  const detail: FixReportDetail = await source.getReport(args.fixReportId, signal);
  const notes: string[] = [];
  let fixes: readonly Fix[];
  let more = false;
  if (args.fixId !== undefined) {
    const wanted = args.fixId.toLowerCase();
    const fix = detail.fixes.find((f) => f.id.toLowerCase() === wanted);
    if (!fix)
      throw new ToolRefusal(
        `Fix ${args.fixId} is not one of the ${detail.fixes.length} fixes of report ${args.fixReportId}; get_fix_report without fixId lists them.`,
      );
    fixes = [fix];
  } else {
    const limit = args.limit ?? FIXES_DEFAULT_LIMIT;
    fixes = detail.fixes.slice(from, from + limit);
    more = from + fixes.length < detail.fixes.length;
    if (more) notes.push(`${detail.fixes.length - from - fixes.length} more fixes: call again with cursor set to nextCursor.`);
  }
  const patchLimits = args.fixId === undefined ? PAGE_PATCH : SINGLE_PATCH;
  const shaped = fixes.map((fix) => fixJson(fix, patchLimits));
  if (shaped.some((f) => f.patch?.truncated))
    notes.push(
      args.fixId === undefined
        ? `Patches are cut to ${PAGE_PATCH.maxLines} lines or ${PAGE_PATCH.maxChars} characters where truncated is true; pass fixId for up to ${SINGLE_PATCH.maxLines} lines of one fix.`
        : `The patch is cut to ${SINGLE_PATCH.maxLines} lines or ${SINGLE_PATCH.maxChars} characters.`,
    );
  if (shaped.some((f) => f.listsCut))
    notes.push(
      `A fix's issue ids, files, pull requests and rating comments are cut to the first ${LIST_MAX.issueIds}, ${LIST_MAX.files}, ${LIST_MAX.pullRequests} and ${LIST_MAX.comments}; the counts are whole.`,
    );
  return {
    report: reportJson(detail, nowMs),
    fixCount: detail.fixes.length,
    fixes: shaped.map((f) => f.json),
    returned: shaped.length,
    nextCursor: more ? encodeCursor(key, { o: from + fixes.length }) : null,
    notes,
  };
}

function fixJson(
  fix: Fix,
  patchLimits: typeof PAGE_PATCH,
): { json: Record<string, unknown>; patch?: { truncated: boolean }; listsCut: boolean } {
  const view = fixView(fix);
  const { lifecycle, ratings, confidence } = view;
  const submissions = lifecycle.committed.submissions;
  const files = fix.fixFiles.map((f) => f.fileRepoRelativePath).filter((p): p is string => typeof p === 'string');
  const patchText = fix.patchAndQuestions?.patch;
  const patch = typeof patchText === 'string' && patchText.trim() !== '' ? cappedLines(patchText, patchLimits) : null;
  const listsCut =
    view.issueIds.length > LIST_MAX.issueIds ||
    files.length > LIST_MAX.files ||
    submissions.length > LIST_MAX.pullRequests ||
    ratings.comments.length > LIST_MAX.comments ||
    ratings.tags.length > LIST_MAX.tags;
  const json = {
    id: fix.id,
    issueType: fix.safeIssueType,
    language: fix.safeIssueLanguage,
    state: fix.state,
    confidence: { value: confidence.value, label: confidence.label, meaning: confidence.meaning },
    severity: fix.severityText,
    effort: fix.effortToApplyFix,
    issueCount: view.issueIds.length,
    issueIds: view.issueIds.slice(0, LIST_MAX.issueIds),
    files: files.slice(0, LIST_MAX.files),
    lifecycle: {
      firstObservedAt: iso(lifecycle.firstObserved),
      downloadedAt: iso(lifecycle.downloaded.first),
      downloadCount: lifecycle.downloaded.count,
      committedAt: iso(lifecycle.committed.first),
      pullRequests: submissions.slice(0, LIST_MAX.pullRequests).map((s) => ({
        prId: s.prId,
        prUrl: s.prUrl,
        prStatus: s.prStatus,
        commitUrl: s.commitUrl,
        branch: s.branch,
        createdAt: iso(s.createdAt),
      })),
      submissionCount: submissions.length,
    },
    ratings: {
      up: ratings.up,
      down: ratings.down,
      tags: ratings.tags.slice(0, LIST_MAX.tags).map((t) => ({ tag: t.tag, label: t.label, count: t.count })),
      comments: ratings.comments.slice(0, LIST_MAX.comments).map((c) => ({
        text: capped(c.text, COMMENT_MAX).text,
        reviewer: c.reviewer,
        date: iso(c.date),
        vote: c.vote,
      })),
      commentCount: ratings.comments.length,
    },
    patch,
  };
  return { json, ...(patch ? { patch: { truncated: patch.truncated } } : {}), listsCut };
}
