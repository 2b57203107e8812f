// The report list: its first load (from the cache's index when it has one, then revalidated
// with the service; else from the service, cancellable), and Refresh, which keeps what is on
// screen until everything it fetches has arrived, or marks it stale when it fails or is
// cancelled. How the refreshed data is swapped in is the facade's (it touches every part).
import * as l10n from '@vscode/l10n';
import type { FixReportSummary } from '../../api/schemas';
import { ReportModel } from '../../model/report';
import { sortReports } from '../../model/reportList';
import type { CacheWrites } from './cacheWrites';
import type { StoreState } from './state';
import type { Cached, Refreshing, Stale, StoreCaches, StoreConnection, StoreLog, WithProgress } from './types';

/** What a refresh fetched: the list and the details of the reports that were expanded. */
export interface Refreshed {
  sorted: FixReportSummary[];
  details: readonly (readonly [string, ReportModel])[];
  fetchedAt: number;
}

/** What list loading asks of the rest of the store. */
export interface ListHooks {
  /** Drops everything loaded. */
  reset(): void;
  /** The service listed these (a first load): their rows' counts may be prefetched. */
  listed(sorted: readonly FixReportSummary[]): void;
  /** The service's list in place of the cached one; what is loaded of the reports it lists stays. */
  adopt(sorted: FixReportSummary[]): void;
  /** A refresh's list and details in place of everything. */
  replace(refreshed: Refreshed): void;
}

export class ListLoading {
  private refreshRun: { controller: AbortController; startedAt: number } | undefined;
  private staleValue: Stale | undefined;
  private cachedList: Cached | undefined;

  constructor(
    private readonly state: StoreState,
    private readonly connection: Pick<StoreConnection, 'client'>,
    private readonly log: StoreLog,
    private readonly workspaceRemotes: () => Promise<string[]>,
    private readonly withProgress: WithProgress,
    private readonly caches: StoreCaches | undefined,
    private readonly writes: CacheWrites,
    private readonly hooks: ListHooks,
  ) {}

