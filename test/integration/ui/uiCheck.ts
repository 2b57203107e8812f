// UI check, driven from Node like a user would: code-server with the extension installed from
// the VSIX, the sample workspace, user settings pointing at a sandbox and the key offered from
// SECURITY_FIX_REPORTS_KEY. Stores the key from the notification, opens the view, expands a
// report and its fixes, hovers a fix (screenshot → test-results/ui/ and docs/tree.png), then
// inserts a suppression comment from the command palette and reads it back from the editor.
//
//   node out/test/integration/ui/uiCheck.js [--vsix FILE] [--out DIR] [--no-docs] [--headed]
// Exit code: 0 passed, 1 a check failed, 2 could not run (install, VSIX missing).
import { strict as assert } from 'node:assert';
import { existsSync } from 'node:fs';
import { copyFile, cp, mkdir, readFile, rm } from 'node:fs/promises';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import type { Locator, Page } from 'playwright-core';
import { startSandbox, type Sandbox } from '../../../tools/sandbox/server';
import { checkWarmStart, globalStorageOf } from './warmStart';
import { assertInstalled, REPO_ROOT } from '../../../tools/editor/codeServer';
import { closeAllEditors, startEditor, type EditorSession } from '../../../tools/editor/runner';
import {
  openFileAtLine,
  openViewContainer,
  viewPane,
  readEditorText,
  runCommandFromPalette,
  screenshot,
  waitForWorkbench,
} from '../../../tools/editor/ui';
import { FIXTURE_REMOTE, prepareWorkspace } from '../../../tools/editor/workspace';
import { clickEveryEntryPoint } from './entryPoints';
import { checkApplyFix, checkRestrictedMode } from './applyFix';
import { checkGerman, GERMAN_FIX_LABELS } from './german';
import { buildGermanLanguagePack } from '../../../tools/editor/languagePack';
import { waitFor } from '../../support/waitFor';

const VIEW_TITLE = 'Security Fix Reports';
const INSERT_COMMAND = 'Security Fix Reports: Insert Suppression Comment';
const FILE = 'src/main/java/App.java';
const MARKER = 'connection.prepareStatement(BY_CUSTOMER)';
const STEP_TIMEOUT = 30_000;

class HarnessError extends Error {}

const started = performance.now();

/** Logs a step with the seconds since the check started, to see where its time goes. */
function step(name: string): void {
  console.log(`[ui] +${((performance.now() - started) / 1000).toFixed(1)} s ${name}`);
}

async function storeKeyFromNotification(page: Page): Promise<void> {
  const toast = page.locator('.notifications-toasts .notification-list-item', { hasText: 'SECURITY_FIX_REPORTS_KEY' }).first();
  await toast.waitFor({ state: 'visible', timeout: STEP_TIMEOUT });
  await toast.locator('.monaco-button', { hasText: 'Store Key' }).first().click();
  await toast.waitFor({ state: 'hidden', timeout: STEP_TIMEOUT });
}

/** Expands the first row matching `text` (a click toggles it) and returns it. */
async function expand(sidebar: Locator, text: RegExp): Promise<Locator> {
  const item = sidebar.locator('.monaco-list-row', { hasText: text }).first();
  await item.waitFor({ state: 'visible', timeout: STEP_TIMEOUT });
  if ((await item.getAttribute('aria-expanded')) !== 'true') await item.click();
  const expanded = sidebar.locator('.monaco-list-row[aria-expanded="true"]', { hasText: text }).first();
  await expanded.waitFor({ state: 'visible', timeout: STEP_TIMEOUT });
  return expanded;
}

/** Drags the sidebar's edge so descriptions are not cut off in the screenshot. */
async function widenSidebar(page: Page, by: number): Promise<void> {
  const box = await page.locator('.part.sidebar').boundingBox();
  if (!box) return;
  const x = box.x + box.width - 1;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + by / 2, y, { steps: 5 });
  await page.mouse.move(x + by, y, { steps: 5 });
  await page.mouse.up();
}

/** Runs the command from the palette and picks the first false positive it offers (loading
 * the report whose row matches `report` first when none is loaded). */
