// The files of a git work tree for the suppression audit (model/suppressionAuditFiles): git's
// list (`ls-files --cached --others --exclude-standard`: tracked and untracked, not ignored), and
// which of them hold the marker's first bytes, found by `git grep` (native and multi-threaded), so
// that the audit reads those few files instead of every one. `ls-files -s -v --deleted` also says
// which entries git grep passes over or reads from the index rather than the work tree: those
// are read by the audit as before (links and submodules counted, never opened; deleted files
// counted). The repository is untrusted: no pager, no fsmonitor hook, no optional locks, no
// textconv, and the options that config could turn on (colour, submodule recursion, full names,
// the fallback outside a repository) are set on the command line, which config cannot override.
import { execFile } from 'node:child_process';
import { normalize, sep } from 'node:path';
import { MARKER_PREFIX } from './suppressionAudit';

/** A file of git's list; `markerFree`: git grep searched it and found no marker prefix. */
interface GitFile {
  readonly path: string;
  readonly fsPath: string | Buffer;
  readonly notRegular?: true;
  readonly markerFree?: true;
}

type GitResult =
  | {
      kind: 'listed';
      files: GitFile[];
      /** git grep failed (its message): every file was left to be read, as without it. */
      grepFailure?: string;
      /** Lines of git grep's stderr that name no listed file. */
      grepWarnings: string[];
    }
  | { kind: 'not-a-repository' }
  | { kind: 'no-git' }
  | { kind: 'failed'; message: string };

const BASE = ['--no-pager', '-c', 'core.fsmonitor=false', '--no-optional-locks'];
const LS_FILES = ['ls-files', '-z', '-s', '-v', '--cached', '--deleted', '--others', '--exclude-standard'];
const GREP = [
  ...['-c', 'grep.fallbackToNoIndex=false', 'grep', '-l', '-z', '-F', '--untracked', '--no-textconv', '--no-color'],
  ...['--no-full-name', '--no-recurse-submodules', '-e', MARKER_PREFIX, '--'],
];
/** git's two runs over a tree, side by side (the bench times them alone, as the floor of the audit's wall time). */
export const GIT_RUNS: readonly (readonly string[])[] = [LS_FILES, GREP].map((args) => [...BASE, ...args]);
/** Index modes of entries that are not regular files: a symbolic link, a submodule. */
const NOT_REGULAR_MODES = new Set(['120000', '160000']);
const NON_ASCII = /[^\x00-\x7f]/;
/** stderr kept from git grep: its lines name files it could not read. */
const MAX_STDERR = 1024 * 1024;

/** git's list of the files under `root` (a directory), each marked by what git grep found. */
export async function gitFiles(root: string, signal: AbortSignal | undefined): Promise<GitResult> {
  const [list, grep] = await Promise.all([runGit(root, LS_FILES, signal), runGit(root, GREP, signal)]);
  if (list.kind === 'no-git') return list;
  if (list.kind === 'error') return { kind: 'failed', message: list.message };
  if (list.code !== 0) {
    const message = list.stderr.toString('utf8').trim();
    if (/not a git repository/i.test(message)) return { kind: 'not-a-repository' };
    return { kind: 'failed', message: message.split('\n')[0] || `exit code ${list.code}` };
  }
  // Exit code 1: no file holds the prefix.
  const found = grep.kind === 'done' && (grep.code === 0 || grep.code === 1) ? grepOutput(grep.stdout, grep.stderr) : undefined;
  if (found && found.unreadable.length > 0) await underRoot(root, found, signal);
  const entries = indexEntries(list.stdout);
  const files = listing(root, entries, found);
  if (!found) {
    const failure =
      grep.kind === 'done'
        ? grep.stderr.toString('utf8').trim().split('\n')[0] || `exit code ${grep.code}`
        : grep.kind === 'error'
          ? grep.message
          : 'git is missing';
    return { kind: 'listed', files, grepFailure: failure, grepWarnings: [] };
  }
  return { kind: 'listed', files, grepWarnings: found.unreadable.filter((u) => !entries.has(u.key)).map((u) => u.text) };
}

type Run = { kind: 'done'; code: number; stdout: Buffer; stderr: Buffer } | { kind: 'no-git' } | { kind: 'error'; message: string };

function runGit(root: string, args: readonly string[], signal: AbortSignal | undefined): Promise<Run> {
  return new Promise((resolve, reject) => {
    execFile(
      'git',
      [...BASE, ...args],
      {
        cwd: root,
        encoding: 'buffer',
        maxBuffer: 1024 * 1024 * 1024,
        signal,
        // LC_ALL=C: git's messages ("not a git repository", "failed to stat") are matched in English.
        env: { ...process.env, LC_ALL: 'C', GIT_TERMINAL_PROMPT: '0', GIT_OPTIONAL_LOCKS: '0' },
        windowsHide: true,
      },
      (error, stdout, stderr) => {
        if (signal?.aborted) return reject(signal.reason);
        if (!error) return resolve({ kind: 'done', code: 0, stdout, stderr });
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'ENOENT') return resolve({ kind: 'no-git' });
        if (typeof code === 'number') return resolve({ kind: 'done', code, stdout, stderr });
        resolve({ kind: 'error', message: error.message }); // killed, or more output than maxBuffer
      },
    );
  });
}

