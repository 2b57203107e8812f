// Fix Insights' computation as the extension host runs it (views/insights/data.ts and measure.ts),
// in plain Node over a store stand-in: a scope is capped to its most recent reports, details the
// store lacks are fetched for the dashboard alone (memoised within a bound), the pass yields when
// its time slice is spent and computes what an unsliced pass does, and Cancel keeps what was measured.
import { strict as assert } from 'node:assert';
import { type FixReportDetail, type FixReportSummary, type Issue } from '../../../src/api/schemas';
import { TimeSlicer } from '../../../src/common/timeSlice';
import { metricsOf } from '../../../src/model/metrics';
import { ReportModel } from '../../../src/model/report';
import { gatherInsights, loadIssues, type GatherOptions, type InsightsStore } from '../../../src/views/insights/data';
import { DetailMemo } from '../../../src/views/insights/detailMemo';
import { wireDetail, wireIssue, wireSummary } from '../../support/wire';

const ts = (hour: number) => new Date(Date.UTC(2026, 2, 1, hour)).toISOString().replace('Z', '000+00:00');

interface Fixture {
  summary: FixReportSummary;
  detail: FixReportDetail;
  issues: Issue[];
}

/** `count` reports, report i created at hour i, in repositories of two scans each. */
function fixtures(count: number): Fixture[] {
  return Array.from({ length: count }, (_, i) => {
    const base = {
      id: `report-${i}`,
      createdOn: ts(i),
      vulnerabilityReport: { vendor: i % 3 ? 'semgrep' : 'sonar', project: { name: `P${i >> 1}` } },
      repo: { name: `repo${i >> 1}`, originalUrl: i % 2 ? `git@github.com:org/repo${i >> 1}.git` : `https://github.com/org/repo${i >> 1}` },
    };
    const fixes = [0, 1].map((k) => ({
      id: `fix-${i}-${k}`,
      state: k ? 'Committed' : 'Ready',
      confidence: k ? 90 : 40,
      vulnerabilityReportIssues: [{ id: `i-${i}-${k}`, sharedState: { createdAt: ts(i) } }],
      sharedState: { downloadedBy: k ? [{ downloadedAt: ts(i + 5), user: { id: 'u' } }] : [] },
      scmSubmitFixRequests: k ? [{ prId: i, createdAt: ts(i + 9) }] : [],
    }));
    const issues = Array.from({ length: 3 }, (_, k) =>
      wireIssue({
        id: `i-${i}-${k}`,
        fingerprintHash: `fp-${i >> 1}-${k}`,
        issueType: 'XSS',
        state: k === 2 ? 'FalsePositive' : 'Open',
      }),
    );
    return {
      summary: wireSummary(base),
      detail: wireDetail({ ...base, fixes }),
      issues,
    };
  });
}

/** A store listing the reports newest first and holding the `held` ones with their issues; counts what is asked of it. */
function storeOf(all: readonly Fixture[], held: readonly number[] = []) {
  const entries = new Map<string, { model: ReportModel; issues: { kind: 'done' } }>();
  for (const i of held) {
    const model = new ReportModel(all[i]!.detail);
    model.addIssues(all[i]!.issues);
    entries.set(all[i]!.summary.id, { model, issues: { kind: 'done' } });
  }
  const asked = { details: [] as string[], storeDetails: 0, loaded: [] as string[] };
  const store: InsightsStore = {
    reports: () => Promise.resolve(all.map((f) => f.summary).reverse()),
    entry: (id) => entries.get(id),
    reportDetail: () => {
      asked.storeDetails++;
      return Promise.reject(new Error('not through the store'));
    },
    report: (id) => {
      asked.loaded.push(id);
      return Promise.resolve();
    },
    issuesSettled: () => Promise.resolve(),
  };
  const details = new Map(all.map((f) => [f.summary.id, f.detail]));
  const fetchDetail: GatherOptions['fetchDetail'] = async (id) => {
    await new Promise((resolve) => setImmediate(resolve)); // an answer from the network comes on a later turn
    asked.details.push(id);
    return details.get(id)!;
  };
  return { store, asked, fetchDetail };
}

