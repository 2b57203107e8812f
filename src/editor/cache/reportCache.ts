// The on-disk cache of reports (warm start): the report list and each report the
// user expanded, so that after a window reload they are on screen before any request, then
// revalidated. Plain Node (no vscode): the extension passes globalStorageUri.fsPath as `root`.
//
//   <root>/reports-v<CACHE_VERSION>/<origin hash>/<origin+key hash>/
//       index.json            the list, and per report: fetchedAt, complete, last use, bytes,
//                             expiry and the caller's `meta` (counts, groups) — small, read at open
//       <sha256(id)>.jsonl    one report: detail + issues (reportFile.ts)
//
// One directory per origin and key, so a different key never sees another key's data, and one
// per origin above it, so Clear Service Key and Clear Cache remove every key's data of an
// origin without knowing the keys. The key itself is never stored: its directory is named by
// sha256(origin + '\n' + sha256(key)), cut to 128 bits. A plain hash is enough because a service
// key is a long random token: there is no dictionary to try against it, and 128 bits cannot be
// searched. (The same sha256 of the key is already the connection's fingerprint in memory.)
// Report ids are server strings and never reach a path: a file is named by their sha256.
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
import { createHash } from 'node:crypto';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import * as v from 'valibot';
import { ReportListBodySchema, type FixReportSummary } from '../../api/schemas';
import { oneLine } from '../../common/text';
import { isExpired } from '../../model/reportList';
import { DIR_MODE, TEMP_SUFFIX, writeFileAtomic } from './atomicFile';
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
import { errorMessage } from '../../common/errors';

export type { CachedReport, ReportToCache } from './reportFile';

/**
 * The default of the size setting: 512 MiB. The sandbox's 100,000-issue report (10,000 fixes,
 * a data-flow trace on each issue, as the real service sends) is 101 MB on disk, ~1 KB an
 * issue, about its size on the wire; so this holds five such reports — the issue's "a few
 * 100k-issue reports" — or hundreds of ordinary ones (tens to hundreds of KB each).
 */
export const DEFAULT_CACHE_MAX_BYTES = 512 * 1024 * 1024;

const INDEX_FILE = 'index.json';
const INDEX_FORMAT = 'security-fix-reports/report-index';
/** An index larger than this is not read (the list is capped at 8 MiB by the client). */
const MAX_INDEX_BYTES = 32 * 1024 * 1024;
const REPORT_FILE = /^[0-9a-f]{64}\.jsonl$/;
const VERSION_DIR = /^reports-v(\d+)$/;
/** Debris younger than this may be another window's write in progress, and is left alone. */
const DEBRIS_GRACE_MS = 60_000;
/** The queue of the background clean-up at open. */
const MAINTENANCE = '(maintenance)';

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

/** The report list as last written. */
export interface CachedList {
  readonly reports: FixReportSummary[];
  /** When it was fetched from the service. */
  readonly fetchedAt: number;
}

/** What the index knows of a cached report, without reading its file. */
interface CachedReportInfo<M> {
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

interface Entry<M> extends CachedReportInfo<M> {
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

export class ReportCache<M = unknown> {
  /** Open caches of this process, so clearOrigin can stop their writes before deleting. */
  private static readonly live = new Set<ReportCache<unknown>>();

  private readonly entries = new Map<string, Entry<M>>();
  private list: CachedList | undefined;
  /**
   * Per file (absolute path): the tail of its queue of writes and deletions (settles, never
   * rejects). Shared by the caches of this process, so two of the same origin and key (one
   * being replaced by the next) never interleave their writes of a file either.
   */
  private static readonly queues = new Map<string, Promise<void>>();
  /** Ids with a write queued or running: never evicted. */
  private readonly writing = new Map<string, number>();
  /** Bumped by clear(): work started before it does not touch what comes after. */
  private epoch = 0;
  /** Aborted by clear(): a write still waiting for pages stops. */
  private clearing = new AbortController();
  private indexDirty = false;
  private indexBytes = 0;
  private dirReady = false;
  private readonly maxBytes: number;
  private readonly now: () => number;
  private readonly log: (message: string) => void;

  private constructor(
    private readonly root: string,
    private readonly originDir: string,
    private readonly dir: string,
    private readonly options: ReportCacheOptions<M>,
  ) {
    this.maxBytes = options.maxBytes ?? DEFAULT_CACHE_MAX_BYTES;
    this.now = options.now ?? Date.now;
    const log = options.log;
    this.log = (message) => {
      try {
        log(`Report cache: ${message}`);
      } catch {
        // A log that throws must not turn a cache miss into a failure.
      }
    };
  }

