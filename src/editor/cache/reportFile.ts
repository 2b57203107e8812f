// One cached report on disk: its detail and the issues loaded so far, as JSON lines.
//
//   {"format":"security-fix-reports/report","version":2,"id":…,"fetchedAt":…}
//   {…the report detail…}
//   [{…issue 1…},…,{…issue 1000…}]
//   [{…issue 1001…},…]
//   …
//   {"bytes":<length of every line above>,"sha256":<of those bytes>,"issues":<count>,"complete":…}
//
// The issues are written as their pages arrive from the service (an async source), so the
// file holds them as the service sent them — FP explanations included — while the editor's
// model keeps only what it shows (model/heldIssue.ts). Whether paging reached the end is known
// last, so it is in the trailer.
//
// Lines, not one JSON document, so that neither side ever holds the whole file as one string:
// the writer serialises a line at a time into ~1 MiB chunks, the reader keeps the file's
// Buffer and parses a line at a time (one JSON.parse of a 100 MB string would need the
// string, twice the bytes when it holds non-Latin-1 text, on top of the Buffer). Issues go
// 1,000 to a line, a page as the service sends them: fewer, larger JSON.parse calls than one
// issue a line. JSON.stringify never writes a raw line break, so a line is always one value.
//
// Checked on read, in order: the header (format, version, the report's id), the trailer (a file
// cut short has none, or one that does not match its length), the checksum, then every value
// through the service's own valibot schemas — so what comes back has exactly the types a
// fresh download has, and a file written before a schema gained a field decodes with that
// field's default, the way an older service's answer would.
import { createHash } from 'node:crypto';
import * as v from 'valibot';
import { decodeIssuePageFast } from '../../api/issuePageDecoder';
import { IssuePageBodySchema, ReportDetailBodySchema, type FixReportDetail, type Issue } from '../../api/schemas';
import { writeFileAtomic } from './atomicFile';

/** Bump on any change of what a cache file or directory holds: older data is then deleted, never read. */
export const CACHE_VERSION = 2;
const FORMAT = 'security-fix-reports/report';
const NEWLINE = 0x0a;
/** Bytes serialised before a write to the file (and a yield to the event loop). */
const CHUNK_CHARS = 1 << 20;
/** Issues on one line; the reader yields to the event loop after each (~5 ms of work). */
const ISSUES_PER_LINE = 1_000;
/** Bytes hashed between yields (~10–30 ms of sha256). */
const HASH_CHUNK = 16 << 20;

/** A report as the cache returns it. */
export interface CachedReport {
  readonly detail: FixReportDetail;
  /** The issues loaded when it was written, in the order they were given. */
  readonly issues: Issue[];
  /** When the data was fetched from the service (ms since the epoch). */
  readonly fetchedAt: number;
  /** Whether paging had reached the last issue. */
  readonly complete: boolean;
}

/** What to store of a report. Each page is serialised when it is taken from `pages`. */
export interface ReportToCache {
  readonly detail: FixReportDetail;
  /** The issues a page at a time; an async source is written as its pages arrive (any size: lines hold 1,000). */
  readonly pages: Iterable<readonly Issue[]> | AsyncIterable<readonly Issue[]>;
  readonly fetchedAt: number;
  /** Whether paging reached the last issue; read when the pages end. */
  readonly complete: boolean | (() => boolean);
}

/** What was written. */
export interface WrittenReport {
  readonly bytes: number;
  readonly issues: number;
  readonly complete: boolean;
}

/** Thrown by writeReportFile when the file would exceed the bytes it may take. */
export class TooLarge extends Error {}

/** A file that cannot be used, and why, in words for the log. */
export class Unreadable extends Error {}

/**
 * Writes `report` atomically to `file`; returns the file's size. Throws TooLarge (and leaves
 * `file` as it was) as soon as the content passes `maxBytes`.
 */
export async function writeReportFile(file: string, id: string, report: ReportToCache, maxBytes: number): Promise<WrittenReport> {
  let size = 0;
  let count = 0;
  let complete = false;
  await writeFileAtomic(file, async (write) => {
    const hash = createHash('sha256');
    let parts: string[] = [];
    let pending = 0;
    const flush = async () => {
      const chunk = Buffer.from(parts.join(''), 'utf8');
      parts = [];
      pending = 0;
      size += chunk.byteLength;
      if (size > maxBytes) throw new TooLarge(`more than ${maxBytes} bytes`);
      hash.update(chunk);
      await write(chunk);
    };
    const line = (value: unknown) => {
      const text = JSON.stringify(value);
      parts.push(text, '\n');
      pending += text.length + 1;
    };
    line({ format: FORMAT, version: CACHE_VERSION, id, fetchedAt: report.fetchedAt });
    line(report.detail);
    if (pending >= CHUNK_CHARS) await flush();
    for await (const page of report.pages) {
      for (let i = 0; i < page.length; i += ISSUES_PER_LINE) {
        line(page.length <= ISSUES_PER_LINE ? page : page.slice(i, i + ISSUES_PER_LINE));
        if (pending >= CHUNK_CHARS) await flush();
      }
      count += page.length;
    }
    await flush();
    complete = typeof report.complete === 'function' ? report.complete() : report.complete;
    const trailer = Buffer.from(`${JSON.stringify({ bytes: size, sha256: hash.digest('hex'), issues: count, complete })}\n`, 'utf8');
    size += trailer.byteLength;
    await write(trailer);
  });
  return { bytes: size, issues: count, complete };
}

