// What changed since the previous scan, for the reports the editor shows (docs/decisions.md,
// "What changed since the previous scan"): computed on demand — for the current reports and for
// a report the user expands, never for every listed report — once the report's issues are all
// loaded. The report's own issues come from the store; the earlier scan's from the store when it
// is loaded too, else paged once, only its unmatched issues kept (model/changes/matcher). The
// result lasts as long as the report's model: a refresh that replaces the model computes again.
// Plain Node (the store and the client are given), so the races are unit-tested without an editor.
import type { FixReportSummary } from '../api/schemas';
import type { ReportChanges as Changes } from '../model/changes/matcher';
import type { ReportModel } from '../model/report';
import type { HeldIssue } from '../model/heldIssue';
import { Disposable } from '../common/disposable';
import { Emitter } from '../common/emitter';
import { errorMessage } from '../common/errors';
import { requireBundle } from '../common/lazyBundle';
import type { ReportStore } from './reportStore';
import type { StoreConnection, StoreLog } from './store/types';

type ChangesModule = typeof import('./changesBundle');

let loaded: ChangesModule | undefined;

/** dist/changes.js, required once; throws when it cannot be loaded (the caller says so). */
export function changesCode(): ChangesModule {
  loaded ??= requireBundle<ChangesModule>('changes.js');
  return loaded;
}

export type ChangesState =
  /** The report's issues are not all loaded yet (or stopped early): nothing to compare. */
  | { readonly kind: 'waiting' }
  | { readonly kind: 'comparing'; readonly since: FixReportSummary }
  | { readonly kind: 'done'; readonly since: FixReportSummary; readonly changes: Changes; readonly newIds: ReadonlySet<string> }
  /** No earlier scan of the same repository, branch and scanner is listed. */
  | { readonly kind: 'no-previous' }
  | { readonly kind: 'failed'; readonly since: FixReportSummary; readonly message: string }
  /** The comparison's code (dist/changes.js) could not be loaded. */
  | { readonly kind: 'unavailable'; readonly message: string };

/** Issues handed to the matcher at a time, between turns of the event loop. */
const CHUNK = 2_000;

interface Computation {
  readonly model: ReportModel;
  /** The report compared with: chosen by the user, or the previous scan. */
  readonly sinceId: string | undefined;
  state: ChangesState;
  readonly controller: AbortController;
}

export class ReportChangesService extends Disposable {
  private readonly changed = this.register(new Emitter<string>());
  /** A report's changes state changed (its id). */
  readonly onDidChange = this.changed.event;
  private readonly wanted = new Set<string>();
  private readonly computations = new Map<string, Computation>();
  /** Reports the user chose to compare a report with, instead of its previous scan. */
  private readonly chosen = new Map<string, string>();
  private bundle: ChangesModule | { failed: string } | undefined;

  constructor(
    private readonly store: Pick<ReportStore, 'entry' | 'loadedReports' | 'onDidChange'>,
    private readonly connection: Pick<StoreConnection, 'client'>,
    private readonly log: Pick<StoreLog, 'warn'>,
    private readonly loadBundle: () => ChangesModule = changesCode,
  ) {
    super();
    this.register(
      store.onDidChange((change) => {
        if (change.kind === 'status') return;
        if (change.kind === 'all') {
          // The connection or the data changed: what was compared may no longer be listed. All
          // are dropped before anyone is told (a listener may ask again at once).
          const dropped = [...this.computations];
          this.computations.clear();
          for (const [, c] of dropped) c.controller.abort();
          for (const [id] of dropped) this.changed.fire(id);
          for (const id of this.wanted) this.update(id);
          return;
        }
        if (this.wanted.has(change.reportId)) this.update(change.reportId);
        // A report compared with another whose issues just finished loading keeps its result.
      }),
    );
    this.register({ dispose: () => this.computations.forEach((c) => c.controller.abort()) });
  }

  /** Asks for a report's changes (its row is shown as current, or was expanded); idempotent. */
  want(reportId: string): void {
    if (!this.wanted.has(reportId)) this.wanted.add(reportId);
    this.update(reportId);
  }

  /** Compares `reportId` with `sinceId` instead of its previous scan (undefined: the previous scan again). */
  compareWith(reportId: string, sinceId: string | undefined): void {
    if (sinceId === undefined) this.chosen.delete(reportId);
    else this.chosen.set(reportId, sinceId);
    this.computations.get(reportId)?.controller.abort();
    this.computations.delete(reportId);
    this.want(reportId);
  }

  /** The report the user chose to compare with, if any. */
  chosenSince(reportId: string): string | undefined {
    return this.chosen.get(reportId);
  }

