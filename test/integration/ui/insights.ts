// The Fix Insights dashboard in the workbench: opened from the view's title bar (a row focused)
// it starts on this workspace's repositories, its headline tiles first (fixes, committed %, median
// time to commit in hours or days, FP share: the CLI's figures for the same reports), and its
// radio button switches to all reports; from a report's context menu, that report. Every chart is
// painted or says in one line why it has nothing to draw; the tables hold the same numbers as
// `security-fix-reports metrics --format json` for the same reports, durations in hours or days,
// never milliseconds; the radio buttons switch to a scanner's reports (tables then equal
// `metrics --vendor`); a colour theme switch repaints the charts in the new theme's colours;
// after Developer: Reload Window the panel comes back with its scope and charts; no console error
// and no Content Security Policy violation.
import { strict as assert } from 'node:assert';
import { execFile } from 'node:child_process';
import * as path from 'node:path';
import { promisify } from 'node:util';
import type { ConsoleMessage, Frame, Page } from 'playwright-core';
import { readableVendor } from '../../../src/common/scanners';
import { cleanText } from '../../../src/common/text';
import { FIX_TABLES, type Metrics } from '../../../src/model/metrics';
import { remoteMatcher } from '../../../src/model/remote';
import { insightsTiles } from '../../../src/views/insights/glance';
import { pageTables as expectedTables } from '../../../src/views/insights/pageTables';
import { cellText, UNKNOWN } from '../../../src/webview/insights/cells';
import type { Coverage } from '../../../src/webview/insights/protocol';
import { REPO_ROOT } from '../../../tools/editor/codeServer';
import { runCommandFromPalette, screenshot, waitForWorkbench } from '../../../tools/editor/ui';
import { FIXTURE_REMOTE } from '../../../tools/editor/workspace';
import type { EntryPointRun } from './entryPoints';

const T = 30_000;
const CHARTS = ['funnel', 'time-to-commit', 'ratings', 'fp-share', 'weekly'];
const TILES = ['fixes', 'committed', 'time-to-commit', 'false-positives'];
/** A duration as the page writes it ("5 h", "0.5 h", "1 day", "3.2 days", "1,234 days"), or unknown. */
const DURATION = new RegExp(`^(\\d[\\d,]*(\\.\\d)? (h|days?)|${UNKNOWN})$`);
/** Every report's fixes and issues loaded, as the CLI has them. */
const ALL_LOADED = { fixes: true, issues: true, reportIssues: () => true };

interface PageTable {
  id: string;
  columns: string[];
  rows: string[][];
}

