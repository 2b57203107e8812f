// What the editor has loaded from the service: the report list, each expanded report's model
// with its issue paging, and FP summaries. Every load is memoised per key, so any number of
// concurrent tree expansions, hovers or commands share one request per page.
//
// With the on-disk cache (reportCaches.ts), a window starts from what the last one had: the
// list and each row's counts from the cache's small index, before any request; a report's
// issues from its file when it is expanded. Revalidation (the spec has no ETag or date to ask
// "changed since?"): the list is fetched again at once; a report shown from the cache has its
// detail (fixes, lifecycle, ratings: what moves) fetched again when first shown; its issues,
// which come from one scan, are paged again only by Refresh or Refresh Report. A reload thus
// costs 1 request plus 1 per report it shows, instead of 1 + the pages of every such report.
import * as vscode from 'vscode';
import type { FpSummary } from '../api/client';
import { ServiceError } from '../api/errors';
import type { FixReportDetail, FixReportSummary, Issue } from '../api/schemas';
import type { HeldIssue } from '../model/heldIssue';
import { Disposable } from '../common/disposable';
import { ReportModel } from '../model/report';
import { isExpired, sortReports } from '../model/reportList';
import { PageFeed } from './cache/pageFeed';
import { closePaging, EarlyPages, type OpenedPaging } from './earlyPages';
import type { CachedReport } from './cache/reportCache';
import type { Connection } from './connection';
import type { ExtensionLog } from './log';
import type { CachedCounts, ReportCaches, StoreCache } from './reportCaches';
import { errorMessage } from '../common/errors';

export type IssueLoading =
  | { kind: 'loading'; received: number }
  | { kind: 'paused'; received: number } // issuesPerLoad reached; "Load more" continues
  | { kind: 'done'; received: number }
  | { kind: 'cancelled'; received: number }
  | { kind: 'failed'; received: number; error: ServiceError };

export interface ReportEntry {
  summary: FixReportSummary;
  model?: ReportModel;
  /** When the data of `model` was fetched from the service. */
  fetchedAt?: number;
  /** Set while `model` is the cache's copy, not yet confirmed by the service; `stale` says why it could not be. */
  cached?: { since: number; stale?: string };
  detailError?: ServiceError;
  issues?: IssueLoading;
}

/** Issues per page when a continued cache copy re-reads the pause's file. */
const CONTINUED_PAGE = 1_000;
/** Why the counts prefetch cancels a row detail for a report the user opened: asked again after it. */
const MADE_WAY = new DOMException('Made way for a report the user opened.', 'AbortError');

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

/** 'all': the data changed; 'report': one report's; 'status': only whether it is refreshing or stale. */
export type StoreChange = { kind: 'all' } | { kind: 'report'; reportId: string } | { kind: 'status' };

/** The list on screen came from the cache and the service has not answered yet. */
export interface Cached {
  /** When the cached list was fetched. */
  readonly since: number;
}

/** A refresh under way: the data on screen stays until everything it fetches has arrived. */
export interface Refreshing {
  readonly startedAt: number;
}

/** Data kept on screen after a refresh failed or was cancelled. */
export interface Stale {
  /** When the data shown was fetched. */
  readonly since: number;
  /** Why it was not replaced, in words a user can act on. */
  readonly reason: string;
}

export interface StoreFailure {
  error: ServiceError;
  retry: () => void;
}

export interface FalsePositiveRef {
  issue: HeldIssue;
  report: FixReportSummary;
  vendor: string;
}

interface Paging extends OpenedPaging {
  /** The pages on their way into the cache, when it is on. */
  feed?: PageFeed;
  /** The cache file this run writes: whether it landed (a continuation starts from it). */
  stored?: Promise<boolean>;
  running?: Promise<void>;
}

export class ReportStore extends Disposable {
  private readonly changed = this.register(new vscode.EventEmitter<StoreChange>());
  readonly onDidChange = this.changed.event;
  private readonly failures = this.register(new vscode.EventEmitter<StoreFailure>());
  /** A load failed (not cancelled); `retry` repeats it. The extension shows a notification. */
  readonly onDidFail = this.failures.event;

