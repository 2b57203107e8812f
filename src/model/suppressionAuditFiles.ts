// The suppression audit of a tree on disk (the CLI's `suppressions`; plain Node): which files,
// read how, and the markers in each (model/suppressionAudit). Inside a git work tree the files
// are git's list (`ls-files --cached --others --exclude-standard`: tracked and untracked, not
// ignored), and git grep says which of them hold a marker's first bytes (model/suppressionAuditGit),
// so only those are read; elsewhere a directory walk that never follows a symbolic link, and
// every file is read. The repository is untrusted: git runs hardened (model/suppressionAuditGit),
// files are opened without following a link, only regular files are read, and no file larger
// than the cap is read at all.
import { closeSync, constants, openSync, readdirSync, readSync, statSync } from 'node:fs';
import { join, sep } from 'node:path';
import { commentSyntaxFor } from './commentSyntax';
import { findMarkers, MARKER_PREFIX, scanText, type CommentLocator, type FoundSuppression } from './suppressionAudit';
import { gitFiles } from './suppressionAuditGit';
import { languageIdForPath } from './suppressionAuditLanguages';

/** Files larger than this are skipped (counted): generated bundles, data, vendored blobs. */
export const MAX_FILE_BYTES = 2 * 1024 * 1024;
/** A NUL byte in a file's first 8 KB makes it binary, as git and ripgrep judge. */
const SNIFF_BYTES = 8192;
/** Work between two turns of the event loop, so that a signal (Ctrl+C) is seen while a big tree is read. */
const SLICE_MS = 20;
const READ_FLAGS = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);
const PREFIX = Buffer.from(MARKER_PREFIX, 'latin1');
/** Lines of git grep's stderr passed on. */
const MAX_NOTES = 20;

/**
 * A file to audit: its path as shown (under the root as given) and as opened, which is the same
 * string unless the name is not valid UTF-8 (then its bytes, so that it can still be opened).
 */
export interface TreeFile {
  readonly path: string;
  readonly fsPath: string | Buffer;
  /** The walk saw a link, FIFO, socket or device here, or git's index a link or submodule: counted, never opened. */
  readonly notRegular?: true;
  /** git grep searched the file and found no marker prefix: counted as searched, not read again. */
  readonly markerFree?: true;
}

export interface TreeListing {
  readonly files: TreeFile[];
  /** How the root was listed: git's list, a directory walk (not in a work tree, or no git), or one file. */
  readonly source: 'git' | 'walk' | 'file';
  /** Set when git is not installed, so the walk could not leave ignored files out. */
  readonly gitMissing?: boolean;
  /** Directories the walk could not read, with the error code. */
  readonly unreadable: readonly { path: string; code: string }[];
  /** What git grep said that the listing could not use: its failure (then every file is read), or lines naming no listed file. */
  readonly gitGrepNotes?: readonly string[];
}

/** git refused to list a work tree (not: "not a repository"); its message says why. */
export class TreeListingError extends Error {}

/** The files under `root` (a directory or one file, which must exist). */
export async function listTree(root: string, signal?: AbortSignal): Promise<TreeListing> {
  if (!statSync(root).isDirectory()) return { files: [{ path: root, fsPath: root }], source: 'file', unreadable: [] };
  const git = await gitFiles(root, signal);
  if (git.kind === 'failed') throw new TreeListingError(`git could not list the files of ${root}: ${git.message}`);
  if (git.kind === 'listed') {
    const notes =
      git.grepFailure === undefined
        ? git.grepWarnings.slice(0, MAX_NOTES).map((line) => `git grep: ${line}`)
        : [`git grep failed (${git.grepFailure}); every file was read instead`];
    return { files: git.files.sort(byPath), source: 'git', unreadable: [], ...(notes.length > 0 ? { gitGrepNotes: notes } : {}) };
  }
  const walked = await walk(root, signal);
  return { ...walked, source: 'walk', ...(git.kind === 'no-git' ? { gitMissing: true } : {}) };
}

