// Which reports a metrics run covers: all of them, one scanner's, or the workspace's repositories.
import { readableVendor, scannerFor } from '../../common/scanners';
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
