// The on-disk cache of reports (warm start): the report list and each report the
// user expanded, so that after a window reload they are on screen before any request, then
// revalidated. Plain Node (no vscode): the extension passes globalStorageUri.fsPath as `root`.
//
// This is the cache itself: reading, writing and evicting reports. Its other jobs have their
// own modules: where the files go and how they are named (layout.ts), the per-file queue that
// orders writes (writeQueue.ts), the index read at open (cacheIndex.ts), the sweep after open
// and the deletion of whole origins (maintenance.ts); a report's file is reportFile.ts.
//
// Every file is 0600 and written atomically (atomicFile.ts); directories are 0700. A file that
// is corrupt, truncated, of another format version or holds another report is deleted with a
// log line, never read; so is an unreadable index, and with it everything it listed. Expired
// reports (expirationOn in the past) are never served and are deleted. The files take at most
// `maxBytes` (least recently used reports are evicted); in memory the cache keeps only the
// index, never a report beyond the call that returns it.
//
// Two windows share globalStorage and so this directory. Files are replaced whole, so neither
// ever reads a mix; the index is the last writer's, so a report the other window added may
// drop out of it (its file is then swept as an orphan at the next open). That costs a cache
// miss, never wrong data: each report file is checked on its own when read.
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import type * as v from 'valibot';
import type { FixReportSummary } from '../../api/schemas';
import { isExpired } from '../../model/reportList';
import { CacheIndex, type CachedIndex, type CachedReportInfo, type Entry } from './cacheIndex';
import { cacheLog, describe, quoteId } from './cacheLog';
import { cacheDirs, INDEX_FILE, makeCacheDir, reportFileName } from './layout';
import { deleteAll, deleteOrigin, registerOpen, sweep } from './maintenance';
import { abandoned } from './pageFeed';
import {
  CACHE_VERSION,
  decodeReportFile,
  TooLarge,
  Unreadable,
  writeReportFile,
  type CachedReport,
  type ReportToCache,
  type WrittenReport,
} from './reportFile';
import { WriteQueue } from './writeQueue';

export type { CachedReport, ReportToCache } from './reportFile';
export type { CachedIndex } from './cacheIndex';

/**
 * The default of the size setting: 512 MiB. A report keeps about as many bytes on disk as it
 * took on the wire, issues with their data-flow traces; so this holds a few reports of
 * 100,000 issues (a unit test keeps that true) or hundreds of ordinary ones.
 */
export const DEFAULT_CACHE_MAX_BYTES = 512 * 1024 * 1024;

/** The queue of the background clean-up at open. */
const MAINTENANCE = '(maintenance)';

/**
 * The queue of every file of every cache of this process, so two caches of the same origin
 * and key (one being replaced by the next) never interleave their writes of a file either.
 */
const queues = new WriteQueue();

export interface ReportCacheOptions<M> {
  /** A directory of the extension's own: globalStorageUri.fsPath. */
  readonly root: string;
  /** The service's origin, as the key store files the key under. */
  readonly origin: string;
  /** The service key; only a hash of it names the directory. */
  readonly key: string;
  /** Bytes the files may take; default DEFAULT_CACHE_MAX_BYTES. */
  readonly maxBytes?: number;
  /** The clock (ms since the epoch) for expiry and last use; default Date.now. */
  readonly now?: () => number;
  /** One line per problem (a discarded file, a failed write); never throws. */
  readonly log: (message: string) => void;
  /** Checks each report's `meta` when the index is read; one that fails is dropped. Default: any JSON. */
  readonly meta?: v.GenericSchema<unknown, M>;
}

export class ReportCache<M = unknown> {
  private readonly index: CacheIndex<M>;
  /** Ids with a write queued or running: never evicted. */
  private readonly writing = new Map<string, number>();
  /** Bumped by clear(): work started before it does not touch what comes after. */
  private epoch = 0;
  /** Aborted by clear(): a write still waiting for pages stops. */
  private clearing = new AbortController();
  private dirReady = false;
  /** Set while open: takes it out of the caches a deletion of its origin clears first. */
  private unregister: (() => void) | undefined;
  private readonly maxBytes: number;
  private readonly now: () => number;
  private readonly log: (message: string) => void;

