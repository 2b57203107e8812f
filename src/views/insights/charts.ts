// The charts of Fix Insights as data: labels, series with what each means (the page's colour
// table turns a meaning into the theme's colour) and the tables under each. A series with no
// value other than zero is left out, and a chart left without series carries one line saying
// why, which the page shows instead of an empty frame.
import { percentOf, type Metrics } from '../../model/metrics';
import type { ChartData, ChartSeries, Coverage } from '../../webview/insights/protocol';
import { formatCount } from '../../common/text';

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
  const noFixes = c.withFixes === 0 ? (c.reports === 0 ? 'No report in this scope.' : 'No report’s fixes loaded yet.') : null;
  const funnel = (stage: string) => m.funnel.rows.find((r) => r.stage === stage)?.byEvents.count ?? 0;
  const ratings = m.ratings.byConfidence;
  const breaking = (tags: readonly { tag: string; count: number }[]) => tags.find((t) => t.tag === 'BREAKING_FIX')?.count ?? 0;
  const fp = m.falsePositives;
  return [
    {
      id: 'funnel',
      title: 'Funnel: fixes → downloaded → committed',
      summary: 'Fixes, fixes with a download recorded, fixes with a pull request or commit recorded.',
      caption:
        'Downloaded: a download of the fix is recorded. Committed: a pull request or commit is recorded. ' +
        'What the fixes’ states claim is counted apart in the table, by state name.',
      type: 'bar' as const,
      labels: ['Fixes', 'Downloaded', 'Committed'],
      series: [
        {
          label: 'Fixes',
          values: [funnel('fixes'), funnel('downloaded'), funnel('committed')],
          colour: ['count', 'downloaded', 'committed'],
        },
      ],
      whenEmpty: noFixes ?? 'No fixes in this scope.',
      tables: ['funnel'],
    } satisfies Spec,
    {
      id: 'time-to-commit',
      title: 'Time from first observed to commit (and to download)',
      summary: 'Fixes per time bucket from first observed to their first pull request or commit, and to their first download.',
      type: 'bar' as const,
      labels: m.timeToCommit.distribution.map((b) => b.label),
      series: [
        { label: 'Time to commit', values: m.timeToCommit.distribution.map((b) => b.count), colour: 'committed' },
        { label: 'Time to download', values: m.timeToDownload.distribution.map((b) => b.count), colour: 'downloaded' },
      ],
      whenEmpty: noFixes ?? 'No fix has a dated download or commit.',
      tables: ['time-to-distribution', 'time-to'],
    } satisfies Spec,
    {
      id: 'ratings',
      title: 'Confidence × rating',
      summary: 'Thumbs up, thumbs down and Breaking-fix tags per confidence.',
      type: 'bar' as const,
      labels: ratings.map((r) => r.label),
      series: [
        { label: '👍 Thumbs up', values: ratings.map((r) => r.up), colour: 'approved' },
        { label: '👎 Thumbs down', values: ratings.map((r) => r.down), colour: 'rejected' },
        { label: 'Breaking fix', values: ratings.map((r) => breaking(r.tags)), colour: 'breaking' },
      ],
      whenEmpty: noFixes ?? 'No fix is rated.',
      dropEmptyLabels: true,
      tables: ['ratings-by-confidence', 'rating-tags'],
    } satisfies Spec,
    {
      id: 'fp-share',
      title: 'False-positive share per scanner',
      summary: 'Share of each scanner’s issues that are false positives (an issue a rescan reports again counts once).',
      type: 'bar' as const,
      horizontal: true,
      max: 100,
      labels: fp.byScanner.map((s) => s.scanner),
      series: [{ label: 'False positive %', values: fp.byScanner.map((s) => percentOf(s.share) ?? 0), colour: 'noise' }],
      whenEmpty:
        c.withIssues === 0
          ? 'No report’s issues loaded yet.'
          : fp.issues === 0
            ? 'No issues.'
            : `No false positive among ${formatCount(fp.issues)} issues.`,
      tables: ['false-positives-by-scanner', 'false-positives-by-issue-type'],
    } satisfies Spec,
    {
      id: 'weekly',
      title: 'Weekly trend (ISO weeks, UTC)',
      summary: 'Fixes first observed and fixes committed per week.',
      type: 'line' as const,
      labels: m.weekly.map((w) => w.week),
      series: [
        { label: 'First observed', values: m.weekly.map((w) => w.firstObserved), colour: 'count' },
        { label: 'Committed', values: m.weekly.map((w) => w.committed), colour: 'committed' },
      ],
      whenEmpty: noFixes ?? 'No fix has a dated first observation or commit.',
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