async function insertFromPalette(page: Page, report?: RegExp): Promise<string> {
  await page.keyboard.press('F1');
  const input = page.locator('.quick-input-widget .quick-input-box input');
  await input.waitFor({ state: 'visible', timeout: STEP_TIMEOUT });
  await input.fill(`>${INSERT_COMMAND}`);
  await page
    .locator('.quick-input-list .monaco-list-row', { hasText: INSERT_COMMAND })
    .first()
    .waitFor({ state: 'visible', timeout: STEP_TIMEOUT });
  await input.press('Enter');
  const fpTitle = page.locator('.quick-input-widget .quick-input-title', {
    hasText: 'Insert suppression comment for which false positive?',
  });
  if (report) {
    const reportTitle = page.locator('.quick-input-widget .quick-input-title', { hasText: 'load which fix report?' });
    await Promise.race([
      fpTitle.waitFor({ state: 'visible', timeout: STEP_TIMEOUT }),
      reportTitle.waitFor({ state: 'visible', timeout: STEP_TIMEOUT }),
    ]);
    if (await reportTitle.isVisible()) {
      await page.locator('.quick-input-list .monaco-list-row', { hasText: report }).first().click();
    }
  }
  await fpTitle.waitFor({ state: 'visible', timeout: STEP_TIMEOUT });
  const first = page.locator('.quick-input-list .monaco-list-row').first();
  await first.waitFor({ state: 'visible', timeout: STEP_TIMEOUT });
  // The active row: the false positive located on the cursor's line when there is one.
  const active = page.locator('.quick-input-list .monaco-list-row.focused').first();
  const picked = ((await active.isVisible()) ? await active.innerText() : await first.innerText()).replace(/\s+/g, ' ').trim();
  await input.press('Enter');
  await page.locator('.quick-input-widget').waitFor({ state: 'hidden', timeout: STEP_TIMEOUT });
  // A false positive of another language than the file's asks first.
  const dialog = page.locator('.monaco-dialog-box', { hasText: 'Insert its suppression comment here anyway?' }).first();
  if (
    await dialog.waitFor({ state: 'visible', timeout: 1_500 }).then(
      () => true,
      () => false,
    )
  ) {
    console.log(`[ui] ${(await dialog.innerText()).split('\n')[0]}`);
    // Enter takes the default button, which must be the safe one: back to the pick, nothing inserted.
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'hidden', timeout: STEP_TIMEOUT });
    await fpTitle.waitFor({ state: 'visible', timeout: STEP_TIMEOUT });
    await first.waitFor({ state: 'visible', timeout: STEP_TIMEOUT });
    console.log("[ui] the dialog's default (Enter) went back to the pick");
    await input.press('Enter');
    await dialog.waitFor({ state: 'visible', timeout: STEP_TIMEOUT });
    await dialog.locator('.monaco-button', { hasText: 'Insert Anyway' }).first().click();
  }
  return picked;
}

