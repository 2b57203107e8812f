// Lifecycle metrics on a small fixture whose every expected value is worked out by
// hand below, with the arithmetic in a comment next to it.
import { strict as assert } from 'node:assert';
import {
  MetricsBuilder,
  metricsOf,
  metricsTables,
  percentile,
  percentOf,
  selectReports,
  type MetricsTable,
  type ReportSelection,
  type Metrics,
  type MetricsInput,
} from '../../../src/model/metrics';
import { fixCounts } from '../../../src/model/metrics/counts';
import { isoWeek } from '../../../src/common/time';
import { fixView } from '../../../src/model/fix';
import { wireDetail, wireIssue, wireSummary } from '../../support/wire';

const DAY = 86_400_000;
const HOUR = 3_600_000;
const detail = wireDetail;
const summary = wireSummary;
const issue = wireIssue;
/** The service's timestamp shape for a UTC date and hour. */
const ts = (date: string, hour = '00') => `${date}T${hour}:00:00.000000+00:00`;
const observed = (...dates: string[]) => dates.map((d, i) => ({ id: `i-${d}-${i}`, sharedState: { createdAt: ts(d) } }));
const downloads = (...dates: (string | null)[]) => dates.map((d) => ({ downloadedAt: d, user: { id: 'u1' } }));
const submissions = (...dates: (string | null)[]) => dates.map((d) => ({ prId: 1, createdAt: d }));
const rating = (voteScore: number | null, fixRatingTag: string | null = null) => ({ voteScore, fixRatingTag });

// Report A (Semgrep, acme/shop): its detail lacks the repository, which its list entry has.
const shopA = summary({
  id: 'report-a',
  vulnerabilityReport: { vendor: 'semgrep', project: { name: 'Shop' } },
  repo: { name: 'shop', originalUrl: 'https://github.com/acme/shop', reference: 'main' },
});
const detailA = detail({
  id: 'report-a',
  vulnerabilityReport: { vendor: 'semgrep', project: { name: 'Shop' } },
  fixes: [
    {
      id: 'A1',
      state: 'Committed',
      confidence: 90,
      vulnerabilityReportIssues: observed('2026-12-29', '2026-12-28'), // first observed Mon 2026-12-28
      sharedState: { downloadedBy: downloads(ts('2026-12-30'), ts('2026-12-29')), fixRatings: [rating(1), rating(-1, 'BREAKING_FIX')] },
      scmSubmitFixRequests: submissions(ts('2027-01-04')),
    },
    {
      id: 'A2',
      state: 'Downloaded', // lags its submission
      confidence: 50,
      vulnerabilityReportIssues: observed('2027-01-01'),
      sharedState: { downloadedBy: downloads(ts('2027-01-03')), fixRatings: [rating(-1, 'BREAKING_FIX'), rating(-1, 'BAD_PATTERN')] },
      scmSubmitFixRequests: submissions(ts('2027-01-02', '12')),
    },
    {
      id: 'A3',
      state: 'Ready',
      confidence: 50,
      vulnerabilityReportIssues: observed('2027-01-05'),
      sharedState: { downloadedBy: downloads(ts('2027-01-04')) }, // a day before first observed
    },
    {
      id: 'A4', // no issues, no state, no confidence, undated events
      state: null,
      confidence: null,
      sharedState: { downloadedBy: downloads(null), fixRatings: [rating(null, 'OTHER')] },
      scmSubmitFixRequests: submissions(null),
    },
    { id: 'A1', state: 'Committed', confidence: 90 }, // a repeated id is one fix
  ],
});
const issuesA1 = [
  issue({ id: 'a1', fingerprintHash: 'h1', issueType: 'SQL_Injection', state: 'Open' }),
  issue({ id: 'a2', fingerprintHash: 'h2', issueType: 'XSS', state: 'FalsePositive', fpId: 'fp2', fpDescription: 'x' }),
  issue({ id: 'a3', fingerprintHash: null, issueType: 'XSS', state: 'Open' }),
];
const issuesA2 = [
  issue({
    id: 'a4',
    fingerprintHash: 'h3',
    issueType: 'SQL_Injection',
    state: 'Open',
    vulnerabilityReportIssueTags: [{ vulnerability_report_issue_tag_value: 'FALSE_POSITIVE' }],
  }),
];
// Report B: a rescan of acme/shop (another spelling of the remote), known only by its issues.
const shopB = summary({
  id: 'report-b',
  vulnerabilityReport: { vendor: 'semgrep', project: { name: 'Shop' } },
  repo: { name: 'shop', originalUrl: 'git@github.com:acme/shop.git', reference: 'release' },
});
const issuesB = [
  issue({ id: 'b1', fingerprintHash: 'h1', issueType: 'SQL_Injection', state: 'FalsePositive' }), // h1 becomes a false positive
  issue({ id: 'b2', fingerprintHash: 'h2', issueType: 'XSS', state: 'FalsePositive' }),
  issue({ id: 'b3', fingerprintHash: null, issueType: 'XSS', state: 'Open' }),
  issue({ id: 'b4', fingerprintHash: 'h4', issueType: null, state: 'Open' }),
];
// Report C (SonarQube, acme/api): another repository, so its h1 is another issue.
const detailC = detail({
  id: 'report-c',
  vulnerabilityReport: { vendor: 'sonar', project: { name: 'API' } },
  repo: { name: 'api', originalUrl: 'https://github.com/acme/api', reference: 'main' },
  fixes: [
    {
      id: 'C1',
      state: 'Merged',
      confidence: 70,
      vulnerabilityReportIssues: observed('2027-01-06'),
      sharedState: { downloadedBy: downloads(ts('2027-01-16')), fixRatings: [rating(1)] },
      scmSubmitFixRequests: submissions(ts('2027-01-11')),
    },
    { id: 'C2', state: 'Ready', confidence: 90, vulnerabilityReportIssues: observed('2027-01-07') },
  ],
});
const issuesC = [
  issue({ id: 'c1', fingerprintHash: 'h1', issueType: 'SQL_Injection', state: 'Open' }),
  issue({ id: 'c2', fingerprintHash: 'h5', issueType: 'XSS', state: 'FalsePositive' }),
];
// Report E: empty, no repository.
const detailE = detail({ id: 'report-e', vulnerabilityReport: { vendor: 'snyk' }, fixes: [] });

