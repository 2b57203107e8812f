// RFC 4180 CSV for exports (CLI and editor). Server text is untrusted: a cell a spreadsheet would
// read as a formula is written as text instead. That prefix is the only way a CSV value differs from
// the same value in JSON output.

/** Values a cell may hold. Numbers and booleans are ours (counts, durations), never neutralised. */
export type CsvValue = string | number | boolean | null | undefined;

/** Byte order mark for spreadsheets that guess the encoding (Excel); exports omit it unless asked. */
export const CSV_BOM = '\uFEFF';

/** RFC 4180 line ending. */
export const CSV_EOL = '\r\n';

// CSV injection, by OWASP's list of formula starts (=, +, -, @, tab, carriage return), stated on
// the first character that shows, since spreadsheets skip leading blanks and read full-width forms:
// a cell gets a leading ' when a tab or CR precedes its first visible character, or that character, NFKC-normalised, is = + - or @.
// Not `|`: a DDE call (=cmd|' /C calc'!A0) needs a formula start before it, which the rule catches.
const TAB_OR_CR = /[\t\r]/;
/** White space and what does not show: controls, format characters (bidi, zero-width, BOM), default-ignorables. */
const LEADING_BLANK = /^[\s\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}]*/u;
const FORMULA_START = /^[=+\-@]/;

function startsFormula(text: string): boolean {
  // Most cells start with a visible ASCII character, which is its own NFKC form.
  const c = text.charCodeAt(0);
  if (c > 0x20 && c < 0x7f) return c === 0x3d || c === 0x2b || c === 0x2d || c === 0x40;
  const blank = LEADING_BLANK.exec(text)?.[0] ?? '';
  if (TAB_OR_CR.test(blank)) return true;
  const first = text.codePointAt(blank.length);
  return first !== undefined && FORMULA_START.test(String.fromCodePoint(first).normalize('NFKC'));
}

/** A string a spreadsheet will show as text: a leading `'` when it could otherwise start a formula;
 * otherwise unchanged (the text itself is never normalised). */
export function neutraliseFormula(text: string): string {
  return startsFormula(text) ? `'${text}` : text;
}

/** One cell: neutralised if it is text, quoted when it holds a comma, quote, CR or LF. */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'string' ? neutraliseFormula(value) : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One record, terminated by CRLF. */
export function csvRow(values: readonly CsvValue[]): string {
  return values.map(csvCell).join(',') + CSV_EOL;
}