  /** Reads the index (the only read before the cache can answer); the clean-up runs after, in the background. */
  static async open<M = unknown>(options: ReportCacheOptions<M>): Promise<ReportCache<M>> {
    const root = path.resolve(options.root);
    const originDir = originHash(options.origin);
    const dir = path.join(root, versionDir(CACHE_VERSION), originDir, keyHash(options.origin, options.key));
    const cache = new ReportCache<M>(root, originDir, dir, options);
    await cache.load();
    ReportCache.live.add(cache as ReportCache<unknown>);
    void cache.serial(MAINTENANCE, () => cache.maintain());
    return cache;
  }

  /**
   * Deletes the cached data of every key of `origin` (Clear Service Key, Clear Cache), in every
   * format version. Open caches of this origin in this process are cleared first, so no write
   * of theirs lands afterwards. Rejects if something could not be deleted.
   */
  static async clearOrigin(root: string, origin: string): Promise<void> {
    const base = path.resolve(root);
    const originDir = originHash(origin);
    for (const cache of ReportCache.live) if (cache.root === base && cache.originDir === originDir) await cache.clear();
    for (const name of await listDir(base)) {
      if (VERSION_DIR.test(name)) await fs.rm(path.join(base, name, originDir), { recursive: true, force: true });
    }
  }

  /** Deletes every origin's cached data (the cache was turned off). Rejects if something could not be deleted. */
  static async clearAll(root: string): Promise<void> {
    const base = path.resolve(root);
    for (const cache of ReportCache.live) if (cache.root === base) await cache.clear();
    for (const name of await listDir(base)) {
      if (VERSION_DIR.test(name)) await fs.rm(path.join(base, name), { recursive: true, force: true });
    }
  }

  /** The list and what is known of each cached report, from memory (read at open). */
  readIndex(): CachedIndex<M> {
    const now = this.now();
    const reports = new Map<string, CachedReportInfo<M>>();
    for (const entry of this.entries.values()) {
      if (this.isExpired(entry, now)) void this.drop(entry.id, 'expired');
      else reports.set(entry.id, info(entry));
    }
    return { list: this.list && { reports: [...this.list.reports], fetchedAt: this.list.fetchedAt }, reports };
  }

  /**
   * Stores the report list. Reports it no longer has are deleted from the cache: the service
   * has dropped them. Resolves when the index is written.
   */
  async writeList(reports: readonly FixReportSummary[], fetchedAt = this.now()): Promise<void> {
    this.list = { reports: [...reports], fetchedAt };
    const listed = new Set(reports.map((report) => report.id));
    const gone = [...this.entries.keys()].filter((id) => !listed.has(id) && !this.writing.has(id));
    await Promise.all([...gone.map((id) => this.drop(id, 'no longer listed by the service')), this.persistIndex()]);
  }