function fixtureMetrics(): Metrics {
  const b = new MetricsBuilder();
  assert.equal(b.addReport(detailA, shopA), true);
  b.addIssues(detailA, issuesA1); // page 1, by the detail: the entry is known by id
  b.addIssues(shopA, issuesA2); // page 2
  b.addIssues(shopB, issuesB);
  b.addReport(detailC);
  b.addIssues(detailC, issuesC);
  b.addReport(detailE);
  b.addIssues(detailE, []);
  assert.equal(b.addReport(detailA, shopA), false, 'a report is added once');
  return b.result();
}

describe('model/metrics', () => {
  const m = fixtureMetrics();

  it('count reports, repositories (one remote in two spellings) and scanners', () => {
    assert.equal(m.reports, 4);
    assert.equal(m.repositories, 3); // acme/shop (A, B), acme/api (C), E alone
    assert.deepEqual(m.scanners, ['Semgrep', 'Snyk', 'SonarQube']);
  });

  it('count fixes by state, by confidence, downloaded and committed', () => {
    assert.equal(m.fixes.total, 6); // A1–A4, C1, C2 (the repeated A1 dropped)
    assert.deepEqual(m.fixes.byState, [
      { state: 'Ready', label: 'Ready', count: 2, share: 2 / 6 }, // A3, C2
      { state: 'Committed', label: 'Committed', count: 1, share: 1 / 6 },
      { state: 'Downloaded', label: 'Downloaded', count: 1, share: 1 / 6 },
      { state: 'Merged', label: 'Merged', count: 1, share: 1 / 6 },
      { state: null, label: 'No state', count: 1, share: 1 / 6 },
    ]);
    assert.deepEqual(m.fixes.byConfidence, [
      { kind: 'stable', label: 'Stable', count: 2, share: 2 / 6 }, // A1, C2
      { kind: 'adaptive', label: 'Adaptive', count: 2, share: 2 / 6 }, // A2, A3
      { kind: 'other', label: 'Other confidence', count: 1, share: 1 / 6 }, // C1: 70
      { kind: 'unknown', label: 'Confidence unknown', count: 1, share: 1 / 6 }, // A4: null
    ]);
    assert.deepEqual(m.fixes.downloaded, { count: 5, share: 5 / 6 }); // all but C2; A4's undated download counts
    assert.deepEqual(m.fixes.committed, { count: 4, share: 4 / 6 }); // A1, A2, A4, C1
  });

  it('measure time to download over dated, non-negative durations', () => {
    // A1: 12-29 − 12-28 = 1 d; A2: 01-03 − 01-01 = 2 d; C1: 01-16 − 01-06 = 10 d;
    // A3: 01-04 − 01-05 < 0, skipped; A4: no first observed, no dated download.
    // Sorted [1, 2, 10] d: median rank ⌈0.5×3⌉ = 2 → 2 d; p90 rank ⌈0.9×3⌉ = 3 → 10 d.
    assert.deepEqual(m.timeToDownload, {
      count: 3,
      undated: 1,
      negative: 1,
      medianMs: 2 * DAY,
      p90Ms: 10 * DAY,
      medianDays: 2,
      p90Days: 10,
      distribution: buckets(1, 1, 0, 1), // 1 d ≤ 1 day (bounds inclusive); 2 d ≤ 3 days; 10 d ≤ 2 weeks
    });
  });

  it('measure time to commit from the earliest submission', () => {
    // A1: 01-04 − 12-28 = 7 d; A2: 01-02 12:00 − 01-01 = 1.5 d; C1: 01-11 − 01-06 = 5 d; A4 undated.
    // Sorted [1.5, 5, 7] d: median rank 2 → 5 d; p90 rank 3 → 7 d.
    assert.deepEqual(m.timeToCommit, {
      count: 3,
      undated: 1,
      negative: 0,
      medianMs: 5 * DAY,
      p90Ms: 7 * DAY,
      medianDays: 5,
      p90Days: 7,
      distribution: buckets(0, 1, 2), // 1.5 d ≤ 3 days; 5 d and 7 d ≤ 1 week
    });
  });

  it('give the funnel by state and by events, and how often the state lags', () => {
    assert.deepEqual(m.funnel, {
      rows: [
        { stage: 'fixes', label: 'Fixes', byState: { count: 6, share: 1 }, byEvents: { count: 6, share: 1 } },
        // by state: A1 Committed, A2 Downloaded, C1 Merged; by events: A1–A4, C1
        { stage: 'downloaded', label: 'Downloaded', byState: { count: 3, share: 3 / 6 }, byEvents: { count: 5, share: 5 / 6 } },
        // by state: A1, C1; by events: A1, A2, A4, C1
        { stage: 'committed', label: 'Committed', byState: { count: 2, share: 2 / 6 }, byEvents: { count: 4, share: 4 / 6 } },
      ],
      stateBehindSubmission: 2, // A2 (Downloaded), A4 (no state)
    });
  });

  it('count thumbs and tags per confidence, and the tags histogram', () => {
    const breaking = { tag: 'BREAKING_FIX', label: 'Breaking fix', known: true, count: 1 };
    const bad = { tag: 'BAD_PATTERN', label: 'Bad pattern', known: true, count: 1 };
    const other = { tag: 'OTHER', label: 'Other', known: true, count: 1 };
    assert.deepEqual(m.ratings, {
      ratings: 6, // 2 + 2 + 1 + 1
      up: 2, // A1, C1
      down: 3, // A1, A2 twice
      byConfidence: [
        { kind: 'stable', label: 'Stable', fixes: 2, ratedFixes: 1, ratings: 2, up: 1, down: 1, tags: [breaking] }, // A1; C2 unrated
        { kind: 'adaptive', label: 'Adaptive', fixes: 2, ratedFixes: 1, ratings: 2, up: 0, down: 2, tags: [bad, breaking] }, // A2
        { kind: 'other', label: 'Other confidence', fixes: 1, ratedFixes: 1, ratings: 1, up: 1, down: 0, tags: [] }, // C1
        { kind: 'unknown', label: 'Confidence unknown', fixes: 1, ratedFixes: 1, ratings: 1, up: 0, down: 0, tags: [other] }, // A4: vote null
      ],
      tags: [{ ...breaking, count: 2 }, bad, other], // most first, ties by tag
    });
  });

  it('count false positives once per repository, scanner and fingerprint', () => {
    // Counted: a1 a2 a3 a4 b3 b4 c1 c2 = 8; b1 (h1) and b2 (h2) repeat report A's issues.
    // False positives: a2, a4, h1 (b1 marks it), c2 = 4.
    assert.deepEqual(m.falsePositives, {
      issues: 8,
      falsePositives: 4,
      share: 0.5,
      duplicates: 2,
      withoutFingerprint: 2, // a3, b3
      byScanner: [
        { scanner: 'Semgrep', issues: 6, falsePositives: 3, share: 0.5 }, // a1–a4, b3, b4; FP h1, a2, a4
        { scanner: 'SonarQube', issues: 2, falsePositives: 1, share: 0.5 }, // c1, c2; FP c2
      ],
      byIssueType: [
        { issueType: 'XSS', label: 'XSS', issues: 4, falsePositives: 2, share: 0.5 }, // a2 a3 b3 c2; FP a2 c2
        { issueType: 'SQL_Injection', label: 'SQL Injection', issues: 3, falsePositives: 2, share: 2 / 3 }, // a1 a4 c1; FP h1 a4
        { issueType: null, label: 'Unknown issue type', issues: 1, falsePositives: 0, share: 0 }, // b4
      ],
    });
  });

  it('give the same false positives whatever order the reports come in', () => {
    const b = new MetricsBuilder();
    b.addIssues(shopB, issuesB);
    b.addIssues(shopA, [...issuesA2, ...issuesA1]);
    b.addIssues(detailC, issuesC);
    const fp = b.result().falsePositives;
    assert.deepEqual([fp.issues, fp.falsePositives, fp.duplicates], [8, 4, 2]); // b1 b2 counted, a1 a2 the repeats
    assert.deepEqual(fp.byScanner, m.falsePositives.byScanner);
  });

  it('count fixes first observed and committed per ISO week (UTC)', () => {
    assert.deepEqual(m.weekly, [
      // first observed A1 (12-28), A2 (01-01); committed A2 (01-02)
      { week: '2026-W53', weekStart: '2026-12-28', firstObserved: 2, committed: 1 },
      // first observed A3 (01-05), C1 (01-06), C2 (01-07); committed A1 (01-04)
      { week: '2027-W01', weekStart: '2027-01-04', firstObserved: 3, committed: 1 },
      // committed C1 (01-11)
      { week: '2027-W02', weekStart: '2027-01-11', firstObserved: 0, committed: 1 },
    ]);
  });

  it('give one row per report, in the order they came', () => {
    assert.deepEqual(m.perReport, [
      // A: fixes A1–A4; downloaded all four; committed A1, A2, A4; FP a2, a4 (not de-duplicated per report)
      {
        id: 'report-a',
        title: 'Shop',
        repository: 'shop@main',
        scanner: 'Semgrep',
        fixes: 4,
        downloaded: 4,
        committed: 3,
        issues: 4,
        falsePositives: 2,
      },
      // B: issues only, so no fix counts
      {
        id: 'report-b',
        title: 'Shop',
        repository: 'shop@release',
        scanner: 'Semgrep',
        fixes: null,
        downloaded: null,
        committed: null,
        issues: 4,
        falsePositives: 2,
      },
      {
        id: 'report-c',
        title: 'API',
        repository: 'api@main',
        scanner: 'SonarQube',
        fixes: 2,
        downloaded: 1,
        committed: 1,
        issues: 2,
        falsePositives: 1,
      },
      {
        id: 'report-e',
        title: 'report-e',
        repository: null,
        scanner: 'Snyk',
        fixes: 0,
        downloaded: 0,
        committed: 0,
        issues: 0,
        falsePositives: 0,
      },
    ]);
  });

  it('is plain JSON', () => {
    assert.deepEqual(JSON.parse(JSON.stringify(m)), m);
  });

  it('gives zeros and nulls, never NaN, for no reports and for an empty report', () => {
    for (const empty of [metricsOf([]), metricsOf([{ detail: detailE, issues: [] }])]) {
      assert.equal(empty.fixes.total, 0);
      assert.deepEqual(empty.fixes.byState, []);
      assert.ok(empty.fixes.byConfidence.every((c) => c.count === 0 && c.share === null));
      assert.deepEqual(empty.fixes.downloaded, { count: 0, share: null });
      const none = {
        count: 0,
        undated: 0,
        negative: 0,
        medianMs: null,
        p90Ms: null,
        medianDays: null,
        p90Days: null,
        distribution: buckets(),
      };
      assert.deepEqual([empty.timeToDownload, empty.timeToCommit], [none, none]);
      assert.deepEqual(empty.funnel.rows[0]?.byEvents, { count: 0, share: null });
      assert.deepEqual(
        { ...empty.falsePositives },
        { issues: 0, falsePositives: 0, share: null, duplicates: 0, withoutFingerprint: 0, byScanner: [], byIssueType: [] },
      );
      assert.deepEqual(empty.weekly, []);
      assert.ok(!JSON.stringify(empty).includes('NaN'));
    }
    assert.equal(metricsOf([]).reports, 0);
  });

  it('metricsOf equals the builder fed the same way', () => {
    const inputs: MetricsInput[] = [
      { detail: detailA, summary: shopA, issues: [...issuesA1, ...issuesA2] },
      { summary: shopB, issues: issuesB },
      { detail: detailC, issues: issuesC },
      { detail: detailE, issues: [] },
    ];
    assert.deepEqual(metricsOf(inputs), m);
  });

  it("a report row's counts (fixCounts, in the extension bundle) are the metrics' fix counts of that report", () => {
    // detailA repeats fix A1: both count it once.
    for (const detail of [detailA, detailC, detailE]) assert.deepEqual(fixCounts(detail), metricsOf([{ detail }]).fixes, detail.id);
    assert.equal(fixCounts(detailA).total, 4);
  });

  it('counts downloaded and committed fixes as their lifecycles do (read without deriving them)', () => {
    for (const detail of [detailA, detailC, detailE]) {
      const firsts = detail.fixes.filter((f, i) => detail.fixes.findIndex((g) => g.id === f.id) === i); // a repeated id counts once
      const views = firsts.map(fixView);
      const counts = fixCounts(detail);
      assert.equal(counts.downloaded.count, views.filter((view) => view.lifecycle.downloaded.count > 0).length, detail.id);
      assert.equal(counts.committed.count, views.filter((view) => view.lifecycle.committed.submissions.length > 0).length, detail.id);
    }
  });
});

