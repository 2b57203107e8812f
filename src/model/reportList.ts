// The list of fix reports: order, expiry and the one-line summary the tree shows.
import type { FixReportSummary } from '../api/schemas';
import { cleanText } from '../common/text';
import { relativeTime } from './format';
import { readableVendor } from '../common/scanners';
import { remoteMatcher } from './remote';
import { parseTimestamp, type Instant } from './time';

export interface SortOptions {
  /** The workspace's git remote addresses (any spelling); matching reports go first. */
  readonly workspaceRemotes?: readonly string[];
  readonly nowMs: number;
}

/** True when the report's expirationOn is at or before now. Unknown expiry: not expired. */
export function isExpired(report: Pick<FixReportSummary, 'expirationOn'>, nowMs: number): boolean {
  const expires = parseTimestamp(report.expirationOn);
  return expires !== undefined && expires.ms <= nowMs;
}

/**
 * A new array ordered: reports of the workspace's repositories first, then unexpired
 * before expired, then newest createdOn first (undated last), then by id for a stable order.
 */
export function sortReports<T extends FixReportSummary>(reports: readonly T[], options: SortOptions): T[] {
  const inWorkspace = remoteMatcher(options.workspaceRemotes ?? []);
  const keyed = reports.map((report) => ({
    report,
    local: inWorkspace(report.repo?.originalUrl) ? 0 : 1,
    expired: isExpired(report, options.nowMs) ? 1 : 0,
    created: parseTimestamp(report.createdOn)?.ms ?? -Infinity,
  }));
  keyed.sort(
    (a, b) =>
      a.local - b.local ||
      a.expired - b.expired ||
      (b.created === a.created ? 0 : b.created > a.created ? 1 : -1) ||
      (a.report.id < b.report.id ? -1 : a.report.id > b.report.id ? 1 : 0),
  );
  return keyed.map((k) => k.report);
}

/** The data of a report's line in the tree. All text is cleaned of control/bidi characters. */
export interface ReportSummaryLine {
  /** Project name, else repository name, else the report id. */
  readonly title: string;
  /** `repo@reference · Vendor · created 3 days ago` (parts that are missing are left out). */
  readonly description: string;
  readonly repo: string | null;
  readonly reference: string | null;
  /** Readable scanner name, or null when the report names none. */
  readonly vendor: string | null;
  readonly created: Instant | null;
  readonly expires: Instant | null;
  readonly expired: boolean;
}

export function summaryLine(report: FixReportSummary, nowMs: number): ReportSummaryLine {
  const project = clean(report.vulnerabilityReport?.project?.name);
  const repo = clean(report.repo?.name);
  const reference = clean(report.repo?.reference);
  const rawVendor = clean(report.vulnerabilityReport?.vendor);
  const vendor = rawVendor === null ? null : readableVendor(rawVendor);
  const created = parseTimestamp(report.createdOn) ?? null;
  const expires = parseTimestamp(report.expirationOn) ?? null;
  const expired = expires !== null && expires.ms <= nowMs;

  const parts: string[] = [];
  if (repo !== null || reference !== null) parts.push(`${repo ?? ''}${reference !== null ? `@${reference}` : ''}`);
  if (vendor !== null) parts.push(vendor);
  if (created !== null) parts.push(`created ${relativeTime(created.ms, nowMs)}`);
  if (expired) parts.push('expired');

  return {
    title: project ?? repo ?? clean(report.id) ?? 'Unnamed report',
    description: parts.join(' · '),
    repo,
    reference,
    vendor,
    created,
    expires,
    expired,
  };
}

function clean(text: string | null | undefined): string | null {
  const c = typeof text === 'string' ? cleanText(text) : '';
  return c === '' ? null : c;
}
