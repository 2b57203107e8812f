// Writing results: tables for people, JSON/JSONL for programs. Server text is untrusted, so
// nothing reaches a terminal raw: every unsafe character (ANSI escapes, bidi overrides, line
// breaks inside a value, invisible characters) is shown as a \u escape, in every format, by
// the one escaping of common/text. Stdout goes through Output, stderr through Stderr.
import type { Writable } from 'node:stream';
import { codePointLength, escapedJson, escapeUnsafe, redact, truncate } from '../common/text';

// csv and sarif are exports (model/export); markdown is for CI job summaries. Which command
// takes which format: main.ts.
export type Format = 'table' | 'json' | 'jsonl' | 'csv' | 'sarif' | 'markdown';
export const FORMATS: readonly Format[] = ['table', 'json', 'jsonl', 'csv', 'sarif', 'markdown'];

/** Text safe to print in a terminal cell (line breaks escaped too). */
export function safeText(text: string): string {
  return escapeUnsafe(text);
}

/** JSON with control, invisible and bidi characters escaped (still valid JSON, same value). */
export function safeJson(value: unknown): string {
  return escapedJson(value);
}

/** Each line of `text` escaped; the line breaks between them kept (our tables and usage). */
function escapeLines(text: string): string {
  return text.includes('\n') ? text.split('\n').map(escapeUnsafe).join('\n') : escapeUnsafe(text);
}

/**
 * The CLI's one way to stderr (errors, warnings, verbose log lines): each message is one line,
 * with the key redacted (a second lock: the client never puts it in a message) and every
 * unsafe character escaped, line breaks included, so server text cannot start a line.
 */
export class Stderr {
  private secret: string | undefined;

  constructor(private readonly stream: Writable) {}

  /** From now on this value is redacted from every line. */
  protect(secret: string): void {
    this.secret = secret;
  }

  line(message: string): void {
    this.stream.write(`${escapeUnsafe(redact(message, this.secret))}\n`);
  }

  /** Our own multi-line text (a stack trace): a line each. */
  lines(text: string): void {
    for (const line of text.split('\n')) this.line(line);
  }
}

/** Writes with backpressure, so streaming a million issues into a slow pipe stays constant in memory. */
export class Output {
  constructor(private readonly stream: Writable) {}

  /** Writes text that is already escaped (safeJson/safeText lines): the issues stream, where escaping twice would cost. */
  async write(text: string): Promise<void> {
    if (this.stream.write(text)) return;
    await new Promise<void>((resolve, reject) => {
      const done = (err?: Error) => {
        this.stream.off('drain', done);
        this.stream.off('error', done);
        if (err) reject(err);
        else resolve();
      };
      this.stream.once('drain', done);
      this.stream.once('error', done);
    });
  }

  /** Writes `text` and a line break, each of its lines escaped (idempotent for escaped text). */
  line(text = ''): Promise<void> {
    return this.write(`${escapeLines(text)}\n`);
  }
}

export interface Column<T> {
  header: string;
  value: (row: T) => string;
  /** Cells longer than this are cut with an ellipsis. */
  max?: number;
}

/** Renders rows as an aligned text table (widths from these rows). */
export function renderTable<T>(rows: readonly T[], columns: readonly Column<T>[]): string {
  const cells = rows.map((row) => columns.map((c) => truncate(safeText(c.value(row)), c.max ?? 60)));
  const widths = columns.map((c, i) => Math.max(width(c.header), ...cells.map((r) => width(r[i]!))));
  const render = (values: readonly string[]) =>
    values
      .map((v, i) => (i === values.length - 1 ? v : pad(v, widths[i]!)))
      .join('  ')
      .trimEnd();
  return [render(columns.map((c) => c.header)), ...cells.map(render)].join('\n');
}

function width(text: string): number {
  return codePointLength(text);
}

function pad(text: string, to: number): string {
  return text + ' '.repeat(Math.max(0, to - width(text)));
}