  private list?: Promise<FixReportSummary[]>;
  private listed: FixReportSummary[] | undefined;
  private readonly entries = new Map<string, ReportEntry>();
  private readonly details = new Map<string, Promise<ReportModel>>();
  private readonly paging = new Map<string, Paging>();
  private readonly summaries = new Map<string, Promise<FpSummary>>();
  private readonly knownSummaries = new Map<string, FpSummary>();
  private epoch = 0;
  /** Per report, bumped by reloadReport: a detail fetched before it is not used. */
  private readonly generations = new Map<string, number>();
  lastRefresh: number | undefined;
  lastError: ServiceError | undefined;
  private refreshRun: { controller: AbortController; startedAt: number } | undefined;
  private staleValue: Stale | undefined;
  private autoRefresh: NodeJS.Timeout | undefined;
  /** The counts prefetch under way: its workers stop when it is aborted; the queue is what is left. */
  private prefetchRun: { controller: AbortController; queue: FixReportSummary[] } | undefined;
  /**
   * What the user opened and is still loading: an expansion's detail, an expanded report's issue
   * pages (each settles, never rejects). The counts prefetch starts nothing while one runs, so
   * other rows' details (a 10,000-fix detail weighs 15 MB) do not share the network and this
   * thread with it.
   */
  private readonly foreground = new Set<Promise<void>>();
  /**
   * Row details the counts prefetch has on their way that nothing else waits on, by report id.
   * Opening another report cancels them (it would otherwise share the link and this thread
   * with them for as long as they take) and the prefetch asks for them again after it.
   */
  private readonly prefetching = new Map<string, AbortController>();
  /** First pages asked for while a report the user opened decodes its detail (earlyPages.ts). */
  private readonly early = new EarlyPages((reportId) => this.openIssues(reportId));
  private cachedList: Cached | undefined;
  /** Counts of cached reports, from the cache's index: for their rows, before (or without) loading them. */
  private readonly cachedCounts = new Map<string, CachedCounts>();

  constructor(
    private readonly connection: Connection,
    private readonly log: ExtensionLog,
    private readonly workspaceRemotes: () => Promise<string[]>,
    private readonly withProgress: <T>(title: string, task: () => Promise<T>) => Thenable<T>,
    private readonly caches?: ReportCaches,
  ) {
    super();
    this.register(
      connection.onDidChange((change) => {
        // Another origin, key or network: nothing loaded through the old client may stay.
        if (change.clientChanged) this.reset();
        this.scheduleAutoRefresh();
      }),
    );
    this.register({ dispose: () => clearInterval(this.autoRefresh) });
  }

  /** securityFixReports.autoRefreshMinutes: a background refresh (keeps what is shown) every n minutes. */
  private scheduleAutoRefresh(): void {
    clearInterval(this.autoRefresh);
    const minutes = this.connection.settings.autoRefreshMinutes;
    this.autoRefresh =
      minutes > 0 ? setInterval(() => this.connection.state.kind === 'ready' && this.refresh(), minutes * 60_000) : undefined;
  }

  /**
   * The report list, loaded once per refresh; workspace repositories first, newest first. The
   * first load of a window starts from the cache when it has a list, and asks the service after.
   */
  reports(): Promise<FixReportSummary[]> {
    if (!this.list) {
      const epoch = this.epoch;
      this.list = this.warmStart(epoch).then((cached) => cached ?? this.fetchList(epoch));
    }
    return this.list;
  }

  /** The cached list, shown at once (then revalidated), or undefined when there is none. */
  private async warmStart(epoch: number): Promise<FixReportSummary[] | undefined> {
    const cache = await this.caches?.current();
    const index = cache?.readIndex();
    if (!index?.list || epoch !== this.epoch) return undefined;
    const remotes = await this.workspaceRemotes().catch(() => []);
    if (epoch !== this.epoch) return undefined;
    const sorted = sortReports(index.list.reports, { workspaceRemotes: remotes, nowMs: Date.now() });
    this.listed = sorted;
    for (const summary of sorted) if (!this.entries.has(summary.id)) this.entries.set(summary.id, { summary });
    for (const [id, info] of index.reports) if (info.meta) this.cachedCounts.set(id, info.meta);
    this.lastRefresh = index.list.fetchedAt;
    this.cachedList = { since: index.list.fetchedAt };
    this.log.info(
      `Showing ${sorted.length} reports from the cache (fetched ${new Date(index.list.fetchedAt).toISOString()}); asking the service again.`,
    );
    this.changed.fire({ kind: 'status' });
    // After the caller has the list: the rows are drawn before the request goes out.
    setTimeout(() => epoch === this.epoch && this.refresh('revalidate'), 0);
    return sorted;
  }

  /** The list from the service (the first load without a cached list). */
  private fetchList(epoch: number): Promise<FixReportSummary[]> {
    // The first load is cancellable like a refresh (Cancel Refresh in the title bar).
    const run = { controller: new AbortController(), startedAt: Date.now() };
    this.refreshRun = run;
    this.changed.fire({ kind: 'status' });
    const list = Promise.resolve(
      this.withProgress('Loading fix reports…', async () => {
        const client = this.connection.client();
        const [reports, remotes] = await Promise.all([client.listReports(run.controller.signal), this.workspaceRemotes().catch(() => [])]);
        const sorted = sortReports(reports, { workspaceRemotes: remotes, nowMs: Date.now() });
        if (epoch === this.epoch) {
          this.listed = sorted;
          for (const summary of sorted) if (!this.entries.has(summary.id)) this.entries.set(summary.id, { summary });
          this.succeeded();
          this.cacheList(reports);
          this.prefetchCounts(sorted);
        }
        return sorted;
      }),
    );
    list
      .catch((e: unknown) => {
        if (epoch !== this.epoch) return;
        this.failed(e, () => this.reset());
        this.changed.fire({ kind: 'all' });
      })
      .finally(() => {
        if (this.refreshRun !== run) return;
        this.refreshRun = undefined;
        this.changed.fire({ kind: 'status' });
      });
    return list;
  }

