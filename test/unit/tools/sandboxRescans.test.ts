// The sandbox's rescans (tools/sandbox/generator.ts, "Rescans"): earlier scans of the sample
// workspace's current reports and of the big report, with overlapping fingerprints and false
// positives that keep their fpId, added without changing any report that was there before them.
import { strict as assert } from 'node:assert';
import * as v from 'valibot';
import { IssueSchema, type FixReportSummary } from '../../../src/api/schemas';
import { ChangeMatcher } from '../../../src/model/changes/matcher';
import { previousReport } from '../../../src/model/changes/previous';
import { currentReports } from '../../../src/model/reportList';
import { SuppressedIssues } from '../../../src/model/suppressionAuditStatus';
import { REPOS, categoryById } from '../../../tools/sandbox/catalog';
import { FIXTURE_BRANCH, FIXTURE_REMOTE } from '../../../tools/editor/workspace';
import { createDataset, type Dataset, type DatasetOptions, type SandboxIssue } from '../../../tools/sandbox/generator';
import { decodeId, encodeId } from '../../../tools/sandbox/ids';
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
const allIssues = (d: Dataset, id: string) => d.issueRange(id, 0, d.issueCount(id));

/** The newest report of each scanner on the sample workspace's branch: the heads with rescans. */
function headsOf(d: Dataset): FixReportSummary[] {
  return d.reports.filter(
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
}

/** A report and its earlier scans, newest first. */
function chainOf(d: Dataset, head: FixReportSummary): FixReportSummary[] {
  const chain = [head];
  for (let r = previousReport(d.reports, head); r; r = previousReport(d.reports, r)) chain.push(r);
  return chain;
}

/** Its summary, from the issue alone: the short form of the reason its description gives. */
function summaryOf(issue: SandboxIssue): string | undefined {
  const reasons = categoryById(issue.issueType!)?.fpReasons ?? [];
  return reasons.find((r) => issue.fpDescription?.includes(r.detail))?.short;
}

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
    const heads = headsOf(d);
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
      // Every false positive of the rescan, those its head has too among them: the head's summary.
      const fps = allIssues(d, rescan.id).filter((i) => i.fpId);
      const head = d.reports.find((r) => heads.has(r.id) && previousReport(d.reports, r)?.id === rescan.id)!;
      const headFps = new Set(allIssues(d, head.id).map((i) => i.fpId));
      assert.ok(fps.some((i) => headFps.has(i.fpId)) && fps.some((i) => !headFps.has(i.fpId)));
      for (const i of fps) {
        const summary = (await get(`fp-summary?fpId=${i.fpId}`)) as Record<string, unknown>;
        assert.deepEqual(summary, { fpDescriptionShort: summaryOf(i) }, i.id);
      }
      const fp = fps[0]!;
      const one = (await get(`v5/issues?issueId=${fp.id}`)) as { getIssuesApiV5: { vulnerability_report_issue: { id: string }[] } };
      assert.deepEqual(
        one.getIssuesApiV5.vulnerability_report_issue.map((i) => i.id),
        [fp.id],
      );
    } finally {
      await sandbox.close();
    }
  });

  describe('false positives follow their finding', () => {
    const d = createDataset({ seed: 42 });
    const without = createDataset({ seed: 42, rescans: 0 });
    const heads = headsOf(d);
    const headIds = new Set(without.reports.map((r) => r.id));
    const rescans = d.reports.filter((r) => !headIds.has(r.id));
    const ordinalOf = (r: FixReportSummary) => decodeId(42, 'report', r.id)!.ordinal;

    it('keeps every fpId of a report without rescans, or heading them: its ordinal and the issue’s index', () => {
      let count = 0;
      for (const r of d.reports.filter((r) => headIds.has(r.id))) {
        allIssues(d, r.id).forEach((issue, index) => {
          if (issue.fpId === null) return;
          assert.equal(issue.fpId, encodeId(42, 'fp', ordinalOf(r), index));
          count++;
        });
      }
      assert.ok(count > 100, `${count} false positives`);
    });

    it('gives a false positive of a head and an earlier scan one fpId, summary and description, its issue ids their own', () => {
      let shared = 0;
      for (const head of heads) {
        const headFps = allIssues(d, head.id).filter((i) => i.fpId);
        for (const scan of chainOf(d, head).slice(1)) {
          const byPrint = new Map(allIssues(d, scan.id).map((i) => [i.fingerprintHash, i]));
          for (const fp of headFps) {
            const before = byPrint.get(fp.fingerprintHash);
            if (!before?.fpId) continue;
            shared++;
            assert.equal(before.fpId, fp.fpId);
            assert.equal(before.fpDescription, fp.fpDescription);
            assert.notEqual(before.id, fp.id);
            // The summary the head alone gives it, whichever scan the service finds it in.
            assert.equal(d.fpSummary(before.fpId), without.fpSummary(fp.fpId!));
            assert.equal(d.fpSummary(before.fpId), summaryOf(before));
          }
        }
      }
      assert.ok(shared > 100, `${shared} shared`);
    });

    it('resolves every fpId of a rescan to its summary, those of findings only earlier scans have too', () => {
      let earlierOnly = 0;
      for (const scan of rescans) {
        for (const fp of allIssues(d, scan.id).filter((i) => i.fpId)) {
          const summary = d.fpSummary(fp.fpId!);
          assert.ok(summary !== undefined, fp.fpId!);
          assert.equal(summary, summaryOf(fp));
          if (without.fpSummary(fp.fpId!) === undefined) earlierOnly++;
        }
      }
      assert.ok(earlierOnly > 0, 'some false positives only earlier scans have');
    });

    it('gives a false positive only the head has an fpId no earlier scan carries; a suppression of it is stale there', () => {
      let onlyHead = 0;
      let shared = 0;
      for (const head of heads) {
        const earlier = chainOf(d, head).slice(1);
        const prints = new Set(earlier.flatMap((r) => allIssues(d, r.id).map((i) => i.fingerprintHash)));
        const fpIds = new Set(earlier.flatMap((r) => allIssues(d, r.id).map((i) => i.fpId)));
        const headFps = allIssues(d, head.id).filter((i) => i.fpId);
        for (const fp of headFps.filter((i) => !prints.has(i.fingerprintHash))) {
          onlyHead++;
          assert.ok(!fpIds.has(fp.fpId), fp.fpId!);
        }
        // The editor's suppression audit against each earlier scan: current where the finding is
        // a false positive, stale where it is not.
        for (const scan of earlier) {
          const audit = new SuppressedIssues(headFps.map((i) => i.fpId!));
          const issues = allIssues(d, scan.id);
          audit.add(issues.map((i) => v.parse(IssueSchema, i)));
          const fpPrints = new Set(issues.filter((i) => i.fpId).map((i) => i.fingerprintHash));
          for (const fp of headFps) {
            const status = audit.verdict(fp.fpId!).status;
            assert.equal(status, fpPrints.has(fp.fingerprintHash) ? 'current' : 'stale', fp.fpId!);
            if (status === 'current') shared++;
          }
        }
      }
      assert.ok(onlyHead > 0 && shared > 0, `${onlyHead} only in the head, ${shared} current earlier`);
    });

    it('a finding fixed in one scan may be a false positive in another: only those carry its fpId', () => {
      // A rescan's last block is shorter than the head's block of the same findings, so its fix
      // may cover other findings; seed 42 has such findings.
      let mixed = 0;
      for (const head of heads) {
        const byPrint = new Map<string, SandboxIssue[]>();
        for (const scan of chainOf(d, head))
          for (const i of allIssues(d, scan.id))
            if (i.fingerprintHash !== null) byPrint.set(i.fingerprintHash, [...(byPrint.get(i.fingerprintHash) ?? []), i]);
        for (const issues of byPrint.values()) {
          const fps = issues.filter((i) => i.fpId);
          if (fps.length === 0 || !issues.some((i) => i.fix)) continue;
          mixed++;
          assert.equal(new Set(fps.map((i) => i.fpId)).size, 1);
          for (const i of issues.filter((i) => i.fix)) assert.equal(i.fpId, null);
          assert.equal(d.fpSummary(fps[0]!.fpId!), summaryOf(fps[0]!));
        }
      }
      assert.ok(mixed > 0, 'a finding both fixed and a false positive');
    });

    it('finds no summary for an fpId no scan holds as a false positive', () => {
      const carried = new Set(d.reports.flatMap((r) => allIssues(d, r.id).map((i) => i.fpId)));
      const rescan = rescans[0]!;
      const fpIndex = allIssues(d, rescan.id).findIndex((i) => i.fpId);
      // What the rescan's own ordinal would have given it.
      assert.equal(d.fpSummary(encodeId(42, 'fp', ordinalOf(rescan), fpIndex)), undefined);
      const head = heads[0]!;
      const notFp = allIssues(d, head.id).findIndex((i) => i.fpId === null);
      const unheld = [notFp, d.issueCount(head.id), -(2 ** 31)];
      for (let f = -1; f > -40; f--) if (!carried.has(encodeId(42, 'fp', ordinalOf(head), f))) unheld.push(f);
      assert.ok(unheld.length > 10);
      for (const f of unheld) assert.equal(d.fpSummary(encodeId(42, 'fp', ordinalOf(head), f)), undefined, String(f));
    });

    it('stores a negative fp index as its two’s complement, and only fp ids have one', () => {
      assert.deepEqual(decodeId(42, 'fp', encodeId(42, 'fp', 3, -5)), { ordinal: 3, index: 2 ** 32 - 5 });
      assert.notEqual(encodeId(42, 'fp', 3, -5), encodeId(42, 'fp', 3, 5));
      assert.throws(() => encodeId(42, 'fp', 3, -(2 ** 31) - 1), RangeError);
      assert.throws(() => encodeId(42, 'issue', 3, -1), RangeError);
      assert.throws(() => encodeId(42, 'fp', 3, 2 ** 32), RangeError);
    });
  });

  it('refuses more than 7 rescans', () => {
    assert.throws(() => createDataset({ seed: 1, rescans: 8 }), RangeError);
    assert.throws(() => createDataset({ seed: 1, bigReportRescans: -1 }), RangeError);
  });
});
