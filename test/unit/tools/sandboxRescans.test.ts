// The sandbox's rescans (tools/sandbox/generator.ts, "Rescans"): earlier scans of the sample
// workspace's current reports and of the big report, with overlapping fingerprints, added without
// changing any report that was there before them.
import { strict as assert } from 'node:assert';
import * as v from 'valibot';
import { IssueSchema, type FixReportSummary } from '../../../src/api/schemas';
import { ChangeMatcher } from '../../../src/model/changes/matcher';
import { previousReport } from '../../../src/model/changes/previous';
import { currentReports } from '../../../src/model/reportList';
import { REPOS } from '../../../tools/sandbox/catalog';
import { FIXTURE_BRANCH, FIXTURE_REMOTE } from '../../../tools/editor/workspace';
import { createDataset, type Dataset, type DatasetOptions } from '../../../tools/sandbox/generator';
import { startSandbox } from '../../../tools/sandbox/server';

const DAY_MS = 86_400_000;
/** The dataset's "now" (generator DEFAULT_NOW): every report before it. */
const NOW = Date.parse('2026-11-01T12:00:00Z');

const snapshot = (d: Dataset, id: string) =>
  JSON.stringify({
    summary: d.report(id),
    detail: d.detail(id),
    issues: d.issueRange(id, 0, d.issueCount(id)),
    summaries: d
      .issueRange(id, 0, d.issueCount(id))
      .filter((i) => i.fpId)
      .map((i) => d.fpSummary(i.fpId!)),
  });

function changes(d: Dataset, later: string, earlier: string) {
  const matcher = new ChangeMatcher({ seed: 1 });
  const decoded = (id: string) => d.issueRange(id, 0, d.issueCount(id)).map((i) => v.parse(IssueSchema, i));
  matcher.add('report', decoded(later));
  matcher.add('since', decoded(earlier));
  return matcher.result();
}

const created = (r: FixReportSummary) => Date.parse(r.createdOn!);

