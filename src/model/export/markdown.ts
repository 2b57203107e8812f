// GitHub-flavoured Markdown tables for CI job summaries ($GITHUB_STEP_SUMMARY). Server text
// (scanner names, issue types) is data, never markup: unsafe characters and line breaks are
// folded to spaces (cleanText), and every ASCII punctuation character that starts or shapes
// something inline is backslash-escaped, so no link, image, HTML tag, entity, emphasis, code,
// math, autolink (`https:`, `www.`, `a@b`), mention, issue reference or cell separator can come
// from it. Punctuation that does nothing inside a table cell (, ; % ' " = ? / - ( ) { } +) is
// left alone for readability; ( ) only make a link after ], which is escaped. Our own numbers
// are written as they are.

import { cleanText } from '../../common/text';

export type MarkdownCell = string | number | null;

export interface MarkdownColumn {
  readonly title: string;
  /** Numbers are right-aligned. */
  readonly numeric: boolean;
}

/** Text that renders as itself in GitHub Markdown, on one line and inside a table cell. */
export function markdownText(text: string): string {
  return cleanText(text).replace(/[\\`*_[\]<>#!|&~:@.$^]/g, '\\$&');
}

function cell(value: MarkdownCell): string {
  if (value === null) return '';
  return typeof value === 'number' ? String(value) : markdownText(value);
}

/** A pipe table; an empty one still has its header. */
export function markdownTable(columns: readonly MarkdownColumn[], rows: readonly (readonly MarkdownCell[])[]): string {
  const line = (cells: readonly string[]) => `| ${cells.join(' | ')} |`;
  return [
    line(columns.map((c) => markdownText(c.title))),
    line(columns.map((c) => (c.numeric ? '---:' : '---'))),
    ...rows.map((row) => line(columns.map((_, i) => cell(row[i] ?? null)))),
  ].join('\n');
}