  private constructor(
    private readonly root: string,
    private readonly dir: string,
    options: ReportCacheOptions<M>,
  ) {
    this.maxBytes = options.maxBytes ?? DEFAULT_CACHE_MAX_BYTES;
    this.now = options.now ?? Date.now;
    this.log = cacheLog(options.log);
    this.index = new CacheIndex<M>(path.join(dir, INDEX_FILE), this.log, options.meta);
  }

  /** Reads the index (the only read before the cache can answer); the clean-up runs after, in the background. */
  static async open<M = unknown>(options: ReportCacheOptions<M>): Promise<ReportCache<M>> {
    const { root, originDir, dir } = cacheDirs(options.root, options.origin, options.key, CACHE_VERSION);
    const cache = new ReportCache<M>(root, dir, options);
    await cache.index.load();
    cache.unregister = registerOpen({ root, originDir, clear: () => cache.clear() });
    void cache.serial(MAINTENANCE, () => cache.maintain());
    return cache;
  }

  /**
   * Deletes the cached data of every key of `origin` (Clear Service Key, Clear Cache), in every
   * format version. Open caches of this origin in this process are cleared first, so no write
   * of theirs lands afterwards. Rejects if something could not be deleted.
   */
  static clearOrigin(root: string, origin: string): Promise<void> {
    return deleteOrigin(root, origin);
  }

  /** Deletes every origin's cached data (the cache was turned off). Rejects if something could not be deleted. */
  static clearAll(root: string): Promise<void> {
    return deleteAll(root);
  }

  /** The list and what is known of each cached report, from memory (read at open). */
  readIndex(): CachedIndex<M> {
    const now = this.now();
    const reports = new Map<string, CachedReportInfo<M>>();
    for (const entry of this.index.values()) {
      if (this.index.isExpired(entry, now)) void this.drop(entry.id, 'expired');
      else reports.set(entry.id, info(entry));
    }
    const list = this.index.list;
    return { list: list && { reports: [...list.reports], fetchedAt: list.fetchedAt }, reports };
  }

  /**
   * Stores the report list. Reports it no longer has are deleted from the cache: the service
   * has dropped them. Resolves when the index is written.
   */
  async writeList(reports: readonly FixReportSummary[], fetchedAt = this.now()): Promise<void> {
    this.index.list = { reports: [...reports], fetchedAt };
    const listed = new Set(reports.map((report) => report.id));
    const gone = this.index.ids().filter((id) => !listed.has(id) && !this.writing.has(id));
    await Promise.all([...gone.map((id) => this.drop(id, 'no longer listed by the service')), this.persistIndex()]);
  }

  /**
   * The cached report, or undefined when there is none, it has expired or its file is
   * unusable (then deleted, with a log line). Counts as a use for eviction.
   */
  async readReport(id: string): Promise<CachedReport | undefined> {
    const entry = this.index.get(id);
    if (!entry) return undefined;
    if (this.index.isExpired(entry, this.now())) {
      await this.drop(id, 'expired');
      return undefined;
    }
    const epoch = this.epoch;
    let report: CachedReport;
    try {
      report = await decodeReportFile(await fs.readFile(this.reportPath(id)), id);
    } catch (e) {
      if (epoch !== this.epoch || this.index.get(id) !== entry) return undefined; // cleared or rewritten meanwhile
      const code = (e as NodeJS.ErrnoException).code;
      await this.drop(
        id,
        e instanceof Unreadable ? `discarded: ${e.message}` : code === 'ENOENT' ? 'its file is missing' : `unreadable (${describe(e)})`,
      );
      return undefined;
    }
    if (epoch !== this.epoch) return undefined;
    if (isExpired(report.detail, this.now())) {
      await this.drop(id, 'expired');
      return undefined;
    }
    if (this.index.get(id) === entry) {
      entry.lastUsed = this.now();
      void this.persistIndex();
    }
    return report;
  }

