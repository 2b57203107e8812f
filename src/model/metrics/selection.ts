// Which reports a metrics run covers: all of them, one scanner's, or the workspace's repositories;
// and, where the run must stay bounded (the dashboard), only the most recent of those.
import type { FixReportSummary } from '../../api/schemas';
import { readableVendor, scannerFor } from '../../common/scanners';
import { parseTimestamp } from '../../common/time';
import { remoteMatcher } from '../remote';
import type { ReportRef } from './types';

export type ReportSelection =
  | { readonly kind: 'all' }
  /** Any spelling the service or the scanner table knows ("sonar", "SonarQube"). */
  | { readonly kind: 'vendor'; readonly vendor: string }
  /** Git remote addresses in any spelling (https, scp-like ssh, `.git` or not). */
  | { readonly kind: 'repositories'; readonly remotes: readonly string[] };

/** The selected reports, in their order. */
export function selectReports<T extends ReportRef>(reports: readonly T[], selection: ReportSelection): T[] {
  switch (selection.kind) {
    case 'all':
      return [...reports];
    case 'vendor': {
      const wanted = vendorKey(selection.vendor);
      return wanted === null ? [] : reports.filter((r) => vendorKey(r.vulnerabilityReport?.vendor) === wanted);
    }
    case 'repositories': {
      const matches = remoteMatcher(selection.remotes);
      return reports.filter((r) => matches(r.repo?.originalUrl));
    }
  }
}

/** The scanner's name for known aliases, else the vendor text; case-insensitive; null when blank. */
function vendorKey(vendor: string | null | undefined): string | null {
  if (!vendor?.trim()) return null;
  return (scannerFor(vendor)?.name ?? readableVendor(vendor)).toLowerCase();
}

interface Capped<T> {
  /** At most `max` reports, in the order they were given. */
  readonly reports: T[];
  /** How many there were before the cap. */
  readonly total: number;
  readonly leftOut: number;
}

/**
 * The `max` most recent reports by createdOn (undated ones count as oldest; ties by id, as the
 * tree orders them), kept in their given order; all of them when there are no more than `max`.
 */
export function mostRecent<T extends Pick<FixReportSummary, 'id' | 'createdOn'>>(reports: readonly T[], max: number): Capped<T> {
  const limit = Math.max(0, Math.floor(max));
  if (reports.length <= limit) return { reports: [...reports], total: reports.length, leftOut: 0 };
  const ranked = reports.map((report, index) => ({ index, id: report.id, ms: parseTimestamp(report.createdOn)?.ms ?? -Infinity }));
  ranked.sort((a, b) => (b.ms === a.ms ? 0 : b.ms > a.ms ? 1 : -1) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const kept = ranked.slice(0, limit).sort((a, b) => a.index - b.index);
  return { reports: kept.map((k) => reports[k.index]!), total: reports.length, leftOut: reports.length - limit };
}