export async function checkInsights(
  run: EntryPointRun,
  how: { openAll: () => Promise<void>; openReport: () => Promise<void>; reportId: string },
): Promise<void> {
  const { page, service, step, waitUntil } = run;
  const problems: string[] = [];
  const onConsole = (m: ConsoleMessage) => {
    const where = m.location().url;
    const fromPage = /insights\.js|webview|vscode-cdn|vscode-resource/.test(where);
    if ((m.type() === 'error' && fromPage) || /Content Security Policy/i.test(m.text()))
      problems.push(`${m.type()}: ${m.text()} (${where})`);
  };
  page.on('console', onConsole);
  try {
    await how.openAll();
    let frame = await insightsFrame(run);
    const mine = service.dataset.reports.filter((r) => remoteMatcher([FIXTURE_REMOTE])(r.repo?.originalUrl));
    assert.ok(mine.length > 0, "the sandbox has reports of the sample workspace's repository");
    await waitUntil(
      async () => (await checkedScope(frame)) === `This workspace's repositories (${mine.length})`,
      "the title-bar dashboard to open on this workspace's repositories",
    );
    await waitUntil(
      async () => (await frame.locator('#coverage').innerText()).includes(`Fixes counted over ${mine.length} of ${mine.length} report`),
      "the fixes of every report of the workspace's repository to be counted",
    );
    assert.equal(await frame.locator('#scope-notice').count(), 0, 'no fallback notice: the workspace has reports');
    await assertPainted(frame);
    const workspaceMetrics = await cliMetrics(
      run,
      mine.flatMap((r) => ['--fix-report', r.id]),
    );
    await assertTiles(frame, workspaceMetrics, ['fixes', 'committed', 'time-to-commit']);
    assertTablesEqual(await pageTables(frame), workspaceMetrics, "the workspace's reports", FIX_TABLES);
    await screenshot(page, path.join(run.outDir, 'insights-workspace.png'));

    step('Fix Insights: the page\'s radio button "All reports" switches from the workspace\'s repositories to every report');
    await frame.locator('vscode-radio[value="all"]').click();
    await waitUntil(async () => /^All reports/.test(await checkedScope(frame)), 'the dashboard to measure all reports');
    await waitUntil(
      async () =>
        new RegExp(`Fixes counted over \\d+ of ${service.dataset.reports.length} reports`).test(
          await frame.locator('#coverage').innerText(),
        ),
      'the dashboard to count the fixes of all reports',
    );
    await assertPainted(frame);
    await assertTiles(frame);

    step('Fix Insights: one report from its context menu; its tables equal the CLI metrics of that report');
    await how.openReport();
    frame = await insightsFrame(run);
    await waitUntil(async () => /^This report/.test(await checkedScope(frame)), 'the dashboard to switch to the report');
    const loadIssues = frame.locator('#load-issues');
    if (await loadIssues.isVisible()) await loadIssues.click();
    await waitUntil(
      async () => /Issues and false positives over 1 report\./.test(await frame.locator('#coverage').innerText()),
      'every issue of the report to be counted',
      60_000,
    );
    await assertPainted(frame);
    const reportMetrics = await cliMetrics(run, ['--fix-report', how.reportId]);
    const reportTables = await pageTables(frame);
    assertTablesEqual(reportTables, reportMetrics, 'the report');
    await assertTiles(frame, reportMetrics, TILES);
    await screenshot(page, path.join(run.outDir, 'insights.png'));

    const vendor = vendorToSwitchTo(run);
    step(
      `Fix Insights: the page's radio button "${readableVendor(vendor)}" switches to that scanner's reports; tables equal metrics --vendor`,
    );
    await frame.locator(`vscode-radio[value="vendor:${vendor}"]`).click();
    await waitUntil(
      async () => (await checkedScope(frame)).startsWith(`${readableVendor(vendor)} (`),
      "the page to switch to the scanner's reports",
    );
    const vendorReports = service.dataset.reports.filter((r) => r.vulnerabilityReport?.vendor === vendor).length;
    await frame.locator('#load-issues').click();
    await waitUntil(
      async () => (await frame.locator('#coverage').innerText()).includes(`Issues and false positives over ${vendorReports} reports.`),
      "every issue of the scanner's reports to be counted",
      60_000,
    );
    await assertPainted(frame);
    const vendorMetrics = await cliMetrics(run, ['--vendor', vendor]);
    const vendorTables = await pageTables(frame);
    assertTablesEqual(vendorTables, vendorMetrics, `the ${vendor} reports`);
    assert.notDeepEqual(vendorTables, reportTables, "the scanner's numbers are not the report's");

    step("Fix Insights: switching the colour theme repaints the charts in the new theme's colours");
    await assertThemeRepaint(run, frame);

    step('Fix Insights: after Developer: Reload Window the dashboard comes back with its scope and charts');
    const reloaded = page.waitForEvent('load', { timeout: T });
    await runCommandFromPalette(page, 'Developer: Reload Window', T);
    await reloaded;
    await waitForWorkbench(page);
    frame = await insightsFrame(run);
    await waitUntil(
      async () => (await checkedScope(frame)).startsWith(`${readableVendor(vendor)} (`),
      "the restored dashboard to measure the scanner's reports",
    );
    await waitUntil(
      async () =>
        (await frame.locator('#coverage').innerText()).includes(`Fixes counted over ${vendorReports} of ${vendorReports} reports.`),
      'the restored dashboard to count the fixes of every report of the scanner',
    );
    await assertPainted(frame);
    // Issues are paged again only when asked ("Load issues"): the fix tables are complete.
    assertTablesEqual(await pageTables(frame), vendorMetrics, 'the restored dashboard', FIX_TABLES);
    assert.deepEqual(problems, [], 'no console error or CSP violation in the Fix Insights page');
  } finally {
    page.off('console', onConsole);
  }
}

/**
 * The page's tables (all, or the `only` ones) hold the CLI's metrics, cell by cell, as the page
 * writes them (views/insights/pageTables: durations in hours or days); no column in milliseconds.
 */
function assertTablesEqual(shown: PageTable[], metrics: Metrics, what: string, only?: ReadonlySet<string>): void {
  const expected = expectedTables(metrics, ALL_LOADED).filter((t) => !only || only.has(t.id));
  if (!only)
    assert.deepEqual(shown.map((t) => t.id).sort(), expected.map((t) => t.id).sort(), `${what}: the page shows every metrics table`);
  for (const table of shown)
    for (const title of table.columns) assert.doesNotMatch(title, /\(ms\)/, `${what}, table ${table.id}: ${title}`);
  for (const table of expected) {
    // The page shows each cell as one clean line of text (common/text cleanText).
    const rows = table.rows.map((row) => row.map((cell, i) => cleanText(cellText(cell, table.columns[i]!.kind))));
    assert.deepEqual(shown.find((t) => t.id === table.id)?.rows, rows, `${what}, table ${table.id}: the page and the CLI agree`);
  }
  const timeTo = shown.find((t) => t.id === 'time-to');
  for (const row of timeTo?.rows ?? [])
    for (const cell of row.slice(2, 4)) assert.match(cell, DURATION, `${what}: a duration in hours or days`);
}