/** Every file, link and special file under `root` (all but regular files marked, to be counted and never opened); `.git` left out. */
async function walk(root: string, signal: AbortSignal | undefined): Promise<Omit<TreeListing, 'source'>> {
  const files: TreeFile[] = [];
  const unreadable: { path: string; code: string }[] = [];
  const stack: { fsPath: Buffer; path: string }[] = [{ fsPath: Buffer.from(root), path: root }];
  const slice = new Slicer(signal);
  while (stack.length > 0) {
    await slice.maybeYield();
    const dir = stack.pop()!;
    let entries;
    try {
      entries = readdirSync(dir.fsPath, { withFileTypes: true, encoding: 'buffer' });
    } catch (e) {
      unreadable.push({ path: dir.path, code: errorCode(e) });
      continue;
    }
    entries.sort((a, b) => Buffer.compare(a.name, b.name));
    const subdirs: typeof stack = [];
    for (const entry of entries) {
      const name = entry.name.toString('utf8');
      if (name === '.git') continue;
      const fsPath = Buffer.concat([dir.fsPath, Buffer.from(sep), entry.name]);
      const path = join(dir.path, name);
      if (entry.isDirectory()) subdirs.push({ fsPath, path });
      else files.push({ path, fsPath: path.includes('\uFFFD') ? fsPath : path, ...(entry.isFile() ? {} : { notRegular: true }) });
    }
    stack.push(...subdirs.reverse());
  }
  return { files: files.sort(byPath), unreadable };
}

/** In order of their paths (git lists tracked files, then untracked ones). */
function byPath(a: TreeFile, b: TreeFile): number {
  return a.path < b.path ? -1 : a.path > b.path ? 1 : 0;
}

export interface FileSuppression extends FoundSuppression {
  readonly path: string;
  readonly languageId: string;
}

export interface AuditCounts {
  /** Files listed (each root's, once each). */
  listed: number;
  /** Files searched for the marker: read, or (inside a work tree) searched by git grep without a hit. */
  read: number;
  /** Files whose language has no comment syntax (not read). */
  noCommentSyntax: number;
  binary: number;
  tooLarge: number;
  /** Symbolic links, submodules and other entries that are not regular files (never read). */
  notRegular: number;
  /** Listed by git but not in the work tree (deleted and not staged). */
  missing: number;
  unreadable: number;
  /** Markers that are not inside a comment (in strings, code). */
  outsideComments: number;
  /** Markers checked by the same-line rule because a file's parser budget was spent. */
  overBudget: number;
}

export interface TreeAudit {
  readonly suppressions: FileSuppression[];
  readonly counts: AuditCounts;
  readonly unreadable: { path: string; code: string }[];
  /** Files whose markers were checked by the same-line rule because the parser failed on them. */
  readonly parserErrors: { path: string; message: string }[];
}

/** The suppressions in `files`, in their order; `locator` checks markers in languages with a grammar. */
export async function auditFiles(
  files: Iterable<TreeFile>,
  options: { locator?: CommentLocator; signal?: AbortSignal; maxFileBytes?: number } = {},
): Promise<TreeAudit> {
  const max = options.maxFileBytes ?? MAX_FILE_BYTES;
  const counts: AuditCounts = {
    listed: 0,
    read: 0,
    noCommentSyntax: 0,
    binary: 0,
    tooLarge: 0,
    notRegular: 0,
    missing: 0,
    unreadable: 0,
    outsideComments: 0,
    overBudget: 0,
  };
  const suppressions: FileSuppression[] = [];
  const unreadable: { path: string; code: string }[] = [];
  const parserErrors: { path: string; message: string }[] = [];
  const buffer = Buffer.allocUnsafe(max + 1);
  const slice = new Slicer(options.signal);
  for (const file of files) {
    await slice.maybeYield();
    counts.listed++;
    const languageId = languageIdForPath(file.path);
    const syntax = languageId === undefined ? undefined : commentSyntaxFor(languageId);
    if (!syntax || languageId === undefined) {
      counts.noCommentSyntax++;
      continue;
    }
    if (file.markerFree) {
      counts.read++;
      continue;
    }
    const read: ReadResult = file.notRegular ? { kind: 'not-regular' } : readInto(file.fsPath, buffer, max);
    if (read.kind !== 'text') {
      if (read.kind === 'unreadable') unreadable.push({ path: file.path, code: read.code });
      counts[KIND_COUNT[read.kind]]++;
      continue;
    }
    counts.read++;
    const bytes = buffer.subarray(0, read.length);
    if (bytes.indexOf(PREFIX) === -1) continue;
    const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
    const text = bytes.toString('utf8', bom);
    const markers = findMarkers(text);
    if (markers.length === 0) continue;
    const scan = await scanText(text, syntax, options.locator, markers);
    counts.outsideComments += scan.outsideComments;
    counts.overBudget += scan.overBudget;
    if (scan.parserError !== undefined) parserErrors.push({ path: file.path, message: scan.parserError });
    for (const s of scan.suppressions) suppressions.push({ ...s, path: file.path, languageId });
  }
  return { suppressions, counts, unreadable, parserErrors };
}

