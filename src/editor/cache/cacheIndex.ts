// The report cache's index (index.json in its directory): the report list, and per cached
// report what is known without reading its file: when it was fetched, whether it is complete,
// its last use, its file's size, its expiry and the caller's `meta` (counts, groups). It is
// small and read once, at open; from then on the cache answers from this copy in memory and
// writes it back whole. Here: its schema, reading and writing it, and the bookkeeping that
// eviction (least recently used first) and expiry decide by.
//
// An index that is unreadable, of another format version or does not match its schema is
// discarded with a log line: the cache starts empty, and the files it listed are swept later
// as orphans. An entry whose `meta` fails the caller's schema keeps its report, not the meta.
import * as fs from 'node:fs/promises';
import * as v from 'valibot';
import { ReportListBodySchema, type FixReportSummary } from '../../api/schemas';
import { isExpired } from '../../model/reportList';
import { writeFileAtomic } from './atomicFile';
import { describe, quoteId } from './cacheLog';
import { CACHE_VERSION } from './reportFile';

const INDEX_FORMAT = 'security-fix-reports/report-index';
/** An index larger than this is not read (the list is capped at 8 MiB by the client). */
const MAX_INDEX_BYTES = 32 * 1024 * 1024;

/** The report list as last written. */
export interface CachedList {
  readonly reports: FixReportSummary[];
  /** When it was fetched from the service. */
  readonly fetchedAt: number;
}

/** What the index knows of a cached report, without reading its file. */
export interface CachedReportInfo<M> {
  readonly fetchedAt: number;
  readonly complete: boolean;
  readonly lastUsed: number;
  /** Size of its file. */
  readonly bytes: number;
  /** What the caller stored with it (counts, groups), if it passed the `meta` schema. */
  readonly meta: M | undefined;
}

export interface CachedIndex<M> {
  /** As the service sent it: expired reports are listed (as the service lists them), but never served. */
  readonly list: CachedList | undefined;
  /** By report id; expired reports are left out. */
  readonly reports: ReadonlyMap<string, CachedReportInfo<M>>;
}

/** One cached report in the index. */
export interface Entry<M> extends CachedReportInfo<M> {
  readonly id: string;
  /** The detail's expirationOn when the report was written. */
  readonly expirationOn: string | null;
  lastUsed: number;
}

const finite = v.pipe(v.number(), v.finite());
const IndexSchema = v.object({
  format: v.literal(INDEX_FORMAT),
  version: v.literal(CACHE_VERSION),
  writtenAt: finite,
  list: v.nullable(v.object({ fetchedAt: finite, reports: v.array(v.unknown()) })),
  reports: v.array(
    v.object({
      id: v.string(),
      fetchedAt: finite,
      complete: v.boolean(),
      lastUsed: finite,
      bytes: v.pipe(v.number(), v.integer(), v.minValue(0)),
      expirationOn: v.nullable(v.string()),
      meta: v.optional(v.unknown()),
    }),
  ),
});

export class CacheIndex<M> {
  /** The report list, as last written or read. */
  list: CachedList | undefined;
  /** Whether memory holds what the file does not: a change not yet written, or a discarded file. */
  dirty = false;
  /** By report id, in the order they were first added. */
  private readonly entries = new Map<string, Entry<M>>();
  /** Size of the file, as last read or written. */
  private fileBytes = 0;

  constructor(
    /** Its file: index.json in the cache's directory. */
    readonly file: string,
    private readonly log: (message: string) => void,
    /** Checks each report's `meta` when the file is read; one that fails is dropped. Default: any JSON. */
    private readonly meta?: v.GenericSchema<unknown, M>,
  ) {}

  get(id: string): Entry<M> | undefined {
    return this.entries.get(id);
  }

  has(id: string): boolean {
    return this.entries.has(id);
  }

  /** Adds or replaces a report's entry (a replaced one keeps its place in the order). */
  set(entry: Entry<M>): void {
    this.entries.set(entry.id, entry);
  }

  /** Forgets a report; whether it was there. */
  delete(id: string): boolean {
    return this.entries.delete(id);
  }

  ids(): string[] {
    return [...this.entries.keys()];
  }

  values(): Entry<M>[] {
    return [...this.entries.values()];
  }

  /** Forgets the list and every report, and the file's size (it is being deleted). */
  clear(): void {
    this.entries.clear();
    this.list = undefined;
    this.fileBytes = 0;
  }