/**
 * The four headline tiles come before the first chart, in order, each with its definition as a
 * tooltip; the median reads in hours or days. With `metrics` (the CLI's for the same reports),
 * the `compare` tiles show the CLI's figures.
 */
async function assertTiles(frame: Frame, metrics?: Metrics, compare: readonly string[] = []): Promise<void> {
  const tiles = (await frame.evaluate(`(() => {
    const first = document.querySelector('[data-chart]');
    return [...document.querySelectorAll('[data-tile]')].map((t) => ({
      id: t.getAttribute('data-tile'),
      value: t.querySelector('.tile-value').textContent,
      definition: t.getAttribute('title'),
      beforeCharts: !!(t.compareDocumentPosition(first) & Node.DOCUMENT_POSITION_FOLLOWING),
    }));
  })()`)) as { id: string; value: string; definition: string; beforeCharts: boolean }[];
  assert.deepEqual(
    tiles.map((t) => t.id),
    TILES,
    'the headline tiles',
  );
  for (const t of tiles) {
    assert.ok(t.beforeCharts, `tile ${t.id} comes before the charts`);
    assert.ok(t.definition.length > 0, `tile ${t.id} has its definition`);
  }
  const value = (id: string) => tiles.find((t) => t.id === id)!.value;
  assert.match(value('time-to-commit'), DURATION, 'the median time to commit in hours or days');
  assert.match(value('fixes'), new RegExp(`^(\\d[\\d,]*|${UNKNOWN})$`));
  for (const id of ['committed', 'false-positives']) assert.match(value(id), new RegExp(`^(\\d+(\\.\\d)?%|${UNKNOWN})$`), id);
  if (!metrics) return;
  const n = metrics.reports;
  const coverage: Coverage = {
    reports: n,
    inScope: n,
    maxReports: n,
    withFixes: n,
    withIssues: n,
    issuesComplete: n,
    failed: [],
    cancelled: false,
  };
  const expected = insightsTiles(metrics, coverage);
  for (const id of compare)
    assert.equal(value(id), cleanText(expected.find((t) => t.id === id)!.value), `tile ${id}: the page and the CLI agree`);
}

/** A scanner with several reports, none of them the 30,000-issue one (its issues take long to page). */
function vendorToSwitchTo(run: EntryPointRun): string {
  const { dataset } = run.service;
  const big = dataset.reports.find((r) => r.id === dataset.bigReportId)?.vulnerabilityReport?.vendor;
  const issues = new Map<string, { reports: number; issues: number }>();
  for (const r of dataset.reports) {
    const vendor = r.vulnerabilityReport?.vendor;
    if (!vendor || vendor === big || vendor !== vendor.toLowerCase()) continue;
    const entry = issues.get(vendor) ?? { reports: 0, issues: 0 };
    entry.reports++;
    entry.issues += dataset.issueCount(r.id);
    issues.set(vendor, entry);
  }
  const [vendor] = [...issues].filter(([, e]) => e.reports >= 2).sort((a, b) => a[1].issues - b[1].issues)[0] ?? [];
  assert.ok(vendor, 'the sandbox has a scanner with two reports or more');
  return vendor;
}

/** The default themes' charts.blue: the funnel's first series. */
const LIGHT_BLUE = '#1a85ff';

/**
 * The funnel's first series is drawn in the theme's --vscode-charts-blue: switching between the
 * light and the dark default theme changes that colour, and the bars must be repainted in it
 * (pixels of exactly the new colour, none of the old one).
 */
async function assertThemeRepaint(run: EntryPointRun, frame: Frame): Promise<void> {
  const { page, waitUntil } = run;
  const before = await chartsBlue(frame);
  assert.ok((await pixelsOf(frame, 'funnel', before)) > 100, `the funnel is drawn in ${before}`);
  // The workbench starts light or dark as the browser prefers.
  const [other, original] = before === LIGHT_BLUE ? ['Dark Modern', 'Light Modern'] : ['Light Modern', 'Dark Modern'];
  await pickColorTheme(page, other);
  const after = await waitUntil(async () => {
    const now = await chartsBlue(frame);
    return now !== before ? now : undefined;
  }, `the page to receive ${other}'s colours`);
  await waitUntil(
    async () => (await pixelsOf(frame, 'funnel', after)) > 100 && (await pixelsOf(frame, 'funnel', before)) === 0,
    `the funnel to be repainted in ${after} (was ${before})`,
  );
  await screenshot(page, path.join(run.outDir, 'insights-other-theme.png'));
  await pickColorTheme(page, original);
  await waitUntil(async () => (await pixelsOf(frame, 'funnel', before)) > 100, `the funnel to be repainted in ${before} again`);
}

