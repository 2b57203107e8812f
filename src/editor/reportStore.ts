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
//
// This file is the facade: each job is a module under store/ (list loading, details, issue
// paging, the counts-prefetch scheduler, cache writes, FP summaries, their shared state), and
// what touches all of them (opening a report, a reload, a reset, swapping in a refresh) is here.
// None of it needs the editor API: the store runs in plain Node.
import type { FpSummary } from '../api/client';
import type { FixReportSummary } from '../api/schemas';
import { Disposable } from '../common/disposable';
import type { Event } from '../common/emitter';
import { errorMessage } from '../common/errors';
import type { ReportModel } from '../model/report';
import { isExpired } from '../model/reportList';
import type { Connection } from './connection';
import { closePaging } from './earlyPages';
import type { ExtensionLog } from './log';
import type { CachedCounts } from './reportCaches';
import { CacheWrites } from './store/cacheWrites';
import { falsePositivesOf, FpSummaries } from './store/fpSummaries';
import { IssuePaging } from './store/issuePaging';
import { ListLoading, type Refreshed } from './store/listLoading';
import { PrefetchScheduler } from './store/prefetchScheduler';
import { ReportDetails } from './store/reportDetails';
import { StoreState } from './store/state';
import type {
  Cached,
  FalsePositiveRef,
  Refreshing,
  ReportEntry,
  Stale,
  StoreCaches,
  StoreChange,
  StoreFailure,
  WithProgress,
} from './store/types';

export type { Cached, FalsePositiveRef, IssueLoading, Refreshing, ReportEntry, Stale, StoreFailure } from './store/types';

export class ReportStore extends Disposable {
  private readonly state: StoreState;
  readonly onDidChange: Event<StoreChange>;
  /** A load failed (not cancelled); `retry` repeats it. The extension shows a notification. */
  readonly onDidFail: Event<StoreFailure>;

  private readonly writes: CacheWrites;
  private readonly fp: FpSummaries;
  /** Counts on report rows without expanding them (see `prefetchCounts`). */
  private readonly prefetch: PrefetchScheduler;
  private readonly paging: IssuePaging;
  private readonly details: ReportDetails;
  private readonly lists: ListLoading;
  private autoRefresh: NodeJS.Timeout | undefined;

