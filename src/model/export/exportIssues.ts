// Issue exports as a stream of text chunks, one per page of issues: CSV, SARIF 2.1.0 (its
// profiles in sarifExport.ts), a JSON array or JSON Lines. The CLI writes the chunks to stdout
// with backpressure, the editor to the file the user picked; neither holds more than a page
// (SARIF's github profile: a run's kept results, at most GitHub's 25,000), so memory stays
// bounded whatever the number of issues. The source is abstract (reports, a way to page each
// one's issues, a way to fetch an fp summary), so this knows nothing of the CLI or the editor.
import type { FixReportsClient } from '../../api/client';
import type { FixReportSummary, Issue } from '../../api/schemas';
import { escapedJson, escapeUnsafe } from '../../common/text';
import { CSV_BOM } from '../csv';
import type { FpSummaryFetcher } from './fpSummaries';
import { issueCsvHeader, issueCsvRow } from './issueCsv';
import type { Converter } from './sarif';
import { sarifChunks, type SarifProfile } from './sarifExport';
import type { SarifLimits } from './sarifLimits';

export type ExportFormat = 'csv' | 'sarif' | 'json' | 'jsonl';

export interface ExportSource {
  /**
   * The reports whose issues are exported, in this order. `null` stands for the unfiltered issue
   * listing, whose issues name no report or vendor (docs/service-interface.md §2.8): CSV then
   * leaves fixReportId and vendor empty, and SARIF writes one run with an unknown tool.
   */
  readonly reports: readonly (FixReportSummary | null)[];
  /** Every issue of the report (of all reports for `null`), page by page, in the service's order. */
  issuePages(report: FixReportSummary | null, signal?: AbortSignal): AsyncIterable<readonly Issue[]>;
  /** The ≤280-character summary of a false positive (SARIF justifications); absent: never fetched. */
  fpSummary?: FpSummaryFetcher;
}

export interface ExportOptions {
  signal?: AbortSignal;
  /** Only issues this accepts are exported. */
  filter?: (issue: Issue) => boolean;
  /** At most this many issues in all (after the filter). */
  limit?: number;
  /** CSV: start with a UTF-8 byte order mark (for Excel); default none. */
  bom?: boolean;
  /** CSV: escape unsafe characters in text cells (CLI output to a terminal; never for files). */
  escapeText?: boolean;
  /** SARIF: fetch the short summaries of false positives (default true when the source can). */
  fpSummaries?: boolean;
  /** SARIF: summary requests in flight at once (default 4). */
  fpSummaryConcurrency?: number;
  /** SARIF: the exporting tool, recorded as each run's `conversion`. */
  converter?: Converter;
  /** SARIF: github (what GitHub code scanning accepts) or full (default; everything), see sarifExport.ts. */
  sarifProfile?: SarifProfile;
  /** SARIF: the github profile's limits, GitHub's unless given (tests use small ones). */
  sarifLimits?: Partial<SarifLimits>;
  /** Warnings for the user (summaries that fell back). */
  warn?: (message: string) => void;
  /** Issues exported so far, after each page (for a progress bar). */
  onProgress?: (exported: number) => void;
}

/**
 * A report's issues from the service client, page by page (the unfiltered listing for `null`):
 * ExportSource.issuePages for the CLI and the editor alike.
 */
export async function* clientIssuePages(
  client: Pick<FixReportsClient, 'issuePages'>,
  report: FixReportSummary | null,
  options: { signal?: AbortSignal; onWarning?: (message: string) => void } = {},
): AsyncGenerator<readonly Issue[]> {
  for await (const page of client.issuePages(report ? { fixReportId: report.id } : {}, options)) yield page.issues;
}

/** The export as text chunks; the caller writes them in order. Stops paging once `limit` is reached. */
export function exportChunks(source: ExportSource, format: ExportFormat, options: ExportOptions = {}): AsyncGenerator<string> {
  const selection = new Selection(options);
  switch (format) {
    case 'csv':
      return csvChunks(source, selection, options);
    case 'sarif':
      return sarifChunks(
        {
          reports: source.reports,
          pages: (report) => selection.pages(source, report),
          limitReached: () => selection.full,
          fpSummary: source.fpSummary,
        },
        {
          profile: options.sarifProfile,
          limits: options.sarifLimits,
          signal: options.signal,
          fpSummaries: options.fpSummaries,
          fpSummaryConcurrency: options.fpSummaryConcurrency,
          converter: options.converter,
          warn: options.warn,
        },
      );
    case 'json':
    case 'jsonl':
      return jsonChunks(source, selection, format);
  }
}

/** JSON text safe for a terminal: control, invisible and bidi characters escaped (the same value; as the CLI's jsonl). */
function safeJson(value: unknown): string {
  return escapedJson(value);
}

/** The filter and the limit, counted over all reports. */
class Selection {
  count = 0;

  constructor(private readonly options: ExportOptions) {}

  get full(): boolean {
    return this.options.limit !== undefined && this.count >= this.options.limit;
  }

  /** The issues of a page to export, counted. */
  take(page: readonly Issue[]): Issue[] {
    const taken: Issue[] = [];
    const filter = this.options.filter;
    for (const issue of page) {
      if (this.full) break;
      if (filter && !filter(issue)) continue;
      taken.push(issue);
      this.count++;
    }
    return taken;
  }

  /** Every selected issue of every report, a page at a time; paging stops once full. */
  async *pages(source: ExportSource, report: FixReportSummary | null): AsyncGenerator<Issue[]> {
    if (this.full) return;
    for await (const page of source.issuePages(report, this.options.signal)) {
      const taken = this.take(page);
      if (taken.length > 0) yield taken;
      this.options.onProgress?.(this.count);
      if (this.full) return;
    }
  }
}

async function* csvChunks(source: ExportSource, selection: Selection, options: ExportOptions): AsyncGenerator<string> {
  yield (options.bom ? CSV_BOM : '') + issueCsvHeader();
  const escape = options.escapeText ? escapeUnsafe : undefined;
  for (const report of source.reports) {
    const context = { id: report?.id ?? null, vendor: report?.vulnerabilityReport?.vendor ?? null };
    for await (const page of selection.pages(source, report)) {
      yield page.map((issue) => issueCsvRow(issue, context, escape)).join('');
    }
  }
}

/** The bytes of the CLI's `issues --format json` and `--format jsonl`. */
async function* jsonChunks(source: ExportSource, selection: Selection, format: 'json' | 'jsonl'): AsyncGenerator<string> {
  if (format === 'json') yield '[';
  let written = 0;
  for (const report of source.reports) {
    for await (const page of selection.pages(source, report)) {
      let text = '';
      for (const issue of page) text += format === 'jsonl' ? `${safeJson(issue)}\n` : `${written++ > 0 ? ',' : ''}\n${safeJson(issue)}`;
      yield text;
    }
  }
  if (format === 'json') yield written > 0 ? '\n]\n' : ']\n';
}