describe('model/metrics percentile (nearest rank)', () => {
  it('takes the value at rank ⌈p/100 × n⌉, never an interpolation', () => {
    assert.equal(percentile([1, 2, 3, 4], 50), 2); // ⌈2⌉ = 2: the lower middle
    assert.equal(percentile([1, 2, 3, 4], 90), 4); // ⌈3.6⌉ = 4
    assert.equal(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 90), 9); // ⌈9⌉ = 9
    assert.equal(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11], 90), 10); // ⌈9.9⌉ = 10
    assert.equal(percentile([7], 50), 7);
    assert.equal(percentile([7], 90), 7);
    assert.equal(percentile([1, 2], 0), 1); // rank at least 1
    assert.equal(percentile([1, 2], 100), 2);
    assert.equal(percentile([], 50), null);
  });

  it('counts zero durations and skips negative ones', () => {
    const fix = (id: string, download: string) => ({
      id,
      vulnerabilityReportIssues: observed('2027-01-10'),
      sharedState: { downloadedBy: downloads(download) },
    });
    const r = metricsOf([
      {
        detail: detail({
          id: 'r',
          fixes: [fix('z', ts('2027-01-10')), fix('n', ts('2027-01-09', '23')), fix('p', ts('2027-01-10', '06'))],
        }),
      },
    ]);
    // z: 0 h; n: −1 h, skipped; p: 6 h. Sorted [0, 6 h]: median rank 1 → 0; p90 rank 2 → 6 h = 0.25 d.
    assert.deepEqual(r.timeToDownload, {
      count: 2,
      undated: 0,
      negative: 1,
      medianMs: 0,
      p90Ms: 6 * HOUR,
      medianDays: 0,
      p90Days: 0.25,
      distribution: buckets(2), // 0 and 6 h
    });
  });
});

