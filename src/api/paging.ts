// v5 issue paging (spec §4.3): the next request repeats the query with issueId = the last id
// received, until hasNextPage is false or absent. The spec does not say whether the cursor
// issue comes back, so pages are deduped by id; a page that brings nothing new while the
// service still claims more is a stalled cursor and ends the loop with an error.
// Paging is sequential by nature, so the only time to win is the client's own: the next
// request leaves as soon as the page's JSON names its last id, and the page is decoded, checked
// and handed to the consumer while that request is on the wire (one request ahead at most).
// "Leaves" needs one turn of the event loop: undici writes a request on a kept-alive socket
// only from a setImmediate (it first reads what the server may have sent unasked, its fix for
// GHSA-35p6-xmwp-9g52), so without that turn the request waited for all of the consumer's
// synchronous work on the page, and nothing overlapped (measured with strace).
import { setImmediate as eventLoopTurn } from 'node:timers/promises';
import { counted } from '../common/text';
import { Chronology } from '../common/time';
import { ServiceError } from './errors';
import { silentLogger, type Logger } from './log';
import { RecentIds } from './recentIds';
import type { Issue, IssuePageBody } from './schemas';

const PAGE_LIMIT = 1000;

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

/** A page received and parsed, not yet decoded (see responses.ts, parseIssuePage). */
export interface FetchedPage {
  /** The next request's cursor if the page decodes as it looks; undefined when not known or none. */
  readonly nextCursor: string | undefined;
  decode(): IssuePageBody;
}

export type FetchPage = (cursor: string | undefined, signal: AbortSignal) => Promise<FetchedPage>;

/** One request on its way; `cancel` aborts it without touching the caller's signal. */
interface InFlight {
  cursor: string | undefined;
  page: Promise<FetchedPage>;
  cancel(): void;
}

export async function* pageIssues(fetchPage: FetchPage, options: PagingOptions = {}): AsyncGenerator<IssuePage> {
  const { signal } = options;
  const logger = options.logger ?? silentLogger;
  const warn = (message: string) => {
    logger.warn(message);
    options.onWarning?.(message);
  };
  const send = (cursor: string | undefined): InFlight => {
    // Its own controller: an abandoned request (an error, a break, a guess that proved wrong)
    // is cancelled alone; the caller's signal still cancels it, and keeps no listener after.
    const controller = new AbortController();
    const forward = () => controller.abort(signal?.reason);
    signal?.addEventListener('abort', forward, { once: true });
    const page = fetchPage(cursor, controller.signal).finally(() => signal?.removeEventListener('abort', forward));
    // Awaited when its turn comes; until then (or if abandoned) a failure is not unhandled.
    page.catch(() => {});
    return { cursor, page, cancel: () => controller.abort(new ServiceError('cancelled', 'Cancelled.')) };
  };
  const seen = new RecentIds(options.dedupeWindow ?? 10 * PAGE_LIMIT);
  const chronology = new Chronology();
  let cursor: string | undefined;
  let current: InFlight | undefined;
  let ahead: InFlight | undefined;
  try {
    for (let page = 1; ; page++) {
      if (signal?.aborted) throw new ServiceError('cancelled', 'Cancelled.');
      current = ahead ?? send(cursor);
      ahead = undefined;
      const fetched = await current.page;
      current = undefined;
      // The next request leaves before this page is decoded; a repeated cursor would stall, so not for that.
      if (fetched.nextCursor !== undefined && fetched.nextCursor !== cursor && !signal?.aborted) {
        ahead = send(fetched.nextCursor);
        // Queued after undici's own setImmediate, so the request is written when this resolves.
        await eventLoopTurn();
      }
      const checked = checkPage(fetched.decode(), page, cursor, seen, chronology, warn);
      yield checked.page;
      if (!checked.hasNextPage) return;
      const { last, freshCount, received } = checked;
      if (freshCount === 0 || last === undefined || last === cursor) {
        throw new ServiceError(
          'stalled-cursor',
          `Paging stalled at page ${page}: the service says more issues follow but sent ${received === 0 ? 'an empty page' : 'only issues already received'}. Stopped to avoid an endless loop; the results so far are incomplete. Try again later or report it to the service's operators.`,
        );
      }
      cursor = last;
      // The guess was read from the same JSON, so it is the decoded last id; if not, ask again.
      if (ahead !== undefined && ahead.cursor !== cursor) {
        ahead.cancel();
        ahead = undefined;
      }
    }
  } finally {
    // An error, a break or a cancel: the request still on its way is cancelled, and has settled
    // when the iteration ends (nothing keeps running behind the caller's back).
    for (const left of [current, ahead]) {
      if (left === undefined) continue;
      left.cancel();
      await left.page.catch(() => {});
    }
  }
}

/**
 * Dedupes a decoded page, checks its order and size, and says what the loop needs next. Apart
 * from the page handed on, nothing of it stays in the generator while the next one arrives
 * (a page's objects still referenced then are copied by every young-generation GC).
 */
function checkPage(
  body: IssuePageBody,
  page: number,
  cursor: string | undefined,
  seen: RecentIds,
  chronology: Chronology,
  warn: (message: string) => void,
): { page: IssuePage; hasNextPage: boolean; last: string | undefined; freshCount: number; received: number } {
  const items = body.vulnerability_report_issue;
  // The decoded array is ours; it is copied only when a repeat has to be left out.
  let fresh = items;
  let wentBack = false;
  for (let i = 0; i < items.length; i++) {
    const issue = items[i]!;
    if (!seen.addIfNew(issue.id)) {
      if (fresh === items) fresh = items.slice(0, i);
      continue;
    }
    if (fresh !== items) fresh.push(issue);
    if (issue.createdAt !== null && !chronology.note(issue.createdAt)) wentBack = true;
  }
  const repeats = items.length - fresh.length;
  const expectedRepeats = cursor !== undefined && items[0]?.id === cursor ? 1 : 0;
  if (items.length > PAGE_LIMIT)
    warn(`Page ${page} holds ${items.length} issues, more than the ${PAGE_LIMIT} the spec allows; all were kept.`);
  if (repeats > expectedRepeats && fresh.length > 0)
    warn(`Page ${page} repeated ${counted(repeats, 'issue')} already received; each issue is listed once.`);
  if (wentBack)
    warn(
      `Page ${page} holds issues older than earlier ones although results should be chronological; nothing was lost, but the service's order is not reliable.`,
    );
  // Read before yielding: the consumer may change the array it is given (it may be `items`).
  return {
    page: { page, issues: fresh, received: items.length, hasNextPage: body.hasNextPage === true },
    hasNextPage: body.hasNextPage === true,
    last: items[items.length - 1]?.id,
    freshCount: fresh.length,
    received: items.length,
  };
}