type ReadResult =
  { kind: 'text'; length: number } | { kind: 'binary' | 'too-large' | 'not-regular' | 'missing' } | { kind: 'unreadable'; code: string };

const KIND_COUNT = {
  binary: 'binary',
  'too-large': 'tooLarge',
  'not-regular': 'notRegular',
  missing: 'missing',
  unreadable: 'unreadable',
} as const satisfies Record<Exclude<ReadResult['kind'], 'text'>, keyof AuditCounts>;

/**
 * The file into `buffer` (max + 1 bytes, so that one byte more says "too large"), synchronously:
 * a tree is thousands of small files, and measured on one of 20,000 a synchronous open/read/close
 * loop took a third of the time of fs/promises, and no fstat a fifth less again. A link is not
 * followed (O_NOFOLLOW: ELOOP); a directory (a submodule) fails with EISDIR, "not regular". A
 * FIFO does not block (O_NONBLOCK): without a writer it reads as empty, with one it gives what
 * is there within the cap (EAGAIN when nothing is: "not regular"). The walk opens none of these.
 */
function readInto(fsPath: string | Buffer, buffer: Buffer, max: number): ReadResult {
  let fd: number;
  try {
    fd = openSync(fsPath, READ_FLAGS);
  } catch (e) {
    const code = errorCode(e);
    if (code === 'ELOOP') return { kind: 'not-regular' };
    if (code === 'ENOENT' || code === 'ENOTDIR') return { kind: 'missing' };
    return { kind: 'unreadable', code };
  }
  try {
    let length = 0;
    for (;;) {
      const n = readSync(fd, buffer, length, max + 1 - length, null);
      if (n === 0) break;
      length += n;
      if (length > max) return { kind: 'too-large' };
    }
    if (buffer.subarray(0, Math.min(length, SNIFF_BYTES)).indexOf(0) !== -1) return { kind: 'binary' };
    return { kind: 'text', length };
  } catch (e) {
    const code = errorCode(e);
    return code === 'EISDIR' || code === 'EAGAIN' || code === 'EWOULDBLOCK' ? { kind: 'not-regular' } : { kind: 'unreadable', code };
  } finally {
    closeSync(fd);
  }
}

function errorCode(e: unknown): string {
  return (e as NodeJS.ErrnoException)?.code ?? (e instanceof Error ? e.message : String(e));
}

/** Yields to the event loop every SLICE_MS of synchronous work, and stops when the signal fires. */
class Slicer {
  private last = performance.now();

  constructor(private readonly signal: AbortSignal | undefined) {}

  async maybeYield(): Promise<void> {
    this.signal?.throwIfAborted();
    if (performance.now() - this.last < SLICE_MS) return;
    await new Promise<void>((resolve) => setImmediate(resolve));
    this.signal?.throwIfAborted();
    this.last = performance.now();
  }
}