  /** The list on screen came from the cache and the service has not confirmed it yet. */
  get cached(): Cached | undefined {
    return this.cachedList;
  }

  /** A cached report's counts (from the cache's index), for its row while it is not loaded. */
  cachedCountsOf(reportId: string): CachedCounts | undefined {
    return this.cachedCounts.get(reportId);
  }

  /** Reports already listed (no request). */
  loadedReports(): readonly FixReportSummary[] {
    return this.listed ?? [];
  }

  entry(reportId: string): ReportEntry | undefined {
    return this.entries.get(reportId);
  }

  /** The report's fixes (one request), then its issues streaming in the background. */
  report(reportId: string): Promise<ReportModel> {
    const current = this.currentness(reportId);
    const fetching = !this.entries.get(reportId)?.model; // not a redraw of a loaded report
    const received = fetching ? () => this.early.start(reportId) : undefined;
    const loaded = this.reportDetail(reportId, undefined, received).then(
      (model) => {
        // The detail may have come from the counts prefetch: paging starts on the first real use.
        const entry = this.entries.get(reportId);
        const opened = this.early.take(reportId);
        if (current() && entry?.model === model && entry.issues === undefined && !this.paging.has(reportId))
          this.startIssues(reportId, model, opened);
        else if (opened) closePaging(opened);
        return model;
      },
      (e: unknown) => {
        this.early.drop(reportId);
        if (current()) {
          this.entryFor(reportId).detailError = this.failed(e, () => this.changed.fire({ kind: 'report', reportId }));
          this.changed.fire({ kind: 'report', reportId });
        }
        throw e;
      },
    );
    // Until its paging has started (a foreground load of its own): no gap for the prefetch.
    if (fetching) this.inForeground(loaded, reportId);
    return loaded;
  }

  /**
   * The report's detail (its fixes), fetched once and no issues: for the tree and for the counts
   * on report rows. `received` runs when its body is in, before decoding, if this call fetches it.
   */
  reportDetail(reportId: string, signal?: AbortSignal, received?: () => void): Promise<ReportModel> {
    let pending = this.details.get(reportId);
    // Someone other than the prefetch waits on its detail now: it is never cancelled to make way.
    if (pending && !signal) this.prefetching.delete(reportId);
    if (!pending) {
      const current = this.currentness(reportId);
      pending = (async () => {
        const cached = await this.readCached(reportId);
        if (cached && current()) return this.adoptCached(reportId, cached);
        const fetchedAt = Date.now();
        const model = new ReportModel(await this.connection.client().getReport(reportId, signal, received));
        for (const warning of model.warnings) this.log.warn(`Report ${reportId}: ${warning.message}`);
        if (current()) {
          const entry = this.entryFor(reportId);
          entry.model = model;
          entry.fetchedAt = fetchedAt;
          entry.cached = undefined;
          entry.detailError = undefined;
          this.succeeded();
          this.cacheDetail(reportId);
        }
        return model;
      })();
      this.details.set(reportId, pending);
      const failed = pending;
      failed.catch(() => {
        // A later expansion retries (unless one already asked again: a prefetch cancelled to make way).
        if (current() && this.details.get(reportId) === failed) this.details.delete(reportId);
      });
    }
    return pending;
  }

  /**
   * The cached copy of a report the user has seen (its issues were paged), or undefined. One
   * whose details only fed its row's counts is not used: expanding it pages its issues anyway.
   */
  private async readCached(reportId: string): Promise<CachedReport | undefined> {
    if (!this.cachedCounts.get(reportId)?.expanded) return undefined;
    const cache = await this.caches?.current();
    const cached = await cache?.readReport(reportId);
    return cached && (cached.complete || cached.issues.length > 0) ? cached : undefined;
  }

  /** Shows a cached report at once, then asks the service for its detail (see the top of this file). */
  private adoptCached(reportId: string, cached: CachedReport): ReportModel {
    const model = new ReportModel(cached.detail);
    model.addIssues(cached.issues);
    const entry = this.entryFor(reportId);
    entry.model = model;
    entry.fetchedAt = cached.fetchedAt;
    entry.cached = { since: cached.fetchedAt };
    entry.detailError = undefined;
    const received = model.issueCount;
    // An incomplete copy continues like a cancelled load: "load the rest" pages again (known ids are skipped).
    entry.issues = { kind: cached.complete ? 'done' : 'cancelled', received };
    this.log.info(
      `Report ${reportId}: shown from the cache (${received} issues, fetched ${new Date(cached.fetchedAt).toISOString()}); checking its detail with the service.`,
    );
    this.revalidateDetail(reportId, entry);
    return model;
  }