/** Paths are keyed by their bytes, one latin1 character each, so that names that are not UTF-8 stay apart. */
interface GrepFound {
  hits: Set<string>;
  /** Files git could not read: it names them on stderr ("error: failed to stat 'PATH': …") and goes on. */
  unreadable: { key: string; readonly text: string }[];
}

function grepOutput(stdout: Buffer, stderr: Buffer): GrepFound {
  const hits = new Set<string>();
  for (let start = 0, end = stdout.indexOf(0); end !== -1; start = end + 1, end = stdout.indexOf(0, start))
    if (end > start) hits.add(stdout.toString('latin1', start, end));
  const unreadable = stderr
    .subarray(0, MAX_STDERR)
    .toString('latin1')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => ({ key: /'(.*)'/.exec(line)?.[1] ?? '', text: Buffer.from(line, 'latin1').toString('utf8') }));
  return { hits, unreadable };
}

/**
 * git grep names a file it cannot read by its path from the top of the work tree, its hits by
 * their path from `root`: the first made like the second (asked of git only when there is such
 * a line).
 */
async function underRoot(root: string, found: GrepFound, signal: AbortSignal | undefined): Promise<void> {
  const run = await runGit(root, ['rev-parse', '--show-prefix'], signal);
  if (run.kind !== 'done' || run.code !== 0) return;
  const prefix = run.stdout.toString('latin1').replace(/\n$/, '');
  for (const line of found.unreadable) if (line.key.startsWith(prefix)) line.key = line.key.slice(prefix.length);
}

interface IndexEntry {
  readonly notRegular: boolean;
  /** git grep searches the file in the work tree (not a deleted, assume-unchanged or skip-worktree entry). */
  gitReadsIt: boolean;
}

/**
 * `ls-files -z -s -v` output, keyed by path: "TAG MODE OID STAGE\tPATH" for index entries (tag
 * H, M for a conflicted file's stages, which count once; S skip-worktree; lower case:
 * assume-unchanged; a deleted file once more with tag R), "? PATH" for untracked files. Read as
 * one latin1 string: tens of thousands of small Buffers cost more than the paths themselves.
 */
function indexEntries(stdout: Buffer): Map<string, IndexEntry> {
  const text = stdout.toString('latin1');
  const entries = new Map<string, IndexEntry>();
  const deleted: string[] = [];
  for (let start = 0, end = text.indexOf('\0'); end !== -1; start = end + 1, end = text.indexOf('\0', start)) {
    const tag = text[start];
    const tab = tag === '?' ? start + 1 : text.indexOf('\t', start);
    if (tab === -1 || tab + 1 >= end) continue;
    const key = text.slice(tab + 1, end);
    if (tag === 'R' || tag === 'r') deleted.push(key);
    else if (!entries.has(key)) {
      const notRegular = tag !== '?' && NOT_REGULAR_MODES.has(text.slice(start + 2, start + 8));
      entries.set(key, { notRegular, gitReadsIt: tag === 'H' || tag === 'M' || tag === '?' });
    }
  }
  for (const key of deleted) {
    const entry = entries.get(key);
    if (entry) entry.gitReadsIt = false; // the audit counts it as deleted
  }
  return entries;
}

/**
 * The entries as files under `root`. With git grep's answer, a file it searched without a hit
 * is marked marker-free; the others (hits, files it could not read, entries it does not read
 * from the work tree) are left to be read.
 */
function listing(root: string, entries: ReadonlyMap<string, IndexEntry>, found: GrepFound | undefined): GitFile[] {
  const base = normalize(root);
  const prefix = base === '.' ? '' : base.endsWith(sep) ? base : base + sep;
  const unreadable = new Set(found?.unreadable.map((u) => u.key));
  const files: GitFile[] = [];
  for (const [key, entry] of entries) {
    // A key is the path's bytes; only one with a byte over 0x7f needs decoding as UTF-8.
    const rel = NON_ASCII.test(key) ? Buffer.from(key, 'latin1').toString('utf8') : key;
    const path = prefix + rel;
    const fsPath = rel.includes('\uFFFD') ? Buffer.concat([Buffer.from(prefix), Buffer.from(key, 'latin1')]) : path;
    const markerFree = found !== undefined && entry.gitReadsIt && !entry.notRegular && !found.hits.has(key) && !unreadable.has(key);
    files.push(markerFree ? { path, fsPath, markerFree } : entry.notRegular ? { path, fsPath, notRegular: true } : { path, fsPath });
  }
  return files;
}
