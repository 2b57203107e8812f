// find_issues: a report's scanner issues, by file (and lines) and state, a page at a time. The
// report's issues are held after the first call (issueIndex.ts), so asking about one file and
// then another reads the service once; a report over the index's bound is paged through from
// the service on each call. Either way the cursor is the last issue returned and its place in
// the service's order, so a page continues where the last one ended even if the index was
// dropped in between.
import { safeRepoPath } from '../locations';
import { decodeCursor, encodeCursor, queryKey } from './cursor';
import { placeMatcher, stateMatcher, type PlaceQuery } from './filters';
import type { InputOf } from './inputs';
import { DESCRIPTION_MAX, issueRecord, type IssueRecord } from './issueRecord';
import type { HeldIssues, IssueIndex } from './issueIndex';
import { ISSUE_SCHEMA } from './outputSchemas';
import type { FixReportsSource } from './source';
import { defineTool, ToolInputError, ToolRefusal, type AgentTool, type ToolContext, type ToolHooks } from './tool';

const FIND_ISSUES_DEFAULT_LIMIT = 50;
const FIND_ISSUES_MAX_LIMIT = 100;
const MAX_LINE = 10_000_000;

const input = {
  fixReportId: {
    kind: 'uuid',
    required: true,
    description: 'The fix report whose issues to search.',
    hint: 'list_fix_reports gives the ids.',
  },
  path: {
    kind: 'text',
    maxLength: 1024,
    description:
      'A repository-relative file path as issue locations give it (e.g. src/app/db.py), or a folder ending in "/". Matches where the scanner reports the issue (its sink).',
  },
  startLine: {
    kind: 'integer',
    minimum: 1,
    maximum: MAX_LINE,
    description: 'With path: only issues whose lines overlap startLine..endLine (1-based; endLine defaults to startLine).',
  },
  endLine: { kind: 'integer', minimum: 1, maximum: MAX_LINE, description: 'With path: the last line of the range (1-based).' },
  state: {
    kind: 'text',
    maxLength: 100,
    description: 'Only issues in this state, case-insensitive; FalsePositive also matches issues tagged FALSE_POSITIVE.',
  },
  limit: {
    kind: 'integer',
    minimum: 1,
    maximum: FIND_ISSUES_MAX_LIMIT,
    default: FIND_ISSUES_DEFAULT_LIMIT,
    description: `Issues per page: default ${FIND_ISSUES_DEFAULT_LIMIT}, at most ${FIND_ISSUES_MAX_LIMIT}.`,
  },
  cursor: {
    kind: 'text',
    maxLength: 2000,
    description: 'nextCursor of the previous result, with the same other arguments, for the next page.',
  },
} as const;

type Input = InputOf<typeof input>;

export interface FindIssuesDeps {
  readonly source: FixReportsSource;
  readonly index: IssueIndex;
  /** The index's bound, for the note when a report is over it. */
  readonly maxHeldIssues: number;
}

export function findIssuesTool(deps: FindIssuesDeps, hooks?: ToolHooks): AgentTool {
  return defineTool(
    {
      name: 'find_issues',
      title: 'Find scanner issues',
      description: `Lists the scanner issues of one fix report, oldest first, optionally only those in a file or folder (and lines) or in a state, ${FIND_ISSUES_DEFAULT_LIMIT} per page by default. Each issue has its rule id, type, severity, state, where it is (the sink), its false-positive id and explanation (cut to ${DESCRIPTION_MAX} characters) and its fix id. When nextCursor is not null, call again with the same arguments and cursor set to it for more.`,
      input,
      output: {
        properties: {
          fixReportId: { type: 'string' },
          issues: { type: 'array', items: ISSUE_SCHEMA },
          returned: { type: 'integer' },
          totalMatches: { type: 'integer', description: 'All issues of the report matching the filters, when known.' },
          nextCursor: { type: ['string', 'null'] },
          notes: { type: 'array', items: { type: 'string' } },
          warnings: { type: 'array', items: { type: 'string' } },
        },
        required: ['fixReportId', 'issues', 'returned', 'nextCursor', 'notes'],
      },
      run: (args, context) => findIssues(deps, args, context),
    },
    hooks,
  );
}

interface Page {
  records: IssueRecord[];
  /** Place in the service's order of the last record. */
  lastPosition: number;
  more: boolean;
  total?: number;
  /** The report had no issue at all (only known without a cursor). */
  empty: boolean;
}