  /** Fetches a cached report's detail again and swaps it in under the same issues; a failure keeps the copy, marked stale. */
  private revalidateDetail(reportId: string, entry: ReportEntry): void {
    const current = this.currentness(reportId);
    const fetchedAt = Date.now();
    let client;
    try {
      client = this.connection.client();
    } catch (e) {
      return this.markStale(entry, reportId, e);
    }
    client.getReport(reportId).then(
      (detail) => {
        if (!current() || !entry.model || this.entries.get(reportId) !== entry) return;
        if (this.paging.has(reportId)) return; // "load the rest" started meanwhile: it fills the copy, which stays marked
        void this.swapDetail(reportId, entry, detail, fetchedAt).catch((e: unknown) => this.markStale(entry, reportId, e));
      },
      (e: unknown) => current() && this.markStale(entry, reportId, e),
    );
  }

  /**
   * The service's detail for a report shown from the cache. Unchanged (the usual case): the copy
   * is confirmed as it is. Changed: the model is built again from the new detail and the issues
   * of the cache file (the model keeps no copy it could regroup); the file keeps the detail it
   * was written with and its age, the index the row's new counts.
   */
  private async swapDetail(reportId: string, entry: ReportEntry, detail: FixReportDetail, fetchedAt: number): Promise<void> {
    const current = this.currentness(reportId);
    const old = entry.model!;
    if (JSON.stringify(detail) === JSON.stringify(old.report)) {
      entry.cached = undefined;
      entry.fetchedAt = fetchedAt;
      this.succeeded();
      this.changed.fire({ kind: 'report', reportId });
      return;
    }
    const cached = await (await this.caches?.current())?.readReport(reportId);
    if (!current() || entry.model !== old || this.paging.has(reportId)) return;
    if (!cached) return this.reloadReport(reportId); // the copy is gone meanwhile: fetch the report whole
    const model = new ReportModel(detail);
    model.addIssues(cached.issues);
    for (const warning of model.warnings) this.log.warn(`Report ${reportId}: ${warning.message}`);
    entry.model = model;
    entry.fetchedAt = fetchedAt;
    entry.cached = undefined;
    this.details.set(reportId, Promise.resolve(model));
    this.succeeded();
    const counts = this.countsOf(entry, model);
    this.cachedCounts.set(reportId, counts);
    void this.toCache(reportId, (cache) => cache.updateMeta(reportId, counts));
    this.log.info(`Report ${reportId}: its detail changed since it was cached; shown with the new one.`);
    this.changed.fire({ kind: 'report', reportId });
  }

  private markStale(entry: ReportEntry, reportId: string, e: unknown): void {
    const message = errorMessage(e);
    if (entry.cached) entry.cached = { since: entry.cached.since, stale: message };
    this.log.warn(`Report ${reportId}: showing the cached copy; the service could not confirm it: ${message}`);
    this.changed.fire({ kind: 'report', reportId });
  }

  /** Stores the list (the service's order) for the next window. Never fails the caller. */
  private cacheList(reports: readonly FixReportSummary[]): void {
    const epoch = this.epoch;
    const fetchedAt = Date.now();
    void this.caches
      ?.current()
      ?.then((cache) => (epoch === this.epoch ? cache?.writeList(reports, fetchedAt) : undefined))
      .catch((e: unknown) => this.log.warn(`Report cache: the list was not stored (${errorMessage(e)}).`));
  }

  /** What a report's row shows, as the cache's index keeps it. */
  private countsOf(entry: ReportEntry, model: ReportModel): CachedCounts {
    const loading = entry.issues;
    return {
      fixes: model.fixCounts,
      issues: loading && { received: model.issueCount, falsePositives: model.falsePositives.length, complete: loading.kind === 'done' },
      expanded: loading !== undefined,
    };
  }

  /** Stores a report's detail without issues: its row's counts for the next window. Never fails the caller. */
  private cacheDetail(reportId: string): void {
    const entry = this.entries.get(reportId);
    const model = entry?.model;
    if (!entry || !model || entry.fetchedAt === undefined) return;
    const counts = this.countsOf(entry, model);
    this.cachedCounts.set(reportId, counts);
    void this.toCache(reportId, (cache) =>
      cache.writeReport(reportId, { detail: model.report, pages: [], fetchedAt: entry.fetchedAt!, complete: false }, counts),
    );
  }

  /**
   * Stores a report's issues as their pages arrive (the feed), behind its detail; the file
   * lands when paging ends or pauses, with the row's counts of that moment. Never fails the caller.
   */
  private cachePages(
    reportId: string,
    entry: ReportEntry,
    model: ReportModel,
    pages: AsyncIterable<readonly Issue[]>,
    feed: PageFeed,
  ): Promise<boolean> {
    const fetchedAt = entry.fetchedAt ?? Date.now();
    return this.toCache(reportId, (cache) =>
      cache.writeReport(reportId, { detail: model.report, pages, fetchedAt, complete: () => feed.complete }, () => {
        const counts = this.countsOf(entry, model);
        if (entry.model === model) this.cachedCounts.set(reportId, counts);
        return counts;
      }),
    );
  }

