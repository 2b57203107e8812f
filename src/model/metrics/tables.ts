// Metrics as flat tables: the one vocabulary (ids, titles, columns) that the CLI's csv and
// markdown output and the dashboard's accessible tables share. Cells are data, not markup:
// whoever renders them escapes for their medium.
import type { Counted, DurationStats, Metrics, NoiseRow, TagCount } from './types';

/** How a column's numbers read: counts, percentages (0–100, 1 decimal), days (2 decimals), ms. */
type ColumnKind = 'text' | 'count' | 'percent' | 'days' | 'ms';

interface MetricsColumn {
  readonly key: string;
  readonly title: string;
  readonly kind: ColumnKind;
}

type MetricsCell = string | number | null;

export interface MetricsTable {
  /** Stable id, for file names and anchors: `fixes-by-state`. */
  readonly id: string;
  readonly title: string;
  readonly columns: readonly MetricsColumn[];
  /** Each row has one cell per column, in column order. */
  readonly rows: readonly (readonly MetricsCell[])[];
}

const text = (key: string, title: string): MetricsColumn => ({ key, title, kind: 'text' });
const count = (key: string, title: string): MetricsColumn => ({ key, title, kind: 'count' });
const percent = (key: string, title: string): MetricsColumn => ({ key, title, kind: 'percent' });

/** A share in [0, 1] as a percentage with one decimal. */
export function percentOf(share: number | null): number | null {
  return share === null ? null : Math.round(share * 1000) / 10;
}

const cnt = (c: Counted): MetricsCell[] => [c.count, percentOf(c.share)];
const noise = (n: NoiseRow): MetricsCell[] => [n.issues, n.falsePositives, percentOf(n.share)];

export function metricsTables(m: Metrics): MetricsTable[] {
  return [
    overview(m),
    {
      id: 'fixes-by-state',
      title: 'Fixes by state',
      columns: [text('state', 'State'), count('fixes', 'Fixes'), percent('share', 'Share %')],
      rows: m.fixes.byState.map((s) => [s.label, ...cnt(s)]),
    },
    {
      id: 'fixes-by-confidence',
      title: 'Fixes by confidence',
      columns: [text('confidence', 'Confidence'), count('fixes', 'Fixes'), percent('share', 'Share %')],
      rows: m.fixes.byConfidence.map((c) => [c.label, ...cnt(c)]),
    },
    {
      id: 'funnel',
      title: 'Funnel by state and by events',
      columns: [
        text('stage', 'Stage'),
        count('byState', 'By state'),
        percent('byStateShare', 'By state %'),
        count('byEvents', 'By events'),
        percent('byEventsShare', 'By events %'),
      ],
      rows: m.funnel.rows.map((r) => [r.label, ...cnt(r.byState), ...cnt(r.byEvents)]),
    },
    durations(m),
    distributions(m),
    ratingsByConfidence(m),
    {
      id: 'rating-tags',
      title: 'Rating tags',
      columns: [text('tag', 'Tag'), text('label', 'Meaning'), count('ratings', 'Ratings')],
      rows: m.ratings.tags.map((t) => [t.tag, t.label, t.count]),
    },
    {
      id: 'false-positives-by-scanner',
      title: 'False positives by scanner',
      columns: [text('scanner', 'Scanner'), ...noiseColumns],
      rows: m.falsePositives.byScanner.map((s) => [s.scanner, ...noise(s)]),
    },
    {
      id: 'false-positives-by-issue-type',
      title: 'False positives by issue type',
      columns: [text('issueType', 'Issue type'), text('label', 'Readable'), ...noiseColumns],
      rows: m.falsePositives.byIssueType.map((t) => [t.issueType, t.label, ...noise(t)]),
    },
    {
      id: 'weekly',
      title: 'Fixes first observed and committed per ISO week (UTC)',
      columns: [
        text('week', 'Week'),
        text('weekStart', 'Monday'),
        count('firstObserved', 'First observed'),
        count('committed', 'Committed'),
      ],
      rows: m.weekly.map((w) => [w.week, w.weekStart, w.firstObserved, w.committed]),
    },
    perReport(m),
  ];
}

