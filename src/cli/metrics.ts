// `metrics`: the lifecycle metrics (model/metrics) of the selected reports. Each report's detail
// is read, then its issues are paged straight into the builder (the false-positive figures), so
// memory stays that of one page and the fingerprint set. Written as JSON (the metrics object),
// CSV or GitHub Markdown (its tables, for $GITHUB_STEP_SUMMARY) or terminal tables.
import type { FixReportSummary } from '../api/schemas';
import { counted, escapeUnsafe } from '../common/text';
import { CSV_BOM, csvRow } from '../model/csv';
import { markdownTable, markdownText } from '../model/export/markdown';
import { MetricsBuilder, metricsTables, selectReports, type Metrics, type MetricsTable } from '../model/metrics';
import type { Context } from './commands';
import { renderTable, safeJson } from './output';

export interface MetricsOptions {
  /** Reports named with --fix-report (any number); none: every report. */
  fixReportIds: readonly string[];
  /** --vendor: only this scanner's reports (any spelling the scanner table knows). */
  vendor?: string;
  /** CSV: a UTF-8 byte order mark first. */
  bom: boolean;
  /** CSV: stdout is a terminal, so unsafe characters in cells are escaped. */
  terminal: boolean;
}

export async function metricsCommand(ctx: Context, options: MetricsOptions): Promise<void> {
  const reports = await selectedReports(ctx, options);
  const builder = new MetricsBuilder();
  for (const report of reports) {
    const detail = await ctx.client.getReport(report.id, ctx.signal);
    builder.addReport(detail, report);
    for await (const page of ctx.client.issuePages({ fixReportId: report.id }, { signal: ctx.signal, onWarning: ctx.warn }))
      builder.addIssues(report, page.issues);
  }
  const metrics = builder.result();
  switch (ctx.format) {
    case 'json':
      return ctx.out.line(safeJson(metrics));
    case 'csv':
      return ctx.out.write(metricsCsv(metricsTables(metrics), options));
    case 'markdown':
      return ctx.out.write(metricsMarkdown(metrics));
    default:
      return ctx.out.line(metricsText(metrics));
  }
}

/** The reports named by --fix-report (in that order, each once) or all, then only --vendor's. */
async function selectedReports(ctx: Context, options: MetricsOptions): Promise<FixReportSummary[]> {
  const listed = await ctx.client.listReports(ctx.signal);
  let reports: FixReportSummary[] = listed;
  if (options.fixReportIds.length > 0) {
    reports = [];
    for (const id of new Set(options.fixReportIds)) {
      // A report missing from the list is read by id: its detail says what it is, or a 404 why not.
      reports.push(listed.find((r) => r.id === id) ?? (await ctx.client.getReport(id, ctx.signal)));
    }
  }
  if (options.vendor !== undefined) {
    reports = selectReports(reports, { kind: 'vendor', vendor: options.vendor });
    if (reports.length === 0) ctx.warn(`No selected report is from the scanner "${options.vendor}".`);
  }
  return reports;
}

/**
 * Every table as a block: a record with its id and title, its header, its rows, then an empty
 * line. Text cells go through csvRow (formula starts neutralised); numbers are written as numbers.
 */
function metricsCsv(tables: readonly MetricsTable[], options: Pick<MetricsOptions, 'bom' | 'terminal'>): string {
  const cell = (value: string | number | null) => (options.terminal && typeof value === 'string' ? escapeUnsafe(value) : value);
  const blocks = tables.map(
    (t) => csvRow([t.id, t.title]) + csvRow(t.columns.map((c) => c.title)) + t.rows.map((row) => csvRow(row.map(cell))).join(''),
  );
  return (options.bom ? CSV_BOM : '') + blocks.join('\r\n');
}

function metricsMarkdown(metrics: Metrics): string {
  const scope = `${counted(metrics.reports, 'report')}, ${counted(metrics.repositories, 'repository', 'repositories')}`;
  const scanners = metrics.scanners.length > 0 ? ` (${metrics.scanners.map(markdownText).join(', ')})` : '';
  const sections = metricsTables(metrics).map(
    (t) =>
      `### ${markdownText(t.title)}\n\n${markdownTable(
        t.columns.map((c) => ({ title: c.title, numeric: c.kind !== 'text' })),
        t.rows,
      )}\n`,
  );
  return [`## Security fix metrics\n\n${scope}${scanners}\n`, ...sections].join('\n');
}

function metricsText(metrics: Metrics): string {
  return metricsTables(metrics)
    .map((t) => {
      const columns = t.columns.map((c, i) => ({ header: c.title, value: (row: (typeof t.rows)[number]) => textCell(row[i] ?? null) }));
      return `${t.title}\n${renderTable(t.rows, columns)}`;
    })
    .join('\n\n');
}

function textCell(value: string | number | null): string {
  return value === null ? '' : String(value);
}
