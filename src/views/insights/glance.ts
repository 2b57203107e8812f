// The headline tiles of Fix Insights, shown before any chart: how many fixes, the share committed,
// the median time to commit and the false-positive share. A figure the dashboard has not measured
// (no report's fixes, or no report's issues, loaded yet) reads "—", never 0: a zero there would
// claim the reports had nothing.
import * as l10n from '@vscode/l10n';
import { formatCount } from '../../common/text';
import { percentOf, type Metrics } from '../../model/metrics';
import { UNKNOWN } from '../../webview/insights/cells';
import type { Coverage, Tile } from '../../webview/insights/protocol';
import { durationText } from '../timeText';

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
  if (c.reports === 0) return l10n.t('No report in this scope.');
  return c.failed.length > 0 ? l10n.t('No report’s fixes could be loaded.') : l10n.t('No report’s fixes loaded yet.');
}

function fixesTile(m: Metrics, c: Coverage): Tile {
  const tile = {
    id: 'fixes',
    label: l10n.t('Fixes'),
    definition: l10n.t('Fixes of the measured reports, each counted once per report.'),
  } as const;
  const unknown = fixesUnknown(c);
  if (unknown) return { ...tile, value: UNKNOWN, detail: unknown };
  const detail =
    c.withFixes !== c.reports
      ? l10n.t('In {0} of {1} reports.', formatCount(c.withFixes), formatCount(c.reports))
      : c.reports === 1
        ? l10n.t('In 1 report.')
        : l10n.t('In {0} reports.', c.reports);
  return { ...tile, value: formatCount(m.fixes.total), detail };
}

function committedTile(m: Metrics, c: Coverage): Tile {
  const tile = {
    id: 'committed',
    label: l10n.t('Committed'),
    definition: l10n.t('Fixes with a pull request or commit recorded, of all fixes.'),
  } as const;
  const unknown = fixesUnknown(c) ?? (m.fixes.total === 0 ? l10n.t('No fixes.') : null);
  if (unknown) return { ...tile, value: UNKNOWN, detail: unknown };
  const { count, share } = m.fixes.committed;
  return {
    ...tile,
    value: percentText(share ?? 0),
    detail: l10n.t('{0} of {1} fixes.', formatCount(count), formatCount(m.fixes.total)),
  };
}

function timeToCommitTile(m: Metrics, c: Coverage): Tile {
  const tile = {
    id: 'time-to-commit',
    label: l10n.t('Median time to commit'),
    definition: l10n.t('From a fix’s first observed date to its first pull request or commit; the median over the fixes committed.'),
  } as const;
  const d = m.timeToCommit;
  const unknown =
    fixesUnknown(c) ??
    (m.fixes.committed.count === 0 ? l10n.t('No fix committed.') : d.medianMs === null ? l10n.t('No committed fix has both dates.') : null);
  if (unknown || d.medianMs === null) return { ...tile, value: UNKNOWN, detail: unknown ?? '' };
  const over = d.count === 1 ? l10n.t('1 fix') : l10n.t('{0} fixes', d.count);
  const detail = d.p90Ms === null ? l10n.t('Over {0}.', over) : l10n.t('Over {0}; 9 in 10 within {1}.', over, durationText(d.p90Ms));
  return { ...tile, value: durationText(d.medianMs), detail };
}

function falsePositivesTile(m: Metrics, c: Coverage): Tile {
  const tile = {
    id: 'false-positives',
    label: l10n.t('False positives'),
    definition: l10n.t('Issues marked false positive (state or tag), of all issues; an issue a rescan reports again counts once.'),
  } as const;
  const fp = m.falsePositives;
  const unknown = c.withIssues === 0 ? l10n.t('No report’s issues loaded yet.') : fp.issues === 0 ? l10n.t('No issues.') : null;
  if (unknown || fp.share === null) return { ...tile, value: UNKNOWN, detail: unknown ?? '' };
  const partial = c.withIssues < c.reports || c.issuesComplete < c.withIssues;
  const [fps, issues] = [formatCount(fp.falsePositives), formatCount(fp.issues)];
  const [loaded, reports] = [formatCount(c.withIssues), formatCount(c.reports)];
  const detail = !partial
    ? l10n.t('{0} of {1} issues.', fps, issues)
    : c.issuesComplete < c.withIssues
      ? l10n.t('{0} of {1} issues (issues loaded for {2} of {3} reports, some in part).', fps, issues, loaded, reports)
      : l10n.t('{0} of {1} issues (issues loaded for {2} of {3} reports).', fps, issues, loaded, reports);
  return { ...tile, value: percentText(fp.share), detail };
}
