// Which report a report is compared with (docs/decisions.md, "What changed since the previous
// scan"): its previous scan, or one the user names, checked.
import type { FixReportSummary } from '../../api/schemas';
import { parseTimestamp } from '../../common/time';
import { scannerKey } from '../reportList';
import { normalizeRemoteUrl } from '../remote';

type Listed = Pick<FixReportSummary, 'id' | 'createdOn' | 'repo' | 'vulnerabilityReport'>;

/**
 * The previous scan of `report`: among `reports`, the newest created strictly before it of the
 * same repository (repo.originalUrl, any spelling normalizeRemoteUrl equates), the same branch
 * (repo.reference, exactly) and the same scanner (scannerKey: fingerprints are the scanner's
 * own, another scanner's would all differ). Expired reports count: the scan happened. A report
 * created at the same instant is not before it; among candidates created at the same instant,
 * the smallest id (the first the report list shows). Undefined when the report's repository or
 * creation time is not known, or no report qualifies.
 */
export function previousReport<T extends Listed>(reports: readonly T[], report: Listed): T | undefined {
  const repository = normalizeRemoteUrl(report.repo?.originalUrl);
  const created = parseTimestamp(report.createdOn)?.ms;
  if (repository === undefined || created === undefined) return undefined;
  const reference = report.repo?.reference ?? null;
  const scanner = scannerKey(report.vulnerabilityReport?.vendor);
  const id = report.id.toLowerCase();
  let best: T | undefined;
  let bestMs = -Infinity;
  for (const candidate of reports) {
    const ms = parseTimestamp(candidate.createdOn)?.ms;
    if (ms === undefined || ms >= created || ms < bestMs) continue;
    if (candidate.id.toLowerCase() === id) continue;
    if ((candidate.repo?.reference ?? null) !== reference) continue;
    if (scannerKey(candidate.vulnerabilityReport?.vendor) !== scanner) continue;
    if (normalizeRemoteUrl(candidate.repo?.originalUrl) !== repository) continue;
    if (ms === bestMs && best !== undefined && candidate.id >= best.id) continue;
    best = candidate;
    bestMs = ms;
  }
  return best;
}

/** Why a report named as the earlier one cannot be compared with the report. */
export type SinceRefusal =
  | { readonly kind: 'same-report' }
  /** Either report's repository is not known (no or no usable repo.originalUrl). */
  | { readonly kind: 'unknown-repository'; readonly which: 'report' | 'since' }
  | { readonly kind: 'other-repository' }
  /** Created after the report: new and fixed would be swapped. */
  | { readonly kind: 'newer' };

/** What is unusual about a comparison that is allowed, for a warning. */
export type SinceNote = 'other-branch' | 'other-scanner' | 'undated';

export interface SinceCheck {
  readonly refusal?: SinceRefusal;
  readonly notes: readonly SinceNote[];
}

/**
 * Whether `since` may be compared with `report`: the same repository is required, and it must
 * not be newer (a comparison runs from an earlier scan to a later one; reversed, every fixed
 * issue would be called new). Another branch or scanner, or a creation time that is not known,
 * is allowed with a note: the user chose it.
 */
export function checkSince(report: Listed, since: Listed): SinceCheck {
  if (report.id.toLowerCase() === since.id.toLowerCase()) return { refusal: { kind: 'same-report' }, notes: [] };
  const repository = normalizeRemoteUrl(report.repo?.originalUrl);
  const sinceRepository = normalizeRemoteUrl(since.repo?.originalUrl);
  if (repository === undefined) return { refusal: { kind: 'unknown-repository', which: 'report' }, notes: [] };
  if (sinceRepository === undefined) return { refusal: { kind: 'unknown-repository', which: 'since' }, notes: [] };
  if (repository !== sinceRepository) return { refusal: { kind: 'other-repository' }, notes: [] };
  const created = parseTimestamp(report.createdOn)?.ms;
  const sinceCreated = parseTimestamp(since.createdOn)?.ms;
  if (created !== undefined && sinceCreated !== undefined && sinceCreated > created) return { refusal: { kind: 'newer' }, notes: [] };
  const notes: SinceNote[] = [];
  if ((report.repo?.reference ?? null) !== (since.repo?.reference ?? null)) notes.push('other-branch');
  if (scannerKey(report.vulnerabilityReport?.vendor) !== scannerKey(since.vulnerabilityReport?.vendor)) notes.push('other-scanner');
  if (created === undefined || sinceCreated === undefined) notes.push('undated');
  return { notes };
}
