// An expanded report's issues, paged into its model in the background: `issuesPerLoad` at a
// time ("Load more" continues), cancellable, retried from the start after a failure, and fed to
// the cache as they arrive. Its first page may already be on its way (earlyPages.ts).
import * as l10n from '@vscode/l10n';
import type { ReportModel } from '../../model/report';
import { closePaging, EarlyPages, type OpenedPaging } from '../earlyPages';
import type { CacheWrites } from './cacheWrites';
import type { StoreState } from './state';
import type { Paging, ReportEntry, StoreConnection, StoreLog, WithProgress } from './types';

export class IssuePaging {
  private readonly paging = new Map<string, Paging>();
  /** First pages asked for while a report the user opened decodes its detail. */
  readonly early = new EarlyPages((reportId) => this.open(reportId));

  constructor(
    private readonly state: StoreState,
    private readonly connection: Pick<StoreConnection, 'client' | 'settings'>,
    private readonly log: StoreLog,
    private readonly withProgress: WithProgress,
    private readonly writes: CacheWrites,
    /** Marks a run as a load the user asked for (the counts prefetch makes way). */
    private readonly inForeground: (load: Promise<unknown>, reportId: string) => void,
  ) {}

  /** Whether the report's issues are paging (or paused). */
  has(reportId: string): boolean {
    return this.paging.has(reportId);
  }

  /** Pages the report's issues into its model: `opened` when its first page is already on its way. */
  start(reportId: string, model: ReportModel, opened = this.open(reportId)): void {
    const entry = this.state.entryFor(reportId);
    const feed = this.writes.feed();
    const paging: Paging = { ...opened, ...(feed ? { feed } : {}) };
    this.paging.set(reportId, paging);
    entry.model = model;
    if (feed) paging.stored = this.writes.pages(reportId, entry, model, feed, feed);
    this.pump(reportId, entry, paging);
  }

  /** Continues paging after a pause or a failure ("Load more" / "Retry"). */
  loadMore(reportId: string): void {
    const entry = this.state.entries.get(reportId);
    if (!entry?.model) return;
    const paging = this.paging.get(reportId);
    if (entry.issues?.kind === 'paused' && paging) {
      this.writes.continued(reportId, entry, paging);
      this.pump(reportId, entry, paging);
    } else if (entry.issues?.kind === 'failed' || entry.issues?.kind === 'cancelled') this.start(reportId, entry.model);
  }

  /** Stops the report's paging (its early first page too); what arrived stays in its model. */
  stop(reportId: string): void {
    this.early.drop(reportId);
    const paging = this.paging.get(reportId);
    if (!paging) return;
    paging.feed?.abandon(); // no-op after end(): a cancelled load is kept
    closePaging(paging);
    this.paging.delete(reportId);
  }

  stopAll(): void {
    this.early.dropAll();
    for (const paging of this.paging.values()) {
      paging.feed?.abandon();
      closePaging(paging);
    }
    this.paging.clear();
  }

  cancel(reportId: string): void {
    const paging = this.paging.get(reportId);
    const entry = this.state.entries.get(reportId);
    if (!paging || !entry?.issues) return;
    entry.issues = { kind: 'cancelled', received: entry.issues.received };
    paging.feed?.end(false); // what was shown is kept for the next window
    this.stop(reportId);
    this.log.info(`Report ${reportId}: issue loading cancelled after ${entry.issues.received} issues.`);
    this.state.changed.fire({ kind: 'report', reportId });
  }

  /** Resolves when the report's current paging run stops (done, paused, failed or cancelled). */
  async settled(reportId: string): Promise<void> {
    await this.paging.get(reportId)?.running;
  }

  /** A report's issue paging, from its first page; nothing is asked until it is pulled. */
  private open(reportId: string): OpenedPaging {
    const controller = new AbortController();
    const iterator = this.connection
      .client()
      .issuePages({ fixReportId: reportId }, { signal: controller.signal, onWarning: (w) => this.log.warn(`Report ${reportId}: ${w}`) });
    return { iterator, controller };
  }

  /** Pulls pages until done, failed, cancelled, or `issuesPerLoad` more issues arrived. */
  private pump(reportId: string, entry: ReportEntry, paging: Paging): void {
    const { changed } = this.state;
    const model = entry.model!;
    const budget = this.connection.settings.issuesPerLoad;
    const startedAt = model.issueCount;
    entry.issues = { kind: 'loading', received: model.issueCount };
    changed.fire({ kind: 'report', reportId });
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
            changed.fire({ kind: 'report', reportId });
          }
        }
      } catch (e) {
        if (paging.controller.signal.aborted) return;
        this.paging.delete(reportId);
        entry.issues = { kind: 'failed', received: model.issueCount, error: this.state.failed(e, () => this.loadMore(reportId)) };
        paging.feed?.end(false); // what arrived is kept; Retry pages again from the start
      }
      changed.fire({ kind: 'report', reportId });
    };
    const project = entry.summary.vulnerabilityReport?.project?.name;
    paging.running = Promise.resolve(
      this.withProgress(
        typeof project === 'string' ? l10n.t('Loading issues of {0}…', project) : l10n.t('Loading issues of the report…'),
        run,
      ),
    );
    this.inForeground(paging.running, reportId);
  }
}