describe('views/insights gatherInsights', () => {
  it('measures the scope’s most recent reports and says how many it left out', async () => {
    const all = fixtures(30);
    const { store, asked, fetchDetail } = storeOf(all, [29]);
    const data = await gatherInsights(store, { kind: 'all' }, [], { maxReports: 10, fetchDetail, nowMs: 0 });
    assert.deepEqual(
      data.metrics.perReport.map((r) => r.id),
      Array.from({ length: 10 }, (_, k) => `report-${29 - k}`),
      'the 10 newest, in the list’s order',
    );
    assert.deepEqual([data.coverage.reports, data.coverage.inScope, data.coverage.maxReports], [10, 30, 10]);
    assert.deepEqual([data.coverage.withFixes, data.coverage.withIssues, data.coverage.cancelled], [10, 1, false]);
    assert.equal(data.choices[0]!.label, 'All reports (30)', 'the choices still count every report');
    assert.deepEqual(asked.details.sort(), Array.from({ length: 9 }, (_, k) => `report-${20 + k}`).sort(), 'the held one is not fetched');
    assert.equal(asked.storeDetails, 0, 'nothing is fetched through the store, which would keep it');
  });

  it('equals the model’s metrics of the same reports (the held one with its issues)', async () => {
    const all = fixtures(12);
    const { store, fetchDetail } = storeOf(all, [11, 8]);
    const data = await gatherInsights(store, { kind: 'all' }, [], { maxReports: 200, fetchDetail });
    const expected = metricsOf(
      [...all]
        .reverse()
        .map((f, k) =>
          k === 0 || k === 3 ? { detail: f.detail, summary: f.summary, issues: f.issues } : { detail: f.detail, summary: f.summary },
        ),
    );
    assert.deepEqual(data.metrics, expected);
    assert.equal(data.coverage.inScope, data.coverage.reports, 'nothing left out');
  });

  it('yields when its slice is spent, and computes what an unsliced pass does', async () => {
    const all = fixtures(40);
    const { store, fetchDetail } = storeOf(all, [39, 38, 37]);
    const tiny = new TimeSlicer(0);
    const sliced = await gatherInsights(store, { kind: 'all' }, [], { maxReports: 40, fetchDetail, slicer: tiny, nowMs: 0 });
    const never = new TimeSlicer(Number.POSITIVE_INFINITY);
    const whole = await gatherInsights(store, { kind: 'all' }, [], { maxReports: 40, fetchDetail, slicer: never, nowMs: 0 });
    assert.ok(tiny.yieldCount > 40, `yielded ${tiny.yieldCount} times`);
    assert.equal(never.yieldCount, 0);
    assert.deepEqual(sliced, whole);
  });

  it('fetches a scope’s details once while the memo holds them, and keeps no more than the cap', async () => {
    const all = fixtures(20);
    const { store, asked, fetchDetail } = storeOf(all);
    const memo = new DetailMemo();
    const first = await gatherInsights(store, { kind: 'all' }, [], { maxReports: 8, fetchDetail, memo, nowMs: 0 });
    assert.equal(asked.details.length, 8);
    assert.equal(memo.size, 8);
    const again = await gatherInsights(store, { kind: 'all' }, [], { maxReports: 8, fetchDetail, memo, nowMs: 0 });
    assert.equal(asked.details.length, 8, 'a redraw fetches nothing again');
    assert.deepEqual(again, first);
    await gatherInsights(store, { kind: 'vendor', vendor: 'sonar' }, [], { maxReports: 5, fetchDetail, memo });
    assert.ok(memo.size <= 8, `the memo holds ${memo.size}`);
    memo.clear();
    assert.equal(memo.size, 0);
  });

  it('stops when cancelled and returns what it measured, marked cancelled', async () => {
    const all = fixtures(50);
    const { store, fetchDetail } = storeOf(all);
    const controller = new AbortController();
    const progress: number[] = [];
    const data = await gatherInsights(store, { kind: 'all' }, [], {
      maxReports: 50,
      fetchDetail,
      signal: controller.signal,
      onProgress: (done, total) => {
        progress.push(done);
        assert.equal(total, 50);
        if (done === 7) controller.abort();
      },
    });
    assert.equal(data.coverage.cancelled, true);
    assert.equal(data.coverage.withFixes, 7);
    assert.equal(data.metrics.reports, 7);
    assert.deepEqual(progress, [1, 2, 3, 4, 5, 6, 7]);
  });

  it('reports a detail that could not be fetched and goes on', async () => {
    const all = fixtures(5);
    const { store } = storeOf(all);
    const fetchDetail = (id: string) =>
      id === 'report-3' ? Promise.reject(new Error('HTTP 500')) : Promise.resolve(all.find((f) => f.summary.id === id)!.detail);
    const data = await gatherInsights(store, { kind: 'all' }, [], { fetchDetail });
    assert.equal(data.coverage.withFixes, 4);
    assert.deepEqual(data.coverage.failed, [{ title: 'P1', message: 'HTTP 500' }]);
  });
});

