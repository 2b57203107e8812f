// The on-disk report cache in the running extension (issue 15): a new start of the store shows
// the list, the rows' counts and the reports expanded before from the cache, then revalidates
// with the requests the cache policy in docs/security.md names; a failed revalidation keeps the data, marked
// stale; Refresh fetches everything; Clear Cache, Clear Service Key and turning the cache off
// delete the files. (The UI check reloads a real window against a stopped service.)
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { Sandbox } from '../../../tools/sandbox/server';
import {
  CommandId,
  connectTo,
  ensureGitConfig,
  expectedReport,
  extensionApi,
  groupOf,
  groupItems,
  labelOf,
  loadedReport,
  mainSandbox,
  quiet,
  rootNodes,
  setUserSetting,
  tooltipOf,
  treeItem,
  waitFor,
} from './support';

const WORKSPACE_REMOTE = 'https://github.com/acme/payments-api';

/** Report files (and indexes) of the cache under globalStorage. */
function cacheFiles(root: string): string[] {
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true }) as string[]).filter(
    (p) => p.startsWith('reports-v') && fs.statSync(path.join(root, p)).isFile(),
  );
}

/**
 * Requests by route since the last clearRequests: list, detail (by id), issue pages (by report).
 * `issues` leaves out the pages of a report's previous scan, which the changes since that scan
 * ask for (editor/reportChanges): those come from the service, not the cache.
 */
function routes(service: Sandbox, previousScans: ReadonlySet<string> = new Set()): { list: number; details: string[]; issues: number } {
  const base = new URL(service.baseUrl).pathname.replace(/\/$/, '');
  const out = { list: 0, details: [] as string[], issues: 0 };
  for (const r of service.requests) {
    const p = r.path.slice(base.length);
    if (p === '/api/rest/fix-reports') out.list++;
    else if (p.startsWith('/api/rest/fix-reports/')) out.details.push(decodeURIComponent(p.slice('/api/rest/fix-reports/'.length)));
    else if (p === '/api/rest/v5/issues' && !previousScans.has(r.query.fixReportId ?? '')) out.issues++;
  }
  return out;
}

/** The reports the shown reports' changes compare with (their previous scans). */
async function previousScans(): Promise<Set<string>> {
  const { store, changes } = (await extensionApi()).services;
  const ids = new Set<string>();
  for (const r of store.loadedReports()) {
    const state = changes.state(r.id);
    if (state && 'since' in state) ids.add(state.since.id);
  }
  return ids;
}

