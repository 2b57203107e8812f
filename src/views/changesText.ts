// The words for what changed since a report's previous scan (editor/reportChanges): the report
// row's "+N new · −M fixed", its tooltip's line, and a new finding's "new since".
import * as l10n from '@vscode/l10n';
import type { FixReportSummary } from '../api/schemas';
import { formatCount } from '../common/text';
import { parseTimestamp } from '../common/time';
import type { ChangesState } from '../editor/reportChanges';
import { dateAndAgo } from './timeText';

/** The row's part, once both reports are known: "+6 new · −5 fixed"; null otherwise. */
export function changesDescription(state: ChangesState | undefined): string | null {
  if (state?.kind !== 'done') return null;
  return l10n.t('+{0} new · −{1} fixed', formatCount(state.changes.counts.new), formatCount(state.changes.counts.fixed));
}

/** The scan compared with: "the scan of 3 Nov 2026, 10:00 (3 weeks ago)". */
function scanText(report: FixReportSummary, nowMs: number): string {
  const created = parseTimestamp(report.createdOn);
  return created ? l10n.t('the scan of {0}', dateAndAgo(created.ms, nowMs)) : l10n.t('report {0} (undated)', report.id);
}

/** The tooltip's line; undefined when the changes were never asked for. */
export function changesLine(state: ChangesState | undefined, chosen: boolean, nowMs: number): string | undefined {
  switch (state?.kind) {
    case undefined:
      return undefined;
    case 'waiting':
      return l10n.t('Changes since the previous scan: shown once all of its issues are loaded.');
    case 'no-previous':
      return l10n.t('Changes: no earlier scan of this repository, branch and scanner is listed.');
    case 'comparing':
      return l10n.t('Comparing with {0}…', scanText(state.since, nowMs));
    case 'failed':
      return l10n.t('Could not compare with {0}: {1}', scanText(state.since, nowMs), state.message);
    case 'unavailable':
      return l10n.t('Could not compare with the previous scan: {0}', state.message);
    case 'done': {
      const c = state.changes.counts;
      const since = chosen ? l10n.t('{0} (chosen)', scanText(state.since, nowMs)) : scanText(state.since, nowMs);
      const counts = l10n.t(
        'Since {0}: {1} new, {2} fixed, {3} unchanged',
        since,
        formatCount(c.new),
        formatCount(c.fixed),
        formatCount(c.unchanged),
      );
      return c.unmatched + c.unmatchedSince > 0
        ? l10n.t('{0}; {1} without a fingerprint not compared', counts, formatCount(c.unmatched + c.unmatchedSince))
        : counts;
    }
  }
}

/** A new finding's hover line. */
export function newSinceText(since: FixReportSummary, nowMs: number): string {
  return l10n.t('New since {0}', scanText(since, nowMs));
}
