// The issues of recently asked reports, held so that find_issues by file answers from memory
// after the first call: each report's records in the service's order and, per file, where its
// issues are in that order. Bounded: at most `maxIssues` records over all reports (the least
// recently used report goes first), at most `maxReports` reports, each kept `ttlMs`. A report
// with more issues than the bound is not held; find_issues pages through it instead.
// A report's issues come from one scan, so a held copy is what the service would send again
// until the report is replaced; the time limit bounds how long a replaced one is served.
import { ServiceError } from '../../api/errors';
import type { FixReportsSource } from './source';
import { Interner, issueRecord, type IssueRecord } from './issueRecord';

export interface IssueIndexOptions {
  /** Records held over all reports; a report with more is never held. */
  readonly maxIssues: number;
  readonly maxReports: number;
  readonly ttlMs: number;
  readonly now?: () => number;
}

export const DEFAULT_INDEX_OPTIONS: IssueIndexOptions = { maxIssues: 200_000, maxReports: 4, ttlMs: 15 * 60_000 };

export interface HeldIssues {
  /** Every issue of the report, in the service's order. */
  readonly records: readonly IssueRecord[];
  /** Per file (the sink's path), the positions of its issues in `records`, ascending. */
  readonly byFile: ReadonlyMap<string, readonly number[]>;
  /** Paging anomalies met while reading the report (a few). */
  readonly warnings: readonly string[];
}

type Entry =
  | { kind: 'ready'; held: HeldIssues; builtAt: number }
  | { kind: 'building'; promise: Promise<HeldIssues | undefined>; controller: AbortController; waiters: number; count: number };

const WARNINGS_KEPT = 5;
/** Reports known to be over the bound, remembered so they are not read twice to learn it again. */
const TOO_LARGE_KEPT = 64;

export class IssueIndex {
  /** In order of last use, oldest first. */
  private readonly entries = new Map<string, Entry>();
  private readonly tooLarge = new Map<string, number>();
  private readonly now: () => number;

  constructor(
    private readonly source: FixReportsSource,
    private readonly options: IssueIndexOptions = DEFAULT_INDEX_OPTIONS,
  ) {
    this.now = options.now ?? Date.now;
  }

  /** The report's issues, read on first use; undefined when the report is too large to hold. */
  async issues(fixReportId: string, signal: AbortSignal): Promise<HeldIssues | undefined> {
    this.expire();
    const entry = this.entries.get(fixReportId);
    if (entry?.kind === 'ready') {
      this.entries.delete(fixReportId); // to the end: most recently used
      this.entries.set(fixReportId, entry);
      return entry.held;
    }
    if (this.tooLarge.has(fixReportId)) return undefined;
    return this.join(fixReportId, entry ?? this.build(fixReportId), signal);
  }

  /** Forgets a report (one the service does not list), stopping a read of it. */
  forget(fixReportId: string): void {
    const entry = this.entries.get(fixReportId);
    if (entry?.kind === 'building') entry.controller.abort(cancelled());
    this.entries.delete(fixReportId);
  }

  /** Records held now, reports being read included. */
  get size(): number {
    let n = 0;
    for (const entry of this.entries.values()) n += entry.kind === 'ready' ? entry.held.records.length : entry.count;
    return n;
  }

  /** Waits for a read shared by every caller asking for the report: the last to give up cancels it. */
  private async join(
    fixReportId: string,
    entry: Extract<Entry, { kind: 'building' }>,
    signal: AbortSignal,
  ): Promise<HeldIssues | undefined> {
    if (signal.aborted) throw cancelled();
    entry.waiters++;
    let onAbort: (() => void) | undefined;
    const aborted = new Promise<never>((_, reject) => {
      onAbort = () => reject(cancelled());
      signal.addEventListener('abort', onAbort, { once: true });
    });
    try {
      return await Promise.race([entry.promise, aborted]);
    } finally {
      signal.removeEventListener('abort', onAbort!);
      entry.waiters--;
      // Nobody waits any more: the read stops, and a caller arriving now starts a new one.
      if (entry.waiters === 0 && signal.aborted && this.entries.get(fixReportId) === entry) this.forget(fixReportId);
    }
  }

  private build(fixReportId: string): Extract<Entry, { kind: 'building' }> {
    const controller = new AbortController();
    const entry: Extract<Entry, { kind: 'building' }> = {
      kind: 'building',
      promise: Promise.resolve(undefined),
      controller,
      waiters: 0,
      count: 0,
    };
    entry.promise = this.read(fixReportId, entry).then(
      (held) => {
        if (this.entries.get(fixReportId) !== entry) return held; // forgotten meanwhile: answer, but do not keep
        this.entries.delete(fixReportId);
        if (held) this.entries.set(fixReportId, { kind: 'ready', held, builtAt: this.now() });
        this.evict();
        return held;
      },
      (e: unknown) => {
        if (this.entries.get(fixReportId) === entry) this.entries.delete(fixReportId);
        throw e;
      },
    );
    entry.promise.catch(() => {}); // every waiter handles it; none may be left
    this.entries.set(fixReportId, entry);
    return entry;
  }

  private async read(fixReportId: string, entry: Extract<Entry, { kind: 'building' }>): Promise<HeldIssues | undefined> {
    const records: IssueRecord[] = [];
    const byFile = new Map<string, number[]>();
    const interner = new Interner();
    const warnings: string[] = [];
    const onWarning = (message: string) => {
      if (warnings.length < WARNINGS_KEPT) warnings.push(message);
    };
    for await (const page of this.source.issuePages({ fixReportId }, { signal: entry.controller.signal, onWarning })) {
      for (const issue of page.issues) {
        const record = issueRecord(issue, interner);
        const path = record.location?.path;
        if (path !== undefined) {
          const positions = byFile.get(path);
          if (positions) positions.push(records.length);
          else byFile.set(path, [records.length]);
        }
        records.push(record);
      }
      entry.count = records.length;
      if (records.length > this.options.maxIssues) {
        this.noteTooLarge(fixReportId);
        return undefined; // leaving the loop cancels the request ahead
      }
      // Room for this report: older reports go; if reads in progress hold the rest, this one is not kept.
      if (!this.evict()) return undefined;
    }
    return { records, byFile, warnings };
  }

  /** Drops least recently used ready reports until the records and reports fit; false when reads in progress alone do not. */
  private evict(): boolean {
    const readyCount = () => [...this.entries.values()].filter((e) => e.kind === 'ready').length;
    for (const [id, entry] of this.entries) {
      if (this.size <= this.options.maxIssues && readyCount() <= this.options.maxReports) return true;
      if (entry.kind === 'ready') this.entries.delete(id);
    }
    return this.size <= this.options.maxIssues;
  }

  private expire(): void {
    const oldest = this.now() - this.options.ttlMs;
    for (const [id, entry] of this.entries) if (entry.kind === 'ready' && entry.builtAt < oldest) this.entries.delete(id);
    for (const [id, at] of this.tooLarge) if (at < oldest) this.tooLarge.delete(id);
  }

  private noteTooLarge(fixReportId: string): void {
    this.tooLarge.set(fixReportId, this.now());
    if (this.tooLarge.size > TOO_LARGE_KEPT) this.tooLarge.delete(this.tooLarge.keys().next().value!);
  }
}

function cancelled(): ServiceError {
  return new ServiceError('cancelled', 'Cancelled.');
}
