// `issues --format csv|sarif`: the model's export chunks (model/export) written to stdout with
// backpressure, so a million issues take the memory of one page (SARIF's github profile, the
// default: of a run's kept results). Also the SARIF flags' parsing.
import type { FixReportSummary, Issue } from '../api/schemas';
import { clientIssuePages, exportChunks, type ExportFormat, type ExportSource } from '../model/export/exportIssues';
import { SARIF_PROFILES, SarifRunLimitError, type SarifProfile } from '../model/export/sarifExport';
import { CliError, type Context } from './commands';
import { ExitCode } from './exitCodes';

export interface ExportIssuesOptions {
  fixReportId?: string;
  filter?: (issue: Issue) => boolean;
  limit?: number;
  /** CSV: a UTF-8 byte order mark first. */
  bom: boolean;
  /** CSV: stdout is a terminal, so unsafe characters in cells are escaped. */
  terminal: boolean;
  /** SARIF: fetch false-positive summaries (off: the first 280 characters of fpDescription). */
  fpSummaries: boolean;
  fpSummaryConcurrency?: number;
  /** SARIF: --sarif-profile as given (default github). */
  sarifProfile?: string;
  version?: string;
}

/**
 * --sarif-profile: github (the default: `--format sarif` is for code scanning far more often
 * than not, and a file GitHub rejects fails the whole upload, while this profile only leaves
 * out, with a warning, what GitHub would not show or take) or full (everything, not for upload).
 */
export function parseSarifProfile(value: string | undefined): SarifProfile {
  if (value === undefined) return 'github';
  if ((SARIF_PROFILES as readonly string[]).includes(value)) return value as SarifProfile;
  throw new CliError(`--sarif-profile must be one of ${SARIF_PROFILES.join(', ')} (got "${value}").`, ExitCode.usage);
}

export async function exportIssuesCommand(ctx: Context, format: ExportFormat, options: ExportIssuesOptions): Promise<void> {
  const source: ExportSource = {
    reports: await exportedReports(ctx, format, options.fixReportId),
    issuePages: (report, signal) => clientIssuePages(ctx.client, report, { signal, onWarning: ctx.warn }),
    fpSummary: async (fpId, signal) => (await ctx.client.fpSummary(fpId, signal)).text,
  };
  const sarifProfile = format === 'sarif' ? parseSarifProfile(options.sarifProfile) : undefined;
  const chunks = exportChunks(source, format, {
    signal: ctx.signal,
    filter: options.filter,
    limit: options.limit,
    bom: options.bom,
    escapeText: options.terminal,
    fpSummaries: options.fpSummaries,
    fpSummaryConcurrency: options.fpSummaryConcurrency,
    converter: { name: 'security-fix-reports', version: options.version },
    sarifProfile,
    warn: ctx.warn,
  });
  try {
    for await (const chunk of chunks) await ctx.out.write(chunk);
  } catch (e) {
    // Thrown before the first chunk: nothing is written.
    if (e instanceof SarifRunLimitError)
      throw new CliError(
        `${e.message} Export one report with --fix-report (GitHub tracks alerts per scanner and category, one report at a time), ` +
          'or everything with --sarif-profile full (not for upload).',
        ExitCode.usage,
      );
    throw e;
  }
}

/**
 * The report named by --fix-report; without it, SARIF takes every report (one run each: v5
 * issues carry no report id or vendor), CSV the unfiltered listing (fixReportId and vendor empty).
 */
async function exportedReports(ctx: Context, format: ExportFormat, fixReportId: string | undefined): Promise<(FixReportSummary | null)[]> {
  if (fixReportId !== undefined) return [await reportSummary(ctx, fixReportId)];
  return format === 'sarif' ? ctx.client.listReports(ctx.signal) : [null];
}

/** The report's listing entry (vendor, repository); its detail when the listing lacks it (a 404 says why). */
async function reportSummary(ctx: Context, fixReportId: string): Promise<FixReportSummary> {
  const listed = (await ctx.client.listReports(ctx.signal)).find((r) => r.id === fixReportId);
  return listed ?? (await ctx.client.getReport(fixReportId, ctx.signal));
}