  /**
   * Stores a report (atomically, 0600) with the caller's `meta` (JSON: counts, groups; a
   * function is called once the pages end), then evicts the least recently used others until
   * the files fit in maxBytes. A report larger than maxBytes by itself is not stored, nor is
   * an expired one. An async `pages` source is written as it yields: the file lands when it
   * ends; if it throws, or the cache is cleared meanwhile, nothing lands. Resolves to whether
   * it was stored; a failure is logged, never thrown. Writes of one report run one after
   * another, in call order.
   */
  writeReport(id: string, report: ReportToCache, meta?: M | (() => M)): Promise<boolean> {
    if (isExpired(report.detail, this.now())) return Promise.resolve(false); // would never be served
    const epoch = this.epoch;
    this.writing.set(id, (this.writing.get(id) ?? 0) + 1);
    return this.serial(reportFileName(id), async () => {
      if (epoch !== this.epoch) return false;
      const file = this.reportPath(id);
      let written: WrittenReport;
      try {
        await this.ensureDir();
        const pages = untilCleared(report.pages, this.clearing.signal);
        written = await writeReportFile(file, id, { ...report, pages }, this.maxBytes);
      } catch (e) {
        if ((e as Error | undefined)?.name === 'AbortError') return false; // paging stopped, or the cache was cleared: nothing to say
        this.log(
          `report ${quoteId(id)} not cached: ${e instanceof TooLarge ? `larger than the cache (${this.maxBytes} bytes)` : describe(e)}`,
        );
        return false;
      }
      const bytes = written.bytes;
      if (epoch !== this.epoch) {
        await fs.rm(file, { force: true }).catch(() => undefined);
        return false;
      }
      const lastUsed = this.now();
      this.index.set({
        id,
        fetchedAt: report.fetchedAt,
        complete: written.complete,
        lastUsed,
        bytes,
        expirationOn: report.detail.expirationOn,
        meta: typeof meta === 'function' ? (meta as () => M)() : meta,
      });
      await Promise.all([...this.evict(id), this.persistIndex()]);
      return true;
    }).finally(() => {
      const left = (this.writing.get(id) ?? 1) - 1;
      if (left > 0) this.writing.set(id, left);
      else this.writing.delete(id);
    });
  }

  /** Replaces what the index keeps with a cached report (its counts after its detail was fetched again). */
  async updateMeta(id: string, meta: M): Promise<void> {
    const entry = this.index.get(id);
    if (!entry) return;
    this.index.set({ ...entry, meta });
    await this.persistIndex();
  }

  /** Marks a report as used now (it was shown from memory), for eviction. */
  async touch(id: string): Promise<void> {
    const entry = this.index.get(id);
    if (!entry) return;
    entry.lastUsed = this.now();
    await this.persistIndex();
  }

  /** Deletes everything cached for this origin and key; the cache stays usable. Rejects if the files could not be deleted. */
  async clear(): Promise<void> {
    this.epoch++;
    this.clearing.abort(); // writes waiting for pages give up, so the flush below ends
    this.clearing = new AbortController();
    this.index.clear();
    await this.flush(); // writes already running finish first, so none lands after the deletion
    this.dirReady = false;
    await fs.rm(this.dir, { recursive: true, force: true });
  }

  /** Bytes the cache's files take, as far as this window knows. */
  size(): number {
    return this.index.size();
  }

  /** Resolves when every write, deletion and clean-up started so far has finished. */
  flush(): Promise<void> {
    return queues.settle(this.dir);
  }

  /** Finishes pending work; clearOrigin no longer needs to reach this cache. */
  async close(): Promise<void> {
    await this.flush();
    this.unregister?.();
  }