  /** The list on screen came from the cache and the service has not confirmed it yet. */
  get cached(): Cached | undefined {
    return this.cachedList;
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
   * The report list, loaded once per refresh; workspace repositories first, newest first. The
   * first load of a window starts from the cache when it has a list, and asks the service after.
   */
  reports(): Promise<FixReportSummary[]> {
    if (!this.state.list) {
      const epoch = this.state.epoch;
      this.state.list = this.warmStart(epoch).then((cached) => cached ?? this.fetchList(epoch));
    }
    return this.state.list;
  }

  /** The cached list, shown at once (then revalidated), or undefined when there is none. */
  private async warmStart(epoch: number): Promise<FixReportSummary[] | undefined> {
    const { state } = this;
    const cache = await this.caches?.current();
    const index = cache?.readIndex();
    if (!index?.list || epoch !== state.epoch) return undefined;
    const remotes = await this.workspaceRemotes().catch(() => []);
    if (epoch !== state.epoch) return undefined;
    const sorted = sortReports(index.list.reports, { workspaceRemotes: remotes, nowMs: Date.now() });
    state.listed = sorted;
    state.addEntries(sorted);
    for (const [id, info] of index.reports) if (info.meta) state.cachedCounts.set(id, info.meta);
    state.lastRefresh = index.list.fetchedAt;
    this.cachedList = { since: index.list.fetchedAt };
    this.log.info(
      `Showing ${sorted.length} reports from the cache (fetched ${new Date(index.list.fetchedAt).toISOString()}); asking the service again.`,
    );
    state.changed.fire({ kind: 'status' });
    // After the caller has the list: the rows are drawn before the request goes out.
    setTimeout(() => epoch === state.epoch && this.refresh('revalidate'), 0);
    return sorted;
  }

  /** The list from the service (the first load without a cached list). */
  private fetchList(epoch: number): Promise<FixReportSummary[]> {
    const { state } = this;
    // The first load is cancellable like a refresh (Cancel Refresh in the title bar).
    const run = { controller: new AbortController(), startedAt: Date.now() };
    this.refreshRun = run;
    state.changed.fire({ kind: 'status' });
    const list = Promise.resolve(
      this.withProgress(l10n.t('Loading fix reports…'), async () => {
        const client = this.connection.client();
        const [reports, remotes] = await Promise.all([client.listReports(run.controller.signal), this.workspaceRemotes().catch(() => [])]);
        const sorted = sortReports(reports, { workspaceRemotes: remotes, nowMs: Date.now() });
        if (epoch === state.epoch) {
          state.listed = sorted;
          state.addEntries(sorted);
          state.succeeded();
          this.writes.list(reports);
          this.hooks.listed(sorted);
        }
        return sorted;
      }),
    );
    list
      .catch((e: unknown) => {
        if (epoch !== state.epoch) return;
        state.failed(e, () => this.hooks.reset());
        state.changed.fire({ kind: 'all' });
      })
      .finally(() => {
        if (this.refreshRun !== run) return;
        this.refreshRun = undefined;
        state.changed.fire({ kind: 'status' });
      });
    return list;
  }

  /**
   * Fetches the list and every expanded report again, keeping what is on screen until all of
   * it has arrived, then swaps it in at once. A hung or failing service therefore never empties
   * the tree: a failure or Cancel Refresh keeps the last good data, marked stale. Without
   * loaded data there is nothing to keep, and this is a plain reload. 'revalidate' (after a
   * warm start) fetches only the list and keeps every report shown: each checks its own detail.
   */
  refresh(mode: 'refresh' | 'revalidate' = 'refresh'): void {
    const { state } = this;
    if (!state.listed || state.lastRefresh === undefined) return this.hooks.reset();
    if (this.refreshRun) return; // one at a time: the view already says it is refreshing
    const controller = new AbortController();
    const run = { controller, startedAt: Date.now() };
    this.refreshRun = run;
    const epoch = state.epoch;
    // Expanded: its issues were paged. Reports whose detail only fed the counts are prefetched again.
    const expanded = mode === 'revalidate' ? [] : [...state.entries].filter(([, entry]) => entry.issues).map(([id]) => id);
    const shownSince = state.lastRefresh;
    this.log.info(`Refreshing ${state.listed.length} reports and ${expanded.length} expanded.`);
    state.changed.fire({ kind: 'status' });
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
    const title = mode === 'revalidate' ? l10n.t('Checking the cached fix reports…') : l10n.t('Refreshing fix reports…');
    void Promise.resolve(this.withProgress(title, fetchAll))
      .then(
        ({ reports, sorted, details, fetchedAt }) => {
          if (epoch !== state.epoch) return;
          if (mode === 'revalidate') this.hooks.adopt(sorted);
          else this.hooks.replace({ sorted, details, fetchedAt });
          this.staleValue = undefined;
          this.cachedList = undefined;
          state.succeeded();
          this.writes.list(reports);
        },
        (e: unknown) => {
          if (epoch !== state.epoch) return;
          const cancelled = controller.signal.aborted;
          const error = cancelled ? undefined : state.failed(e, () => this.refresh());
          const reason = cancelled ? l10n.t('The refresh was cancelled.') : l10n.t('The refresh failed: {0}', error!.message);
          this.staleValue = { since: shownSince, reason };
          this.cachedList = undefined; // said by the stale mark from now on
          this.log.warn(`Refresh ${cancelled ? 'cancelled' : 'failed'}; showing the data fetched ${new Date(shownSince).toISOString()}.`);
        },
      )
      .finally(() => {
        if (this.refreshRun === run) this.refreshRun = undefined;
        state.changed.fire({ kind: 'status' });
      });
  }

  /** Stops waiting for a refresh; what is on screen stays (marked stale). */
  cancelRefresh(): void {
    this.refreshRun?.controller.abort();
  }

  /** Drops the refresh under way and what it said of the data on screen (part of a reset). */
  clear(): void {
    this.refreshRun?.controller.abort();
    this.refreshRun = undefined;
    this.staleValue = undefined;
    this.cachedList = undefined;
  }
}