describe('sandbox rescans', () => {
  // The datasets the editor's checks use: `npm run sandbox` and the demo's, the UI check's (and
  // its restart with one report more), the integration suites' (asked for explicitly: small
  // datasets get none by default).
  const integration = { seed: 9, reports: 10, issuesPerReport: [40, 300] as [number, number], bigReportIssues: 2500, hostileText: true };
  const cases: DatasetOptions[] = [
    { seed: 42 },
    { seed: 42, bigReportIssues: 30_000, hostileFixes: true },
    { seed: 42, bigReportIssues: 30_000, hostileFixes: true, reports: 13 },
    { ...integration, rescans: 2 },
    { seed: 11 },
  ];

  it('gives small datasets (fewer than 12 ordinary reports) none unless asked, so a test gets the reports it asks for', () => {
    assert.equal(createDataset(integration).reports.length, createDataset({ ...integration, rescans: 0 }).reports.length);
    assert.equal(createDataset({ seed: 15, reports: 4 }).reports.length, 4);
    assert.ok(createDataset({ seed: 42 }).reports.length > 12);
    // The UI check restarts its service with one report more: one report more it is.
    const ui = { seed: 42, bigReportIssues: 30_000, hostileFixes: true };
    assert.equal(createDataset({ ...ui, reports: 13 }).reports.length, createDataset(ui).reports.length + 1);
  });

  it('scans the sample workspace’s own branch', () => {
    const workspace = REPOS.find((r) => r.findings);
    assert.equal(workspace?.originalUrl, FIXTURE_REMOTE);
    assert.equal(workspace?.rescanned, FIXTURE_BRANCH);
  });

  for (const options of cases) {
    it(`adds earlier scans and changes no report that was there (${JSON.stringify(options)})`, () => {
      const withRescans = createDataset(options);
      const without = createDataset({ ...options, rescans: 0 });
      const before = new Set(without.reports.map((r) => r.id));
      const added = withRescans.reports.filter((r) => !before.has(r.id));
      for (const r of without.reports) assert.equal(snapshot(withRescans, r.id), snapshot(without, r.id), `report ${r.id} unchanged`);
      // Each scanner's newest report on the branch gets two, a week apart, before it; nothing else does.
      const heads = without.reports.filter((r) => r.repo?.originalUrl === FIXTURE_REMOTE && r.repo.reference === FIXTURE_BRANCH);
      const scanners = new Set(heads.map((r) => r.vulnerabilityReport?.vendor));
      assert.equal(added.length, 2 * scanners.size);
      for (const rescan of added) {
        const head = heads.find((h) => h.vulnerabilityReport?.vendor === rescan.vulnerabilityReport?.vendor)!;
        assert.ok(!heads.some((h) => h.vulnerabilityReport?.vendor === head.vulnerabilityReport?.vendor && created(h) > created(head)));
        assert.deepEqual(rescan.repo, head.repo);
        assert.deepEqual(rescan.vulnerabilityReport, head.vulnerabilityReport);
        assert.ok(created(rescan) < created(head), 'older than the report it is a scan of');
        const weeks = (created(head) - created(rescan)) / (7 * DAY_MS);
        assert.ok(Math.abs(weeks - Math.round(weeks)) < 0.1 && weeks >= 0.9 && weeks <= 2.1, `${weeks} weeks before`);
        assert.ok(rescan.createdByUser !== null && rescan.expirationOn !== null, 'no null of its own: the dataset has one of each');
      }
      // Hence the reports the editor takes as current for the workspace are the same.
      for (const nowMs of [NOW, Date.now()]) {
        const repo = { remotes: [FIXTURE_REMOTE], branch: FIXTURE_BRANCH };
        assert.deepEqual(
          currentReports(withRescans.reports, repo, nowMs).map((c) => c.report.id),
          currentReports(without.reports, repo, nowMs).map((c) => c.report.id),
        );
      }
      // The reports stay newest first.
      const times = withRescans.reports.map(created);
      assert.deepEqual(
        times,
        [...times].sort((a, b) => b - a),
      );
    });
  }

  it('shares most findings with the next scan: some fixed, as many new, the rest unchanged and alike; some without a fingerprint', () => {
    const d = createDataset({ seed: 42 });
    const heads = d.reports.filter(
      (r) =>
        r.repo?.reference === FIXTURE_BRANCH &&
        !d.reports.some(
          (o) =>
            o !== r &&
            o.repo?.reference === FIXTURE_BRANCH &&
            o.vulnerabilityReport?.vendor === r.vulnerabilityReport?.vendor &&
            created(o) > created(r),
        ),
    );
    assert.equal(heads.length, 3);
    for (const head of heads) {
      const first = previousReport(d.reports, head)!;
      const second = previousReport(d.reports, first)!;
      assert.ok(first && second && previousReport(d.reports, second) === undefined, 'a chain of three scans');
      for (const [later, earlier] of [
        [head, first],
        [first, second],
      ] as const) {
        const { counts, newIssues, fixedIssues } = changes(d, later.id, earlier.id);
        const issues = d.issueCount(later.id);
        assert.ok(counts.unchanged > 0.85 * issues, JSON.stringify(counts));
        assert.ok(counts.new > 0 && counts.new < 0.1 * issues, JSON.stringify(counts));
        assert.ok(counts.fixed > 0 && counts.fixed <= counts.new, JSON.stringify(counts));
        assert.ok(counts.unmatchedSince > 0, 'the earlier scan has issues without a fingerprint');
        if (later === head) assert.equal(counts.unmatched, 0, 'the report the editor shows keeps every fingerprint');
        assert.equal(new Set([...newIssues, ...fixedIssues].map((i) => i.id)).size, newIssues.length + fixedIssues.length);
        // A finding in both looks the same in both: type, rule, location.
        const byFingerprint = new Map(d.issueRange(earlier.id, 0, d.issueCount(earlier.id)).map((i) => [i.fingerprintHash, i]));
        let alike = 0;
        for (const issue of d.issueRange(later.id, 0, issues)) {
          const before = issue.fingerprintHash === null ? undefined : byFingerprint.get(issue.fingerprintHash);
          if (
            before &&
            before.issueType === issue.issueType &&
            before.vendorIssueId === issue.vendorIssueId &&
            JSON.stringify(before.codeNodes) === JSON.stringify(issue.codeNodes)
          )
            alike++;
        }
        assert.ok(alike > 0.97 * counts.unchanged, `${alike} of ${counts.unchanged} alike`);
      }
    }
  });

  it('big report rescans: two 100,000-issue scans of one repository and branch to compare', () => {
    const d = createDataset({ seed: 11, reports: 0, bigReportIssues: 100_000, bigReportRescans: 1 });
    assert.equal(d.reports.length, 2);
    const [later, earlier] = d.reports as [FixReportSummary, FixReportSummary];
    assert.equal(later.id, d.bigReportId);
    assert.deepEqual(earlier.repo, later.repo);
    assert.equal(d.issueCount(earlier.id), 100_000);
    assert.equal(d.fixCount(earlier.id), d.fixCount(later.id));
    // Sampled: issue i of the earlier scan is finding i − 6,000 of the big report's lineage.
    const shift = 6_000;
    for (const i of [6_000, 50_000, 99_999])
      assert.equal(d.issueAt(earlier.id, i).fingerprintHash, d.issueAt(later.id, i - shift).fingerprintHash);
    assert.notEqual(d.issueAt(earlier.id, 0).fingerprintHash, d.issueAt(later.id, 0).fingerprintHash);
    assert.equal(createDataset({ seed: 11, reports: 0, bigReportIssues: 100_000 }).reports.length, 1, 'none by default');
  });

  it('serves rescans like any report: details, issues by id, fixes listing their issues, summaries', async () => {
    const sandbox = await startSandbox({ dataset: { seed: 42, reports: 12 } });
    try {
      const d = sandbox.dataset;
      const heads = new Set(createDataset({ seed: 42, rescans: 0 }).reports.map((r) => r.id));
      const rescan = d.reports.find((r) => !heads.has(r.id))!;
      const get = async (path: string) => {
        const res = await fetch(`${sandbox.baseUrl}/api/rest/${path}`, { headers: { 'x-service-key': sandbox.key } });
        assert.equal(res.status, 200, path);
        return res.json() as Promise<Record<string, unknown>>;
      };
      const listed = (await get('fix-reports')) as { getReportsApiV2: { fixReport: { id: string }[] } };
      assert.ok(listed.getReportsApiV2.fixReport.some((r) => r.id === rescan.id));
      const detail = d.detail(rescan.id)!;
      for (const fix of detail.fixes) {
        for (const ref of fix.vulnerabilityReportIssues) {
          const at = d.locateIssue(ref.id)!;
          assert.equal(at.reportId, rescan.id);
          assert.deepEqual(d.issueAt(rescan.id, at.index).fix, { id: fix.id, state: fix.state });
        }
      }
      const fp = d.issueRange(rescan.id, 0, d.issueCount(rescan.id)).find((i) => i.fpId)!;
      const summary = (await get(`fp-summary?fpId=${fp.fpId}`)) as Record<string, unknown>;
      assert.equal(JSON.stringify(summary).includes(d.fpSummary(fp.fpId!)!), true);
      const one = (await get(`v5/issues?issueId=${fp.id}`)) as { getIssuesApiV5: { vulnerability_report_issue: { id: string }[] } };
      assert.deepEqual(
        one.getIssuesApiV5.vulnerability_report_issue.map((i) => i.id),
        [fp.id],
      );
    } finally {
      await sandbox.close();
    }
  });

  it('refuses more than 7 rescans', () => {
    assert.throws(() => createDataset({ seed: 1, rescans: 8 }), RangeError);
    assert.throws(() => createDataset({ seed: 1, bigReportRescans: -1 }), RangeError);
  });
});