  constructor(
    private readonly connection: Connection,
    private readonly log: ExtensionLog,
    workspaceRemotes: () => Promise<string[]>,
    withProgress: WithProgress,
    caches?: StoreCaches,
  ) {
    super();
    const state = (this.state = this.register(new StoreState(log)));
    this.onDidChange = state.changed.event;
    this.onDidFail = state.failures.event;
    this.writes = new CacheWrites(state, caches, log);
    this.fp = new FpSummaries((fpId) => connection.client().fpSummary(fpId));
    this.prefetch = new PrefetchScheduler({
      has: (id) => state.details.has(id),
      fetch: (id, signal) => this.reportDetail(id, signal),
      forget: (id) => state.details.delete(id),
      // Only the row's counts changed (unless the data was dropped meanwhile); an expansion
      // meanwhile redraws it through its paging.
      loaded: (id) => {
        const entry = state.entries.get(id);
        if (entry?.model && !entry.issues) state.changed.fire({ kind: 'report', reportId: id });
      },
      failed: (id, e) => log.warn(`Report ${id}: no counts on its row (${errorMessage(e)}).`),
    });
    this.paging = new IssuePaging(state, connection, log, withProgress, this.writes, (load, id) => this.prefetch.inForeground(load, id));
    this.details = new ReportDetails(state, connection, log, caches, this.writes, {
      joined: (id) => this.prefetch.joined(id),
      paging: (id) => this.paging.has(id),
      reload: (id) => this.reloadReport(id),
    });
    this.lists = new ListLoading(state, connection, log, workspaceRemotes, withProgress, caches, this.writes, {
      reset: () => this.reset(),
      listed: (sorted) => this.prefetchCounts(sorted),
      adopt: (sorted) => this.adoptList(sorted),
      replace: (refreshed) => this.replace(refreshed),
    });
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

  get lastRefresh(): number | undefined {
    return this.state.lastRefresh;
  }

  get lastError(): StoreState['lastError'] {
    return this.state.lastError;
  }

  /** The report list, loaded once per refresh; workspace repositories first, newest first. */
  reports(): Promise<FixReportSummary[]> {
    return this.lists.reports();
  }

  /** The list on screen came from the cache and the service has not confirmed it yet. */
  get cached(): Cached | undefined {
    return this.lists.cached;
  }

  /** A cached report's counts (from the cache's index), for its row while it is not loaded. */
  cachedCountsOf(reportId: string): CachedCounts | undefined {
    return this.state.cachedCounts.get(reportId);
  }

  /** Reports already listed (no request). */
  loadedReports(): readonly FixReportSummary[] {
    return this.state.listed ?? [];
  }

  entry(reportId: string): ReportEntry | undefined {
    return this.state.entries.get(reportId);
  }

  /** The report's fixes (one request), then its issues streaming in the background. */
  report(reportId: string): Promise<ReportModel> {
    const { state, paging } = this;
    const current = state.currentness(reportId);
    const fetching = !state.entries.get(reportId)?.model; // not a redraw of a loaded report
    const received = fetching ? () => paging.early.start(reportId) : undefined;
    const loaded = this.reportDetail(reportId, undefined, received).then(
      (model) => {
        // The detail may have come from the counts prefetch: paging starts on the first real use.
        const entry = state.entries.get(reportId);
        const opened = paging.early.take(reportId);
        if (current() && entry?.model === model && entry.issues === undefined && !paging.has(reportId))
          paging.start(reportId, model, opened);
        else if (opened) closePaging(opened);
        return model;
      },
      (e: unknown) => {
        paging.early.drop(reportId);
        if (current()) {
          state.entryFor(reportId).detailError = state.failed(e, () => state.changed.fire({ kind: 'report', reportId }));
          state.changed.fire({ kind: 'report', reportId });
        }
        throw e;
      },
    );
    // Until its paging has started (a foreground load of its own): no gap for the prefetch.
    if (fetching) this.prefetch.inForeground(loaded, reportId);
    return loaded;
  }

  /**
   * The report's detail (its fixes), fetched once and no issues: for the tree and for the counts
   * on report rows. `received` runs when its body is in, before decoding, if this call fetches it.
   */
  reportDetail(reportId: string, signal?: AbortSignal, received?: () => void): Promise<ReportModel> {
    return this.details.detail(reportId, signal, received);
  }

  /** Continues paging after a pause or a failure ("Load more" / "Retry"). */
  loadMoreIssues(reportId: string): void {
    this.paging.loadMore(reportId);
  }

  /** Fetches one report again, detail and issues, dropping what was loaded of it. */
  reloadReport(reportId: string): void {
    const { state } = this;
    this.paging.stop(reportId);
    state.details.delete(reportId);
    state.cachedCounts.delete(reportId); // from the service, not the cache
    state.generations.set(reportId, (state.generations.get(reportId) ?? 0) + 1);
    const entry = state.entries.get(reportId);
    if (entry) {
      entry.model = undefined;
      entry.issues = undefined;
      entry.detailError = undefined;
    }
    this.log.info(`Report ${reportId}: reloading.`);
    state.changed.fire({ kind: 'report', reportId });
  }

  cancelIssues(reportId: string): void {
    this.paging.cancel(reportId);
  }

  /** Resolves when the report's current paging run stops (done, paused, failed or cancelled). */
  issuesSettled(reportId: string): Promise<void> {
    return this.paging.settled(reportId);
  }

  /** The FP summary, fetched once per fpId. */
  fpSummary(fpId: string): Promise<FpSummary> {
    return this.fp.get(fpId);
  }

  /** A summary already fetched, without a request. */
  knownSummary(fpId: string): FpSummary | undefined {
    return this.fp.knownSummary(fpId);
  }

  /** The loaded false-positive issue with this fpId. */
  falsePositiveByFpId(fpId: string): FalsePositiveRef | undefined {
    for (const ref of this.falsePositives()) if (ref.issue.fpId === fpId) return ref;
    return undefined;
  }

  /** False-positive issues of every loaded report. */
  falsePositives(): Generator<FalsePositiveRef> {
    return falsePositivesOf(this.state.entries.values());
  }

  /** A refresh under way, if any (the view says so and offers Cancel Refresh). */
  get refreshing(): Refreshing | undefined {
    return this.lists.refreshing;
  }

  /** Set while the data on screen is older than the last refresh attempt. */
  get stale(): Stale | undefined {
    return this.lists.stale;
  }

  /** Fetches the list and every expanded report again (listLoading.ts); 'revalidate' only the list. */
  refresh(mode: 'refresh' | 'revalidate' = 'refresh'): void {
    this.lists.refresh(mode);
  }

  /** Stops waiting for a refresh; what is on screen stays (marked stale). */
  cancelRefresh(): void {
    this.lists.cancelRefresh();
  }

  /** Drops everything loaded (the key or origin changed: nothing may stay); the next read fetches again. */
  reset(): void {
    const { state } = this;
    state.epoch++;
    this.prefetch.stop();
    this.lists.clear();
    state.cachedCounts.clear();
    this.paging.stopAll();
    state.list = undefined;
    state.listed = undefined;
    state.entries.clear();
    state.details.clear();
    this.fp.clear();
    state.changed.fire({ kind: 'all' });
  }

  /**
   * Takes the service's list in place of the cached one: reports it no longer lists go, the
   * others keep what is loaded of them (each checks its own detail).
   */
  private adoptList(sorted: FixReportSummary[]): void {
    const { state } = this;
    const listedIds = new Set(sorted.map((r) => r.id));
    for (const id of [...state.entries.keys()]) {
      if (listedIds.has(id)) continue;
      this.paging.stop(id);
      state.entries.delete(id);
      state.details.delete(id);
      state.cachedCounts.delete(id);
    }
    for (const summary of sorted) {
      const entry = state.entries.get(summary.id);
      if (entry) entry.summary = summary;
      else state.entries.set(summary.id, { summary });
    }
    state.listed = sorted;
    state.list = Promise.resolve(sorted);
    state.changed.fire({ kind: 'all' });
    this.prefetchCounts(sorted);
  }

  /** Swaps in a refreshed list and the details of the reports that were expanded. */
  private replace({ sorted, details, fetchedAt }: Refreshed): void {
    const { state } = this;
    state.epoch++;
    this.prefetch.stop(); // what it has on its way was asked for before the refresh: not used
    state.cachedCounts.clear(); // Refresh fetches what it shows: counts and reports, not the cache's copies
    this.paging.stopAll();
    state.entries.clear();
    state.details.clear();
    this.fp.clear();
    state.listed = sorted;
    state.list = Promise.resolve(sorted);
    for (const summary of sorted) state.entries.set(summary.id, { summary });
    for (const [id, model] of details) {
      state.warnAbout(id, model);
      state.details.set(id, Promise.resolve(model));
      state.entryFor(id).fetchedAt = fetchedAt;
      this.paging.start(id, model);
    }
    state.changed.fire({ kind: 'all' });
    this.prefetchCounts(sorted);
  }

  /**
   * Counts on report rows without expanding them: the details (fixes, never issues) of the first
   * `countsPrefetch` listed reports that have not expired, two at a time, only while nothing
   * the user opened is loading (one on its way then is cancelled and asked again after; see
   * store/prefetchScheduler.ts). A failure only leaves that row without counts (logged);
   * expanding the report fetches it again and reports errors.
   */
  private prefetchCounts(reports: readonly FixReportSummary[]): void {
    const { state } = this;
    // A new list of the same data (a warm start's revalidation): the row details on their way
    // for reports it still lists are still wanted, so they go on (and the new run skips them).
    this.prefetch.stop(new Set(reports.map((r) => r.id)));
    const limit = this.connection.settings.countsPrefetch;
    const nowMs = Date.now();
    const queue = reports.filter((r) => !isExpired(r, nowMs) && !state.details.has(r.id) && !state.cachedCounts.has(r.id)).slice(0, limit);
    this.prefetch.start(queue.map((r) => r.id));
  }

  override dispose(): void {
    this.reset();
    super.dispose();
  }
}