  /**
   * The clean-up after open: data of older format versions, temp files of interrupted writes,
   * report files no index entry names (maintenance.ts), and expired reports.
   */
  private async maintain(): Promise<void> {
    try {
      // Whether a report file is kept is asked after the sweep's awaits: a report written meanwhile is not an orphan.
      const kept = (name: string) => queues.has(path.join(this.dir, name)) || this.index.ids().some((id) => reportFileName(id) === name);
      await sweep(this.root, this.dir, CACHE_VERSION, kept, this.log);
      const now = this.now();
      const expired = this.index.values().filter((entry) => this.index.isExpired(entry, now));
      await Promise.all(expired.map((entry) => this.drop(entry.id, 'expired')));
      if (this.index.dirty) await this.persistIndex();
    } catch (e) {
      this.log(`clean-up failed (${describe(e)})`);
    }
  }

  /** Least recently used first, until the files fit; never `keep` or a report being written. */
  private evict(keep: string): Promise<void>[] {
    return this.index
      .leastRecentlyUsed(this.maxBytes, (id) => id === keep || this.writing.has(id))
      .map((victim) => this.drop(victim.id, `evicted (least recently used; the cache holds ${this.maxBytes} bytes)`, false));
  }

  /** Forgets a report and deletes its file (after any write of it), with a log line. */
  private drop(id: string, why: string, persist = true): Promise<void> {
    if (!this.index.delete(id)) return Promise.resolve();
    this.log(`report ${quoteId(id)} ${why}`);
    const epoch = this.epoch;
    const deletion = this.serial(reportFileName(id), async () => {
      if (epoch !== this.epoch || this.index.has(id)) return; // written again meanwhile, or cleared
      await fs.rm(this.reportPath(id), { force: true }).catch((e: unknown) => this.log(`could not delete a report file (${describe(e)})`));
    });
    return persist ? Promise.all([deletion, this.persistIndex()]).then(() => undefined) : deletion;
  }

  /** Writes the index as it is when the write starts; calls while one is queued share it. */
  private persistIndex(): Promise<void> {
    this.index.dirty = true;
    return queues.run(this.index.file, () => this.index.write(this.now, () => this.ensureDir()));
  }

  private async ensureDir(): Promise<void> {
    if (this.dirReady) return;
    await makeCacheDir(this.dir);
    this.dirReady = true;
  }

  /** Runs `task` after every earlier task on the file `name` of this directory; the queue survives its failure. */
  private serial<T>(name: string, task: () => Promise<T>): Promise<T> {
    return queues.run(path.join(this.dir, name), task);
  }

  private reportPath(id: string): string {
    return path.join(this.dir, reportFileName(id));
  }
}

function info<M>({ fetchedAt, complete, lastUsed, bytes, meta }: Entry<M>): CachedReportInfo<M> {
  return { fetchedAt, complete, lastUsed, bytes, meta };
}

/** `pages`, ending with an AbortError as soon as `signal` aborts, even while waiting for the next page. */
async function* untilCleared<T>(pages: Iterable<T> | AsyncIterable<T>, signal: AbortSignal): AsyncGenerator<T> {
  let stop: () => void = () => undefined;
  const aborted = new Promise<never>((_, reject) => {
    stop = () => reject(abandoned());
    if (signal.aborted) stop();
    else signal.addEventListener('abort', stop, { once: true });
  });
  aborted.catch(() => undefined); // only raced below
  const iterator = Symbol.asyncIterator in pages ? pages[Symbol.asyncIterator]() : (pages as Iterable<T>)[Symbol.iterator]();
  try {
    for (;;) {
      const next = await Promise.race([iterator.next(), aborted]);
      if (next.done) return;
      yield next.value;
    }
  } finally {
    signal.removeEventListener('abort', stop); // one cache's signal serves every write: none may stay on it
    void iterator.return?.();
  }
}