async function findIssues(deps: FindIssuesDeps, args: Input, { signal }: ToolContext): Promise<Record<string, unknown>> {
  const place = placeQuery(args);
  const state = args.state;
  const matchesPlace = placeMatcher(place);
  const matchesState = stateMatcher(state);
  const matches = (r: IssueRecord) => matchesPlace(r.location ?? undefined) && matchesState(r.state, () => r.falsePositive);
  const key = queryKey('find_issues', { fixReportId: args.fixReportId, ...place, state: state?.toLowerCase() });
  const after = args.cursor === undefined ? undefined : issueCursor(args.cursor, key);
  const limit = args.limit ?? FIND_ISSUES_DEFAULT_LIMIT;

  const held = await deps.index.issues(args.fixReportId, signal);
  const warnings: string[] = [...(held?.warnings ?? [])];
  const page = held
    ? fromHeld(held, place, matches, after, limit)
    : await scan(deps.source, args.fixReportId, matches, after, limit, signal, (m) => {
        if (warnings.length < 5) warnings.push(m);
      });
  if (page.empty && !(await isListed(deps.source, args.fixReportId, signal))) {
    deps.index.forget(args.fixReportId);
    throw new ToolRefusal(
      `Fix report ${args.fixReportId} has no issues and is not in the service's list of fix reports: the id is wrong or the report expired. list_fix_reports gives the current ids.`,
    );
  }
  const notes: string[] = [];
  if (page.more) notes.push(`More issues match: call find_issues again with the same arguments and cursor set to nextCursor.`);
  if (page.records.some((r) => r.fpDescriptionTruncated))
    notes.push(`fpDescription is cut to ${DESCRIPTION_MAX} characters where fpDescriptionTruncated is true.`);
  if (!held)
    notes.push(
      `The report has more issues than this server keeps in memory (${deps.maxHeldIssues.toLocaleString('en-US')}), so it was read from the service for this call; later pages take longer.`,
    );
  const last = page.records[page.records.length - 1];
  return {
    fixReportId: args.fixReportId,
    issues: page.records,
    returned: page.records.length,
    ...(page.total === undefined ? {} : { totalMatches: page.total }),
    nextCursor: page.more && last ? encodeCursor(key, { a: last.id, p: page.lastPosition }) : null,
    notes,
    ...(warnings.length > 0 ? { warnings } : {}),
  };
}

function placeQuery(args: Input): PlaceQuery {
  if (args.path === undefined) {
    if (args.startLine !== undefined || args.endLine !== undefined)
      throw new ToolInputError('startLine and endLine need path: lines are only meaningful within a file.');
    return {};
  }
  const folder = args.path.endsWith('/');
  const checked = safeRepoPath(folder ? args.path.slice(0, -1) : args.path);
  if (!checked.ok)
    throw new ToolInputError(`path must be a repository-relative path such as src/app/db.py or src/app/ (${checked.reason}).`);
  if (folder && (args.startLine !== undefined || args.endLine !== undefined))
    throw new ToolInputError('startLine and endLine need a file path, not a folder.');
  if (args.startLine !== undefined && args.endLine !== undefined && args.endLine < args.startLine)
    throw new ToolInputError(`endLine (${args.endLine}) is before startLine (${args.startLine}).`);
  return {
    path: folder ? `${checked.path}/` : checked.path,
    ...(args.startLine === undefined ? {} : { startLine: args.startLine }),
    ...(args.endLine === undefined ? {} : { endLine: args.endLine }),
  };
}

interface After {
  readonly id: string;
  readonly position: number;
}

function issueCursor(text: string, key: string): After {
  const decoded = decodeCursor(text, key);
  if (!decoded.ok) throw new ToolInputError(decoded.message);
  const { a, p } = decoded.value;
  if (typeof a !== 'string' || typeof p !== 'number' || !Number.isInteger(p) || p < 0)
    throw new ToolInputError('cursor is not one this tool returned: pass nextCursor unchanged, or leave cursor out to start again.');
  return { id: a, position: p };
}

const cursorGone = () =>
  new ToolInputError(
    'the issue this cursor continues after is no longer in the report (it was replaced by a new scan): leave cursor out to start again.',
  );

/** A page from the held issues: candidates are the file's issues, or all of them. */
function fromHeld(
  held: HeldIssues,
  place: PlaceQuery,
  matches: (r: IssueRecord) => boolean,
  after: After | undefined,
  limit: number,
): Page {
  const { records } = held;
  let start = 0;
  if (after) {
    let at = records[after.position]?.id === after.id ? after.position : -1;
    if (at < 0) at = records.findIndex((r) => r.id === after.id);
    if (at < 0) throw cursorGone();
    start = at + 1;
  }
  const file = place.path !== undefined && !place.path.endsWith('/') ? (held.byFile.get(place.path) ?? []) : undefined;
  const out: IssueRecord[] = [];
  let lastPosition = -1;
  let total = 0;
  let more = false;
  const consider = (position: number) => {
    const record = records[position]!;
    if (!matches(record)) return;
    total++;
    if (position < start) return;
    if (out.length < limit) {
      out.push(record);
      lastPosition = position;
    } else more = true;
  };
  if (file) for (const position of file) consider(position);
  else for (let position = 0; position < records.length; position++) consider(position);
  return { records: out, lastPosition, more, total, empty: after === undefined && records.length === 0 };
}

/** A page read from the service: from the report's first issue, past the cursor, until one more match than the page holds. */
async function scan(
  source: FixReportsSource,
  fixReportId: string,
  matches: (r: IssueRecord) => boolean,
  after: After | undefined,
  limit: number,
  signal: AbortSignal,
  onWarning: (message: string) => void,
): Promise<Page> {
  const out: IssueRecord[] = [];
  let position = -1;
  let lastPosition = -1;
  let passed = after === undefined;
  for await (const page of source.issuePages({ fixReportId }, { signal, onWarning })) {
    for (const issue of page.issues) {
      position++;
      if (!passed) {
        passed = issue.id === after!.id;
        continue;
      }
      const record = issueRecord(issue);
      if (!matches(record)) continue;
      if (out.length === limit) return { records: out, lastPosition, more: true, empty: false };
      out.push(record);
      lastPosition = position;
    }
  }
  if (!passed) throw cursorGone();
  return { records: out, lastPosition, more: false, empty: after === undefined && position < 0 };
}

async function isListed(source: FixReportsSource, fixReportId: string, signal: AbortSignal): Promise<boolean> {
  const wanted = fixReportId.toLowerCase();
  return (await source.listReports(signal)).some((r) => r.id.toLowerCase() === wanted);
}