  /**
   * "Load more" after a pause: the file written at the pause, then the pages that follow, as
   * one new file. If that copy is gone or does not hold what the model had at the pause (evicted,
   * cleared, a failed write), nothing is written and the pause's incomplete copy stays.
   */
  private continueCache(reportId: string, entry: ReportEntry, paging: Paging): void {
    const previous = paging.stored;
    const model = entry.model!;
    if (!previous) return; // the cache was off when paging started
    const held = model.issueCount;
    const epoch = this.epoch;
    const feed = new PageFeed();
    paging.feed = feed;
    // Read before the write starts: a read that finds the file broken deletes it, which waits
    // for the file's writes, the new one included.
    paging.stored = (async () => {
      const cache = (await previous) && epoch === this.epoch ? await this.caches?.current() : undefined;
      const holder: { issues?: Issue[] } = { issues: (await cache?.readReport(reportId))?.issues };
      if (holder.issues?.length !== held || epoch !== this.epoch) {
        feed.abandon(); // nothing sound to continue from
        return false;
      }
      return this.cachePages(reportId, entry, model, pagesThen(holder, feed), feed);
    })().catch((e: unknown) => {
      feed.abandon();
      this.log.warn(`Report cache: report ${reportId} was not stored (${errorMessage(e)}).`);
      return false;
    });
  }

  /** Runs one cache operation for this epoch's connection, if the cache is on; logs a failure. */
  private async toCache(reportId: string, write: (cache: StoreCache) => Promise<boolean | void>): Promise<boolean> {
    const epoch = this.epoch;
    try {
      const cache = await this.caches?.current();
      return cache !== undefined && epoch === this.epoch ? (await write(cache)) !== false : false;
    } catch (e) {
      this.log.warn(`Report cache: report ${reportId} was not stored (${errorMessage(e)}).`);
      return false;
    }
  }

  /** True while nothing replaced what was loaded for this report (a reset, refresh or reload). */
  private currentness(reportId: string): () => boolean {
    const epoch = this.epoch;
    const generation = this.generations.get(reportId) ?? 0;
    return () => epoch === this.epoch && generation === (this.generations.get(reportId) ?? 0);
  }

  /**
   * Counts on report rows without expanding them: the details (fixes, never issues) of the first
   * `countsPrefetch` listed reports that have not expired, two at a time, only while nothing
   * the user opened is loading (see `foreground`; one on its way then is cancelled and asked
   * again after). A failure only leaves that row without counts (logged); expanding the report
   * fetches it again and reports errors.
   */
  private prefetchCounts(reports: readonly FixReportSummary[]): void {
    // A new list of the same data (a warm start's revalidation): the row details on their way
    // for reports it still lists are still wanted, so they go on (and the new run skips them).
    this.stopPrefetch(new Set(reports.map((r) => r.id)));
    const limit = this.connection.settings.countsPrefetch;
    const nowMs = Date.now();
    const queue = reports.filter((r) => !isExpired(r, nowMs) && !this.details.has(r.id) && !this.cachedCounts.has(r.id)).slice(0, limit);
    if (queue.length === 0) return;
    const run = { controller: new AbortController(), queue };
    this.prefetchRun = run;
    const worker = async () => {
      for (;;) {
        await this.foregroundSettled(); // what the user opened goes first
        const next = run.queue.shift();
        if (!next || run.controller.signal.aborted) return;
        const id = next.id;
        if (this.details.has(id)) continue; // opened or read meanwhile
        const item = new AbortController();
        this.prefetching.set(id, item);
        await this.reportDetail(id, item.signal).then(
          // Only the row's counts changed (unless the data was dropped meanwhile); an expansion
          // meanwhile redraws it through its paging.
          () => {
            const entry = this.entries.get(id);
            if (entry?.model && !entry.issues) this.changed.fire({ kind: 'report', reportId: id });
          },
          (e: unknown) => {
            if (!item.signal.aborted) this.log.warn(`Report ${id}: no counts on its row (${errorMessage(e)}).`);
            // Made way for an opened report: again after it, in the run under way by then.
            else if (item.signal.reason === MADE_WAY) this.prefetchRun?.queue.unshift(next);
          },
        );
        if (this.prefetching.get(id) === item) this.prefetching.delete(id);
      }
    };
    void Promise.all([worker(), worker()]);
  }

  /**
   * Stops the counts prefetch and cancels the row details it has on their way, but those of
   * `keep`. A cancelled detail leaves `details` at once, so whoever asks next fetches it again.
   * (A detail something else joined left `prefetching` then, and is never cancelled here.)
   */
  private stopPrefetch(keep?: ReadonlySet<string>): void {
    this.prefetchRun?.controller.abort();
    this.prefetchRun = undefined;
    for (const [id, item] of this.prefetching) {
      if (keep?.has(id)) continue;
      this.prefetching.delete(id);
      item.abort();
      this.details.delete(id);
    }
  }

