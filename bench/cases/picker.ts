// Case 8: the false-positive picker with ~10,000 false positives loaded, in the real workbench
// (code-server + Chromium): key press → the picker's rows on screen, against the workbench's own
// command palette (F1 → its rows) measured in the same editor as the baseline.
import { rm } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { REPO_ROOT } from '../../tools/editor/codeServer';
import { startEditor, type EditorSession } from '../../tools/editor/runner';
import { openFileAtLine, openViewContainer, runCommandFromPalette, viewPane, waitForWorkbench } from '../../tools/editor/ui';
import { prepareWorkspace } from '../../tools/editor/workspace';
import { startSandbox } from '../../tools/sandbox/server';
import type { BenchContext } from '../lib/context';
import { atMost, variant, type CaseResult } from '../lib/result';
import { ratio, summarize } from '../lib/stats';

/** Issues of the big report: about a tenth are false positives (the issue's 10,433). */
const ISSUES = 100_000;
const TARGET_MS = 300;
const T = 60_000;

export async function pickerCase(ctx: BenchContext): Promise<CaseResult> {
  const service = await startSandbox({ dataset: { seed: 42, bigReportIssues: ISSUES } });
  const bigId = service.dataset.bigReportId!;
  const fps = service.dataset.issueRange(bigId, 0, service.dataset.issueCount(bigId)).filter((i) => i.fpId).length;
  const workspace = await prepareWorkspace();
  let session: EditorSession | undefined;
  try {
    session = await startEditor({
      extensionDevelopmentPath: REPO_ROOT,
      workspace,
      userSettings: {
        'securityFixReports.baseURL': service.baseUrl,
        'securityFixReports.issuesPerLoad': 1_000_000,
        'workbench.startupEditor': 'none',
      },
    });
    const { page } = session;
    await waitForWorkbench(page);
    await setKey(page, service.key);
    ctx.log(`picker: loading a report with ${fps} false positives…`);
    const sidebar = viewPane(await openViewContainer(page, 'Security Fix Reports', T), 'Security Fix Reports');
    const project = service.dataset.reports.find((r) => r.id === bigId)!.vulnerabilityReport?.project?.name ?? '';
    const row = sidebar.locator('.monaco-list-row', { hasText: project }).first();
    await row.waitFor({ state: 'visible', timeout: T });
    await row.click();
    await sidebar
      .locator('.monaco-list-row', { hasText: new RegExp(`False positives \\(${fps.toLocaleString('en-US')}\\)`) })
      .first()
      .waitFor({ state: 'visible', timeout: 5 * T });
    await openFileAtLine(page, 'app/db.py', 11, T);

    const picker: number[] = [];
    const palette: number[] = [];
    const rows = page.locator('.quick-input-widget .quick-input-list .monaco-list-row').first();
    const title = page.locator('.quick-input-widget .quick-input-title', {
      hasText: 'Insert suppression comment for which false positive?',
    });
    const timed = async (open: () => Promise<void>, ready: () => Promise<void>) => {
      const started = await page.evaluate(() => performance.now());
      await open();
      await ready();
      const ended = await page.evaluate(() => performance.now());
      await page.keyboard.press('Escape');
      await page.locator('.quick-input-widget').waitFor({ state: 'hidden', timeout: T });
      await runCommandFromPalette(page, 'View: Focus Active Editor Group', T);
      return ended - started;
    };
    for (let i = 0; i < Math.max(5, ctx.runs); i++) {
      picker.push(
        await timed(
          () => page.keyboard.press('Control+Alt+Shift+S'),
          async () => {
            await title.waitFor({ state: 'visible', timeout: T });
            await rows.waitFor({ state: 'visible', timeout: T });
          },
        ),
      );
      palette.push(
        await timed(
          () => page.keyboard.press('F1'),
          () => rows.waitFor({ state: 'visible', timeout: T }),
        ),
      );
    }
    const pickerSummary = summarize(picker, 1);
    const paletteSummary = summarize(palette, 1);
    return {
      id: 'picker',
      title: '8. False-positive picker',
      baseline: 'F1 → command palette rows (workbench only)',
      variants: [
        { ...variant('F1 → command palette rows (workbench only)', 'ms', paletteSummary), isBaseline: true },
        {
          ...variant(`Ctrl+Alt+Shift+S → picker rows, ${fps.toLocaleString('en-US')} false positives loaded`, 'ms', pickerSummary),
          vsBaseline: ratio(pickerSummary.median, paletteSummary.median),
        },
      ],
      targets: [
        atMost(
          `picker open with ${fps.toLocaleString('en-US')} false positives`,
          pickerSummary.median,
          TARGET_MS,
          `≤ ${TARGET_MS} ms`,
          'ms',
        ),
      ],
      details: {
        falsePositives: fps,
        issues: ISSUES,
        runs: picker.length,
        clock: "the page's performance.now(), key press to first row visible",
      },
      dominates: [
        'The picker builds one item per false positive in the extension host and sends them in one update (the summaries of the first 40 follow in a second one); the workbench then filters and renders only the visible rows.',
      ],
    };
  } finally {
    await session?.close();
    await service.close();
    await rm(workspace, { recursive: true, force: true });
  }
}

async function setKey(page: Page, key: string): Promise<void> {
  // The extension has read its settings once the status bar asks for the key.
  await page
    .locator('.part.statusbar .statusbar-item', { hasText: 'Fix Reports: no key' })
    .first()
    .waitFor({ state: 'visible', timeout: T });
  await page.keyboard.press('F1');
  const input = page.locator('.quick-input-widget .quick-input-box input');
  await input.waitFor({ state: 'visible', timeout: T });
  await input.fill('>Security Fix Reports: Set Service Key');
  await page
    .locator('.quick-input-list .monaco-list-row', { hasText: 'Set Service Key' })
    .first()
    .waitFor({ state: 'visible', timeout: T });
  await input.press('Enter');
  await page.locator('.quick-input-widget .quick-input-title', { hasText: 'Service key for' }).waitFor({ state: 'visible', timeout: T });
  await input.fill(key);
  await input.press('Enter');
  await page.locator('.quick-input-widget').waitFor({ state: 'hidden', timeout: T });
}
