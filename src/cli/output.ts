// Writing results: tables for people, JSON/JSONL for programs. Server text is untrusted, so
// nothing reaches a terminal raw: control characters (ANSI escapes), bidi overrides and
// invisible format characters are shown as \u escapes in every format.
import type { Writable } from 'node:stream';

export type Format = 'table' | 'json' | 'jsonl';
export const FORMATS: readonly Format[] = ['table', 'json', 'jsonl'];

const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/g;
const escape = (ch: string) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`;

/** Text safe to print in a terminal cell (newlines escaped too). */
export function safeText(text: string): string {
  return text.replace(UNSAFE, escape);
}

/** JSON with invisible and bidi characters escaped (still valid JSON, same value). */
export function safeJson(value: unknown): string {
  return JSON.stringify(value).replace(UNSAFE, escape);
}

/** Writes with backpressure, so streaming a million issues into a slow pipe stays constant in memory. */
export class Output {
  constructor(private readonly stream: Writable) {}

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

  line(text = ''): Promise<void> {
    return this.write(`${text}\n`);
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
  const cells = rows.map((row) => columns.map((c) => cut(safeText(c.value(row)), c.max ?? 60)));
  const widths = columns.map((c, i) => Math.max(width(c.header), ...cells.map((r) => width(r[i]!))));
  const render = (values: readonly string[]) => values.map((v, i) => (i === values.length - 1 ? v : pad(v, widths[i]!))).join('  ').trimEnd();
  return [render(columns.map((c) => c.header)), ...cells.map(render)].join('\n');
}

function width(text: string): number {
  return Array.from(text).length;
}

function pad(text: string, to: number): string {
  return text + ' '.repeat(Math.max(0, to - width(text)));
}

function cut(text: string, max: number): string {
  const points = Array.from(text);
  return points.length <= max ? text : `${points.slice(0, max - 1).join('')}…`;
}
