// Both reports paged at once through the real client from the sandbox (src/model/changes/compare.ts):
// the result is the matcher's on the same issues, warnings name their report, and a failure of
// one paging stops the other before the error is thrown.
import { strict as assert } from 'node:assert';
import * as v from 'valibot';
import type { FixReportsClient } from '../../../../src/api/client';
import { IssueSchema } from '../../../../src/api/schemas';
import { compareReports } from '../../../../src/model/changes/compare';
import { ChangeMatcher } from '../../../../src/model/changes/matcher';
import type { Sandbox } from '../../../../tools/sandbox/server';
import { rejectsWith, useSandbox } from '../../helpers';

describe('model/changes: comparing two reports from the service', function () {
  this.timeout(30_000);
  let sandbox: Sandbox;
  let client: FixReportsClient;
  // A 3,000-issue report (three pages of 1,000) and its earlier scan.
  useSandbox({ dataset: { seed: 5, reports: 2, bigReportIssues: 3_000, bigReportRescans: 1 } }, {}, (s, c) => {
    sandbox = s;
    client = c;
  });
  const pair = () => {
    const big = sandbox.dataset.report(sandbox.dataset.bigReportId!)!;
    const earlier = sandbox.dataset.reports.find((r) => r.id !== big.id && sandbox.dataset.issueCount(r.id) === 3_000)!;
    return { later: big.id, earlier: earlier.id };
  };
  const decoded = (id: string) => sandbox.dataset.issueRange(id, 0, sandbox.dataset.issueCount(id)).map((i) => v.parse(IssueSchema, i));

  it('pages both reports and matches them as the matcher does on the same issues', async () => {
    const { later, earlier } = pair();
    const expected = new ChangeMatcher();
    expected.add('report', decoded(later));
    expected.add('since', decoded(earlier));
    const pages: string[] = [];
    const result = await compareReports(client, later, earlier, { onPage: (side) => pages.push(side) });
    assert.deepEqual(result, expected.result());
    assert.ok(result.counts.new > 0 && result.counts.fixed > 0 && result.counts.unchanged > 2_000 && result.counts.unmatchedSince > 0);
    assert.equal(pages.filter((s) => s === 'report').length, 3);
    assert.equal(pages.filter((s) => s === 'since').length, 3);
    // At the same time: both first pages (no cursor) were asked for before any second page.
    const pageRequests = sandbox.requests.filter((r) => r.path.endsWith('/v5/issues'));
    assert.equal(pageRequests.length, 6);
    assert.deepEqual(
      new Set(pageRequests.slice(0, 2).map((r) => `${r.query['fixReportId']}:${r.query['issueId'] ?? ''}`)),
      new Set([`${later}:`, `${earlier}:`]),
    );
  });

  it('names the report a paging warning is about', async () => {
    const { later, earlier } = pair();
    sandbox.faults.add({ route: 'issues', times: 1, fault: { kind: 'duplicate-ids', count: 3 }, skip: 2 });
    const warnings: string[] = [];
    await compareReports(client, later, earlier, { onWarning: (m) => warnings.push(m) });
    assert.equal(warnings.length, 1, warnings.join('\n'));
    assert.match(warnings[0]!, new RegExp(`^Report (${later}|${earlier}): Page \\d repeated 3 issues`));
  });

  it('a failure of one paging cancels the other; the failure is thrown once both have stopped', async () => {
    const { later, earlier } = pair();
    // The third issues request fails for good; the other report's next pages are slow.
    sandbox.faults.add({ route: 'issues', skip: 2, times: 1, fault: { kind: 'status', status: 500 } });
    sandbox.faults.add({ route: 'issues', fault: { kind: 'latency', ms: 300 } });
    await rejectsWith(compareReports(client, later, earlier), 'server', /HTTP 500/);
    const settled = sandbox.requests.length;
    await new Promise((resolve) => setTimeout(resolve, 700));
    assert.equal(sandbox.requests.length, settled, 'no request after the error');
  });

  it('the caller’s signal cancels both', async () => {
    const { later, earlier } = pair();
    sandbox.faults.add({ route: 'issues', fault: { kind: 'latency', ms: 2_000 } });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    await rejectsWith(compareReports(client, later, earlier, { signal: controller.signal }), 'cancelled');
  });
});
