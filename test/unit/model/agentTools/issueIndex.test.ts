// The bound of the issues find_issues holds: records over all reports, reports, age; the least
// recently used report goes first, and a report over the bound is never held.
import { strict as assert } from 'node:assert';
import type { FixReportsClient } from '../../../../src/api/client';
import { IssueIndex } from '../../../../src/model/agentTools/issueIndex';
import { startSandbox, type Sandbox } from '../../../../tools/sandbox/server';
import { clientFor } from '../../helpers';

describe('agent tools: the issue index', function () {
  this.timeout(30_000);
  let sandbox: Sandbox;
  let client: FixReportsClient;
  let ids: string[];

  before(async () => {
    sandbox = await startSandbox({ dataset: { seed: 11, reports: 4, issuesPerReport: [100, 200] } });
    client = clientFor(sandbox);
    ids = sandbox.dataset.reports.map((r) => r.id);
  });
  after(async () => {
    await client.close();
    await sandbox.close();
  });

  const signal = new AbortController().signal;
  const reads = (id: string) => sandbox.requests.filter((r) => r.query.fixReportId === id).length;

  it('keeps at most maxReports reports and maxIssues records, dropping the least recently used', async () => {
    const index = new IssueIndex(client, { maxIssues: 450, maxReports: 2, ttlMs: 60_000 });
    const [a, b, c] = ids as [string, string, string];
    await index.issues(a, signal);
    await index.issues(b, signal);
    await index.issues(a, signal); // a is now the most recently used
    sandbox.clearRequests();
    await index.issues(c, signal);
    assert.ok(index.size <= 450, `${index.size} records held`);
    await index.issues(a, signal);
    assert.equal(reads(a), 0, 'a was kept');
    await index.issues(b, signal);
    assert.equal(reads(b), 1, 'b, the least recently used, was dropped and read again');
  });

  it('never holds a report larger than the bound, and remembers not to try again', async () => {
    const index = new IssueIndex(client, { maxIssues: 50, maxReports: 4, ttlMs: 60_000 });
    sandbox.clearRequests();
    assert.equal(await index.issues(ids[0]!, signal), undefined);
    assert.equal(await index.issues(ids[0]!, signal), undefined);
    assert.equal(reads(ids[0]!), 1);
    assert.equal(index.size, 0);
  });

  it('reads a report again once its time is up', async () => {
    let now = 0;
    const index = new IssueIndex(client, { maxIssues: 1_000, maxReports: 4, ttlMs: 1_000, now: () => now });
    sandbox.clearRequests();
    const first = await index.issues(ids[1]!, signal);
    now = 500;
    assert.equal(await index.issues(ids[1]!, signal), first);
    now = 2_000;
    const again = await index.issues(ids[1]!, signal);
    assert.notEqual(again, first);
    assert.equal(reads(ids[1]!), 2);
  });
});