  /** What is known of a report's changes; undefined when they were never asked for. */
  state(reportId: string): ChangesState | undefined {
    if (!this.wanted.has(reportId)) return undefined;
    return this.computations.get(reportId)?.state ?? { kind: 'waiting' };
  }

  /** Whether an issue of a report is new since the scan it is compared with; undefined while that is not known. */
  isNew(reportId: string, issueId: string): boolean | undefined {
    const state = this.computations.get(reportId)?.state;
    return state?.kind === 'done' ? state.newIds.has(issueId) : undefined;
  }

  /** The report an issue is new since, when it is new. */
  newSince(reportId: string, issueId: string): FixReportSummary | undefined {
    const state = this.computations.get(reportId)?.state;
    return state?.kind === 'done' && state.newIds.has(issueId) ? state.since : undefined;
  }

  /** Starts (or keeps) the computation for the report's current model. */
  private update(reportId: string): void {
    const entry = this.store.entry(reportId);
    const model = entry?.model;
    const existing = this.computations.get(reportId);
    if (existing && existing.model === model) return;
    existing?.controller.abort();
    this.computations.delete(reportId);
    if (!model || entry?.issues?.kind !== 'done') {
      if (existing) this.changed.fire(reportId);
      return;
    }
    if (!this.bundle) {
      try {
        this.bundle = this.loadBundle();
      } catch (e) {
        // Once: the extension's own file is missing or broken, which a retry does not mend.
        this.bundle = { failed: errorMessage(e) };
        this.log.warn(`Changes since the previous scan: the comparison's code could not be loaded (${this.bundle.failed}).`);
      }
    }
    const bundle = this.bundle;
    if ('failed' in bundle) {
      const state: ChangesState = { kind: 'unavailable', message: bundle.failed };
      this.computations.set(reportId, { model, sinceId: undefined, controller: new AbortController(), state });
      this.changed.fire(reportId);
      return;
    }
    const reports = this.store.loadedReports();
    const sinceId = this.chosen.get(reportId);
    const since = sinceId
      ? reports.find((r) => r.id.toLowerCase() === sinceId.toLowerCase())
      : bundle.previousReport(reports, entry.summary);
    const controller = new AbortController();
    const computation: Computation = {
      model,
      sinceId,
      controller,
      state: since ? { kind: 'comparing', since } : { kind: 'no-previous' },
    };
    this.computations.set(reportId, computation);
    this.changed.fire(reportId);
    if (!since) return;
    void this.compare(bundle, model, since, controller.signal).then(
      (changes) => {
        if (controller.signal.aborted) return;
        computation.state = { kind: 'done', since, changes, newIds: new Set(changes.newIssues.map((i) => i.id)) };
        this.changed.fire(reportId);
      },
      (e: unknown) => {
        if (controller.signal.aborted) return;
        const message = errorMessage(e);
        this.log.warn(`Changes of report ${reportId} since report ${since.id}: ${message}`);
        computation.state = { kind: 'failed', since, message };
        this.changed.fire(reportId);
      },
    );
  }

  /** Matches the report's loaded issues with the earlier scan's, loaded or paged. */
  private async compare(bundle: ChangesModule, model: ReportModel, since: FixReportSummary, signal: AbortSignal): Promise<Changes> {
    const matcher = new bundle.ChangeMatcher();
    // A failure on one side stops the other: nothing keeps running behind a failed comparison.
    const both = new AbortController();
    const forward = () => both.abort(signal.reason);
    signal.addEventListener('abort', forward, { once: true });
    const sinceEntry = this.store.entry(since.id);
    const sinceModel = sinceEntry?.issues?.kind === 'done' ? sinceEntry.model : undefined;
    const feed = async (side: 'report' | 'since', issues: Iterable<HeldIssue>) => {
      let chunk: HeldIssue[] = [];
      for (const issue of issues) {
        chunk.push(issue);
        if (chunk.length < CHUNK) continue;
        matcher.add(side, chunk);
        chunk = [];
        await new Promise<void>((resolve) => setImmediate(resolve));
        both.signal.throwIfAborted();
      }
      matcher.add(side, chunk);
    };
    const paged = async () => {
      const pages = this.connection
        .client()
        .issuePages({ fixReportId: since.id }, { signal: both.signal, onWarning: (m) => this.log.warn(`Report ${since.id}: ${m}`) });
      for await (const { issues } of pages) matcher.add('since', issues);
    };
    const stopOnFailure = (run: Promise<void>) =>
      run.catch((e: unknown) => {
        both.abort(e);
        throw e;
      });
    try {
      await Promise.all([
        stopOnFailure(feed('report', model.issues())),
        stopOnFailure(sinceModel ? feed('since', sinceModel.issues()) : paged()),
      ]);
    } finally {
      signal.removeEventListener('abort', forward);
    }
    signal.throwIfAborted();
    return matcher.result();
  }
}
