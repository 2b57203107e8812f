// The Fix Insights dashboard in the workbench: opened from the view's title bar (a row focused)
// and from a report's context menu; every chart painted, the tables holding the same numbers as
// `security-fix-reports metrics --format json` for the same report, no console error and no
// Content Security Policy violation in the page.
import { strict as assert } from 'node:assert';
import { execFile } from 'node:child_process';
import * as path from 'node:path';
import { promisify } from 'node:util';
import type { ConsoleMessage, Frame } from 'playwright-core';
import { cleanText } from '../../../src/common/text';
import { metricsTables, type Metrics } from '../../../src/model/metrics';
import { cellText } from '../../../src/webview/insights/cells';
import { REPO_ROOT } from '../../../tools/editor/codeServer';
import { screenshot } from '../../../tools/editor/ui';
import type { EntryPointRun } from './entryPoints';

const T = 30_000;
const CHARTS = ['funnel', 'time-to-commit', 'ratings', 'fp-share', 'weekly'];

interface PageTable {
  id: string;
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
    await waitUntil(async () => /^All reports/.test(await checkedScope(frame)), 'the title-bar dashboard to measure all reports');
    await assertPainted(frame);
    const allCoverage = await frame.locator('#coverage').innerText();
    assert.match(allCoverage, new RegExp(`Fixes counted over \\d+ of ${service.dataset.reports.length} reports`), allCoverage);

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
    const shown = await pageTables(frame);
    const expected = metricsTables(await cliMetrics(run, how.reportId));
    assert.deepEqual(shown.map((t) => t.id).sort(), expected.map((t) => t.id).sort(), 'the page shows every metrics table');
    for (const table of expected) {
      // The page shows each cell as one clean line of text (common/text cleanText).
      const rows = table.rows.map((row) => row.map((cell, i) => cleanText(cellText(cell, table.columns[i]!.kind))));
      assert.deepEqual(shown.find((t) => t.id === table.id)?.rows, rows, `table ${table.id}: the page and the CLI agree`);
    }
    await screenshot(page, path.join(run.outDir, 'insights.png'));
    assert.deepEqual(problems, [], 'no console error or CSP violation in the Fix Insights page');
  } finally {
    page.off('console', onConsole);
  }
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

/** Every chart's canvas has pixels drawn (bars, lines, axes), not only its box. */
async function assertPainted(frame: Frame): Promise<void> {
  const painted = (await frame.evaluate(`[...document.querySelectorAll('[data-chart]')].map((s) => {
    const c = s.querySelector('canvas');
    const data = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
    let n = 0;
    for (let i = 3; i < data.length; i += 4) if (data[i] !== 0) n++;
    return [s.getAttribute('data-chart'), n];
  })`)) as [string, number][];
  assert.deepEqual(
    painted.map(([id]) => id),
    CHARTS,
  );
  for (const [id, pixels] of painted) assert.ok(pixels > 500, `chart ${id} is drawn (${pixels} pixels)`);
}

async function pageTables(frame: Frame): Promise<PageTable[]> {
  return (await frame.evaluate(`[...document.querySelectorAll('table[data-table]')].map((t) => ({
    id: t.getAttribute('data-table'),
    rows: [...t.querySelectorAll('tbody tr')].map((tr) => [...tr.children].map((c) => c.textContent)),
  }))`)) as PageTable[];
}

async function cliMetrics(run: EntryPointRun, reportId: string): Promise<Metrics> {
  const cli = path.join(REPO_ROOT, 'dist', 'cli.js');
  const { stdout } = await promisify(execFile)(process.execPath, [cli, 'metrics', '--fix-report', reportId, '--format', 'json'], {
    env: { PATH: process.env.PATH, SECURITY_FIX_REPORTS_URL: run.service.baseUrl, SECURITY_FIX_REPORTS_KEY: run.service.key },
    maxBuffer: 64 * 1024 * 1024,
  });
  return JSON.parse(stdout) as Metrics;
}
