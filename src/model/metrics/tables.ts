// Metrics as flat tables: the one vocabulary (ids, titles, columns) that the CLI's csv and
// markdown output and the dashboard's accessible tables share. Cells are data, not markup:
// whoever renders them escapes for their medium.
import type { Counted, DurationStats, FunnelRow, Metrics, NoiseRow, TagCount } from './types';

/**
 * How a column's numbers read: counts, percentages (0–100, 1 decimal), days (2 decimals), ms;
 * `duration` cells are text already ("3.2 days", "5 h"), on the dashboard only.
 */
type ColumnKind = 'text' | 'count' | 'percent' | 'days' | 'ms' | 'duration';

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

/**
 * What the figures are over. The CLI reads every report's detail and issues; the dashboard may not
 * have loaded them yet, and a figure over nothing loaded is unknown (null, shown "—"), not 0.
 */
export interface Loaded {
  /** Some report's fixes were counted. */
  readonly fixes: boolean;
  /** Some report's issues were counted. */
  readonly issues: boolean;
  /** This report's issues were counted (its per-report issue cells). */
  readonly reportIssues: (reportId: string) => boolean;
}

const EVERYTHING: Loaded = { fixes: true, issues: true, reportIssues: () => true };

/** The tables made of fixes alone, from each report's detail. */
export const FIX_TABLES: ReadonlySet<string> = new Set([
  'fixes-by-state',
  'fixes-by-confidence',
  'funnel',
  'time-to',
  'time-to-distribution',
  'ratings-by-confidence',
  'rating-tags',
  'weekly',
]);

export function metricsTables(m: Metrics, loaded: Loaded = EVERYTHING): MetricsTable[] {
  const tables = allTables(m, loaded);
  return loaded.fixes ? tables : tables.map((t) => (FIX_TABLES.has(t.id) ? unknownNumbers(t) : t));
}

/** The table with every number unknown. */
function unknownNumbers(t: MetricsTable): MetricsTable {
  return { ...t, rows: t.rows.map((row) => row.map((cell, i) => (t.columns[i]?.kind === 'text' ? cell : null))) };
}

function allTables(m: Metrics, loaded: Loaded): MetricsTable[] {
  return [
    overview(m, loaded),
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
    funnel(m),
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
    perReport(m, loaded),
  ];
}

const noiseColumns = [count('issues', 'Issues'), count('falsePositives', 'False positives'), percent('share', 'False positive %')];

/**
 * Downloaded and committed are what was recorded (a download, a pull request or commit); what
 * the fixes' states claim can differ, so those rows are named by the states, never "downloaded".
 */
function funnel(m: Metrics): MetricsTable {
  // FixTally.funnel lists every stage.
  const stage = (s: FunnelRow['stage']): FunnelRow => m.funnel.rows.find((r) => r.stage === s)!;
  return {
    id: 'funnel',
    title: 'Funnel: fixes, downloaded, committed',
    columns: [text('stage', 'Stage'), count('fixes', 'Fixes'), percent('share', 'Share %')],
    rows: [
      ['Fixes', ...cnt(stage('fixes').byEvents)],
      ['Downloaded (a download recorded)', ...cnt(stage('downloaded').byEvents)],
      ['Committed (a pull request or commit recorded)', ...cnt(stage('committed').byEvents)],
      ['In state Downloaded, Committed or Merged', ...cnt(stage('downloaded').byState)],
      ['In state Committed or Merged', ...cnt(stage('committed').byState)],
    ],
  };
}

function overview(m: Metrics, loaded: Loaded): MetricsTable {
  const fp = m.falsePositives;
  const fixes = (n: number) => (loaded.fixes ? n : null);
  const issues = (n: number | null) => (loaded.issues ? n : null);
  const rows: [string, number | null][] = [
    ['Reports', m.reports],
    ['Repositories', m.repositories],
    ['Fixes', fixes(m.fixes.total)],
    ['Fixes downloaded', fixes(m.fixes.downloaded.count)],
    ['Fixes committed', fixes(m.fixes.committed.count)],
    ['Committed, state not yet Committed', fixes(m.funnel.stateBehindSubmission)],
    ['Issues (de-duplicated)', issues(fp.issues)],
    ['Duplicate issues skipped', issues(fp.duplicates)],
    ['False positives', issues(fp.falsePositives)],
    ['False positive %', issues(percentOf(fp.share))],
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

function perReport(m: Metrics, loaded: Loaded): MetricsTable {
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
    rows: m.perReport.map((r) => {
      const issues = loaded.reportIssues(r.id);
      return [
        r.title,
        r.id,
        r.repository,
        r.scanner,
        r.fixes,
        r.downloaded,
        r.committed,
        ...(issues ? [r.issues, r.falsePositives] : [null, null]),
      ];
    }),
  };
}
