// What every part of the store shares: the listed reports and their entries, the memoised
// details, the epoch and per-report generations that tell a load whether it is still wanted,
// the counts read from the cache's index, the last success or failure, and the two emitters.
import { ServiceError } from '../../api/errors';
import type { FixReportSummary } from '../../api/schemas';
import { Emitter } from '../../common/emitter';
import { errorMessage } from '../../common/errors';
import type { ReportModel } from '../../model/report';
import type { CachedCounts } from '../reportCaches';
import type { ReportEntry, StoreChange, StoreFailure, StoreLog } from './types';

export class StoreState {
  readonly changed = new Emitter<StoreChange>();
  /** A load failed (not cancelled); `retry` repeats it. */
  readonly failures = new Emitter<StoreFailure>();

  /** Bumped when everything loaded is dropped or replaced: a load begun before it is not used. */
  epoch = 0;
  list: Promise<FixReportSummary[]> | undefined;
  listed: FixReportSummary[] | undefined;
  readonly entries = new Map<string, ReportEntry>();
  readonly details = new Map<string, Promise<ReportModel>>();
  /** Per report, bumped by reloadReport: a detail fetched before it is not used. */
  readonly generations = new Map<string, number>();
  /** Counts of cached reports, from the cache's index: for their rows, before (or without) loading them. */
  readonly cachedCounts = new Map<string, CachedCounts>();
  lastRefresh: number | undefined;
  lastError: ServiceError | undefined;

  constructor(private readonly log: StoreLog) {}

  /** True while nothing replaced what was loaded for this report (a reset, refresh or reload). */
  currentness(reportId: string): () => boolean {
    const epoch = this.epoch;
    const generation = this.generations.get(reportId) ?? 0;
    return () => epoch === this.epoch && generation === (this.generations.get(reportId) ?? 0);
  }

  /** An entry for each listed report that has none yet. */
  addEntries(sorted: readonly FixReportSummary[]): void {
    for (const summary of sorted) if (!this.entries.has(summary.id)) this.entries.set(summary.id, { summary });
  }

  entryFor(reportId: string): ReportEntry {
    let entry = this.entries.get(reportId);
    if (!entry) {
      entry = {
        summary: { id: reportId, createdOn: null, expirationOn: null, createdByUser: null, vulnerabilityReport: null, repo: null },
      };
      this.entries.set(reportId, entry);
    }
    return entry;
  }

  /** Logs a model's data warnings under its report. */
  warnAbout(reportId: string, model: ReportModel): void {
    for (const warning of model.warnings) this.log.warn(`Report ${reportId}: ${warning.message}`);
  }

  succeeded(): void {
    const recovered = this.lastError !== undefined;
    this.lastRefresh = Date.now();
    this.lastError = undefined;
    if (recovered) this.changed.fire({ kind: 'all' }); // error rows and the status bar go back to normal
  }

  failed(e: unknown, retry: () => void): ServiceError {
    const error = e instanceof ServiceError ? e : new ServiceError('network', errorMessage(e), { cause: e });
    if (error.kind !== 'cancelled') {
      this.lastError = error;
      this.log.error(error.message);
      this.failures.fire({ error, retry });
    }
    return error;
  }

  dispose(): void {
    this.changed.dispose();
    this.failures.dispose();
  }
}
