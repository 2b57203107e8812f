// The tree's filter: which reports, fixes and issue groups are shown.
import type { ConfidenceKind, FixView } from '../model/fix';
import type { FixReportSummary } from '../api/schemas';

export interface TreeFilter {
  /** Confidence kinds to show; empty = all. */
  confidence: ReadonlySet<ConfidenceKind>;
  /** Fix states to show (as sent); empty = all. */
  states: ReadonlySet<string>;
  /** Vendors to show (lowercase); empty = all. */
  vendors: ReadonlySet<string>;
  /** Show only false positives (hides fixes and other issues). */
  falsePositivesOnly: boolean;
}

export const NO_FILTER: TreeFilter = { confidence: new Set(), states: new Set(), vendors: new Set(), falsePositivesOnly: false };

export function isFiltering(filter: TreeFilter): boolean {
  return filter.confidence.size > 0 || filter.states.size > 0 || filter.vendors.size > 0 || filter.falsePositivesOnly;
}

export function showsReport(filter: TreeFilter, report: FixReportSummary): boolean {
  return filter.vendors.size === 0 || filter.vendors.has((report.vulnerabilityReport?.vendor ?? '').toLowerCase());
}

export function showsFix(filter: TreeFilter, fix: FixView): boolean {
  if (filter.confidence.size > 0 && !filter.confidence.has(fix.confidence.kind)) return false;
  return filter.states.size === 0 || filter.states.has(fix.state ?? '');
}

/** One line for the view's description, e.g. "Stable · Committed · FP only". */
export function describeFilter(filter: TreeFilter): string {
  const parts: string[] = [];
  if (filter.vendors.size) parts.push([...filter.vendors].join(', '));
  if (filter.confidence.size) parts.push([...filter.confidence].map((k) => (k === 'stable' ? 'Stable' : k === 'adaptive' ? 'Adaptive' : 'other confidence')).join(', '));
  if (filter.states.size) parts.push([...filter.states].join(', '));
  if (filter.falsePositivesOnly) parts.push('false positives only');
  return parts.length ? `Filtered: ${parts.join(' · ')}` : '';
}