async function run(session: EditorSession, services: ServiceSlot, outDir: string, docs: boolean, workspace: string): Promise<void> {
  const service = services.current;
  const { page } = session;
  step('waiting for the workbench');
  await waitForWorkbench(page);

  step('storing the key offered from SECURITY_FIX_REPORTS_KEY (notification → Store Key)');
  await storeKeyFromNotification(page);
  await waitUntil(() => service.requests.some((r) => r.headers['x-service-key'] === service.key), 'the key to be checked with the service');

  step("opening the view and expanding the workspace's report");
  const sidebar = viewPane(await openViewContainer(page, VIEW_TITLE, STEP_TIMEOUT), VIEW_TITLE);
  const workspaceReport = service.dataset.reports.find((r) => r.repo?.originalUrl === FIXTURE_REMOTE);
  assert.ok(workspaceReport?.vulnerabilityReport?.project?.name, "the sandbox has a report of the workspace's repository");
  const firstRow = sidebar.locator('.monaco-list-row').first();
  await firstRow.waitFor({ state: 'visible', timeout: STEP_TIMEOUT });
  const project = workspaceReport.vulnerabilityReport.project.name;
  assert.match(await firstRow.innerText(), new RegExp(project), "the workspace's repository comes first");
  await expand(sidebar, new RegExp(project));
  await sidebar
    .locator('.monaco-list-row', { hasText: /False positives \(\d+\)/ })
    .first()
    .waitFor({ state: 'visible', timeout: STEP_TIMEOUT }); // the issues streamed in
  await expand(sidebar, /Fixes \(\d+\)/);

  await widenSidebar(page, 260);

  step('hovering a fix');
  const fixRow = sidebar.locator('.monaco-list-row[aria-level="3"]').first();
  await fixRow.waitFor({ state: 'visible', timeout: STEP_TIMEOUT });
  await fixRow.locator('.label-name').first().hover();
  const hover = page.locator('.monaco-hover, .workbench-hover').filter({ hasText: 'Lifecycle' }).first();
  await hover.waitFor({ state: 'visible', timeout: STEP_TIMEOUT });
  await page.waitForTimeout(600); // the hover fades in
  const hoverText = (await hover.innerText()).replace(/\u00a0/g, ' ');
  for (const expected of [
    /Stable fix|Adaptive fix/,
    /Ratings: 👍 \d+ · 👎 \d+/,
    /First observed:/,
    /Downloaded:/,
    /Committed:/,
    /Issues: \d+/,
  ]) {
    assert.match(hoverText, expected, `the fix tooltip shows ${expected}`);
  }
  const shot = await screenshot(page, path.join(outDir, 'tree.png'));
  console.log(`[ui] screenshot: ${shot}`);
  if (docs) {
    await mkdir(path.join(REPO_ROOT, 'docs'), { recursive: true });
    await copyFile(shot, path.join(REPO_ROOT, 'docs', 'tree.png'));
    console.log('[ui] copied to docs/tree.png');
  }
  await page.mouse.move(900, 500);

  step(`inserting a suppression comment into ${FILE} from the palette`);
  const source = await readFile(path.join(REPO_ROOT, 'test', 'fixtures', 'workspace', FILE), 'utf8');
  const lines = source.split('\n');
  const line = lines.findIndex((l) => l.includes(MARKER));
  assert.ok(line >= 0);
  await openFileAtLine(page, FILE, line + 1, STEP_TIMEOUT);
  const picked = await insertFromPalette(page);
  console.log(`[ui] picked: ${picked}`);
  const summaries = new Set(
    service.dataset
      .issueRange(workspaceReport.id, 0, service.dataset.issueCount(workspaceReport.id))
      .filter((i) => i.fpId)
      .map((i) => service.dataset.fpSummary(i.fpId!)!),
  );
  const text = await waitUntil(async () => {
    const shown = await readEditorText(page);
    return shown.split('\n').some((l) => /\/\/ .*\S/.test(l) && [...summaries].some((s) => l.includes(s))) ? shown : undefined;
  }, 'the comment to show in the editor');
  const commentLine = text.split('\n').find((l) => [...summaries].some((s) => l.includes(s)))!;
  console.log(`[ui] inserted: ${commentLine.trim()}`);
  assert.ok(
    commentLine.includes(MARKER) ? / \/\/ /.test(commentLine) : /^\t\t\/\/ /.test(commentLine),
    'a Java line comment, at the end of the line or above it with its tabs',
  );
  // The code stays in view: the cursor at the start of its line, nothing selected, no
  // horizontal scroll to the end of the comment.
  const codeLine = commentLine.includes(MARKER) ? line + 1 : line + 2;
  const cursor = page.locator('.part.statusbar .statusbar-item', { hasText: /^\s*Ln \d+, Col \d+/ }).first();
  await waitUntil(
    async () => ((await cursor.innerText()).trim() === `Ln ${codeLine}, Col 1` ? true : undefined),
    `the status bar to say "Ln ${codeLine}, Col 1" (the cursor at the start of the code line, nothing selected)`,
  );
  const slider = page.locator('.editor-group-container.active .monaco-editor .scrollbar.horizontal .slider').first();
  await waitUntil(async () => {
    if ((await slider.count()) === 0) return true;
    const left = /left:\s*([\d.]+)px/.exec((await slider.getAttribute('style')) ?? '')?.[1];
    return parseFloat(left ?? '0') === 0 ? true : undefined;
  }, 'the editor not to be scrolled sideways');
  await screenshot(page, path.join(outDir, 'suppression.png'));

  step('a summary the JSX context refuses: the error offers the comment without it, and its button inserts that');
  // Every summary the service sends from now on holds a JSX expression; Refresh drops the cached ones.
  const refusedSummary = 'Escaped upstream by {sanitize(bio)}';
  service.faults.add({
    route: 'fp-summary',
    fault: { kind: 'status', status: 200, body: JSON.stringify({ fpDescriptionShort: refusedSummary }), contentType: 'application/json' },
  });
  await runCommandFromPalette(page, 'Security Fix Reports: Refresh', STEP_TIMEOUT);
  const tsx = 'web/Profile.tsx';
  const tsxLines = (await readFile(path.join(REPO_ROOT, 'test', 'fixtures', 'workspace', tsx), 'utf8')).split('\n');
  await openFileAtLine(page, tsx, tsxLines.findIndex((l) => l.includes('dangerouslySetInnerHTML')) + 1, STEP_TIMEOUT);
  await insertFromPalette(page, new RegExp(project));
  const toast = page.locator('.notifications-toasts .notification-list-item', { hasText: 'LEFT CURLY BRACKET' }).first();
  await toast.waitFor({ state: 'visible', timeout: STEP_TIMEOUT });
  await screenshot(page, path.join(outDir, 'without-summary.png'));
  await toast.locator('.monaco-button', { hasText: 'Insert Without the Summary' }).first().click();
  const bare = await waitUntil(
    // The scanner's line-above form (Semgrep's), or its end-of-line one.
    async () =>
      (await readEditorText(page))
        .split('\n')
        .find((l) => /\{\/\* (False positive \(|nosemgrep: \S+ - false positive \()/.test(l) && l.includes('(fp ')),
    'the comment without the summary',
  );
  assert.ok(!bare.includes('sanitize'), 'the refused summary is not in the file');
  console.log(`[ui] inserted without the summary: ${bare.trim()}`);
  service.faults.clear();
  await runCommandFromPalette(page, 'File: Revert File', STEP_TIMEOUT);

  const globalStorage = globalStorageOf(session.userDataDir);
  await clickEveryEntryPoint({ page, sidebar, service, outDir, step, waitUntil, globalStorage, workspace });
  await checkApplyFix({ page, sidebar, service, workspace, outDir, step, waitUntil });
  await checkWarmStart({ page, service, restartService: services.restart, globalStorage, viewTitle: VIEW_TITLE, outDir, step, waitUntil });
}

/**
 * The same folder in a second editor, in German and in Restricted Mode (the trust prompt
 * answered No): one editor start for both, since neither check needs the other's opposite. The
 * workbench's own words stay English (the test language pack translates none of them).
 */
async function restrictedInGerman(session: EditorSession, service: Sandbox, outDir: string): Promise<void> {
  const { page } = session;
  step('Restricted Mode: opening the folder without trusting it');
  await waitForWorkbench(page);
  const trust = page.locator('.monaco-dialog-box', { hasText: /trust/i }).first();
  await trust.waitFor({ state: 'visible', timeout: STEP_TIMEOUT });
  await trust
    .locator('.monaco-button', { hasText: /No, I don.t trust/ })
    .first()
    .click();
  await trust.waitFor({ state: 'hidden', timeout: STEP_TIMEOUT });
  const sidebar = await checkGerman(page, outDir, step);
  await checkRestrictedMode({ page, sidebar, service, step, labels: GERMAN_FIX_LABELS });
}

/** The sandbox the editor talks to; the warm-start check stops it and starts another on its port. */
interface ServiceSlot {
  current: Sandbox;
  restart: () => Promise<Sandbox>;
}

/** The key states, as the run saw them, into docs/screenshots (npm run docs:screenshot). */
const STATES = [
  'empty',
  'no-key',
  'filtered',
  'loading',
  'error',
  'stale',
  'without-summary',
  'walkthrough',
  'problems',
  'hover',
  'suppress-all-preview',
  'fix-preview',
  'insights',
  'cached-stale',
];
async function copyStateScreenshots(outDir: string): Promise<void> {
  const docs = path.join(REPO_ROOT, 'docs', 'screenshots');
  await mkdir(docs, { recursive: true });
  for (const state of STATES) await copyFile(path.join(outDir, `${state}.png`), path.join(docs, `${state}.png`));
  console.log(`[ui] copied ${STATES.length} state screenshots to docs/screenshots/`);
}

function waitUntil<T>(check: () => T | Promise<T>, what: string, timeoutMs = STEP_TIMEOUT): Promise<NonNullable<T>> {
  return waitFor(check, what, timeoutMs, 100);
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      vsix: { type: 'string', default: path.join(REPO_ROOT, 'security-fix-reports.vsix') },
      out: { type: 'string', default: path.join(REPO_ROOT, 'test-results', 'ui') },
      'no-docs': { type: 'boolean', default: false },
      headed: { type: 'boolean', default: false },
    },
  });
  const vsix = path.resolve(values.vsix);
  if (!existsSync(vsix)) throw new HarnessError(`${vsix} not found: run \`npm run package\` first`);
  try {
    assertInstalled();
  } catch (e) {
    throw new HarnessError((e as Error).message);
  }
  const outDir = path.resolve(values.out);
  await mkdir(outDir, { recursive: true });

  const started = Date.now();
  // A big report pages for long enough to click "Loading issues…" while it re-renders.
  const dataset = { seed: 42, bigReportIssues: 30_000, hostileFixes: true };
  const first = await startSandbox({ dataset });
  const services: ServiceSlot = {
    current: first,
    // Same port and key (what the editor has stored), one report more: what a refresh must pick up.
    restart: async () =>
      (services.current = await startSandbox({ dataset: { ...dataset, reports: 13 }, port: first.port, key: first.key })),
  };
  const service = first;
  const workspace = await prepareWorkspace();
  const log: string[] = [];
  let session: EditorSession | undefined;
  process.once('SIGINT', () => void closeAllEditors().finally(() => process.exit(130)));
  try {
    session = await startEditor({
      workspace,
      vsixPaths: [vsix],
      headless: !values.headed,
      userSettings: { 'securityFixReports.baseURL': service.baseUrl, 'workbench.hover.delay': 300 },
      env: { SECURITY_FIX_REPORTS_KEY: service.key },
      onLog: (l) => log.push(l),
    });
    await run(session, services, outDir, !values['no-docs'], workspace);
    // One editor at a time: the Restricted Mode check, in German (the test language pack and
    // --locale de), opens the same folder in a new one.
    await session.close();
    const pack = await buildGermanLanguagePack();
    session = await startEditor({
      workspace,
      vsixPaths: [pack, vsix],
      locale: 'de',
      headless: !values.headed,
      workspaceTrust: true,
      userSettings: { 'securityFixReports.baseURL': services.current.baseUrl },
      env: { SECURITY_FIX_REPORTS_KEY: services.current.key },
      onLog: (l) => log.push(l),
    }).finally(() => rm(path.dirname(pack), { recursive: true, force: true }));
    await restrictedInGerman(session, services.current, outDir);
    if (!values['no-docs']) await copyStateScreenshots(outDir);
    console.log(`[ui] passed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    return 0;
  } catch (e) {
    console.error(`[ui] FAILED: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
    if (session) {
      await screenshot(session.page, path.join(outDir, 'failure.png')).catch(() => undefined);
      // The editor's logs (the extension's output channel among them) as an artifact.
      await cp(path.join(session.userDataDir, 'logs'), path.join(outDir, 'logs'), { recursive: true }).catch(() => undefined);
    }
    console.error(`[ui] last editor log lines:\n${log.slice(-30).join('\n')}`);
    return 1;
  } finally {
    await session?.close();
    await services.current.close();
    if (services.current !== first) await first.close().catch(() => undefined); // stopped by the check already
    await rm(workspace, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(`[ui] ${e instanceof Error ? e.message : String(e)}`);
    process.exit(e instanceof HarnessError ? 2 : 1);
  },
);