  /**
   * Marks a load the user asked for: the counts prefetch waits until it settles, and cancels the
   * row details it has on their way for other reports (asked again after).
   */
  private inForeground(load: Promise<unknown>, reportId: string): void {
    for (const [id, item] of this.prefetching) {
      if (id === reportId) continue;
      item.abort(MADE_WAY);
      this.details.delete(id); // opened next, it is asked for again, not joined to the cancelled request
    }
    this.prefetching.clear();
    const settled = load.then(
      () => undefined,
      () => undefined,
    );
    this.foreground.add(settled);
    void settled.then(() => this.foreground.delete(settled));
  }

  /** Resolves once nothing the user opened is loading (loads that start meanwhile are waited for too). */
  private async foregroundSettled(): Promise<void> {
    while (this.foreground.size > 0) await Promise.all(this.foreground);
  }

  /** Continues paging after a pause or a failure ("Load more" / "Retry"). */
  loadMoreIssues(reportId: string): void {
    const entry = this.entries.get(reportId);
    if (!entry?.model) return;
    const paging = this.paging.get(reportId);
    if (entry.issues?.kind === 'paused' && paging) {
      this.continueCache(reportId, entry, paging);
      this.pump(reportId, entry, paging);
    } else if (entry.issues?.kind === 'failed' || entry.issues?.kind === 'cancelled') this.startIssues(reportId, entry.model);
  }

  /** Fetches one report again, detail and issues, dropping what was loaded of it. */
  reloadReport(reportId: string): void {
    this.stopPaging(reportId);
    this.details.delete(reportId);
    this.cachedCounts.delete(reportId); // from the service, not the cache
    this.generations.set(reportId, (this.generations.get(reportId) ?? 0) + 1);
    const entry = this.entries.get(reportId);
    if (entry) {
      entry.model = undefined;
      entry.issues = undefined;
      entry.detailError = undefined;
    }
    this.log.info(`Report ${reportId}: reloading.`);
    this.changed.fire({ kind: 'report', reportId });
  }

  private stopPaging(reportId: string): void {
    this.early.drop(reportId);
    const paging = this.paging.get(reportId);
    if (!paging) return;
    paging.feed?.abandon(); // no-op after end(): a cancelled load is kept
    closePaging(paging);
    this.paging.delete(reportId);
  }

  cancelIssues(reportId: string): void {
    const paging = this.paging.get(reportId);
    const entry = this.entries.get(reportId);
    if (!paging || !entry?.issues) return;
    entry.issues = { kind: 'cancelled', received: entry.issues.received };
    paging.feed?.end(false); // what was shown is kept for the next window
    this.stopPaging(reportId);
    this.log.info(`Report ${reportId}: issue loading cancelled after ${entry.issues.received} issues.`);
    this.changed.fire({ kind: 'report', reportId });
  }

  /** Resolves when the report's current paging run stops (done, paused, failed or cancelled). */
  async issuesSettled(reportId: string): Promise<void> {
    await this.paging.get(reportId)?.running;
  }

  /** The FP summary, fetched once per fpId. */
  fpSummary(fpId: string): Promise<FpSummary> {
    let pending = this.summaries.get(fpId);
    if (!pending) {
      pending = this.connection.client().fpSummary(fpId);
      this.summaries.set(fpId, pending);
      pending.then(
        (summary) => this.knownSummaries.set(fpId, summary),
        () => this.summaries.delete(fpId),
      );
    }
    return pending;
  }

  /** A summary already fetched, without a request. */
  knownSummary(fpId: string): FpSummary | undefined {
    return this.knownSummaries.get(fpId);
  }

  /** The loaded false-positive issue with this fpId. */
  falsePositiveByFpId(fpId: string): FalsePositiveRef | undefined {
    for (const ref of this.falsePositives()) if (ref.issue.fpId === fpId) return ref;
    return undefined;
  }

  /** False-positive issues of every loaded report. */
  *falsePositives(): Generator<FalsePositiveRef> {
    for (const entry of this.entries.values()) {
      if (!entry.model) continue;
      const vendor = entry.model.report.vulnerabilityReport?.vendor ?? entry.summary.vulnerabilityReport?.vendor ?? '';
      for (const issue of entry.model.falsePositives) yield { issue, report: entry.summary, vendor };
    }
  }

  /** A refresh under way, if any (the view says so and offers Cancel Refresh). */
  get refreshing(): Refreshing | undefined {
    return this.refreshRun && { startedAt: this.refreshRun.startedAt };
  }

  /** Set while the data on screen is older than the last refresh attempt. */
  get stale(): Stale | undefined {
    return this.staleValue;
  }

