// What the store writes to the on-disk cache for the next window: the list, a report's detail
// (its row's counts), its issues as their pages arrive, and a paused copy continued by "Load
// more". Every write belongs to the epoch it started in and never fails its caller: a failure
// is logged and the window goes on without it.
import type { FixReportSummary, Issue } from '../../api/schemas';
import { errorMessage } from '../../common/errors';
import type { ReportModel } from '../../model/report';
import { PageFeed } from '../cache/pageFeed';
import type { CachedCounts, StoreCache } from '../reportCaches';
import type { StoreState } from './state';
import type { Paging, ReportEntry, StoreCaches, StoreLog } from './types';

/** Issues per page when a continued cache copy re-reads the pause's file. */
const CONTINUED_PAGE = 1_000;

/**
 * A cached copy's issues in pages, then the pages that follow it. The copy is taken out of its
 * holder once written, so it is not kept while the rest pages in.
 */
async function* pagesThen(holder: { issues?: Issue[] }, more: AsyncIterable<readonly Issue[]>): AsyncGenerator<readonly Issue[]> {
  const issues = holder.issues ?? [];
  delete holder.issues;
  while (issues.length > 0) yield issues.splice(0, CONTINUED_PAGE); // written pages are let go
  yield* more;
}

/** What a report's row shows, as the cache's index keeps it. */
export function countsOf(entry: ReportEntry, model: ReportModel): CachedCounts {
  const loading = entry.issues;
  return {
    fixes: model.fixCounts,
    issues: loading && { received: model.issueCount, falsePositives: model.falsePositives.length, complete: loading.kind === 'done' },
    expanded: loading !== undefined,
  };
}

export class CacheWrites {
  constructor(
    private readonly state: StoreState,
    private readonly caches: StoreCaches | undefined,
    private readonly log: StoreLog,
  ) {}

  /** A feed for a paging run's pages when the cache is on. */
  feed(): PageFeed | undefined {
    return this.caches?.current() ? new PageFeed() : undefined;
  }

  /** Stores the list (the service's order) for the next window. */
  list(reports: readonly FixReportSummary[]): void {
    const epoch = this.state.epoch;
    const fetchedAt = Date.now();
    void this.caches
      ?.current()
      ?.then((cache) => (epoch === this.state.epoch ? cache?.writeList(reports, fetchedAt) : undefined))
      .catch((e: unknown) => this.log.warn(`Report cache: the list was not stored (${errorMessage(e)}).`));
  }

  /** Stores a report's detail without issues: its row's counts for the next window. */
  detail(reportId: string): void {
    const entry = this.state.entries.get(reportId);
    const model = entry?.model;
    if (!entry || !model || entry.fetchedAt === undefined) return;
    const counts = countsOf(entry, model);
    this.state.cachedCounts.set(reportId, counts);
    void this.run(reportId, (cache) =>
      cache.writeReport(reportId, { detail: model.report, pages: [], fetchedAt: entry.fetchedAt!, complete: false }, counts),
    );
  }

  /** Stores a report's new counts in the cache's index (its file keeps the detail it was written with). */
  counts(reportId: string, counts: CachedCounts): void {
    this.state.cachedCounts.set(reportId, counts);
    void this.run(reportId, (cache) => cache.updateMeta(reportId, counts));
  }

  /**
   * Stores a report's issues as their pages arrive (the feed), behind its detail; the file
   * lands when paging ends or pauses, with the row's counts of that moment.
   */
  pages(
    reportId: string,
    entry: ReportEntry,
    model: ReportModel,
    pages: AsyncIterable<readonly Issue[]>,
    feed: PageFeed,
  ): Promise<boolean> {
    const fetchedAt = entry.fetchedAt ?? Date.now();
    return this.run(reportId, (cache) =>
      cache.writeReport(reportId, { detail: model.report, pages, fetchedAt, complete: () => feed.complete }, () => {
        const counts = countsOf(entry, model);
        if (entry.model === model) this.state.cachedCounts.set(reportId, counts);
        return counts;
      }),
    );
  }

  /**
   * "Load more" after a pause: the file written at the pause, then the pages that follow, as
   * one new file. If that copy is gone or does not hold what the model had at the pause (evicted,
   * cleared, a failed write), nothing is written and the pause's incomplete copy stays.
   */
  continued(reportId: string, entry: ReportEntry, paging: Paging): void {
    const previous = paging.stored;
    const model = entry.model!;
    if (!previous) return; // the cache was off when paging started
    const held = model.issueCount;
    const epoch = this.state.epoch;
    const feed = new PageFeed();
    paging.feed = feed;
    // Read before the write starts: a read that finds the file broken deletes it, which waits
    // for the file's writes, the new one included.
    paging.stored = (async () => {
      const cache = (await previous) && epoch === this.state.epoch ? await this.caches?.current() : undefined;
      const holder: { issues?: Issue[] } = { issues: (await cache?.readReport(reportId))?.issues };
      if (holder.issues?.length !== held || epoch !== this.state.epoch) {
        feed.abandon(); // nothing sound to continue from
        return false;
      }
      return this.pages(reportId, entry, model, pagesThen(holder, feed), feed);
    })().catch((e: unknown) => {
      feed.abandon();
      this.log.warn(`Report cache: report ${reportId} was not stored (${errorMessage(e)}).`);
      return false;
    });
  }

  /** Runs one cache operation for this epoch's connection, if the cache is on; logs a failure. */
  private async run(reportId: string, write: (cache: StoreCache) => Promise<boolean | void>): Promise<boolean> {
    const epoch = this.state.epoch;
    try {
      const cache = await this.caches?.current();
      return cache !== undefined && epoch === this.state.epoch ? (await write(cache)) !== false : false;
    } catch (e) {
      this.log.warn(`Report cache: report ${reportId} was not stored (${errorMessage(e)}).`);
      return false;
    }
  }
}
