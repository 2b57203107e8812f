// What changed since the previous scan and the Suppressions view, clicked in the workbench:
// the current report's row says "+N new · −M fixed" as the sandbox's rescans give; the Filter
// item "New since previous scan"; Compare With Another Scan… on a report row; the Suppressions
// view's rows (a click opens the line; the inline button and the context menu remove a comment),
// its title bar (Refresh Suppressions, Remove Stale Suppressions…) and a file row's Remove Stale
// Suppressions…, both through the refactor preview. Files end as they were, byte for byte.
// Called by the UI check (entryPoints.ts) with its helpers.
import { strict as assert } from 'node:assert';
import { readFile, writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { HIDDEN_ISSUE_STATES } from '../../../src/model/issue';
import { hidePanel, openPickerAndType, runCommandFromPalette, screenshot } from '../../../tools/editor/ui';
import type { Sandbox } from '../../../tools/sandbox/server';
import { FIXTURE_BRANCH, FIXTURE_REMOTE } from '../../../tools/editor/workspace';
import type { EntryPoint } from './entryPointList';

const T = 30_000;

export interface ChangesAndSuppressionsRun {
  page: Page;
  sidebar: Locator;
  service: Sandbox;
  workspace: string;
  outDir: string;
  step: (name: string) => void;
  waitUntil: <V>(check: () => V | Promise<V>, what: string, timeoutMs?: number) => Promise<NonNullable<V>>;
  hit: (entry: EntryPoint) => void;
  reportRow: (reportId: string) => Locator;
  contextMenu: (row: Locator, label: string) => Promise<void>;
  titleAction: (label: string) => Locator;
  clickRow: (row: Locator) => Promise<void>;
}

/** Stale for sure: no report has this fpId. */
const UNKNOWN_FP = ['00000000-0000-4000-8000-00000000000a', '00000000-0000-4000-8000-00000000000b', '00000000-0000-4000-8000-00000000000c'];

export async function checkChangesAndSuppressions(run: ChangesAndSuppressionsRun): Promise<void> {
  const { page, sidebar, service, workspace, step, waitUntil, hit, reportRow, contextMenu, titleAction, clickRow } = run;
  const input = page.locator('.quick-input-widget .quick-input-box input');
  const quickInputTitle = (text: string | RegExp) => page.locator('.quick-input-widget .quick-input-title', { hasText: text });
  const issuesOf = (id: string) => service.dataset.issueRange(id, 0, service.dataset.issueCount(id));
  const scans = service.dataset.reports
    .filter((r) => r.repo?.originalUrl === FIXTURE_REMOTE && r.repo?.reference === FIXTURE_BRANCH)
    .sort((a, b) => Date.parse(b.createdOn!) - Date.parse(a.createdOn!));
  const current = scans[0]!;
  const sameScanner = scans.filter((r) => r.vulnerabilityReport?.vendor === current.vulnerabilityReport?.vendor);
  assert.ok(sameScanner.length >= 3, 'the sandbox has two earlier scans of the current report');
  const [, previous, older] = sameScanner;

  step('changes: the current report row says +N new · −M fixed; Filter → New since previous scan; Compare With Another Scan…');
  const expected = changes(issuesOf(current.id), issuesOf(previous!.id));
  const row = reportRow(current.id);
  await waitUntil(
    async () => (await row.innerText()).includes(`+${expected.new} new · −${expected.fixed} fixed`) || undefined,
    `the row to say +${expected.new} new · −${expected.fixed} fixed`,
  );
  await row.click(); // focused, as a person would have it
  // A click on the title bar can land while the tree redraws the row (pages, changes).
  await openPickerAndType(page, () => titleAction('Filter').click(), 'Filter fix reports', 'New since previous scan');
  await page.locator('.quick-input-list .monaco-list-row', { hasText: 'New since previous scan' }).first().click();
  await page.keyboard.press('Enter');
  await waitUntil(async () => (await sidebar.innerText()).includes('Filtered: new since previous scan'), 'the view to say so');
  await waitUntil(
    async () => new RegExp(`${expected.new} of [\\d,]+ issues`).test(await row.innerText()) || undefined,
    `the row to count the ${expected.new} new issues`,
  );
  await screenshot(page, path.join(run.outDir, 'new-since-previous-scan.png'));
  await titleAction('Clear Filter').click();
  await titleAction('Clear Filter').waitFor({ state: 'hidden', timeout: T });
  const withOlder = changes(issuesOf(current.id), issuesOf(older!.id));
  await contextMenu(row, 'Compare With Another Scan…');
  await quickInputTitle('Compare with which scan?').waitFor({ state: 'visible', timeout: T });
  await input.fill(older!.id);
  await page.locator('.quick-input-list .monaco-list-row', { hasText: older!.id }).first().waitFor({ state: 'visible', timeout: T });
  await page.keyboard.press('Enter');
  await waitUntil(
    async () => (await row.innerText()).includes(`+${withOlder.new} new · −${withOlder.fixed} fixed`) || undefined,
    `the row to compare with the older scan (+${withOlder.new} new · −${withOlder.fixed} fixed)`,
  );
  hit('view/item/context:securityFixReports.compareWith');
  await contextMenu(row, 'Compare With Another Scan…');
  await quickInputTitle('Compare with which scan?').waitFor({ state: 'visible', timeout: T });
  await input.fill('Its previous scan');
  await page
    .locator('.quick-input-list .monaco-list-row', { hasText: 'Its previous scan' })
    .first()
    .waitFor({ state: 'visible', timeout: T });
  await page.keyboard.press('Enter');
  await waitUntil(
    async () => (await row.innerText()).includes(`+${expected.new} new · −${expected.fixed} fixed`) || undefined,
    'the row to compare with the previous scan again',
  );

  step('suppressions: comments written into two files are listed with their verdicts; a row opens its line');
  // A false positive the current reports have (current), and fpIds no report has (stale).
  const fp = scans
    .filter((r) => r.id === current.id)
    .flatMap((r) => issuesOf(r.id))
    .find((i) => i.state === 'FalsePositive' && i.fpId && !HIDDEN_ISSUE_STATES.includes(i.state))!;
  assert.ok(fp, 'the current report has a false positive');
  const py = path.join(workspace, 'app', 'db.py');
  const ts = path.join(workspace, 'web', 'api.ts');
  const original = { py: await readFile(py), ts: await readFile(ts) };
  // Save All returns before the files are written: wait for the disk, then compare.
  const sameBytes = async (file: string, expected: Buffer, what: string) => {
    const same = await waitUntil(async () => ((await readFile(file)).equals(expected) ? true : undefined), what, 10_000).catch(() => false);
    if (!same) assert.equal((await readFile(file)).toString('utf8'), expected.toString('utf8'), what);
  };
  const pyLines = original.py.toString('utf8').split('\n');
  const tsLines = original.ts.toString('utf8').split('\n');
  const at = (lines: string[], marker: string) => {
    const i = lines.findIndex((l) => l.includes(marker));
    assert.ok(i >= 0, `a line with ${marker}`);
    return i;
  };
  const indent = (line: string) => /^[ \t]*/.exec(line)![0];
  const above = (lines: string[], i: number, comment: string) => [
    ...lines.slice(0, i),
    `${indent(lines[i]!)}${comment}`,
    ...lines.slice(i),
  ];
  // db.py: a stale comment above one line and one at the end of another (Python's two-space gap).
  let py1 = above(pyLines, at(pyLines, 'cursor = conn.execute('), `# nosec (fp ${UNKNOWN_FP[0]})`);
  const ret = at(py1, 'return cursor.fetchall()');
  py1 = py1.map((l, i) => (i === ret ? `${l}  # NOSONAR (fp ${UNKNOWN_FP[1]})` : l));
  // api.ts: the current one, and a stale one above another line.
  let ts1 = above(tsLines, at(tsLines, 'await fetch(`${PRICING_BASE}'), `// deepcode ignore x: checked (fp ${fp.fpId})`);
  const tsStaleAt = ts1.findIndex((l, i) => i > 0 && l.trim().startsWith('return'));
  ts1 = above(ts1, tsStaleAt >= 0 ? tsStaleAt : ts1.length - 2, `// nosemgrep (fp ${UNKNOWN_FP[2]})`);
  const withCurrentOnly = Buffer.from(
    above(tsLines, at(tsLines, 'await fetch(`${PRICING_BASE}'), `// deepcode ignore x: checked (fp ${fp.fpId})`).join('\n'),
  );
  await writeFile(py, py1.join('\n'));
  await writeFile(ts, ts1.join('\n'));

  const pane = page.locator('.pane', { has: page.locator('.pane-header', { hasText: /^\s*Suppressions/ }) }).first();
  const header = pane.locator('.pane-header').first();
  await header.waitFor({ state: 'visible', timeout: T });
  if ((await header.getAttribute('aria-expanded')) !== 'true') await header.click();
  const paneRows = pane.locator('.monaco-list-row');
  const paneAction = async (label: string) => {
    await header.hover();
    await header.locator(`a.action-label[aria-label^="${label}"]`).first().click();
  };
  await paneAction('Refresh Suppressions');
  const staleRows = paneRows.filter({ hasText: /stale · not in the report/ });
  await waitUntil(async () => ((await staleRows.count()) === 3 ? true : undefined), 'three stale comments listed');
  // The current one in api.ts (an earlier step may have left another current one elsewhere).
  const tsCurrentLine = ts1.findIndex((l) => l.includes(`(fp ${fp.fpId})`)) + 1;
  const tsCurrentRow = paneRows.filter({ hasText: new RegExp(`^\\s*Line ${tsCurrentLine}(?!\\d)[^]*current · `) }).last();
  await tsCurrentRow.waitFor({ state: 'visible', timeout: T });
  hit('view/title:securityFixReports.refreshSuppressions');
  await screenshot(page, path.join(run.outDir, 'suppressions-view.png'));
  await clickRow(tsCurrentRow);
  await page.locator('.tabs-container .tab.active', { hasText: 'api.ts' }).first().waitFor({ state: 'visible', timeout: T });
  hit('row:suppression');

  step(
    'suppressions: Remove Suppression Comment from a row (inline and menu); Remove Stale Suppressions… on a file, in the refactor preview',
  );
  // Rows show their line, not the fpId: db.py's are told apart from api.ts's by line numbers.
  const lineRow = (line: number) => staleRows.filter({ hasText: new RegExp(`^\\s*Line ${line}(?!\\d)`) }).first();
  const pyAbove = at(py1, `(fp ${UNKNOWN_FP[0]})`) + 1;
  const pyEnd = at(py1, `(fp ${UNKNOWN_FP[1]})`) + 1;
  const tsRows = [at(ts1, `(fp ${fp.fpId})`) + 1, at(ts1, `(fp ${UNKNOWN_FP[2]})`) + 1];
  assert.ok(![pyAbove, pyEnd, pyEnd - 1].some((n) => tsRows.includes(n)), 'the two files’ comments are on different line numbers');
  // The inline button of the first db.py row.
  const first = lineRow(pyAbove);
  await first.hover();
  await first.locator('a.action-label[aria-label^="Remove Suppression Comment"]').first().click();
  await waitUntil(async () => ((await staleRows.count()) === 2 ? true : undefined), 'the inline removal to leave two stale');
  hit('view/item/context:inline:securityFixReports.removeSuppressionComment');
  await page.waitForTimeout(1_000); // the edited file is searched again once typing would have paused
  // The context menu of the other (its line moved up by one).
  await contextMenu(lineRow(pyEnd - 1), 'Remove Suppression Comment');
  await waitUntil(async () => ((await staleRows.count()) === 1 ? true : undefined), 'the menu removal to leave one stale');
  hit('view/item/context:securityFixReports.removeSuppressionComment');
  await runCommandFromPalette(page, 'File: Save All', T);
  await sameBytes(py, original.py, 'db.py is as it was, byte for byte');
  // api.ts's file row: Remove Stale Suppressions… → the refactor preview → tick → Apply.
  const preview = page.locator('.part.panel', { hasText: 'Refactor Preview' }).first();
  const applyPreview = async () => {
    await preview.waitFor({ state: 'visible', timeout: T });
    // Entries start unticked (needsConfirmation): tick the file, which ticks its entries, then Apply.
    await preview.locator('.monaco-custom-toggle, .monaco-checkbox, input[type="checkbox"]').first().click();
    await preview.locator('.monaco-button', { hasText: 'Apply' }).first().click();
  };
  await contextMenu(paneRows.filter({ hasText: 'api.ts' }).first(), 'Remove Stale Suppressions in This File…');
  await applyPreview();
  await waitUntil(async () => ((await staleRows.count()) === 0 ? true : undefined), 'no stale comment left');
  hit('view/item/context:securityFixReports.removeStaleSuppressionsInFile');
  await runCommandFromPalette(page, 'File: Save All', T);
  await sameBytes(ts, withCurrentOnly, 'api.ts holds only the current comment, byte for byte');

  step('suppressions: Remove Stale Suppressions… from the title bar, in the refactor preview');
  await writeFile(py, py1.join('\n'));
  await paneAction('Refresh Suppressions');
  await waitUntil(async () => ((await staleRows.count()) === 2 ? true : undefined), 'two stale comments again');
  // The header's actions redraw when the view's description changes: a click can be lost then.
  for (let attempt = 1; ; attempt++) {
    await paneAction('Remove Stale Suppressions');
    const shown = await preview
      .waitFor({ state: 'visible', timeout: 10_000 })
      .then(() => true)
      .catch(() => false);
    if (shown) break;
    if (attempt === 3) throw new Error('Remove Stale Suppressions… showed no refactor preview after 3 clicks');
  }
  await applyPreview();
  await waitUntil(async () => ((await staleRows.count()) === 0 ? true : undefined), 'the stale comments removed');
  hit('view/title:securityFixReports.removeStaleSuppressions');
  await runCommandFromPalette(page, 'File: Save All', T);
  await sameBytes(py, original.py, 'db.py is as it was again, byte for byte');
  await hidePanel(page, T);
  await runCommandFromPalette(page, 'View: Close All Editors', T);
  await writeFile(ts, original.ts);
}

/** The oracle: fingerprints as multisets. */
function changes(later: readonly { fingerprintHash?: string | null }[], earlier: readonly { fingerprintHash?: string | null }[]) {
  const key = (i: { fingerprintHash?: string | null }) => (i.fingerprintHash?.trim() ? i.fingerprintHash.trim() : undefined);
  const left = new Map<string, number>();
  for (const i of earlier) {
    const k = key(i);
    if (k) left.set(k, (left.get(k) ?? 0) + 1);
  }
  let added = 0;
  for (const i of later) {
    const k = key(i);
    if (!k) continue;
    const n = left.get(k) ?? 0;
    if (n > 0) left.set(k, n - 1);
    else added++;
  }
  return { new: added, fixed: [...left.values()].reduce((a, b) => a + b, 0) };
}