const noiseColumns = [count('issues', 'Issues'), count('falsePositives', 'False positives'), percent('share', 'False positive %')];

function overview(m: Metrics): MetricsTable {
  const fp = m.falsePositives;
  const rows: [string, number | null][] = [
    ['Reports', m.reports],
    ['Repositories', m.repositories],
    ['Fixes', m.fixes.total],
    ['Fixes downloaded', m.fixes.downloaded.count],
    ['Fixes committed', m.fixes.committed.count],
    ['Committed, state not yet Committed', m.funnel.stateBehindSubmission],
    ['Issues (de-duplicated)', fp.issues],
    ['Duplicate issues skipped', fp.duplicates],
    ['False positives', fp.falsePositives],
    ['False positive %', percentOf(fp.share)],
  ];
  return { id: 'overview', title: 'Overview', columns: [text('measure', 'Measure'), count('value', 'Value')], rows };
}

function durations(m: Metrics): MetricsTable {
  const row = (label: string, d: DurationStats): MetricsCell[] => [
    label,
    d.count,
    d.medianDays,
    d.p90Days,
    d.medianMs,
    d.p90Ms,
    d.negative,
    d.undated,
  ];
  return {
    id: 'time-to',
    title: 'Time from first observed',
    columns: [
      text('measure', 'Measure'),
      count('count', 'Fixes'),
      { key: 'medianDays', title: 'Median (days)', kind: 'days' },
      { key: 'p90Days', title: 'p90 (days)', kind: 'days' },
      { key: 'medianMs', title: 'Median (ms)', kind: 'ms' },
      { key: 'p90Ms', title: 'p90 (ms)', kind: 'ms' },
      count('negative', 'Skipped: before first observed'),
      count('undated', 'Skipped: undated'),
    ],
    rows: [row('Time to download', m.timeToDownload), row('Time to commit', m.timeToCommit)],
  };
}

/** The time-to histograms side by side: the buckets are the same for both. */
function distributions(m: Metrics): MetricsTable {
  const commit = m.timeToCommit.distribution;
  return {
    id: 'time-to-distribution',
    title: 'Time from first observed, distribution',
    columns: [text('bucket', 'Time'), count('download', 'Fixes downloaded'), count('commit', 'Fixes committed')],
    rows: m.timeToDownload.distribution.map((b, i) => [b.label, b.count, commit[i]!.count]),
  };
}

/** One column per tag that occurs, in the histogram's order, so every table has the same columns. */
function ratingsByConfidence(m: Metrics): MetricsTable {
  const tags = m.ratings.tags;
  const countsOf = (list: readonly TagCount[]) => new Map(list.map((t) => [t.tag, t.count]));
  return {
    id: 'ratings-by-confidence',
    title: 'Ratings by confidence',
    columns: [
      text('confidence', 'Confidence'),
      count('fixes', 'Fixes'),
      count('ratedFixes', 'Rated fixes'),
      count('ratings', 'Ratings'),
      count('up', 'Thumbs up'),
      count('down', 'Thumbs down'),
      ...tags.map((t) => count(`tag:${t.tag}`, t.label)),
    ],
    rows: m.ratings.byConfidence.map((c) => {
      const counts = countsOf(c.tags);
      return [c.label, c.fixes, c.ratedFixes, c.ratings, c.up, c.down, ...tags.map((t) => counts.get(t.tag) ?? 0)];
    }),
  };
}

function perReport(m: Metrics): MetricsTable {
  return {
    id: 'reports',
    title: 'Per report',
    columns: [
      text('title', 'Report'),
      text('id', 'Id'),
      text('repository', 'Repository'),
      text('scanner', 'Scanner'),
      count('fixes', 'Fixes'),
      count('downloaded', 'Downloaded'),
      count('committed', 'Committed'),
      count('issues', 'Issues'),
      count('falsePositives', 'False positives'),
    ],
    rows: m.perReport.map((r) => [r.title, r.id, r.repository, r.scanner, r.fixes, r.downloaded, r.committed, r.issues, r.falsePositives]),
  };
}
