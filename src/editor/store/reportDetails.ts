// A report's detail (its fixes), fetched once per report and shared by every caller: the tree,
// the counts prefetch, hovers and commands. A report the user has seen before is shown from the
// cache's copy at once; its detail (fixes, lifecycle, ratings: what moves) is then fetched
// again and swapped in under the same issues, or the copy is kept, marked stale.
import type { FixReportDetail } from '../../api/schemas';
import { errorMessage } from '../../common/errors';
import { ReportModel } from '../../model/report';
import type { CachedReport } from '../cache/reportCache';
import { countsOf, type CacheWrites } from './cacheWrites';
import type { StoreState } from './state';
import type { ReportEntry, StoreCaches, StoreConnection, StoreLog } from './types';

/** What the details ask of the rest of the store. */
export interface DetailHooks {
  /** Someone other than the counts prefetch waits on this report's detail now. */
  joined(reportId: string): void;
  /** Whether the report's issues are paging. */
  paging(reportId: string): boolean;
  /** Fetches the report whole again (its cached copy is gone). */
  reload(reportId: string): void;
}

export class ReportDetails {
  constructor(
    private readonly state: StoreState,
    private readonly connection: Pick<StoreConnection, 'client'>,
    private readonly log: StoreLog,
    private readonly caches: StoreCaches | undefined,
    private readonly writes: CacheWrites,
    private readonly hooks: DetailHooks,
  ) {}

  /**
   * The report's detail (its fixes), fetched once and no issues: for the tree and for the counts
   * on report rows. `received` runs when its body is in, before decoding, if this call fetches it.
   */
  detail(reportId: string, signal?: AbortSignal, received?: () => void): Promise<ReportModel> {
    const { details } = this.state;
    let pending = details.get(reportId);
    // Someone other than the prefetch waits on its detail now: it is never cancelled to make way.
    if (pending && !signal) this.hooks.joined(reportId);
    if (!pending) {
      const current = this.state.currentness(reportId);
      pending = (async () => {
        const cached = await this.readCached(reportId);
        if (cached && current()) return this.adoptCached(reportId, cached);
        const fetchedAt = Date.now();
        const model = new ReportModel(await this.connection.client().getReport(reportId, signal, received));
        this.state.warnAbout(reportId, model);
        if (current()) {
          const entry = this.state.entryFor(reportId);
          entry.model = model;
          entry.fetchedAt = fetchedAt;
          entry.cached = undefined;
          entry.detailError = undefined;
          this.state.succeeded();
          this.writes.detail(reportId);
        }
        return model;
      })();
      details.set(reportId, pending);
      const failed = pending;
      failed.catch(() => {
        // A later expansion retries (unless one already asked again: a prefetch cancelled to make way).
        if (current() && details.get(reportId) === failed) details.delete(reportId);
      });
    }
    return pending;
  }

  /**
   * The cached copy of a report the user has seen (its issues were paged), or undefined. One
   * whose details only fed its row's counts is not used: expanding it pages its issues anyway.
   */
  private async readCached(reportId: string): Promise<CachedReport | undefined> {
    if (!this.state.cachedCounts.get(reportId)?.expanded) return undefined;
    const cache = await this.caches?.current();
    const cached = await cache?.readReport(reportId);
    return cached && (cached.complete || cached.issues.length > 0) ? cached : undefined;
  }

  /** Shows a cached report at once, then asks the service for its detail. */
  private adoptCached(reportId: string, cached: CachedReport): ReportModel {
    const model = new ReportModel(cached.detail);
    model.addIssues(cached.issues);
    const entry = this.state.entryFor(reportId);
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
    this.revalidate(reportId, entry);
    return model;
  }

  /** Fetches a cached report's detail again and swaps it in under the same issues; a failure keeps the copy, marked stale. */
  private revalidate(reportId: string, entry: ReportEntry): void {
    const current = this.state.currentness(reportId);
    const fetchedAt = Date.now();
    let client;
    try {
      client = this.connection.client();
    } catch (e) {
      return this.markStale(entry, reportId, e);
    }
    client.getReport(reportId).then(
      (detail) => {
        if (!current() || !entry.model || this.state.entries.get(reportId) !== entry) return;
        if (this.hooks.paging(reportId)) return; // "load the rest" started meanwhile: it fills the copy, which stays marked
        void this.swap(reportId, entry, detail, fetchedAt).catch((e: unknown) => this.markStale(entry, reportId, e));
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
  private async swap(reportId: string, entry: ReportEntry, detail: FixReportDetail, fetchedAt: number): Promise<void> {
    const current = this.state.currentness(reportId);
    const old = entry.model!;
    if (JSON.stringify(detail) === JSON.stringify(old.report)) {
      entry.cached = undefined;
      entry.fetchedAt = fetchedAt;
      this.state.succeeded();
      this.state.changed.fire({ kind: 'report', reportId });
      return;
    }
    const cached = await (await this.caches?.current())?.readReport(reportId);
    if (!current() || entry.model !== old || this.hooks.paging(reportId)) return;
    if (!cached) return this.hooks.reload(reportId); // the copy is gone meanwhile: fetch the report whole
    const model = new ReportModel(detail);
    model.addIssues(cached.issues);
    this.state.warnAbout(reportId, model);
    entry.model = model;
    entry.fetchedAt = fetchedAt;
    entry.cached = undefined;
    this.state.details.set(reportId, Promise.resolve(model));
    this.state.succeeded();
    this.writes.counts(reportId, countsOf(entry, model));
    this.log.info(`Report ${reportId}: its detail changed since it was cached; shown with the new one.`);
    this.state.changed.fire({ kind: 'report', reportId });
  }

  private markStale(entry: ReportEntry, reportId: string, e: unknown): void {
    const message = errorMessage(e);
    if (entry.cached) entry.cached = { since: entry.cached.since, stale: message };
    this.log.warn(`Report ${reportId}: showing the cached copy; the service could not confirm it: ${message}`);
    this.state.changed.fire({ kind: 'report', reportId });
  }
}