async function pickColorTheme(page: Page, theme: string): Promise<void> {
  const input = page.locator('.quick-input-widget .quick-input-box input');
  const row = (text: string | RegExp) => page.locator('.quick-input-list .monaco-list-row', { hasText: text }).first();
  await page.keyboard.press('F1');
  await input.waitFor({ state: 'visible', timeout: T });
  await input.fill('>Preferences: Color Theme');
  // Click the command itself: the first row may be "Browse Color Themes in Marketplace".
  await row('Preferences: Color Theme').click();
  // The theme picker replaces the palette in the same widget.
  await row(/^\s*(Light|Dark) Modern/).waitFor({ state: 'visible', timeout: T });
  await input.fill(theme);
  await row(new RegExp(`^\\s*${theme}`)).click();
  await page.locator('.quick-input-widget').waitFor({ state: 'hidden', timeout: T });
}

async function chartsBlue(frame: Frame): Promise<string> {
  return ((await frame.evaluate(`getComputedStyle(document.body).getPropertyValue('--vscode-charts-blue')`)) as string)
    .trim()
    .toLowerCase();
}

/** Pixels of the chart's canvas in exactly this colour (#rrggbb, opaque). */
async function pixelsOf(frame: Frame, chart: string, colour: string): Promise<number> {
  const rgb = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/.exec(colour);
  assert.ok(rgb, `an opaque #rrggbb colour: ${colour}`);
  const [r, g, b] = rgb.slice(1).map((h) => parseInt(h, 16));
  return (await frame.evaluate(`(() => {
    const c = document.querySelector('[data-chart="${chart}"] canvas');
    const data = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
    let n = 0;
    for (let i = 0; i < data.length; i += 4) if (data[i] === ${r} && data[i + 1] === ${g} && data[i + 2] === ${b} && data[i + 3] === 255) n++;
    return n;
  })()`)) as number;
}

/** The webview's inner frame once the page drew its charts. */
async function insightsFrame(run: EntryPointRun): Promise<Frame> {
  return run.waitUntil(async () => {
    for (const frame of run.page.frames()) {
      const found = await frame
        .locator('[data-chart="funnel"] canvas')
        .count()
        .catch(() => 0);
      if (found > 0) return frame;
    }
    return undefined;
  }, 'the Fix Insights page to draw');
}

async function checkedScope(frame: Frame): Promise<string> {
  return (await frame.locator('vscode-radio[checked]').first().textContent({ timeout: T }))?.trim() ?? '';
}

/**
 * Every chart either has pixels drawn on its canvas (bars, lines, axes), not only its box, or no
 * canvas and one line saying why it has nothing to draw (its series were all zero); the funnel
 * is always drawn.
 */
async function assertPainted(frame: Frame): Promise<void> {
  const painted = (await frame.evaluate(`[...document.querySelectorAll('[data-chart]')].map((s) => {
    const c = s.querySelector('canvas');
    const why = s.querySelector('.no-data')?.textContent ?? '';
    if (!c) return [s.getAttribute('data-chart'), -1, why];
    const data = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
    let n = 0;
    for (let i = 3; i < data.length; i += 4) if (data[i] !== 0) n++;
    return [s.getAttribute('data-chart'), n, why];
  })`)) as [string, number, string][];
  assert.deepEqual(
    painted.map(([id]) => id),
    CHARTS,
  );
  for (const [id, pixels, why] of painted) {
    if (pixels === -1) {
      assert.notEqual(id, 'funnel', 'the funnel is drawn');
      assert.ok(why.length > 0, `chart ${id} says why it is not drawn`);
    } else {
      assert.ok(pixels > 500, `chart ${id} is drawn (${pixels} pixels)`);
      assert.equal(why, '', `chart ${id} is drawn, with no "no data" line`);
    }
  }
}

async function pageTables(frame: Frame): Promise<PageTable[]> {
  return (await frame.evaluate(`[...document.querySelectorAll('table[data-table]')].map((t) => ({
    id: t.getAttribute('data-table'),
    columns: [...t.querySelectorAll('thead th')].map((th) => th.textContent),
    rows: [...t.querySelectorAll('tbody tr')].map((tr) => [...tr.children].map((c) => c.textContent)),
  }))`)) as PageTable[];
}

async function cliMetrics(run: EntryPointRun, selection: string[]): Promise<Metrics> {
  const cli = path.join(REPO_ROOT, 'dist', 'cli.js');
  const { stdout } = await promisify(execFile)(process.execPath, [cli, 'metrics', ...selection, '--format', 'json'], {
    env: { PATH: process.env.PATH, SECURITY_FIX_REPORTS_URL: run.service.baseUrl, SECURITY_FIX_REPORTS_KEY: run.service.key },
    maxBuffer: 64 * 1024 * 1024,
  });
  return JSON.parse(stdout) as Metrics;
}