describe('report cache (warm start)', () => {
  let service: Sandbox;
  let root: string;
  let reportId: string;

  before(async () => {
    await ensureGitConfig();
    service = await mainSandbox();
    await setUserSetting('securityFixReports.cache.enabled', true);
    const api = await connectTo(service);
    root = api.services.context.globalStorageUri.fsPath;
    reportId = (await rootNodes()).find((n) => n.report.repo?.originalUrl === WORKSPACE_REMOTE)!.report.id;
  });

  afterEach(() => service.faults.clear());

  after(async () => {
    // The suites test what the service sends: they run with the cache off (test/integration/main.ts).
    await setUserSetting('securityFixReports.cache.enabled', false);
    await waitFor(() => cacheFiles(root).length === 0, 'turning the cache off to delete its files');
    const { store } = (await extensionApi()).services;
    store.reset();
    await quiet();
  });

  /** Loads the list and one report's issues, and waits until both are on disk. */
  async function loadAndCache(): Promise<void> {
    const { caches } = (await extensionApi()).services;
    await loadedReport(reportId);
    await waitFor(async () => (await caches.current())?.readIndex().reports.get(reportId)?.meta?.expanded, 'the report to be cached');
    await waitFor(async () => (await caches.current())?.readIndex().list, 'the list to be cached');
    await quiet();
  }

  it('a new start shows the list, the counts and the report from the cache, then asks for the list and that report’s detail only', async () => {
    const { store, treeView } = (await extensionApi()).services;
    await loadAndCache();
    const expected = expectedReport(service, reportId);
    const before = (await treeItem((await rootNodes()).find((n) => n.report.id === reportId)!)).description;

    // A slow list answer keeps the revalidation pending while the cached rows are looked at.
    service.faults.add({ route: 'fix-reports', times: 1, fault: { kind: 'slow-headers', ms: 1_500 } });
    service.clearRequests();
    store.reset(); // what a new window's store starts from: nothing in memory
    const roots = await rootNodes();
    assert.ok(store.cached, 'the list on screen is marked as cached');
    assert.ok(roots.some((n) => n.report.id === reportId));
    const row = roots.find((n) => n.report.id === reportId)!;
    const item = await treeItem(row);
    const counts = /[\d,]+ fix(es)? · [\d,]+ issues, [\d,]+ FP/;
    assert.match(String(item.description), counts, 'the row has its counts before any detail request');
    assert.equal(counts.exec(String(item.description))?.[0], counts.exec(String(before))?.[0], 'the counts the last load had');
    await waitFor(() => treeView.message?.includes('Cached: showing the reports fetched'), 'the view to say the list is cached');
    const early = routes(service, await previousScans());
    assert.equal(early.details.length + early.issues, 0, 'no detail or issue request before the report is shown');

    // Expanding it shows every issue from the cache, marked with its age, without paging.
    const fixes = await groupOf(row, 'fixes');
    assert.ok(fixes, 'the report opens from the cache');
    const fps = await groupOf(row, 'false-positives');
    assert.equal((await groupItems(fps!)).length, expected.falsePositives.length, 'every false positive is there');
    assert.match(String((await treeItem(row)).description), /cached (just now|\d+ (seconds?|minutes?) ago)/);

    await waitFor(() => !store.cached && !store.refreshing, 'the revalidation to end');
    await waitFor(() => !store.entry(reportId)?.cached, "the report's detail to be confirmed");
    await quiet();
    const asked = routes(service, await previousScans());
    assert.equal(asked.list, 1, 'the list is asked for once');
    assert.equal(asked.issues, 0, 'no issue page is fetched again on a new start');
    const shown = [...store.loadedReports()].filter((r) => store.entry(r.id)?.issues).map((r) => r.id);
    assert.ok(asked.details.includes(reportId), "the shown report's detail is revalidated");
    assert.deepEqual(
      asked.details.filter((id) => !shown.includes(id)),
      [],
      'no other detail is fetched: rows without counts were cached with theirs',
    );
    assert.ok(!treeView.message?.includes('Cached'), 'the cached mark is gone once the service answered');
    assert.doesNotMatch(String((await treeItem(row)).description), /cached/);
  });

  it('a failed revalidation keeps the cached data, marked stale with the reason; Refresh then updates it', async () => {
    const { store, treeView } = (await extensionApi()).services;
    await loadAndCache();
    service.faults.add({ route: 'any', fault: { kind: 'status', status: 503, body: 'down for maintenance' } });
    store.reset();
    const roots = await rootNodes();
    const row = roots.find((n) => n.report.id === reportId)!;
    assert.ok(await groupOf(row, 'fixes'), 'the report opens from the cache while the service is down');
    await waitFor(() => store.stale, 'the failed revalidation to mark the data stale');
    await waitFor(() => treeView.message?.includes('Stale: showing the data from'), 'the view to say the data is stale');
    assert.match(treeView.message ?? '', /503/, 'and why');
    await waitFor(() => store.entry(reportId)?.cached?.stale, 'the report to be marked stale too');
    const item = await treeItem(row);
    assert.match(String(item.description), /stale, cached/);
    assert.match(tooltipOf(item).value, /could not confirm it/);
    assert.equal((await rootNodes()).length, roots.length, 'the tree keeps every row');

    service.faults.clear();
    service.clearRequests();
    await vscode.commands.executeCommand(CommandId.Refresh, roots[0]); // the focused row, as the title bar passes it
    await waitFor(() => !store.stale && !store.refreshing, 'the refresh to replace the stale data');
    await store.issuesSettled(reportId);
    await quiet();
    assert.ok(!treeView.message?.includes('Stale'), 'the stale mark is gone');
    assert.ok(routes(service).issues > 0, 'Refresh pages the issues of the expanded report again');
    assert.doesNotMatch(String((await treeItem((await rootNodes()).find((n) => n.report.id === reportId)!)).description), /cached/);
    assert.ok(labelOf(await treeItem(row)));
  });

  it('a detail that changed since it was cached is shown as the service sends it, over the cached issues', async () => {
    const { store, caches } = (await extensionApi()).services;
    await loadAndCache();
    const cache = (await caches.current())!;
    const cached = (await cache.readReport(reportId))!;
    const served = cached.detail.fixes[0]!.state;
    const older = { ...cached.detail, fixes: cached.detail.fixes.map((f, i) => (i === 0 ? { ...f, state: 'StateOfAnOlderScan' } : f)) };
    const meta = cache.readIndex().reports.get(reportId)!.meta!;
    assert.ok(await cache.writeReport(reportId, { ...cached, detail: older, pages: [cached.issues] }, meta));

    service.clearRequests();
    store.reset();
    await rootNodes();
    const first = await store.report(reportId);
    assert.equal(first.report.fixes[0]!.state, 'StateOfAnOlderScan', 'first the cached copy');
    await waitFor(() => !store.entry(reportId)?.cached, 'the revalidation to replace the detail');
    const model = store.entry(reportId)!.model!;
    assert.equal(model.report.fixes[0]!.state, served, "then the service's detail");
    assert.equal(model.issueCount, cached.issues.length, 'over every cached issue');
    await quiet();
    assert.equal(routes(service, await previousScans()).issues, 0, 'without paging the issues again');
  });

  it('a report paused at issuesPerLoad is cached at each pause, marked incomplete; Load more carries the copy on to a complete file', async () => {
    const { store, caches } = (await extensionApi()).services;
    const big = service.dataset.bigReportId!;
    const total = service.dataset.issueCount(big);
    const copyOf = async () => (await caches.current())?.readReport(big);
    /** Waits until the cache file holds what the model holds, and returns it. */
    const landed = (what: string) =>
      waitFor(async () => {
        const copy = await copyOf();
        return copy?.issues.length === store.entry(big)?.issues?.received ? copy : undefined;
      }, what);
    await setUserSetting('securityFixReports.issuesPerLoad', 1_000);
    try {
      await quiet();
      store.reset();
      await rootNodes();
      await store.report(big);
      await store.issuesSettled(big);
      assert.equal(store.entry(big)?.issues?.kind, 'paused', `${total} issues pause at 1,000`);
      const first = await landed('the copy written at the first pause');
      assert.equal(first.complete, false, 'a paused copy is incomplete');

      store.loadMoreIssues(big);
      await store.issuesSettled(big);
      assert.equal(store.entry(big)?.issues?.kind, 'paused', 'the second load pauses too');
      const second = await landed('the copy written at the second pause');
      assert.equal(second.complete, false);
      assert.deepEqual(
        second.issues.slice(0, first.issues.length).map((i) => i.id),
        first.issues.map((i) => i.id),
        "the continued copy starts with the first pause's",
      );

      store.loadMoreIssues(big);
      await store.issuesSettled(big);
      assert.equal(store.entry(big)?.issues?.kind, 'done');
      const whole = await waitFor(async () => {
        const copy = await copyOf();
        return copy?.complete ? copy : undefined;
      }, 'the complete copy');
      assert.deepEqual(
        whole.issues.map((i) => i.id).sort(),
        service.dataset
          .issueRange(big, 0, total)
          .map((i) => i.id)
          .sort(),
        'every issue once',
      );

      // A new start shows it all from the file, with no page asked for.
      await quiet();
      service.clearRequests();
      store.reset();
      await rootNodes();
      await store.report(big);
      assert.equal(store.entry(big)?.issues?.kind, 'done');
      assert.equal(store.entry(big)?.issues?.received, total);
      await quiet();
      assert.equal(routes(service, await previousScans()).issues, 0, 'no issue page is fetched again');
    } finally {
      await setUserSetting('securityFixReports.issuesPerLoad', undefined);
    }
  });

  it('Clear Cache deletes the files of the service; Clear Service Key does too', async () => {
    const api = await extensionApi();
    await loadAndCache();
    assert.ok(
      cacheFiles(root).some((f) => f.endsWith('.jsonl')),
      'there is something to delete',
    );
    // The modal is answered in the UI check, which clicks the title bar's menu.
    await vscode.commands.executeCommand(CommandId.ClearCache, { confirm: false });
    assert.deepEqual(
      cacheFiles(root).filter((f) => f.endsWith('.jsonl')),
      [],
      'no report file is left',
    );

    api.services.store.reset(); // what is on screen stays after Clear Cache: load again to have something cached
    await loadAndCache();
    assert.ok(cacheFiles(root).some((f) => f.endsWith('.jsonl')));
    await vscode.commands.executeCommand(CommandId.ClearServiceKey, { confirm: false });
    await waitFor(() => cacheFiles(root).every((f) => !f.endsWith('.jsonl')), 'Clear Service Key to delete the cache');
    await connectTo(service); // stores the key again for the suites after this one
    assert.equal(api.services.connection.state.kind, 'ready');
  });
});