/** The seven buckets with these counts, in order (≤1 d, ≤3 d, ≤1 w, ≤2 w, ≤4 w, ≤12 w, longer). */
function buckets(...counts: number[]) {
  const labels: [string, number | null][] = [
    ['≤ 1 day', 1],
    ['≤ 3 days', 3],
    ['≤ 1 week', 7],
    ['≤ 2 weeks', 14],
    ['≤ 4 weeks', 28],
    ['≤ 12 weeks', 84],
    ['> 12 weeks', null],
  ];
  return labels.map(([label, maxDays], i) => ({ label, maxDays, count: counts[i] ?? 0 }));
}

describe('common/time isoWeek (UTC)', () => {
  const week = (text: string) => isoWeek(Date.parse(text)).week;

  it('puts the days around New Year in the week of their Thursday', () => {
    assert.equal(week('2020-12-31T12:00:00Z'), '2020-W53'); // a Thursday: 2020 has 53 weeks
    assert.equal(week('2021-01-03T23:59:59Z'), '2020-W53'); // Sunday of the same week
    assert.equal(week('2021-01-04T00:00:00Z'), '2021-W01'); // Monday, holds Jan 4
    assert.equal(week('2026-12-31T00:00:00Z'), '2026-W53'); // 2026 starts on a Thursday
    assert.equal(week('2027-01-01T00:00:00Z'), '2026-W53'); // Friday in 2026's last week
    assert.equal(week('2027-01-04T00:00:00Z'), '2027-W01');
    assert.equal(week('2019-12-30T00:00:00Z'), '2020-W01'); // Monday of the week holding 2020-01-02 (Thu)
    assert.equal(week('2018-12-31T00:00:00Z'), '2019-W01');
    assert.equal(week('2016-01-03T00:00:00Z'), '2015-W53');
    assert.equal(week('2024-12-30T00:00:00Z'), '2025-W01');
  });

  it('uses UTC, not the offset the timestamp was written in', () => {
    // Sunday 23:30 at −01:00 is Monday 00:30 UTC.
    assert.equal(week('2021-01-03T23:30:00-01:00'), '2021-W01');
    assert.deepEqual(isoWeek(Date.parse('1970-01-01T00:00:00Z')), { week: '1970-W01', weekStart: '1969-12-29' });
  });
});

