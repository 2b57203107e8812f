// Apply Fix as a user meets it, on the sandbox's hostile-fixes report (tools/sandbox/hostileFixes.ts):
// a three-file fix's modal lists each file with what happens to it and applies as listed; a fix
// that also creates .vscode/tasks.json names that file in the modal, then asks for that file in a
// dialog of its own, and applies only once it is accepted. Called by the UI check.
import { strict as assert } from 'node:assert';
import { readFile, rm, stat, writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { readableVendor } from '../../../src/common/scanners';
import { runCommandFromPalette, screenshot } from '../../../tools/editor/ui';
import type { Sandbox } from '../../../tools/sandbox/server';

const T = 30_000;

export interface ApplyFixRun {
  page: Page;
  sidebar: Locator;
  service: Sandbox;
  /** The workspace folder the editor has open (files are restored here afterwards). */
  workspace: string;
  outDir: string;
  step: (name: string) => void;
  waitUntil: <V>(check: () => V | Promise<V>, what: string, timeoutMs?: number) => Promise<NonNullable<V>>;
}

export async function checkApplyFix(run: ApplyFixRun): Promise<void> {
  const { page, sidebar, service, workspace, step, waitUntil } = run;
  const reportId = service.dataset.hostileFixesReportId;
  assert.ok(reportId, 'the sandbox serves the hostile-fixes report');
  const report = service.dataset.reports.find((r) => r.id === reportId)!;
  const rows = sidebar.locator('.monaco-list-row');
  const reportRow = rows
    .filter({ hasText: `${readableVendor(report.vulnerabilityReport?.vendor)} · ` })
    .filter({ hasText: `@${report.repo?.reference}` })
    .first();
  const dialog = page.locator('.monaco-dialog-box').first();
  const choose = async (label: string) => {
    const item = page.getByRole('menuitem', { name: new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\s|$)`) }).first();
    await item.waitFor({ state: 'visible', timeout: T });
    await item.hover();
    await page.keyboard.press('Enter');
    await item.waitFor({ state: 'hidden', timeout: T });
  };
  const contextMenu = async (row: Locator, label: string) => {
    await page.mouse.move(1000, 650);
    await row.click({ button: 'right' });
    await choose(label);
  };
  const expand = async (row: Locator) => {
    await row.waitFor({ state: 'visible', timeout: T });
    if ((await row.getAttribute('aria-expanded')) !== 'true') await row.click();
    await waitUntil(async () => (await row.getAttribute('aria-expanded')) === 'true', 'the row to expand');
  };
  /** Fix rows of the one expanded Fixes group, by position: the first two cases of hostileFixes.ts. */
  const fixRow = (n: number) => sidebar.locator(`.monaco-list-row[aria-level="3"][aria-posinset="${n}"]`).first();
  const applied = (files: number) =>
    page
      .locator('.part.statusbar .statusbar-item', { hasText: new RegExp(`Fix applied to ${files} files`) })
      .first()
      .waitFor({ state: 'visible', timeout: T });
  /** Preview Fix on the row (the review Apply needs), close it, then Apply Fix… from the menu: the modal is up. */
  const previewThenApply = async (n: number) => {
    await contextMenu(fixRow(n), 'Preview Fix');
    await page
      .locator('.tabs-container .tab.active', { hasText: /^Fix: / })
      .first()
      .waitFor({ state: 'visible', timeout: T });
    await runCommandFromPalette(page, 'View: Close Editor', T);
    await contextMenu(fixRow(n), 'Apply Fix…');
    await dialog.waitFor({ state: 'visible', timeout: T });
  };
  const db = path.join(workspace, 'app', 'db.py');
  const legacy = path.join(workspace, 'app', 'legacy_orders.py');
  const originals = { db: await readFile(db, 'utf8'), legacy: await readFile(legacy, 'utf8') };
  // Apply Fix leaves db.py changed, unsaved and shown: revert it there, then put the other
  // files back on disk.
  const restore = async () => {
    await page.locator('.tabs-container .tab.active', { hasText: 'db.py' }).waitFor({ state: 'visible', timeout: T });
    await runCommandFromPalette(page, 'File: Revert File', T);
    await page.locator('.tabs-container .tab.active.dirty', { hasText: 'db.py' }).waitFor({ state: 'hidden', timeout: T });
    await runCommandFromPalette(page, 'View: Close All Editors', T);
    await writeFile(db, originals.db);
    await writeFile(legacy, originals.legacy);
    await rm(path.join(workspace, 'app', 'validation.py'), { force: true });
    await rm(path.join(workspace, '.vscode', 'tasks.json'), { force: true });
  };

  step('Apply Fix: the modal of a three-file fix lists each file with create / change / delete, and the fix applies as listed');
  await sidebar.locator('.pane-header .actions-container a.action-label[aria-label^="Collapse All"]').first().click();
  await reportRow.scrollIntoViewIfNeeded();
  await expand(reportRow);
  await expand(rows.filter({ hasText: /^\s*Fixes \(\d+\)/ }).first());
  await previewThenApply(2);
  const modal = await dialog.innerText();
  for (const line of [
    /Apply the .+ to 3 files\?/,
    /change app\/db\.py/,
    /delete app\/legacy_orders\.py/,
    /create app\/validation\.py/,
    /Ratings|No ratings/,
  ])
    assert.match(modal, line, `the modal lists ${line}`);
  await screenshot(page, path.join(run.outDir, 'apply-fix-modal.png'));
  await dialog.locator('.monaco-button', { hasText: 'Apply Fix' }).first().click();
  await applied(3);
  await waitUntil(
    async () => (await stat(path.join(workspace, 'app', 'validation.py')).catch(() => undefined))?.isFile(),
    'the created file',
  );
  await waitUntil(async () => !(await stat(legacy).catch(() => undefined)), 'the deleted file to be gone');
  await restore();

  step('Apply Fix: a file that makes code run is named in the modal and applied only once accepted by name in a dialog of its own');
  await previewThenApply(1);
  assert.match(await dialog.innerText(), /create \.vscode\/tasks\.json\s+⚠/, 'the file that runs code is flagged in the list');
  await dialog.locator('.monaco-button', { hasText: 'Apply Fix' }).first().click();
  const one = page.locator('.monaco-dialog-box', { hasText: 'Apply the change to .vscode/tasks.json? It makes code run.' }).first();
  await one.waitFor({ state: 'visible', timeout: T });
  assert.match(await one.innerText(), /runs its tasks on folder open/, 'the dialog says why the file runs code');
  await screenshot(page, path.join(run.outDir, 'apply-fix-accept-file.png'));
  await one.locator('.monaco-button', { hasText: 'Apply This File' }).first().click();
  await applied(2);
  assert.match(await readFile(path.join(workspace, '.vscode', 'tasks.json'), 'utf8'), /folderOpen/);
  await restore();
}

export interface RestrictedRun {
  page: Page;
  sidebar: Locator;
  service: Sandbox;
  step: (name: string) => void;
  /** The words for the Fixes group and for Preview Fix and Apply Fix in the menu (the editor's language). */
  labels?: { fixes: string; previewFix: string; applyFix: string };
}

/**
 * An editor that opened the folder in Restricted Mode (workspace trust on, the trust prompt
 * answered No): the fix's context menu offers Preview Fix but not Apply Fix….
 */
export async function checkRestrictedMode(run: RestrictedRun): Promise<void> {
  const { page, sidebar, service, step } = run;
  const labels = run.labels ?? { fixes: 'Fixes', previewFix: 'Preview Fix', applyFix: 'Apply Fix' };
  step(`Restricted Mode: a fix row offers "${labels.previewFix}", and no "${labels.applyFix}"`);
  const report = service.dataset.reports.find((r) => r.id === service.dataset.hostileFixesReportId)!;
  const rows = sidebar.locator('.monaco-list-row');
  const reportRow = rows.filter({ hasText: `@${report.repo?.reference}` }).first();
  await reportRow.waitFor({ state: 'visible', timeout: T });
  await reportRow.scrollIntoViewIfNeeded();
  if ((await reportRow.getAttribute('aria-expanded')) !== 'true') await reportRow.click();
  const fixes = rows.filter({ hasText: new RegExp(`^\\s*${labels.fixes} \\(\\d+\\)`) }).first();
  await fixes.waitFor({ state: 'visible', timeout: T });
  if ((await fixes.getAttribute('aria-expanded')) !== 'true') await fixes.click();
  const fix = sidebar.locator('.monaco-list-row[aria-level="3"][aria-posinset="1"]').first();
  await fix.waitFor({ state: 'visible', timeout: T });
  await page.mouse.move(1000, 650);
  await fix.click({ button: 'right' });
  const preview = page.getByRole('menuitem', { name: new RegExp(`^${labels.previewFix}(\\s|$)`) }).first();
  await preview.waitFor({ state: 'visible', timeout: T });
  const items = await page.getByRole('menuitem').allInnerTexts();
  assert.ok(!items.some((t) => t.trim().startsWith(labels.applyFix)), `no ${labels.applyFix} in the menu: ${items.join(' | ')}`);
  await page.keyboard.press('Escape');
}