/** The report in `data` (a whole cache file), or Unreadable saying what is wrong with it. */
export async function decodeReportFile(data: Buffer, id: string): Promise<CachedReport> {
  const headerEnd = data.indexOf(NEWLINE);
  if (headerEnd < 0) throw new Unreadable(data.length === 0 ? 'empty file' : 'no header line');
  const header = parseLine(data, 0, headerEnd, 'header');
  if (!isRecord(header) || header.format !== FORMAT) throw new Unreadable('not a report cache file');
  if (header.version !== CACHE_VERSION)
    throw new Unreadable(`format version ${String(header.version)}, this version reads ${CACHE_VERSION}`);
  if (header.id !== id) throw new Unreadable('it holds another report');
  const { fetchedAt } = header;
  if (typeof fetchedAt !== 'number' || !Number.isFinite(fetchedAt)) throw new Unreadable('bad header');

  if (data[data.length - 1] !== NEWLINE) throw new Unreadable('truncated (no final line break)');
  const trailerStart = data.lastIndexOf(NEWLINE, data.length - 2) + 1;
  const trailer = trailerStart > headerEnd ? tryParse(data, trailerStart, data.length - 1) : undefined;
  if (
    !isRecord(trailer) ||
    typeof trailer.sha256 !== 'string' ||
    typeof trailer.issues !== 'number' ||
    typeof trailer.complete !== 'boolean'
  ) {
    throw new Unreadable('truncated (no trailer)');
  }
  if (trailer.bytes !== trailerStart)
    throw new Unreadable(`truncated or extended (${trailerStart} bytes, the trailer says ${String(trailer.bytes)})`);
  const hash = createHash('sha256');
  for (let at = 0; at < trailerStart; at += HASH_CHUNK) {
    if (at > 0) await nextTurn();
    hash.update(data.subarray(at, Math.min(at + HASH_CHUNK, trailerStart)));
  }
  if (hash.digest('hex') !== trailer.sha256) throw new Unreadable('checksum mismatch');

  const detailEnd = data.indexOf(NEWLINE, headerEnd + 1);
  if (detailEnd < 0 || detailEnd >= trailerStart) throw new Unreadable('no detail line');
  const detailBody = v.safeParse(ReportDetailBodySchema, { fixReport: [parseLine(data, headerEnd + 1, detailEnd, 'detail')] });
  const detail = detailBody.success ? detailBody.output.fixReport[0] : undefined;
  if (!detail || detail.id !== id) throw new Unreadable(`bad detail${detailBody.success ? '' : ` at ${issuePath(detailBody.issues)}`}`);

  const issues: Issue[] = [];
  for (let start = detailEnd + 1; start < trailerStart;) {
    const end = data.indexOf(NEWLINE, start);
    const page = { vulnerability_report_issue: parseLine(data, start, end, `line ${issues.length / ISSUES_PER_LINE + 1} of issues`) };
    start = end + 1;
    // The client's own decoding of a page of issues: the fast path, else the schema.
    let decoded = decodeIssuePageFast(page);
    if (!decoded) {
      const checked = v.safeParse(IssuePageBodySchema, page);
      if (!checked.success) throw new Unreadable(`bad issues at ${issuePath(checked.issues)}`);
      decoded = checked.output;
    }
    for (const issue of decoded.vulnerability_report_issue) issues.push(issue);
    await nextTurn();
  }
  if (issues.length !== trailer.issues) throw new Unreadable(`${issues.length} issues, the trailer says ${trailer.issues}`);
  return { detail, issues, fetchedAt, complete: trailer.complete };
}

/** Lets the event loop run (the extension host's other work) between slices of a long read. */
function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

function parseLine(data: Buffer, start: number, end: number, what: string): unknown {
  try {
    return JSON.parse(data.toString('utf8', start, end));
  } catch {
    throw new Unreadable(`the ${what} line is not JSON`);
  }
}

function tryParse(data: Buffer, start: number, end: number): unknown {
  try {
    return JSON.parse(data.toString('utf8', start, end));
  } catch {
    return undefined;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The JSON path of the first schema problem (no values: the log never quotes cached server text). */
function issuePath(issues: readonly v.BaseIssue<unknown>[]): string {
  const path = issues[0]?.path?.map((item) => String(item.key)).join('.');
  return path || 'the top level';
}