describe('model/metrics selectReports', () => {
  const reports = [
    shopA,
    shopB,
    summary({ id: 'report-c', vulnerabilityReport: { vendor: 'SonarQube' } }),
    summary({ id: 'report-x', vulnerabilityReport: { vendor: 'Acme-Scan' } }),
  ];
  const ids = (list: readonly { id: string }[]) => list.map((r) => r.id);

  it('selects all, a vendor by any alias and case, or the reports of some remotes', () => {
    assert.deepEqual(ids(selectReports(reports, { kind: 'all' })), ['report-a', 'report-b', 'report-c', 'report-x']);
    const sonar: ReportSelection = { kind: 'vendor', vendor: 'sonar' };
    assert.deepEqual(ids(selectReports(reports, sonar)), ['report-c']);
    assert.deepEqual(ids(selectReports(reports, { kind: 'vendor', vendor: 'SEMGREP' })), ['report-a', 'report-b']);
    assert.deepEqual(ids(selectReports(reports, { kind: 'vendor', vendor: 'acme-scan' })), ['report-x']);
    assert.deepEqual(ids(selectReports(reports, { kind: 'vendor', vendor: ' ' })), []);
    assert.deepEqual(ids(selectReports(reports, { kind: 'repositories', remotes: ['ssh://git@github.com/Acme/Shop'] })), [
      'report-a',
      'report-b',
    ]);
    assert.deepEqual(ids(selectReports(reports, { kind: 'repositories', remotes: [] })), []);
  });
});

