// The report cache's work beyond one cache's reads and writes: the sweep after open, and the
// deletion of an origin's data or of all of it.
//
// The sweep removes what no one will read again: the data of older format versions, temp
// files of interrupted writes, and report files no index entry names (another window's index
// replaced ours, or the index was discarded). Two windows share the directory, so debris
// younger than a grace period may be the other window's write in progress and is left alone.
//
// Deletion must not race an open cache of this process: a write of it still running would
// land after the files are gone. So open caches are registered here, and each one of the
// origin is cleared (its running writes finished, waiting ones stopped) before the deletion.
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { TEMP_SUFFIX } from './atomicFile';
import { isReportFileName, listDir, originHash, versionOf } from './layout';

/** Debris younger than this may be another window's write in progress, and is left alone. */
const DEBRIS_GRACE_MS = 60_000;

/** An open cache, as deletion needs to know it. */
interface OpenCache {
  /** The resolved root of its directories. */
  readonly root: string;
  /** Its origin's directory name. */
  readonly originDir: string;
  /** Deletes its data and stops its writes; resolves when none can land any more. */
  clear(): Promise<void>;
}

/** Open caches of this process, so a deletion can stop their writes first. */
const open = new Set<OpenCache>();

/** Registers an open cache; the function returned unregisters it (it was closed). */
export function registerOpen(cache: OpenCache): () => void {
  open.add(cache);
  return () => void open.delete(cache);
}

/**
 * Deletes the data of every key of `origin` under `root`, in every format version, after
 * clearing the open caches of that origin. Rejects if something could not be deleted.
 */
export async function deleteOrigin(root: string, origin: string): Promise<void> {
  const base = path.resolve(root);
  const originDir = originHash(origin);
  for (const cache of open) if (cache.root === base && cache.originDir === originDir) await cache.clear();
  for (const name of await listDir(base)) {
    if (versionOf(name) !== undefined) await fs.rm(path.join(base, name, originDir), { recursive: true, force: true });
  }
}

/** Deletes the data of every origin under `root`, after clearing its open caches. Rejects if something could not be deleted. */
export async function deleteAll(root: string): Promise<void> {
  const base = path.resolve(root);
  for (const cache of open) if (cache.root === base) await cache.clear();
  for (const name of await listDir(base)) {
    if (versionOf(name) !== undefined) await fs.rm(path.join(base, name), { recursive: true, force: true });
  }
}

/**
 * Deletes, under `root`, the directories of format versions older than `version`, then, in
 * `dir`, temp files and report files older than the grace period, but not a report file
 * `kept` names (asked last, after every wait, so a report written meanwhile is kept).
 * Rejects if listing or deleting fails.
 */
export async function sweep(
  root: string,
  dir: string,
  version: number,
  kept: (name: string) => boolean,
  log: (message: string) => void,
): Promise<void> {
  for (const name of await listDir(root)) {
    const older = versionOf(name);
    if (older !== undefined && Number(older) < version) {
      await fs.rm(path.join(root, name), { recursive: true, force: true });
      log(`deleted the data of format version ${older}`);
    }
  }
  const wallClock = Date.now(); // file times are the real clock's, whatever the cache's clock says
  for (const name of await listDir(dir)) {
    const temp = name.endsWith(TEMP_SUFFIX);
    if (!temp && !isReportFileName(name)) continue;
    const file = path.join(dir, name);
    const stat = await fs.stat(file).catch(() => undefined);
    if (!stat || wallClock - stat.mtimeMs < DEBRIS_GRACE_MS) continue;
    if (!temp && kept(name)) continue;
    await fs.rm(file, { force: true });
    log(`deleted ${temp ? 'the temp file of an interrupted write' : 'a report file no index entry names'}`);
  }
}
