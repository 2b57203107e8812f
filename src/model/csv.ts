// RFC 4180 CSV for exports (CLI and editor). Server text is untrusted: a cell a spreadsheet would
// read as a formula is written as text instead. That prefix is the only way a CSV value differs from
// the same value in JSON output.

/** Values a cell may hold. Numbers and booleans are ours (counts, durations), never neutralised. */
export type CsvValue = string | number | boolean | null | undefined;

/** Byte order mark for spreadsheets that guess the encoding (Excel); exports omit it unless asked. */
export const CSV_BOM = '\uFEFF';

/** RFC 4180 line ending. */
export const CSV_EOL = '\r\n';

// OWASP's list for CSV injection: a leading =, +, -, @, tab or carriage return starts a formula (or
// a DDE call) in Excel, LibreOffice and Google Sheets.
const FORMULA_STARTS = new Set(['=', '+', '-', '@', '\t', '\r']);

/** A string a spreadsheet will show as text: a leading `'` when it would otherwise start a formula. */
export function neutraliseFormula(text: string): string {
  return text.length > 0 && FORMULA_STARTS.has(text[0]!) ? `'${text}` : text;
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
