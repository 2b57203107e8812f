// One CSV row per scanner issue, for spreadsheets (CLI `issues --format csv`, the editor's
// Export…). The columns are stable and documented in docs/cli.md; each is either a field of the
// issue exactly as `issues --format json` writes it, a field of the report being exported, or a
// value derived by the model (noted below). Text cells go through csvRow, so a cell a
// spreadsheet would read as a formula gets a leading `'`: that prefix is the only difference
// from the JSON values.
import type { Issue } from '../../api/schemas';
import { CSV_EOL, csvCell, csvRow, type CsvValue } from '../csv';
import { embeddedFixId, isFalsePositive } from '../issue';
import { issueLocations, type CodeLocation } from '../locations';

/** The report an issue was exported under; both unknown for the unfiltered issue listing. */
export interface CsvReportContext {
  readonly id: string | null;
  readonly vendor: string | null;
}

type Column = readonly [name: string, value: (issue: Issue, report: CsvReportContext) => CsvValue];

/** Joins tag values in one cell; tags are scanner words such as FALSE_POSITIVE. */
const TAG_SEPARATOR = ';';

const COLUMNS: readonly Column[] = [
  ['fixReportId', (_, r) => r.id],
  ['vendor', (_, r) => r.vendor],
  ['id', (i) => i.id],
  ['vendorIssueId', (i) => i.vendorIssueId],
  ['vendorInstanceId', (i) => i.vendorInstanceId],
  ['issueType', (i) => i.issueType],
  ['issueLanguage', (i) => i.issueLanguage],
  ['severity', (i) => i.severity],
  ['state', (i) => i.state],
  // Derived: the state says FalsePositive or a tag says FALSE_POSITIVE (model/issue).
  ['falsePositive', (i) => isFalsePositive(i)],
  ['fpId', (i) => i.fpId],
  ['fingerprintHash', (i) => i.fingerprintHash],
  ['createdAt', (i) => i.createdAt],
  // Derived: the vulnerability_report_issue_tag_value of each tag, joined by ";".
  ['tags', (i) => tagsOf(i)],
  // Derived: `fix.id` when the issue's fix object carries one.
  ['fixId', (i) => embeddedFixId(i)],
  // Derived: the sink (last code node), only when its path is a plain repo-relative path (model/locations).
  ['file', () => undefined],
  ['startLine', () => undefined],
  ['endLine', () => undefined],
  ['startColumn', () => undefined],
  ['endColumn', () => undefined],
  // Last: the longest cell, often several paragraphs.
  ['fpDescription', (i) => i.fpDescription],
];

/** The header names, in order (docs/cli.md). */
export const ISSUE_CSV_COLUMNS: readonly string[] = COLUMNS.map(([name]) => name);

const FILE_COLUMN = ISSUE_CSV_COLUMNS.indexOf('file');

/** The header record (CRLF-terminated). */
export function issueCsvHeader(): string {
  return csvRow(ISSUE_CSV_COLUMNS);
}

/** The location columns, in order, from the primary location. */
const LOCATION_CELLS: readonly ((location: CodeLocation) => CsvValue)[] = [
  (l) => l.path,
  (l) => l.startLine,
  (l) => l.endLine,
  (l) => l.startColumn,
  (l) => l.endColumn,
];

/**
 * One issue as a CSV record (CRLF-terminated), written cell by cell. `escape`, when given, is
 * applied to every text cell (the CLI passes the terminal escaping when stdout is a terminal);
 * files get the text as is.
 */
export function issueCsvRow(issue: Issue, report: CsvReportContext, escape?: (text: string) => string): string {
  const primary = issueLocations(issue)?.primary;
  let row = '';
  for (let c = 0; c < COLUMNS.length; c++) {
    const at = c - FILE_COLUMN;
    let value = primary && at >= 0 && at < LOCATION_CELLS.length ? LOCATION_CELLS[at]!(primary) : COLUMNS[c]![1](issue, report);
    if (escape && typeof value === 'string') value = escape(value);
    row += c === 0 ? csvCell(value) : `,${csvCell(value)}`;
  }
  return row + CSV_EOL;
}

function tagsOf(issue: Issue): string | null {
  const tags = issue.vulnerabilityReportIssueTags
    .map((t) => t.vulnerability_report_issue_tag_value)
    .filter((t): t is string => typeof t === 'string' && t !== '');
  return tags.length > 0 ? tags.join(TAG_SEPARATOR) : null;
}