  /** Bytes the index and the reports' files take. */
  size(): number {
    let total = this.fileBytes;
    for (const entry of this.entries.values()) total += entry.bytes;
    return total;
  }

  /** Whether `entry` has expired at `now`, by its own expiry or by what the list says of it. */
  isExpired(entry: Entry<M>, now: number): boolean {
    if (isExpired(entry, now)) return true;
    const listed = this.list?.reports.find((report) => report.id === entry.id);
    return listed !== undefined && isExpired(listed, now);
  }

  /**
   * The reports to evict so that everything fits in `maxBytes`: least recently used first, as
   * many as it takes, never one `spare` keeps. None if it fits already.
   */
  leastRecentlyUsed(maxBytes: number, spare: (id: string) => boolean): Entry<M>[] {
    let total = this.size();
    if (total <= maxBytes) return [];
    const candidates = [...this.entries.values()].filter((entry) => !spare(entry.id)).sort((a, b) => a.lastUsed - b.lastUsed);
    const victims: Entry<M>[] = [];
    for (const victim of candidates) {
      if (total <= maxBytes) break;
      total -= victim.bytes;
      victims.push(victim);
    }
    return victims;
  }

  /** Reads the file into this (empty) index; one that cannot be used is discarded with a log line. */
  async load(): Promise<void> {
    let data: Buffer;
    try {
      const stat = await fs.stat(this.file);
      if (stat.size > MAX_INDEX_BYTES) return this.discard(`${stat.size} bytes, more than an index can be`);
      data = await fs.readFile(this.file);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') this.log(`index unreadable (${describe(e)}); starting empty`);
      return;
    }
    let json: unknown;
    try {
      json = JSON.parse(data.toString('utf8'));
    } catch {
      return this.discard('not JSON (truncated or corrupt)');
    }
    const version = typeof json === 'object' && json !== null ? (json as { version?: unknown }).version : undefined;
    if (version !== CACHE_VERSION) return this.discard(`format version ${String(version)}, this version reads ${CACHE_VERSION}`);
    const index = v.safeParse(IndexSchema, json);
    if (!index.success) return this.discard('not an index of this format');
    const { list, reports } = index.output;
    if (list) {
      const decoded = v.safeParse(ReportListBodySchema, { fixReport: list.reports });
      if (!decoded.success) return this.discard('its report list does not decode');
      this.list = { reports: decoded.output.fixReport, fetchedAt: list.fetchedAt };
    }
    for (const entry of reports) {
      let meta: M | undefined = entry.meta as M | undefined;
      if (this.meta && entry.meta !== undefined) {
        const checked = v.safeParse(this.meta, entry.meta);
        if (!checked.success) this.log(`report ${quoteId(entry.id)}: its stored counts do not decode; dropped`);
        meta = checked.success ? checked.output : undefined;
      }
      this.entries.set(entry.id, { ...entry, meta });
    }
    this.fileBytes = data.byteLength;
  }

  /**
   * Writes the index as it is now (stamped with `now()`), if it changed since the last write,
   * after `prepare` (which makes its directory). A failure is logged, never thrown.
   */
  async write(now: () => number, prepare: () => Promise<void>): Promise<void> {
    if (!this.dirty) return;
    this.dirty = false;
    const data = Buffer.from(JSON.stringify(this.snapshot(now())), 'utf8');
    try {
      await prepare();
      await writeFileAtomic(this.file, (write) => write(data));
      this.fileBytes = data.byteLength;
    } catch (e) {
      this.log(`could not write the index (${describe(e)})`);
    }
  }

  /** Forgets the file; the reports it listed are swept as orphans by the clean-up at open. */
  private discard(why: string): void {
    this.log(`index discarded: ${why}`);
    this.dirty = true;
  }

  private snapshot(now: number): v.InferInput<typeof IndexSchema> {
    return {
      format: INDEX_FORMAT,
      version: CACHE_VERSION,
      writtenAt: now,
      list: this.list ?? null,
      reports: [...this.entries.values()].map(({ id, fetchedAt, complete, lastUsed, bytes, expirationOn, meta }) => ({
        id,
        fetchedAt,
        complete,
        lastUsed,
        bytes,
        expirationOn,
        meta,
      })),
    };
  }
}
