// The warm start (issue 15), inside the extension host through the running extension: from
// the view asking for its rows to the first row's TreeItem, and the 100k-issue report's
// children, with the cache (a new window: the cache is closed and its index read from disk
// again) and without it (the list request, the detail and 100 issue pages); and the requests
// each start costs, counted on the extension's own client.
import * as vscode from 'vscode';
import type { ExtensionApi } from '../../src/extension';
import type { WarmStartFigures } from './types';
import { waitFor } from '../../test/support/waitFor';

const SAMPLES = 5;

export async function warmStartRun(api: ExtensionApi, reportId: string): Promise<WarmStartFigures> {
  const { store, tree, caches, connection } = api.services;
  const requests = countRequests(api);
  const figures: WarmStartFigures = {
    coldFirstRowMs: [],
    warmFirstRowMs: [],
    coldReportMs: [],
    warmReportMs: [],
    coldRequests: [],
    warmRequests: [],
  };
  const firstRow = async () => {
    const started = performance.now();
    const roots = await tree.getChildren(undefined);
    if (!roots?.[0]) throw new Error('the tree has no rows');
    tree.getTreeItem(roots[0]);
    return performance.now() - started;
  };
  const settled = () =>
    waitFor(
      () => !store.cached && !store.refreshing && !store.entry(reportId)?.cached && store.entry(reportId)?.issues?.kind === 'done',
      'the start to settle',
      60_000,
    );

  await setCache(connection, false);
  for (let i = 0; i < SAMPLES; i++) {
    store.reset();
    requests.reset();
    figures.coldFirstRowMs.push(await firstRow());
    const started = performance.now();
    await store.report(reportId);
    await store.issuesSettled(reportId);
    figures.coldReportMs.push(performance.now() - started);
    await settled();
    await idle(store);
    figures.coldRequests.push(requests.total());
  }

  await setCache(connection, true);
  store.reset();
  await tree.getChildren(undefined);
  await store.report(reportId);
  await store.issuesSettled(reportId);
  await waitFor(
    async () => (await caches.current())?.readIndex().reports.get(reportId)?.meta?.expanded,
    'the report to be cached',
    120_000,
  );
  await idle(store);
  await (await caches.current())?.flush();
  figures.cacheBytes = (await caches.current())?.size() ?? 0;
  for (let i = 0; i < SAMPLES; i++) {
    await caches.close(); // a new window opens the cache and reads its index from disk
    store.reset();
    requests.reset();
    figures.warmFirstRowMs.push(await firstRow());
    const started = performance.now();
    await store.report(reportId);
    figures.warmReportMs.push(performance.now() - started);
    await settled();
    await idle(store);
    figures.warmRequests.push(requests.total());
  }
  figures.lastWarm = requests.snapshot();
  await setCache(connection, false); // deletes the files
  return figures;
}

/** Counts the requests the extension's client makes, by kind (its methods wrapped in place). */
function countRequests(api: ExtensionApi) {
  const client = api.services.connection.client();
  const counts = { list: 0, details: 0, pages: 0 };
  const listReports = client.listReports.bind(client);
  const getReport = client.getReport.bind(client);
  const issuePages = client.issuePages.bind(client);
  client.listReports = (...a) => (counts.list++, listReports(...a));
  client.getReport = (...a) => (counts.details++, getReport(...a));
  client.issuePages = async function* (...a) {
    for await (const page of issuePages(...a)) {
      counts.pages++;
      yield page;
    }
  };
  return {
    reset: () => Object.assign(counts, { list: 0, details: 0, pages: 0 }),
    total: () => counts.list + counts.details + counts.pages,
    snapshot: () => ({ ...counts }),
  };
}

async function setCache(connection: ExtensionApi['services']['connection'], enabled: boolean): Promise<void> {
  await vscode.workspace.getConfiguration('securityFixReports').update('cache.enabled', enabled, vscode.ConfigurationTarget.Global);
  await waitFor(() => connection.settings.cache.enabled === enabled, 'the setting to apply', 60_000);
}

/** Until the store has been quiet for 300 ms (background prefetches done). */
async function idle(store: ExtensionApi['services']['store']): Promise<void> {
  let last = performance.now();
  const sub = store.onDidChange(() => (last = performance.now()));
  try {
    while (performance.now() - last < 300) await sleep(50);
  } finally {
    sub.dispose();
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