describe('model/metrics metricsTables', () => {
  const m = fixtureMetrics();
  const tables: MetricsTable[] = metricsTables(m);
  const table = (id: string) => tables.find((t) => t.id === id)!;

  it('gives every row one cell per column', () => {
    assert.deepEqual(
      tables.map((t) => t.id),
      [
        'overview',
        'fixes-by-state',
        'fixes-by-confidence',
        'funnel',
        'time-to',
        'time-to-distribution',
        'ratings-by-confidence',
        'rating-tags',
        'false-positives-by-scanner',
        'false-positives-by-issue-type',
        'weekly',
        'reports',
      ],
    );
    for (const t of tables) for (const row of t.rows) assert.equal(row.length, t.columns.length, t.id);
  });

  it('writes shares as percentages with one decimal and durations in days and ms', () => {
    assert.deepEqual([percentOf(2 / 3), percentOf(1), percentOf(0), percentOf(null)], [66.7, 100, 0, null]);
    assert.deepEqual(table('funnel').rows, [
      ['Fixes', 6, 100],
      ['Downloaded (a download recorded)', 5, 83.3], // 5/6
      ['Committed (a pull request or commit recorded)', 4, 66.7], // 4/6
      ['In state Downloaded, Committed or Merged', 3, 50], // 3/6
      ['In state Committed or Merged', 2, 33.3], // 2/6
    ]);
    assert.deepEqual(table('time-to').rows[0], ['Time to download', 3, 2, 10, 2 * DAY, 10 * DAY, 1, 1]);
    // Downloads 1, 2, 10 d; commits 1.5, 5, 7 d (see the duration cases above).
    assert.deepEqual(table('time-to-distribution').rows.slice(0, 4), [
      ['≤ 1 day', 1, 0],
      ['≤ 3 days', 1, 1],
      ['≤ 1 week', 0, 2],
      ['≤ 2 weeks', 1, 0],
    ]);
    assert.deepEqual(table('false-positives-by-issue-type').rows[1], ['SQL_Injection', 'SQL Injection', 3, 2, 66.7]);
  });

  it('calls one figure "downloaded": what the states claim is named by the states', () => {
    const downloaded = tables.flatMap((t) => [
      ...t.columns.map((c) => c.title),
      ...t.rows.map((r) => r[0]).filter((c): c is string => typeof c === 'string'),
    ]);
    const named = downloaded.filter((text) => /downloaded/i.test(text) && !/^In state /.test(text));
    assert.ok(named.length > 0);
    for (const text of named) assert.doesNotMatch(text, /state/i, text);
  });

  it('gives null, not 0, for what was not loaded: fixes, issues, one report’s issues', () => {
    const cells = (t: MetricsTable) => t.rows.flatMap((r) => r.filter((_, i) => t.columns[i]!.kind !== 'text'));
    const none = metricsTables(m, { fixes: false, issues: false, reportIssues: () => false });
    const at = (id: string) => none.find((t) => t.id === id)!;
    assert.deepEqual(
      at('overview').rows.map((r) => r[1]),
      [m.reports, m.repositories, null, null, null, null, null, null, null, null],
      'reports and repositories are known, the rest not',
    );
    for (const id of ['fixes-by-confidence', 'funnel', 'time-to', 'time-to-distribution', 'ratings-by-confidence'])
      assert.ok(cells(at(id)).length > 0 && cells(at(id)).every((c) => c === null), id);
    const someIssues = metricsTables(m, { fixes: true, issues: true, reportIssues: (id) => id === m.perReport[0]!.id });
    const perReport = someIssues.find((t) => t.id === 'reports')!;
    assert.deepEqual(
      perReport.rows.map((r) => r.slice(-2)),
      m.perReport.map((r, i) => (i === 0 ? [r.issues, r.falsePositives] : [null, null])),
    );
    assert.deepEqual(metricsTables(m, { fixes: true, issues: true, reportIssues: () => true }), tables, 'all loaded: the CLI’s tables');
  });

  it('gives the ratings table one column per tag that occurs, in the histogram order', () => {
    const t = table('ratings-by-confidence');
    assert.deepEqual(
      t.columns.slice(6).map((c) => c.title),
      ['Breaking fix', 'Bad pattern', 'Other'],
    );
    assert.deepEqual(t.rows[1], ['Adaptive', 2, 1, 2, 0, 2, 1, 1, 0]); // A2: down 2, one Breaking fix, one Bad pattern
  });
});
