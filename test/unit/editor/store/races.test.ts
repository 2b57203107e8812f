// The store's races in plain Node, against the sandbox on loopback: a newer load cancels an
// older one (the list after a reset, a report after Refresh Report), a row detail the counts
// prefetch cancelled to make way for an opened report is asked for again after it, and a warm
// start's revalidated list keeps the details the user opened meanwhile.
import { strict as assert } from 'node:assert';
import { ServiceError } from '../../../../src/api/errors';
import type { FixReportSummary } from '../../../../src/api/schemas';
import type { StoreCaches } from '../../../../src/editor/store/types';
import { isExpired } from '../../../../src/model/reportList';
import { startSandbox, type Sandbox } from '../../../../tools/sandbox/server';
import { clientFor } from '../../helpers';
import { detailRequests, storeFor, until, type Harness } from './storeHarness';

/** Listed reports that have not expired (the counts prefetch skips expired ones). */
const live = (reports: readonly FixReportSummary[]) => reports.filter((r) => !isExpired(r, Date.now()));

describe('store: races, in plain Node', () => {
  let sandbox: Sandbox;
  let harness: Harness | undefined;

  before(async () => {
    sandbox = await startSandbox({ dataset: { seed: 11, reports: 4, issuesPerReport: [20, 60] } });
  });
  after(async () => {
    await sandbox.close();
  });
  beforeEach(() => {
    sandbox.faults.clear();
    sandbox.clearRequests();
  });
  afterEach(async () => {
    await harness?.close();
    harness = undefined;
  });

  it('a newer list load cancels an older one: the older rejects as cancelled, its request is dropped, no failure is shown', async () => {
    harness = storeFor(sandbox);
    const { store, failures } = harness;
    sandbox.faults.add({ route: 'fix-reports', times: 1, fault: { kind: 'slow-headers', ms: 5_000 } });
    const older = store.reports();
    await until(() => sandbox.requests.length === 1, 'the first list request');
    assert.ok(store.refreshing, 'the first load is cancellable like a refresh');
    store.reset();
    const newer = store.reports();
    await assert.rejects(older, (e: unknown) => e instanceof ServiceError && e.kind === 'cancelled');
    const listed = await newer;
    assert.deepEqual(
      store.loadedReports().map((r) => r.id),
      listed.map((r) => r.id),
    );
    assert.equal(listed.length, sandbox.dataset.reports.length);
    await until(() => sandbox.requests[0]!.abandonedAt !== undefined, 'the older request abandoned');
    await until(() => store.refreshing === undefined, 'the load to settle');
    assert.deepEqual(failures, [], 'a cancelled load is not a failure');
    assert.equal(store.lastError, undefined);
  });

  it('a newer report load cancels an older one: the detail asked for before Refresh Report is not used', async () => {
    harness = storeFor(sandbox);
    const { store } = harness;
    const id = (await store.reports())[0]!.id;
    sandbox.faults.add({ route: 'fix-report', times: 1, fault: { kind: 'slow-headers', ms: 400 } });
    const older = store.report(id);
    await until(() => detailRequests(sandbox, id).length === 1, 'the first detail request');
    store.reloadReport(id);
    assert.equal(store.entry(id)?.model, undefined);
    const newer = await store.report(id);
    assert.equal(store.entry(id)?.model, newer);
    const stale = await older; // it still answers its own caller
    assert.notEqual(stale, newer);
    assert.equal(store.entry(id)?.model, newer, 'the older detail, landing after, is not taken');
    await store.issuesSettled(id);
    assert.equal(store.entry(id)?.issues?.kind, 'done');
    assert.equal(store.entry(id)?.model, newer);
    assert.equal(detailRequests(sandbox, id).length, 2);
  });

  it('a row detail the prefetch cancelled to make way for an opened report is asked for again after it', async () => {
    harness = storeFor(sandbox, { countsPrefetch: 1 });
    const { store, log } = harness;
    // The first detail asked for is the prefetch's: it hangs until it is cancelled.
    sandbox.faults.add({ route: 'fix-report', times: 1, fault: { kind: 'slow-headers', ms: 10_000 } });
    const listed = await store.reports();
    const row = live(listed)[0]!.id;
    const opened = listed.find((r) => r.id !== row)!.id;
    await until(() => detailRequests(sandbox, row).length === 1, 'the prefetch to ask for the row detail');
    const model = await store.report(opened);
    assert.equal(store.entry(opened)?.model, model);
    await until(() => detailRequests(sandbox, row)[0]!.abandonedAt !== undefined, 'the row detail to be cancelled');
    await store.issuesSettled(opened);
    await until(() => store.entry(row)?.model !== undefined, 'the row detail asked again');
    assert.equal(detailRequests(sandbox, row).length, 2);
    assert.ok(
      detailRequests(sandbox, row)[1]!.receivedAt >= detailRequests(sandbox, opened)[0]!.receivedAt,
      'asked again after the opened report',
    );
    assert.equal(store.entry(row)?.issues, undefined, 'only its counts: no issues paged');
    assert.ok(!log.some((line) => line.includes('no counts on its row')), log.join('\n'));
    assert.deepEqual(harness.failures, []);
  });

  it("a warm start's revalidated list keeps the detail the user opened meanwhile, asked for once", async () => {
    const reader = clientFor(sandbox);
    const reports = await reader.listReports();
    await reader.close();
    sandbox.clearRequests();
    const cache = {
      readIndex: () => ({ list: { reports, fetchedAt: Date.now() - 60_000 }, reports: new Map() }),
      readReport: async () => undefined,
      writeList: async () => undefined,
      writeReport: async (_id: string, report: { pages: Iterable<unknown> | AsyncIterable<unknown> }) => {
        for await (const _page of report.pages); // take the pages, as the cache's writer does
        return true;
      },
      updateMeta: async () => true,
    };
    const caches = { current: () => Promise.resolve(cache) } as unknown as StoreCaches;
    harness = storeFor(sandbox, { countsPrefetch: 10, caches });
    const { store } = harness;
    // The revalidation's list lands while the opened report's detail is still on its way.
    sandbox.faults.add({ route: 'fix-reports', times: 1, fault: { kind: 'slow-headers', ms: 300 } });
    sandbox.faults.add({ route: 'fix-report', times: 1, fault: { kind: 'slow-headers', ms: 2_000 } });
    const shown = await store.reports();
    assert.ok(store.cached, 'shown from the cache');
    assert.equal(sandbox.requests.length, 0, 'before any request');
    const id = live(shown)[0]!.id;
    const opening = store.report(id);
    await until(() => store.cached === undefined && store.refreshing === undefined, 'the revalidation');
    assert.equal(store.entry(id)?.model, undefined, 'the list landed first');
    const model = await opening;
    assert.equal(store.entry(id)?.model, model);
    assert.equal(await store.reportDetail(id), model, 'joined, not asked again');
    await store.issuesSettled(id);
    assert.equal(store.entry(id)?.issues?.kind, 'done');
    // The prefetch the new list started fetches the other rows' details, never this one again.
    await until(() => live(shown).every((r) => store.entry(r.id)?.model !== undefined), 'the rows counts');
    assert.equal(detailRequests(sandbox, id).length, 1);
    assert.equal(store.entry(id)?.model, model);
    assert.deepEqual(harness.failures, []);
  });
});
