// The headline tiles of Fix Insights, shown before any chart: how many fixes, the share committed,
// the median time to commit and the false-positive share. A figure the dashboard has not measured
// (no report's fixes, or no report's issues, loaded yet) reads "—", never 0: a zero there would
// claim the reports had nothing.
import { counted, formatCount } from '../../common/text';
import { percentOf, type Metrics } from '../../model/metrics';
import { UNKNOWN } from '../../webview/insights/cells';
import type { Coverage, Tile } from '../../webview/insights/protocol';
import { formatDuration } from '../../common/time';

/** A share in [0, 1] as "48.8%". */
function percentText(share: number): string {
  return `${formatCount(percentOf(share) ?? 0)}%`;
}

export function insightsTiles(m: Metrics, c: Coverage): Tile[] {
  return [fixesTile(m, c), committedTile(m, c), timeToCommitTile(m, c), falsePositivesTile(m, c)];
}

/** Why fix figures are unknown, or null when they are known. */
function fixesUnknown(c: Coverage): string | null {
  if (c.withFixes > 0) return null;
  if (c.reports === 0) return 'No report in this scope.';
  return c.failed.length > 0 ? 'No report’s fixes could be loaded.' : 'No report’s fixes loaded yet.';
}

function fixesTile(m: Metrics, c: Coverage): Tile {
  const tile = { id: 'fixes', label: 'Fixes', definition: 'Fixes of the measured reports, each counted once per report.' } as const;
  const unknown = fixesUnknown(c);
  if (unknown) return { ...tile, value: UNKNOWN, detail: unknown };
  const over =
    c.withFixes === c.reports ? counted(c.reports, 'report') : `${formatCount(c.withFixes)} of ${formatCount(c.reports)} reports`;
  return { ...tile, value: formatCount(m.fixes.total), detail: `In ${over}.` };
}

function committedTile(m: Metrics, c: Coverage): Tile {
  const tile = {
    id: 'committed',
    label: 'Committed',
    definition: 'Fixes with a pull request or commit recorded, of all fixes.',
  } as const;
  const unknown = fixesUnknown(c) ?? (m.fixes.total === 0 ? 'No fixes.' : null);
  if (unknown) return { ...tile, value: UNKNOWN, detail: unknown };
  const { count, share } = m.fixes.committed;
  return { ...tile, value: percentText(share ?? 0), detail: `${formatCount(count)} of ${formatCount(m.fixes.total)} fixes.` };
}

function timeToCommitTile(m: Metrics, c: Coverage): Tile {
  const tile = {
    id: 'time-to-commit',
    label: 'Median time to commit',
    definition: 'From a fix’s first observed date to its first pull request or commit; the median over the fixes committed.',
  } as const;
  const d = m.timeToCommit;
  const unknown =
    fixesUnknown(c) ??
    (m.fixes.committed.count === 0 ? 'No fix committed.' : d.medianMs === null ? 'No committed fix has both dates.' : null);
  if (unknown || d.medianMs === null) return { ...tile, value: UNKNOWN, detail: unknown ?? '' };
  const p90 = d.p90Ms === null ? '' : `; 9 in 10 within ${formatDuration(d.p90Ms)}`;
  return { ...tile, value: formatDuration(d.medianMs), detail: `Over ${counted(d.count, 'fix', 'fixes')}${p90}.` };
}

function falsePositivesTile(m: Metrics, c: Coverage): Tile {
  const tile = {
    id: 'false-positives',
    label: 'False positives',
    definition: 'Issues marked false positive (state or tag), of all issues; an issue a rescan reports again counts once.',
  } as const;
  const fp = m.falsePositives;
  const unknown = c.withIssues === 0 ? 'No report’s issues loaded yet.' : fp.issues === 0 ? 'No issues.' : null;
  if (unknown || fp.share === null) return { ...tile, value: UNKNOWN, detail: unknown ?? '' };
  const partial = c.withIssues < c.reports || c.issuesComplete < c.withIssues;
  const over = partial
    ? ` (issues loaded for ${formatCount(c.withIssues)} of ${formatCount(c.reports)} reports${c.issuesComplete < c.withIssues ? ', some in part' : ''})`
    : '';
  return { ...tile, value: percentText(fp.share), detail: `${formatCount(fp.falsePositives)} of ${formatCount(fp.issues)} issues${over}.` };
}
