// Fixes by state and confidence, downloaded and committed: the part of the metrics a report row
// shows (its counts and tooltip), so it lives apart from the rest. The extension bundle needs
// only this; the dashboard's and the CLI's full metrics (./builder) load with them.
import type { FixReportDetail } from '../../api/schemas';
import { cleanText } from '../../common/text';
import { CONFIDENCE, fixView, type ConfidenceKind, type FixView } from '../fix';
import { compareText, counted } from './stats';
import type { FixCounts } from './types';

/** The four confidence kinds, in the order every table lists them. */
export const CONFIDENCE_KINDS: readonly ConfidenceKind[] = ['stable', 'adaptive', 'other', 'unknown'];

export class CountTally {
  total = 0;
  /** Fixes with at least one download event, and with at least one submission. */
  downloaded = 0;
  committed = 0;
  private readonly states = new Map<string | null, number>();
  private readonly kinds = new Map<ConfidenceKind, number>();

  /** Counts the fix; returns its state as counted (cleaned, null for none). */
  add(fix: FixView): string | null {
    this.total++;
    const state = fix.state === null ? null : cleanText(fix.state) || null;
    this.states.set(state, (this.states.get(state) ?? 0) + 1);
    this.kinds.set(fix.confidence.kind, (this.kinds.get(fix.confidence.kind) ?? 0) + 1);
    // What lifecycle.downloaded.count and lifecycle.committed.submissions count, read without
    // deriving the lifecycle (dates, users) of every fix of a report for its row.
    if ((fix.fix.sharedState?.downloadedBy.length ?? 0) > 0) this.downloaded++;
    if (fix.fix.scmSubmitFixRequests.length > 0) this.committed++;
    return state;
  }

  counts(): FixCounts {
    const byState = [...this.states]
      .map(([state, count]) => ({ state, label: state ?? 'No state', ...counted(count, this.total) }))
      .sort((a, b) => b.count - a.count || compareText(a.label, b.label));
    const byConfidence = CONFIDENCE_KINDS.map((kind) => ({
      kind,
      label: CONFIDENCE[kind].short,
      ...counted(this.kinds.get(kind) ?? 0, this.total),
    }));
    return {
      total: this.total,
      byState,
      byConfidence,
      downloaded: counted(this.downloaded, this.total),
      committed: counted(this.committed, this.total),
    };
  }
}

/** The counts of one report's fixes; a repeated fix id is one fix (as ReportModel and MetricsBuilder). */
export function fixCounts(detail: Pick<FixReportDetail, 'fixes'>): FixCounts {
  const tally = new CountTally();
  const seen = new Set<string>();
  for (const fix of detail.fixes) {
    if (seen.has(fix.id)) continue;
    seen.add(fix.id);
    tally.add(fixView(fix));
  }
  return tally.counts();
}