  /**
   * Fetches the list and every expanded report again, keeping what is on screen until all of
   * it has arrived, then swaps it in at once. A hung or failing service therefore never empties
   * the tree: a failure or Cancel Refresh keeps the last good data, marked stale. Without
   * loaded data there is nothing to keep, and this is a plain reload. 'revalidate' (after a
   * warm start) fetches only the list and keeps every report shown: each checks its own detail.
   */
  refresh(mode: 'refresh' | 'revalidate' = 'refresh'): void {
    if (!this.listed || this.lastRefresh === undefined) return this.reset();
    if (this.refreshRun) return; // one at a time: the view already says it is refreshing
    const controller = new AbortController();
    const run = { controller, startedAt: Date.now() };
    this.refreshRun = run;
    const epoch = this.epoch;
    // Expanded: its issues were paged. Reports whose detail only fed the counts are prefetched again.
    const expanded = mode === 'revalidate' ? [] : [...this.entries].filter(([, entry]) => entry.issues).map(([id]) => id);
    const shownSince = this.lastRefresh;
    this.log.info(`Refreshing ${this.listed.length} reports and ${expanded.length} expanded.`);
    this.changed.fire({ kind: 'status' });
    const fetchAll = async () => {
      const client = this.connection.client();
      const fetchedAt = Date.now();
      const [reports, remotes] = await Promise.all([client.listReports(controller.signal), this.workspaceRemotes().catch(() => [])]);
      const listedIds = new Set(reports.map((r) => r.id));
      const details = await Promise.all(
        expanded
          .filter((id) => listedIds.has(id))
          .map(async (id) => [id, new ReportModel(await client.getReport(id, controller.signal))] as const),
      );
      return { reports, sorted: sortReports(reports, { workspaceRemotes: remotes, nowMs: Date.now() }), details, fetchedAt };
    };
    const title = mode === 'revalidate' ? 'Checking the cached fix reports…' : 'Refreshing fix reports…';
    void Promise.resolve(this.withProgress(title, fetchAll))
      .then(
        ({ reports, sorted, details, fetchedAt }) => {
          if (epoch !== this.epoch) return;
          if (mode === 'revalidate') this.adoptList(sorted);
          else this.replace(sorted, details, fetchedAt);
          this.staleValue = undefined;
          this.cachedList = undefined;
          this.succeeded();
          this.cacheList(reports);
        },
        (e: unknown) => {
          if (epoch !== this.epoch) return;
          const cancelled = controller.signal.aborted;
          const error = cancelled ? undefined : this.failed(e, () => this.refresh());
          const reason = cancelled ? 'The refresh was cancelled.' : `The refresh failed: ${error!.message}`;
          this.staleValue = { since: shownSince, reason };
          this.cachedList = undefined; // said by the stale mark from now on
          this.log.warn(`Refresh ${cancelled ? 'cancelled' : 'failed'}; showing the data fetched ${new Date(shownSince).toISOString()}.`);
        },
      )
      .finally(() => {
        if (this.refreshRun === run) this.refreshRun = undefined;
        this.changed.fire({ kind: 'status' });
      });
  }

  /** Stops waiting for a refresh; what is on screen stays (marked stale). */
  cancelRefresh(): void {
    this.refreshRun?.controller.abort();
  }

  /** Drops everything loaded (the key or origin changed: nothing may stay); the next read fetches again. */
  reset(): void {
    this.epoch++;
    this.stopPrefetch();
    this.refreshRun?.controller.abort();
    this.refreshRun = undefined;
    this.staleValue = undefined;
    this.cachedList = undefined;
    this.cachedCounts.clear();
    this.stopAllPaging();
    this.list = undefined;
    this.listed = undefined;
    this.entries.clear();
    this.details.clear();
    this.summaries.clear();
    this.knownSummaries.clear();
    this.changed.fire({ kind: 'all' });
  }

  /**
   * Takes the service's list in place of the cached one: reports it no longer lists go, the
   * others keep what is loaded of them (each checks its own detail).
   */
  private adoptList(sorted: FixReportSummary[]): void {
    const listedIds = new Set(sorted.map((r) => r.id));
    for (const id of [...this.entries.keys()]) {
      if (listedIds.has(id)) continue;
      this.stopPaging(id);
      this.entries.delete(id);
      this.details.delete(id);
      this.cachedCounts.delete(id);
    }
    for (const summary of sorted) {
      const entry = this.entries.get(summary.id);
      if (entry) entry.summary = summary;
      else this.entries.set(summary.id, { summary });
    }
    this.listed = sorted;
    this.list = Promise.resolve(sorted);
    this.changed.fire({ kind: 'all' });
    this.prefetchCounts(sorted);
  }

