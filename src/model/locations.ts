// Where a finding is in the code. The service's `codeNodes` are a data-flow trace ordered by
// `index`: the last node is the sink, where scanners report a result, so it is the finding's
// primary location; the others are related locations (source, steps). `codeFilePath` alone
// gives a file without a line. Every path is server text naming a file on the user's disk, so
// only plain repo-relative paths of allowed characters pass (safeRepoPath): no absolute path,
// drive, UNC or URL scheme, no `.` or `..` segment, no backslash, `%` or unsafe character. Lines are 1-based;
// columns 1-based, the end exclusive; anything else is dropped, never guessed.
import { describeCodePoint, findUnsafe } from '../common/text';

export interface CodeLocation {
  /** Repo-relative, `/`-separated, checked by safeRepoPath. */
  readonly path: string;
  /** 1-based; undefined when the service gave only the file. */
  readonly startLine?: number;
  readonly endLine?: number;
  /** 1-based, end exclusive; undefined for the whole line. */
  readonly startColumn?: number;
  readonly endColumn?: number;
}

export interface IssueLocations {
  /** The sink: where the finding is reported. */
  readonly primary: CodeLocation;
  /** The other nodes of the trace, in trace order. */
  readonly related: readonly CodeLocation[];
}

/** The location fields of a decoded issue (all optional: the spec does not show them). */
export interface LocatedIssue {
  readonly codeNodes?: readonly CodeNodeInput[] | null;
  readonly codeFilePath?: string | null;
}

interface CodeNodeInput {
  readonly path?: string | null;
  readonly startLine?: number | null;
  readonly endLine?: number | null;
  readonly startCol?: number | null;
  readonly endCol?: number | null;
  readonly index?: number | null;
}

/** Longest path accepted; real repository paths are far shorter. */
const MAX_PATH = 1024;
/** Beyond this a line number is not a line of a source file. */
const MAX_LINE = 10_000_000;

/** The issue's locations, or undefined when it has none the editor may use. */
export function issueLocations(issue: LocatedIssue): IssueLocations | undefined {
  const refused: RefusedPath[] = []; // reported by refusedPaths, once per report
  const nodes = [...(issue.codeNodes ?? [])]
    .map((node, order) => ({ node, order }))
    // Trace order by index; nodes without one keep their place after the indexed ones.
    .sort((a, b) => (indexOf(a.node) ?? Infinity) - (indexOf(b.node) ?? Infinity) || a.order - b.order);
  const located: CodeLocation[] = [];
  for (const { node } of nodes) {
    const location = nodeLocation(node, refused);
    if (location) located.push(location);
  }
  const primary = located.pop() ?? fileOnly(issue.codeFilePath, refused);
  return primary ? { primary, related: located } : undefined;
}

export interface RefusedPath {
  readonly path: string;
  readonly reason: string;
}

/** The paths an issue sent that issueLocations refused, with why: for a one-time report. */
export function refusedPaths(issue: LocatedIssue): RefusedPath[] {
  const refused: RefusedPath[] = [];
  for (const node of issue.codeNodes ?? []) nodeLocation(node, refused);
  if (!issue.codeNodes?.length) fileOnly(issue.codeFilePath, refused);
  return refused;
}

function nodeLocation(node: CodeNodeInput, refused: RefusedPath[]): CodeLocation | undefined {
  if (typeof node.path !== 'string') return undefined;
  const checked = safeRepoPath(node.path);
  if (!checked.ok) {
    refused.push({ path: node.path, reason: checked.reason });
    return undefined;
  }
  const startLine = line(node.startLine);
  if (startLine === undefined) return { path: checked.path };
  const endLine = line(node.endLine);
  const end = endLine !== undefined && endLine >= startLine ? endLine : startLine;
  const startColumn = column(node.startCol);
  const endColumn = column(node.endCol);
  const columnsUsable = startColumn !== undefined && endColumn !== undefined && (end > startLine || endColumn > startColumn);
  return columnsUsable
    ? { path: checked.path, startLine, endLine: end, startColumn, endColumn }
    : { path: checked.path, startLine, endLine: end };
}

function fileOnly(path: string | null | undefined, refused: RefusedPath[]): CodeLocation | undefined {
  if (typeof path !== 'string' || path === '') return undefined;
  const checked = safeRepoPath(path);
  if (checked.ok) return { path: checked.path };
  refused.push({ path, reason: checked.reason });
  return undefined;
}

function indexOf(node: CodeNodeInput): number | undefined {
  return typeof node.index === 'number' && Number.isFinite(node.index) ? node.index : undefined;
}

function line(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= MAX_LINE ? value : undefined;
}

function column(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 1_000_000 ? value : undefined;
}

export type PathCheck = { ok: true; path: string } | { ok: false; reason: string };

/**
 * What a path segment may hold: letters, marks, numbers, spaces and the punctuation real
 * repository file names use. Left out on purpose: `/ \ : | < > " ? *` (separators, drives and
 * what Windows cannot check out), `%` (a URL would decode `%2e%2e` to `..`), and everything
 * the text module deems unsafe.
 */
const SEGMENT = /^[\p{L}\p{M}\p{N} ._\-+@~,=()[\]{}!#$&';^`]+$/u;

/**
 * A repository-relative path the editor may join to a repository root, or why not: segments
 * of allowed characters (SEGMENT) joined by single `/`, a leading `./` dropped. Refused: empty
 * or too long, absolute, a scheme or drive, `.`/`..` segments, backslashes, and any character
 * outside the allowlist (control, bidi, NUL, `%`, `|`, …).
 */
export function safeRepoPath(raw: string): PathCheck {
  if (raw.length === 0) return { ok: false, reason: 'empty path' };
  if (raw.length > MAX_PATH) return { ok: false, reason: 'path too long' };
  const unsafe = findUnsafe(raw);
  if (unsafe) return { ok: false, reason: `unsafe character ${describeCodePoint(unsafe.codePoint)}` };
  if (raw.includes('\\')) return { ok: false, reason: 'backslash in path' };
  if (raw.includes(':')) return { ok: false, reason: 'a scheme or drive (":") in path' };
  if (raw.startsWith('/')) return { ok: false, reason: 'absolute path' };
  const segments = raw.replace(/^(\.\/)+/, '').split('/');
  if (segments.some((s) => s === '')) return { ok: false, reason: 'empty path segment' };
  if (segments.some((s) => s === '.' || s === '..')) return { ok: false, reason: '"." or ".." segment' };
  // A URL parser strips leading and trailing spaces, which can turn " /x" into "/x".
  if (segments.some((s) => s.trim() !== s)) return { ok: false, reason: 'a path segment starts or ends with a space' };
  for (const segment of segments) {
    if (SEGMENT.test(segment)) continue;
    const bad = Array.from(segment).find((ch) => !SEGMENT.test(ch)) ?? segment;
    return { ok: false, reason: `character ${describeCodePoint(bad.codePointAt(0) ?? 0)} is not allowed in a path` };
  }
  return { ok: true, path: segments.join('/') };
}