describe('views/insights opening scope: this workspace’s repositories', () => {
  // report-0 (https) and report-1 (scp-like ssh) are repo0's two scans.
  const remotes = ['git@github.com:org/repo0.git'];

  it('measures the reports of the workspace’s repositories, listed first among the choices', async () => {
    const all = fixtures(6);
    const { store, fetchDetail } = storeOf(all);
    const data = await gatherInsights(store, { kind: 'workspace' }, remotes, { fetchDetail, nowMs: 0 });
    assert.deepEqual(data.scope, { kind: 'workspace' });
    assert.deepEqual(data.requested, { kind: 'workspace' });
    assert.equal(data.notice, null);
    assert.deepEqual(
      data.metrics.perReport.map((r) => r.id),
      ['report-1', 'report-0'],
    );
    assert.deepEqual(
      data.choices.slice(0, 2).map((c) => c.label),
      ["This workspace's repositories (2)", 'All reports (6)'],
      'the scope it opens on, then the way to all reports',
    );
  });

  it('falls back to all reports when no report is for the workspace’s repositories, and says so', async () => {
    const all = fixtures(6);
    const { store, fetchDetail } = storeOf(all);
    const other = await gatherInsights(store, { kind: 'workspace' }, ['https://github.com/org/elsewhere'], { fetchDetail, nowMs: 0 });
    assert.deepEqual(other.scope, { kind: 'all' });
    assert.deepEqual(other.requested, { kind: 'workspace' }, 'kept through a reload: the workspace may get its reports later');
    assert.equal(other.notice, 'No report is for a repository of this workspace: showing all reports.');
    assert.equal(other.metrics.perReport.length, 6);
    assert.equal(other.choices[0]!.label, 'All reports (6)', 'no workspace choice without its reports');
    const none = await gatherInsights(store, { kind: 'workspace' }, [], { fetchDetail, nowMs: 0 });
    assert.equal(none.notice, 'This workspace has no Git repository with a remote: showing all reports.');
    const asked = await gatherInsights(store, { kind: 'all' }, remotes, { fetchDetail, nowMs: 0 });
    assert.equal(asked.notice, null, 'all reports asked for: nothing to explain');
  });

  it('sends the tiles, the charts and tables in days with "—" for issues not loaded', async () => {
    const all = fixtures(4);
    const { store, fetchDetail } = storeOf(all, [3]);
    const data = await gatherInsights(store, { kind: 'all' }, [], { fetchDetail, nowMs: 0 });
    const tiles = Object.fromEntries(data.tiles.map((t) => [t.id, t.value]));
    // Each report: two fixes, one committed 9 hours after first observed; one FP of three issues.
    assert.deepEqual(tiles, { fixes: '8', committed: '50%', 'time-to-commit': '9 h', 'false-positives': '33.3%' });
    assert.deepEqual(
      data.charts.map((c) => c.id),
      ['funnel', 'time-to-commit', 'ratings', 'fp-share', 'weekly'],
    );
    const reports = data.tables.find((t) => t.id === 'reports')!;
    assert.deepEqual(
      reports.rows.map((r) => [r[1], r.at(-2)]),
      [
        ['report-3', 3],
        ['report-2', null],
        ['report-1', null],
        ['report-0', null],
      ],
      'only the held report’s issues are known',
    );
    const timeTo = data.tables.find((t) => t.id === 'time-to')!;
    assert.deepEqual(
      timeTo.rows.map((r) => r.slice(2, 4)),
      [
        ['5 h', '5 h'],
        ['9 h', '9 h'],
      ],
    );
  });
});

describe('views/insights loadIssues', () => {
  it('pages the issues of all reports when the workspace’s repositories have none', async () => {
    const all = fixtures(6);
    const { store, asked } = storeOf(all);
    await loadIssues(store, { kind: 'workspace' }, ['https://github.com/org/elsewhere'], 2);
    assert.deepEqual(asked.loaded.sort(), ['report-4', 'report-5']);
  });

  it('pages the issues of the measured reports only', async () => {
    const all = fixtures(12);
    const { store, asked } = storeOf(all, [11]);
    await loadIssues(store, { kind: 'all' }, [], 4);
    assert.deepEqual(asked.loaded.sort(), ['report-10', 'report-8', 'report-9'], 'the 4 newest but the one with issues');
  });
});
