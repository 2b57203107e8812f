// Where the report cache keeps its files, and how they are named:
//
//   <root>/reports-v<CACHE_VERSION>/<origin hash>/<origin+key hash>/
//       index.json            the list, and what is known of each report (cacheIndex.ts)
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
// These names are what a new window finds the data of the last one by: changing any of them
// loses every cache already on disk, so only with a CACHE_VERSION bump.
import { createHash } from 'node:crypto';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { DIR_MODE } from './atomicFile';

/** The index's file in a cache directory. */
export const INDEX_FILE = 'index.json';
const REPORT_FILE = /^[0-9a-f]{64}\.jsonl$/;
const VERSION_DIR = /^reports-v(\d+)$/;

/** Where one origin and key keep their files. */
export interface CacheDirs {
  /** `root`, resolved. */
  readonly root: string;
  /** The name of the origin's directory (one in each version's directory). */
  readonly originDir: string;
  /** The directory of this origin and key, in this version's directory. */
  readonly dir: string;
}

/** The directories of `origin` and `key` under `root`, in the directory of format `version`. */
export function cacheDirs(root: string, origin: string, key: string, version: number): CacheDirs {
  const base = path.resolve(root);
  const originDir = originHash(origin);
  return { root: base, originDir, dir: path.join(base, versionDir(version), originDir, keyHash(origin, key)) };
}

/** The name of an origin's directory. */
export function originHash(origin: string): string {
  return sha256(`origin\n${origin}`).slice(0, 32);
}

function keyHash(origin: string, key: string): string {
  return sha256(`${origin}\n${sha256(key)}`).slice(0, 32);
}

function versionDir(version: number): string {
  return `reports-v${version}`;
}

/** The format version (its digits) whose data a directory of `root` holds, or undefined if it is none of the cache's. */
export function versionOf(name: string): string | undefined {
  return VERSION_DIR.exec(name)?.[1];
}

/** A report's file: the hash of its id, whatever characters or length the id has. */
export function reportFileName(id: string): string {
  return `${sha256(id)}.jsonl`;
}

/** Whether `name` is a report's file (of some id). */
export function isReportFileName(name: string): boolean {
  return REPORT_FILE.test(name);
}

/** Creates `dir` (a cache directory) and makes it and the two above it (origin, version) 0700. */
export async function makeCacheDir(dir: string): Promise<void> {
  await fs.mkdir(dir, { recursive: true, mode: DIR_MODE });
  // mkdir's mode is filtered by the umask; these are the cache's own directories.
  for (const level of [dir, path.dirname(dir), path.dirname(path.dirname(dir))]) await fs.chmod(level, DIR_MODE);
}

/** The names in `dir`; none if it does not exist. */
export async function listDir(dir: string): Promise<string[]> {
  try {
    return await fs.readdir(dir);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw e;
  }
}

function sha256(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}
