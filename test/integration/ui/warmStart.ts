// The warm start in a real window (issue 15): with reports cached, stop the service and reload
// the window; the tree comes back from the cache, marked stale with the reason; start the
// service again (with one report more), click Refresh, and the tree updates.
import { strict as assert } from 'node:assert';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import type { Sandbox } from '../../../tools/sandbox/server';
import { collapsePane, openViewContainer, screenshot, viewPane, waitForWorkbench } from '../../../tools/editor/ui';

const T = 30_000;

/** The extension's globalStorage in an editor's user-data folder. */
export function globalStorageOf(userDataDir: string): string {
  return path.join(userDataDir, 'User', 'globalStorage', 'security-fix-reports.security-fix-reports');
}

/** The cache's files under globalStorage (index.json and one .jsonl per report), relative paths. */
export function cacheFiles(globalStorage: string): string[] {
  if (!existsSync(globalStorage)) return [];
  return (readdirSync(globalStorage, { recursive: true }) as string[]).filter(
    (p) => p.startsWith('reports-v') && (p.endsWith('.jsonl') || p.endsWith('index.json')),
  );
}

/** Ids of the reports the cache's index says were expanded (their issues are in their files). */
function expandedInIndex(globalStorage: string): string[] {
  const ids: string[] = [];
  for (const file of cacheFiles(globalStorage).filter((f) => f.endsWith('index.json'))) {
    const index = JSON.parse(readFileSync(path.join(globalStorage, file), 'utf8')) as {
      list: unknown;
      reports: { id: string; meta?: { expanded?: boolean } }[];
    };
    if (index.list) ids.push(...index.reports.filter((r) => r.meta?.expanded).map((r) => r.id));
  }
  return ids;
}

export interface WarmStartRun {
  page: Page;
  service: Sandbox;
  /** Starts the service again on the same port and key, with one report more; returns it. */
  restartService: () => Promise<Sandbox>;
  globalStorage: string;
  viewTitle: string;
  outDir: string;
  step: (name: string) => void;
  waitUntil: <V>(check: () => V | Promise<V>, what: string, timeoutMs?: number) => Promise<NonNullable<V>>;
}

export async function checkWarmStart(run: WarmStartRun): Promise<Sandbox> {
  const { page, step, waitUntil } = run;
  step('warm start: with reports cached, the service stops and the window reloads');
  await waitUntil(() => expandedInIndex(run.globalStorage).length > 0, 'the list and an expanded report to be cached', 60_000);
  await run.service.close();
  // What Developer: Reload Window does in code-server: the page loads again, with a new extension host.
  await page.reload();
  await waitForWorkbench(page);
  const container = await openViewContainer(page, run.viewTitle, T);
  await collapsePane(container, 'Suppressions', T); // every report row in sight, to count them
  const sidebar = viewPane(container, run.viewTitle);
  const reportRows = sidebar.locator('.monaco-list-row[aria-level="1"]');
  await reportRows.first().waitFor({ state: 'visible', timeout: T });
  const listed = run.service.dataset.reports.length;
  await waitUntil(async () => (await reportRows.count()) >= Math.min(listed, 8), 'the cached reports to be listed');
  const text = () => sidebar.innerText().catch(() => '');
  const stale = await waitUntil(
    async () => /Stale: showing the data from[^\n]*/.exec(await text())?.[0],
    'the view to say the data shown is stale, and why',
    60_000,
  );
  console.log(`[ui] after the reload with the service stopped: ${stale}`);
  assert.match(stale, /refresh failed/i, 'the reason is given');
  await expandCached(page, sidebar);
  await screenshot(page, path.join(run.outDir, 'cached-stale.png'));

  step('warm start: the service is back with one report more; Refresh updates the tree');
  const service = await run.restartService();
  assert.equal(service.dataset.reports.length, listed + 1);
  const titleAction = (label: string) => sidebar.locator(`.pane-header .actions-container a.action-label[aria-label^="${label}"]`).first();
  await titleAction('Refresh').click();
  await waitUntil(async () => !(await text()).includes('Stale'), 'the stale mark to go');
  assert.ok(
    service.requests.some((r) => r.path.endsWith('/api/rest/fix-reports')),
    'the list was fetched from the service again',
  );
  await titleAction('Collapse All').click();
  await waitUntil(async () => (await reportRows.count()) === listed + 1, `the new report to appear (${listed + 1} rows)`);
  console.log(`[ui] after Refresh: ${listed + 1} reports, no stale mark`);
  return service;
}

/** The workspace's report, shown from the cache: its row says "cached … ago" (stale), and it opens without the service. */
async function expandCached(page: Page, sidebar: Locator): Promise<void> {
  const cachedRow = sidebar.locator('.monaco-list-row[aria-level="1"]', { hasText: /stale, cached/ }).first();
  await cachedRow.waitFor({ state: 'visible', timeout: T });
  console.log(`[ui] shown from the cache: ${(await cachedRow.innerText()).replace(/\s+/g, ' ')}`);
  if ((await cachedRow.getAttribute('aria-expanded')) !== 'true') await cachedRow.click();
  await sidebar
    .locator('.monaco-list-row[aria-level="2"]', { hasText: /(Fixes|False positives) \(/ })
    .first()
    .waitFor({ state: 'visible', timeout: T });
  await page.mouse.move(1000, 650); // no tooltip over the screenshot
}
