// The charts of Fix Insights as data: labels, series with what each means (the page's colour
// table turns a meaning into the theme's colour) and the tables under each. A series with no
// value other than zero is left out, and a chart left without series carries one line saying
// why, which the page shows instead of an empty frame.
import * as l10n from '@vscode/l10n';
import { percentOf, type Metrics } from '../../model/metrics';
import type { ChartData, ChartSeries, Coverage } from '../../webview/insights/protocol';
import { formatCount } from '../../common/text';
import { confidenceWords } from '../confidenceText';

type Spec = Omit<ChartData, 'series' | 'empty' | 'labels' | 'horizontal' | 'max' | 'caption'> & {
  readonly labels: readonly string[];
  readonly series: readonly ChartSeries[];
  /** Why nothing is drawn, when every series is empty. */
  readonly whenEmpty: string;
  readonly caption?: string;
  readonly horizontal?: boolean;
  readonly max?: number;
  /** Categories whose every drawn value is zero are left out too (not for buckets or weeks, which must line up). */
  readonly dropEmptyLabels?: boolean;
};

export function insightsCharts(m: Metrics, c: Coverage): ChartData[] {
  const noFixes =
    c.withFixes === 0 ? (c.reports === 0 ? l10n.t('No report in this scope.') : l10n.t('No report’s fixes loaded yet.')) : null;
  const funnel = (stage: string) => m.funnel.rows.find((r) => r.stage === stage)?.byEvents.count ?? 0;
  const ratings = m.ratings.byConfidence;
  const breaking = (tags: readonly { tag: string; count: number }[]) => tags.find((t) => t.tag === 'BREAKING_FIX')?.count ?? 0;
  const fp = m.falsePositives;
  return [
    {
      id: 'funnel',
      title: l10n.t('Funnel: fixes → downloaded → committed'),
      summary: l10n.t('Fixes, fixes with a download recorded, fixes with a pull request or commit recorded.'),
      caption: l10n.t(
        'Downloaded: a download of the fix is recorded. Committed: a pull request or commit is recorded. What the fixes’ states claim is counted apart in the table, by state name.',
      ),
      type: 'bar' as const,
      labels: [l10n.t('Fixes'), l10n.t('Downloaded'), l10n.t('Committed')],
      series: [
        {
          label: l10n.t('Fixes'),
          values: [funnel('fixes'), funnel('downloaded'), funnel('committed')],
          colour: ['count', 'downloaded', 'committed'],
        },
      ],
      whenEmpty: noFixes ?? l10n.t('No fixes in this scope.'),
      tables: ['funnel'],
    } satisfies Spec,
    {
      id: 'time-to-commit',
      title: l10n.t('Time from first observed to commit (and to download)'),
      summary: l10n.t('Fixes per time bucket from first observed to their first pull request or commit, and to their first download.'),
      type: 'bar' as const,
      labels: m.timeToCommit.distribution.map((b) => b.label),
      series: [
        { label: l10n.t('Time to commit'), values: m.timeToCommit.distribution.map((b) => b.count), colour: 'committed' },
        { label: l10n.t('Time to download'), values: m.timeToDownload.distribution.map((b) => b.count), colour: 'downloaded' },
      ],
      whenEmpty: noFixes ?? l10n.t('No fix has a dated download or commit.'),
      tables: ['time-to-distribution', 'time-to'],
    } satisfies Spec,
    {
      id: 'ratings',
      title: l10n.t('Confidence × rating'),
      summary: l10n.t('Thumbs up, thumbs down and Breaking-fix tags per confidence.'),
      type: 'bar' as const,
      labels: ratings.map((r) => confidenceWords(r.kind).short),
      series: [
        { label: l10n.t('👍 Thumbs up'), values: ratings.map((r) => r.up), colour: 'approved' },
        { label: l10n.t('👎 Thumbs down'), values: ratings.map((r) => r.down), colour: 'rejected' },
        { label: l10n.t('Breaking fix'), values: ratings.map((r) => breaking(r.tags)), colour: 'breaking' },
      ],
      whenEmpty: noFixes ?? l10n.t('No fix is rated.'),
      dropEmptyLabels: true,
      tables: ['ratings-by-confidence', 'rating-tags'],
    } satisfies Spec,
    {
      id: 'fp-share',
      title: l10n.t('False-positive share per scanner'),
      summary: l10n.t('Share of each scanner’s issues that are false positives (an issue a rescan reports again counts once).'),
      type: 'bar' as const,
      horizontal: true,
      max: 100,
      labels: fp.byScanner.map((s) => s.scanner),
      series: [{ label: l10n.t('False positive %'), values: fp.byScanner.map((s) => percentOf(s.share) ?? 0), colour: 'noise' }],
      whenEmpty:
        c.withIssues === 0
          ? l10n.t('No report’s issues loaded yet.')
          : fp.issues === 0
            ? l10n.t('No issues.')
            : l10n.t('No false positive among {0} issues.', formatCount(fp.issues)),
      tables: ['false-positives-by-scanner', 'false-positives-by-issue-type'],
    } satisfies Spec,
    {
      id: 'weekly',
      title: l10n.t('Weekly trend (ISO weeks, UTC)'),
      summary: l10n.t('Fixes first observed and fixes committed per week.'),
      type: 'line' as const,
      labels: m.weekly.map((w) => w.week),
      series: [
        { label: l10n.t('First observed'), values: m.weekly.map((w) => w.firstObserved), colour: 'count' },
        { label: l10n.t('Committed'), values: m.weekly.map((w) => w.committed), colour: 'committed' },
      ],
      whenEmpty: noFixes ?? l10n.t('No fix has a dated first observation or commit.'),
      tables: ['weekly'],
    } satisfies Spec,
  ].map(chart);
}

/** A value worth drawing: known and not zero. */
const drawn = (v: number) => Number.isFinite(v) && v !== 0;

function chart(spec: Spec): ChartData {
  const { whenEmpty, dropEmptyLabels, ...rest } = spec;
  let series = spec.series.filter((s) => s.values.some(drawn));
  let labels = spec.labels;
  if (dropEmptyLabels) {
    const keep = labels.map((_, i) => series.some((s) => drawn(s.values[i] ?? 0)));
    labels = labels.filter((_, i) => keep[i]);
    series = series.map((s) => ({
      ...s,
      values: s.values.filter((_, i) => keep[i]),
      colour: typeof s.colour === 'string' ? s.colour : s.colour.filter((_, i) => keep[i]),
    }));
  }
  return {
    ...rest,
    caption: spec.caption ?? '',
    horizontal: spec.horizontal ?? false,
    max: spec.max ?? null,
    labels,
    series,
    empty: series.length === 0 ? whenEmpty : null,
  };
}
