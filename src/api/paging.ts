// v5 issue paging (spec §4.3): the next request repeats the query with issueId = the last id
// received, until hasNextPage is false or absent. The spec does not say whether the cursor
// issue comes back, so pages are deduped by id; a page that brings nothing new while the
// service still claims more is a stalled cursor and ends the loop with an error.
import { parseTimestamp } from '../model/time';
import { ServiceError } from './errors';
import { silentLogger, type Logger } from './log';
import { RecentIds } from './recentIds';
import type { Issue, IssuePageBody } from './schemas';

export const PAGE_LIMIT = 1000;

export interface PagingOptions {
  signal?: AbortSignal;
  logger?: Logger;
  /** Ids remembered for deduplication; default 10 pages' worth, constant memory for any count. */
  dedupeWindow?: number;
  /** Called for each anomaly that does not stop paging (also logged as a warning). */
  onWarning?: (message: string) => void;
}

export interface IssuePage {
  /** 1-based page number. */
  page: number;
  /** Issues new to this iteration, in the service's order. */
  issues: Issue[];
  /** Items the service sent, duplicates included. */
  received: number;
  hasNextPage: boolean;
}

export type FetchPage = (cursor: string | undefined, signal: AbortSignal | undefined) => Promise<IssuePageBody>;

export async function* pageIssues(fetchPage: FetchPage, options: PagingOptions = {}): AsyncGenerator<IssuePage> {
  const { signal } = options;
  const logger = options.logger ?? silentLogger;
  const warn = (message: string) => {
    logger.warn(message);
    options.onWarning?.(message);
  };
  const seen = new RecentIds(options.dedupeWindow ?? 10 * PAGE_LIMIT);
  let cursor: string | undefined;
  let latest: string | null = null;
  for (let page = 1; ; page++) {
    if (signal?.aborted) throw new ServiceError('cancelled', 'Cancelled.');
    const body = await fetchPage(cursor, signal);
    const items = body.vulnerability_report_issue;
    const fresh: Issue[] = [];
    let wentBack = false;
    for (const issue of items) {
      if (!seen.addIfNew(issue.id)) continue;
      fresh.push(issue);
      const created = issue.createdAt;
      if (created === null) continue;
      const order = latest === null ? 1 : compareTimestamps(created, latest);
      if (order < 0) wentBack = true;
      else if (order > 0) latest = created;
    }
    const repeats = items.length - fresh.length;
    const expectedRepeats = cursor !== undefined && items[0]?.id === cursor ? 1 : 0;
    if (items.length > PAGE_LIMIT) warn(`Page ${page} holds ${items.length} issues, more than the ${PAGE_LIMIT} the spec allows; all were kept.`);
    if (repeats > expectedRepeats && fresh.length > 0) warn(`Page ${page} repeated ${repeats} issue(s) already received; each issue is listed once.`);
    if (wentBack) warn(`Page ${page} holds issues older than earlier ones although results should be chronological; nothing was lost, but the service's order is not reliable.`);
    yield { page, issues: fresh, received: items.length, hasNextPage: body.hasNextPage === true };
    if (body.hasNextPage !== true) return;
    const last = items[items.length - 1]?.id;
    if (fresh.length === 0 || last === undefined || last === cursor) {
      throw new ServiceError(
        'stalled-cursor',
        `Paging stalled at page ${page}: the service says more issues follow but sent ${items.length === 0 ? 'an empty page' : 'only issues already received'}. Stopped to avoid an endless loop; the results so far are incomplete. Try again later or report it to the service's operators.`,
      );
    }
    cursor = last;
  }
}

/**
 * Chronological order of two service timestamps: <0, 0 (equal or not comparable), >0. Two in
 * the service's own shape with the same length and offset compare as text (ISO 8601 sorts
 * that way), which spares parsing every issue's date; any other pair is parsed.
 */
export function compareTimestamps(a: string, b: string): number {
  if (sameShape(a, b)) return a < b ? -1 : a > b ? 1 : 0;
  const x = parseTimestamp(a)?.ms;
  const y = parseTimestamp(b)?.ms;
  return x === undefined || y === undefined ? 0 : x - y;
}

// YYYY-MM-DDThh:mm:ss[.f…](Z|±hh:mm): the separators at these places, the same offset text.
const SEPARATORS: readonly [number, number][] = [[4, 45], [7, 45], [10, 84], [13, 58], [16, 58]];

function sameShape(a: string, b: string): boolean {
  const n = a.length;
  if (n !== b.length || n < 20) return false;
  for (const [at, code] of SEPARATORS) if (a.charCodeAt(at) !== code || b.charCodeAt(at) !== code) return false;
  const offset = a.charCodeAt(n - 1) === 90 ? 1 : 6; // "Z" or "+hh:mm"
  for (let i = n - offset; i < n; i++) if (a.charCodeAt(i) !== b.charCodeAt(i)) return false;
  return true; // malformed digits could only mis-order a warning, never lose an issue
}