  /**
   * The cached report, or undefined when there is none, it has expired or its file is
   * unusable (then deleted, with a log line). Counts as a use for eviction.
   */
  async readReport(id: string): Promise<CachedReport | undefined> {
    const entry = this.entries.get(id);
    if (!entry) return undefined;
    if (this.isExpired(entry, this.now())) {
      await this.drop(id, 'expired');
      return undefined;
    }
    const epoch = this.epoch;
    let report: CachedReport;
    try {
      report = await decodeReportFile(await fs.readFile(this.reportPath(id)), id);
    } catch (e) {
      if (epoch !== this.epoch || this.entries.get(id) !== entry) return undefined; // cleared or rewritten meanwhile
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
    if (this.entries.get(id) === entry) {
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
    return this.serial(fileName(id), async () => {
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
      this.entries.set(id, {
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
    const entry = this.entries.get(id);
    if (!entry) return;
    this.entries.set(id, { ...entry, meta });
    await this.persistIndex();
  }

  /** Marks a report as used now (it was shown from memory), for eviction. */
  async touch(id: string): Promise<void> {
    const entry = this.entries.get(id);
    if (!entry) return;
    entry.lastUsed = this.now();
    await this.persistIndex();
  }

  /** Deletes everything cached for this origin and key; the cache stays usable. Rejects if the files could not be deleted. */
  async clear(): Promise<void> {
    this.epoch++;
    this.clearing.abort(); // writes waiting for pages give up, so the flush below ends
    this.clearing = new AbortController();
    this.entries.clear();
    this.list = undefined;
    this.indexBytes = 0;
    await this.flush(); // writes already running finish first, so none lands after the deletion
    this.dirReady = false;
    await fs.rm(this.dir, { recursive: true, force: true });
  }

  /** Bytes the cache's files take, as far as this window knows. */
  size(): number {
    let total = this.indexBytes;
    for (const entry of this.entries.values()) total += entry.bytes;
    return total;
  }

  /** Resolves when every write, deletion and clean-up started so far has finished. */
  async flush(): Promise<void> {
    for (;;) {
      const pending = [...ReportCache.queues].filter(([file]) => path.dirname(file) === this.dir).map(([, tail]) => tail);
      if (pending.length === 0) return;
      await Promise.all(pending);
    }
  }

  /** Finishes pending work; clearOrigin no longer needs to reach this cache. */
  async close(): Promise<void> {
    await this.flush();
    ReportCache.live.delete(this as ReportCache<unknown>);
  }

  private async load(): Promise<void> {
    const file = path.join(this.dir, INDEX_FILE);
    let data: Buffer;
    try {
      const stat = await fs.stat(file);
      if (stat.size > MAX_INDEX_BYTES) return this.discardIndex(`${stat.size} bytes, more than an index can be`);
      data = await fs.readFile(file);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') this.log(`index unreadable (${describe(e)}); starting empty`);
      return;
    }
    let json: unknown;
    try {
      json = JSON.parse(data.toString('utf8'));
    } catch {
      return this.discardIndex('not JSON (truncated or corrupt)');
    }
    const version = typeof json === 'object' && json !== null ? (json as { version?: unknown }).version : undefined;
    if (version !== CACHE_VERSION) return this.discardIndex(`format version ${String(version)}, this version reads ${CACHE_VERSION}`);
    const index = v.safeParse(IndexSchema, json);
    if (!index.success) return this.discardIndex('not an index of this format');
    const { list, reports } = index.output;
    if (list) {
      const decoded = v.safeParse(ReportListBodySchema, { fixReport: list.reports });
      if (!decoded.success) return this.discardIndex('its report list does not decode');
      this.list = { reports: decoded.output.fixReport, fetchedAt: list.fetchedAt };
    }
    for (const entry of reports) {
      let meta: M | undefined = entry.meta as M | undefined;
      if (this.options.meta && entry.meta !== undefined) {
        const checked = v.safeParse(this.options.meta, entry.meta);
        if (!checked.success) this.log(`report ${quoteId(entry.id)}: its stored counts do not decode; dropped`);
        meta = checked.success ? checked.output : undefined;
      }
      this.entries.set(entry.id, { ...entry, meta });
    }
    this.indexBytes = data.byteLength;
  }

  /** Forgets the index; the files it listed are swept as orphans by maintain(). */
  private discardIndex(why: string): void {
    this.log(`index discarded: ${why}`);
    this.indexDirty = true;
  }

  /**
   * The clean-up after open: data of older format versions, temp files of interrupted writes,
   * report files no index entry names, and expired reports.
   */
  private async maintain(): Promise<void> {
    try {
      for (const name of await listDir(this.root)) {
        const version = VERSION_DIR.exec(name)?.[1];
        if (version !== undefined && Number(version) < CACHE_VERSION) {
          await fs.rm(path.join(this.root, name), { recursive: true, force: true });
          this.log(`deleted the data of format version ${version}`);
        }
      }
      const wallClock = Date.now(); // file times are the real clock's, whatever `now` says
      for (const name of await listDir(this.dir)) {
        const temp = name.endsWith(TEMP_SUFFIX);
        if (!temp && !REPORT_FILE.test(name)) continue;
        const file = path.join(this.dir, name);
        const stat = await fs.stat(file).catch(() => undefined);
        if (!stat || wallClock - stat.mtimeMs < DEBRIS_GRACE_MS) continue;
        // Checked last, after the awaits: a report written meanwhile is not an orphan.
        if (!temp && (ReportCache.queues.has(path.join(this.dir, name)) || [...this.entries.keys()].some((id) => fileName(id) === name)))
          continue;
        await fs.rm(file, { force: true });
        this.log(`deleted ${temp ? 'the temp file of an interrupted write' : 'a report file no index entry names'}`);
      }
      const now = this.now();
      const expired = [...this.entries.values()].filter((entry) => this.isExpired(entry, now));
      await Promise.all(expired.map((entry) => this.drop(entry.id, 'expired')));
      if (this.indexDirty) await this.persistIndex();
    } catch (e) {
      this.log(`clean-up failed (${describe(e)})`);
    }
  }

  private isExpired(entry: Entry<M>, now: number): boolean {
    if (isExpired(entry, now)) return true;
    const listed = this.list?.reports.find((report) => report.id === entry.id);
    return listed !== undefined && isExpired(listed, now);
  }

  /** Least recently used first, until the files fit; never `keep` or a report being written. */
  private evict(keep: string): Promise<void>[] {
    let total = this.size();
    if (total <= this.maxBytes) return [];
    const candidates = [...this.entries.values()]
      .filter((entry) => entry.id !== keep && !this.writing.has(entry.id))
      .sort((a, b) => a.lastUsed - b.lastUsed);
    const deletions: Promise<void>[] = [];
    for (const victim of candidates) {
      if (total <= this.maxBytes) break;
      total -= victim.bytes;
      deletions.push(this.drop(victim.id, `evicted (least recently used; the cache holds ${this.maxBytes} bytes)`, false));
    }
    return deletions;
  }

  /** Forgets a report and deletes its file (after any write of it), with a log line. */
  private drop(id: string, why: string, persist = true): Promise<void> {
    if (!this.entries.delete(id)) return Promise.resolve();
    this.log(`report ${quoteId(id)} ${why}`);
    const epoch = this.epoch;
    const deletion = this.serial(fileName(id), async () => {
      if (epoch !== this.epoch || this.entries.has(id)) return; // written again meanwhile, or cleared
      await fs.rm(this.reportPath(id), { force: true }).catch((e: unknown) => this.log(`could not delete a report file (${describe(e)})`));
    });
    return persist ? Promise.all([deletion, this.persistIndex()]).then(() => undefined) : deletion;
  }

  /** Writes the index as it is when the write starts; calls while one is queued share it. */
  private persistIndex(): Promise<void> {
    this.indexDirty = true;
    return this.serial(INDEX_FILE, async () => {
      if (!this.indexDirty) return;
      this.indexDirty = false;
      const data = Buffer.from(JSON.stringify(this.snapshot()), 'utf8');
      try {
        await this.ensureDir();
        await writeFileAtomic(path.join(this.dir, INDEX_FILE), (write) => write(data));
        this.indexBytes = data.byteLength;
      } catch (e) {
        this.log(`could not write the index (${describe(e)})`);
      }
    });
  }

  private snapshot(): v.InferInput<typeof IndexSchema> {
    return {
      format: INDEX_FORMAT,
      version: CACHE_VERSION,
      writtenAt: this.now(),
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

  private async ensureDir(): Promise<void> {
    if (this.dirReady) return;
    await fs.mkdir(this.dir, { recursive: true, mode: DIR_MODE });
    // mkdir's mode is filtered by the umask; these are the cache's own directories.
    for (const dir of [this.dir, path.dirname(this.dir), path.dirname(path.dirname(this.dir))]) await fs.chmod(dir, DIR_MODE);
    this.dirReady = true;
  }

  /** Runs `task` after every earlier task on the file `name` of this directory; the queue survives its failure. */
  private serial<T>(name: string, task: () => Promise<T>): Promise<T> {
    const key = path.join(this.dir, name);
    const queues = ReportCache.queues;
    const run = (queues.get(key) ?? Promise.resolve()).then(task);
    const tail = run.then(
      () => undefined,
      () => undefined,
    );
    queues.set(key, tail);
    void tail.then(() => {
      if (queues.get(key) === tail) queues.delete(key);
    });
    return run;
  }

  private reportPath(id: string): string {
    return path.join(this.dir, fileName(id));
  }
}

function info<M>({ fetchedAt, complete, lastUsed, bytes, meta }: Entry<M>): CachedReportInfo<M> {
  return { fetchedAt, complete, lastUsed, bytes, meta };
}

function sha256(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

function versionDir(version: number): string {
  return `reports-v${version}`;
}

function originHash(origin: string): string {
  return sha256(`origin\n${origin}`).slice(0, 32);
}

function keyHash(origin: string, key: string): string {
  return sha256(`${origin}\n${sha256(key)}`).slice(0, 32);
}

/** A report's file: the hash of its id, whatever characters or length the id has. */
function fileName(id: string): string {
  return `${sha256(id)}.jsonl`;
}

async function listDir(dir: string): Promise<string[]> {
  try {
    return await fs.readdir(dir);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw e;
  }
}

/** A server id in a log line: cleaned and short. */
function quoteId(id: string): string {
  return `"${oneLine(id, 60)}"`;
}

/** An error for the log: its code and message, never a stack (paths of the user's profile stay out). */
function describe(e: unknown): string {
  const code = (e as NodeJS.ErrnoException | undefined)?.code;
  return code ?? errorMessage(e);
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