  /** Swaps in a refreshed list and the details of the reports that were expanded. */
  private replace(sorted: FixReportSummary[], details: readonly (readonly [string, ReportModel])[], fetchedAt: number): void {
    this.epoch++;
    this.stopPrefetch(); // what it has on its way was asked for before the refresh: not used
    this.cachedCounts.clear(); // Refresh fetches what it shows: counts and reports, not the cache's copies
    this.stopAllPaging();
    this.entries.clear();
    this.details.clear();
    this.summaries.clear();
    this.knownSummaries.clear();
    this.listed = sorted;
    this.list = Promise.resolve(sorted);
    for (const summary of sorted) this.entries.set(summary.id, { summary });
    for (const [id, model] of details) {
      for (const warning of model.warnings) this.log.warn(`Report ${id}: ${warning.message}`);
      this.details.set(id, Promise.resolve(model));
      this.entryFor(id).fetchedAt = fetchedAt;
      this.startIssues(id, model);
    }
    this.changed.fire({ kind: 'all' });
    this.prefetchCounts(sorted);
  }

  private stopAllPaging(): void {
    this.early.dropAll();
    for (const paging of this.paging.values()) {
      paging.feed?.abandon();
      closePaging(paging);
    }
    this.paging.clear();
  }

  /** A report's issue paging, from its first page; nothing is asked until it is pulled. */
  private openIssues(reportId: string): OpenedPaging {
    const controller = new AbortController();
    const iterator = this.connection
      .client()
      .issuePages({ fixReportId: reportId }, { signal: controller.signal, onWarning: (w) => this.log.warn(`Report ${reportId}: ${w}`) });
    return { iterator, controller };
  }

  /** Pages the report's issues into its model: `opened` when its first page is already on its way. */
  private startIssues(reportId: string, model: ReportModel, opened = this.openIssues(reportId)): void {
    const entry = this.entryFor(reportId);
    const feed = this.caches?.current() ? new PageFeed() : undefined;
    const paging: Paging = { ...opened, ...(feed ? { feed } : {}) };
    this.paging.set(reportId, paging);
    entry.model = model;
    if (feed) paging.stored = this.cachePages(reportId, entry, model, feed, feed);
    this.pump(reportId, entry, paging);
  }

  /** Pulls pages until done, failed, cancelled, or `issuesPerLoad` more issues arrived. */
  private pump(reportId: string, entry: ReportEntry, paging: Paging): void {
    const model = entry.model!;
    const budget = this.connection.settings.issuesPerLoad;
    const startedAt = model.issueCount;
    entry.issues = { kind: 'loading', received: model.issueCount };
    this.changed.fire({ kind: 'report', reportId });
    const run = async () => {
      let lastFire = 0;
      try {
        for (;;) {
          const pulled = paging.first ?? paging.iterator.next();
          paging.first = undefined;
          const next = await pulled;
          if (paging.controller.signal.aborted) return;
          if (next.done) {
            entry.issues = { kind: 'done', received: model.issueCount };
            paging.feed?.end(true);
            this.paging.delete(reportId);
            break;
          }
          paging.feed?.push(next.value.issues);
          model.addIssues(next.value.issues);
          entry.issues = { kind: 'loading', received: model.issueCount };
          if (next.value.hasNextPage && model.issueCount - startedAt >= budget) {
            entry.issues = { kind: 'paused', received: model.issueCount };
            // A new window shows what arrived (marked incomplete); "Load more" continues the copy.
            paging.feed?.end(false);
            break;
          }
          // Redraw at most a few times a second while pages stream in.
          if (Date.now() - lastFire > 250) {
            lastFire = Date.now();
            this.changed.fire({ kind: 'report', reportId });
          }
        }
      } catch (e) {
        if (paging.controller.signal.aborted) return;
        this.paging.delete(reportId);
        entry.issues = { kind: 'failed', received: model.issueCount, error: this.failed(e, () => this.loadMoreIssues(reportId)) };
        paging.feed?.end(false); // what arrived is kept; Retry pages again from the start
      }
      this.changed.fire({ kind: 'report', reportId });
    };
    paging.running = Promise.resolve(
      this.withProgress(`Loading issues of ${entry.summary.vulnerabilityReport?.project?.name ?? 'the report'}…`, run),
    );
    this.inForeground(paging.running, reportId);
  }

  private entryFor(reportId: string): ReportEntry {
    let entry = this.entries.get(reportId);
    if (!entry) {
      entry = {
        summary: { id: reportId, createdOn: null, expirationOn: null, createdByUser: null, vulnerabilityReport: null, repo: null },
      };
      this.entries.set(reportId, entry);
    }
    return entry;
  }

  private succeeded(): void {
    const recovered = this.lastError !== undefined;
    this.lastRefresh = Date.now();
    this.lastError = undefined;
    if (recovered) this.changed.fire({ kind: 'all' }); // error rows and the status bar go back to normal
  }

  private failed(e: unknown, retry: () => void): ServiceError {
    const error = e instanceof ServiceError ? e : new ServiceError('network', errorMessage(e), { cause: e });
    if (error.kind !== 'cancelled') {
      this.lastError = error;
      this.log.error(error.message);
      this.failures.fire({ error, retry });
    }
    return error;
  }

  override dispose(): void {
    this.reset();
    super.dispose();
  }
}
