// The report cache of the current connection: opened on first use for its origin and key,
// replaced when either or the cache settings change, and deleted when the cache is turned
// off. What the store keeps with each cached report (its row's counts) is checked on read.
import { Disposable } from '../common/disposable';
import { requireBundle } from '../common/lazyBundle';
import type { CachedCounts } from './cache/cachedCounts';
import type { ReportCache } from './cache/reportCache';

export type { CachedCounts } from './cache/cachedCounts';
import type { Connection } from './connection';
import type { ExtensionLog } from './log';
import { errorMessage } from '../common/errors';

export type StoreCache = ReportCache<CachedCounts>;

type CacheModule = typeof import('./cache/bundle');
let loaded: CacheModule | undefined;

/**
 * The cache's code is its own bundle, dist/cache.js (cache/bundle.ts), beside dist/extension.js:
 * required on the first use (the view's first load), so activation does not load it.
 */
function cacheModule(): CacheModule {
  return (loaded ??= requireBundle<CacheModule>('cache.js'));
}

export class ReportCaches extends Disposable {
  private opened: { identity: string; cache: Promise<StoreCache | undefined> } | undefined;
  /** Whether the cache was last seen turned on; turning it off deletes everything once. */
  private enabled: boolean | undefined;

  constructor(
    /** globalStorageUri.fsPath */
    private readonly root: string,
    private readonly connection: Connection,
    private readonly log: ExtensionLog,
  ) {
    super();
    this.register(connection.onDidChange(() => this.follow()));
    this.register({ dispose: () => void this.close() });
    this.follow();
  }

  /** The cache for the configured origin and key, or undefined (turned off, or no key). */
  current(): Promise<StoreCache | undefined> | undefined {
    const state = this.connection.state;
    const { enabled, maxBytes } = this.connection.settings.cache;
    if (state.kind !== 'ready' || !enabled) return undefined;
    // The key's digest, never the key: the cache hashes it again into the directory's name.
    const identity = JSON.stringify([state.origin, state.keyDigest, maxBytes]);
    if (this.opened?.identity !== identity) {
      void this.close();
      const cache = Promise.resolve()
        .then(() =>
          cacheModule().ReportCache.open<CachedCounts>({
            root: this.root,
            origin: state.origin,
            key: state.keyDigest,
            maxBytes,
            meta: cacheModule().CachedCountsSchema,
            log: (message) => this.log.warn(message),
          }),
        )
        .catch((e: unknown) => {
          this.log.error(`The report cache could not be opened (${describe(e)}); working without it.`);
          return undefined;
        });
      this.opened = { identity, cache };
    }
    return this.opened.cache;
  }

  /** Deletes the cache of `origin`, every key's (Clear Cache, Clear Service Key). */
  async clearOrigin(origin: string): Promise<void> {
    await cacheModule().ReportCache.clearOrigin(this.root, origin);
    this.log.info(`Report cache deleted for ${origin}.`);
  }

  private follow(): void {
    const { enabled } = this.connection.settings.cache;
    if (enabled === this.enabled) return;
    this.enabled = enabled;
    if (enabled) return;
    void this.close();
    // Off means nothing stays on disk, including what an earlier session wrote.
    Promise.resolve()
      .then(() => cacheModule().ReportCache.clearAll(this.root))
      .then(
        () => this.log.info('The report cache is turned off: its files are deleted.'),
        (e: unknown) => this.log.error(`The report cache is turned off, but its files could not be deleted: ${describe(e)}`),
      );
  }

  /** Finishes the open cache's writes and forgets it: the next use opens it from disk again, as a new window does. */
  async close(): Promise<void> {
    const opened = this.opened;
    this.opened = undefined;
    if (opened) await (await opened.cache)?.close();
  }
}

function describe(e: unknown): string {
  return errorMessage(e);
}
