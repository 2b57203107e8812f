// Small Playwright helpers over the VS Code 1.100 workbench DOM (selectors checked against
// code-server 4.100.3). For UI tests and screenshots driven from the Node side of a session.
import { mkdir } from 'node:fs/promises';
import * as path from 'node:path';
import type { Locator, Page } from 'playwright-core';

const ACTIVITY_BAR = '.monaco-workbench .part.activitybar';

export async function waitForWorkbench(page: Page, timeoutMs = 60_000): Promise<void> {
  await page.locator(ACTIVITY_BAR).waitFor({ state: 'visible', timeout: timeoutMs });
}

/**
 * Clicks the activity bar entry whose label starts with `title` (labels may end with a
 * keybinding, e.g. "Explorer (Ctrl+Shift+E)") unless its container is already open, and
 * returns the sidebar. A container with several views shows each in a pane with its own
 * header and title actions: viewPane() narrows the sidebar to one of them.
 */
export async function openViewContainer(page: Page, title: string, timeoutMs = 15_000): Promise<Locator> {
  const entry = page.locator(`.part.activitybar .action-item a.action-label[aria-label^="${cssString(title)}"]`).first();
  await entry.waitFor({ state: 'visible', timeout: timeoutMs });
  const sidebar = page.locator('.part.sidebar');
  const heading = sidebar.locator('.composite.title').first();
  const shown = heading.filter({ hasText: new RegExp(`^\\s*${escapeRegExp(title)}`, 'i') });
  const deadline = Date.now() + timeoutMs;
  // Clicking the entry of the open container closes the sidebar. Right after a reload the
  // workbench may still be restoring that container when we look, and our click then closes
  // it (seen once in CI): look again after each click until it shows.
  for (;;) {
    if (await isSidebarShowing(heading, title)) return sidebar;
    await entry.click();
    try {
      await shown.waitFor({ state: 'visible', timeout: Math.max(1, Math.min(5_000, deadline - Date.now())) });
      return sidebar;
    } catch (e) {
      if (Date.now() >= deadline) throw e;
    }
  }
}

/**
 * One view's pane of an open container with several views: its rows, its message and, in its
 * header, its title actions (`.pane-header .actions-container`; the editor setting
 * workbench.view.alwaysShowHeaderActions, which the harness sets, keeps them visible).
 */
export function viewPane(sidebar: Locator, viewName: string): Locator {
  const title = sidebar.page().locator('.pane-header .title', { hasText: new RegExp(`^\\s*${escapeRegExp(viewName)}\\s*$`, 'i') });
  return sidebar.locator('.pane', { has: title }).first();
}

/** Collapses a view's pane (the others of the container then get its height), if it is expanded. */
export async function collapsePane(sidebar: Locator, viewName: string, timeoutMs = 15_000): Promise<void> {
  const header = sidebar.locator('.pane-header', {
    has: sidebar.page().locator('.title', { hasText: new RegExp(`^\\s*${escapeRegExp(viewName)}\\s*$`, 'i') }),
  });
  await header.first().waitFor({ state: 'visible', timeout: timeoutMs });
  if ((await header.first().getAttribute('aria-expanded')) === 'true') await header.first().click();
}

/** Runs a command by its palette title (e.g. "View: Toggle Word Wrap"). */
export async function runCommandFromPalette(page: Page, title: string, timeoutMs = 15_000): Promise<void> {
  await page.keyboard.press('F1');
  const input = page.locator('.quick-input-widget .quick-input-box input');
  await input.waitFor({ state: 'visible', timeout: timeoutMs });
  await input.fill(`>${title}`);
  const row = page.locator('.quick-input-list .monaco-list-row', { hasText: title }).first();
  await row.waitFor({ state: 'visible', timeout: timeoutMs });
  await input.press('Enter');
  await page.locator('.quick-input-widget').waitFor({ state: 'hidden', timeout: timeoutMs });
}

/**
 * Opens a picker with `open` (e.g. a click on a title action) and types `text` into it. A picker
 * closes when it loses focus, and a view redrawn just before (a refresh, pages) can take the
 * click or the focus: in UI checks the picker once never showed after the click and once closed
 * between opening and typing. Either way it is opened again, up to 3 times.
 */
export async function openPickerAndType(
  page: Page,
  open: () => Promise<void>,
  title: string,
  text: string,
  timeoutMs = 10_000,
): Promise<void> {
  const input = page.locator('.quick-input-widget .quick-input-box input');
  const titled = page.locator('.quick-input-widget .quick-input-title', { hasText: title });
  for (let attempt = 1; ; attempt++) {
    const retry = (e: unknown) => {
      if (attempt === 3) throw e;
      return false;
    };
    await open();
    const shown = await titled.waitFor({ state: 'visible', timeout: timeoutMs }).then(() => true, retry);
    if (shown && (await input.fill(text, { timeout: 5_000 }).then(() => true, retry))) return;
  }
}

/** Hides the panel (Problems, Refactor Preview…) if it is shown: the palette offers "View: Hide Panel" only then. */
export async function hidePanel(page: Page, timeoutMs = 15_000): Promise<void> {
  const panel = page.locator('.part.panel').first();
  if (!(await panel.isVisible())) return;
  await runCommandFromPalette(page, 'View: Hide Panel', timeoutMs);
  await panel.waitFor({ state: 'hidden', timeout: timeoutMs });
}

/** Opens `file` of the workspace with Quick Open and puts the cursor on `line` (1-based). */
/** Opens `file` with the cursor at `line` (1-based) and, when given, `column` (1-based). */
export async function openFileAtLine(page: Page, file: string, line: number, timeoutMs = 30_000, column?: number): Promise<void> {
  await page.keyboard.press('Control+P');
  const input = page.locator('.quick-input-widget .quick-input-box input');
  await input.waitFor({ state: 'visible', timeout: timeoutMs });
  await input.fill(file);
  // The focused row, not any row: Enter opens the focused one, and until the search for the
  // typed name is done the focus can be on an entry of the list as it was.
  await page
    .locator('.quick-input-list .monaco-list-row.focused', { hasText: path.basename(file) })
    .first()
    .waitFor({ state: 'visible', timeout: timeoutMs });
  await input.press('Enter');
  await page.locator('.tabs-container .tab.active', { hasText: path.basename(file) }).waitFor({ state: 'visible', timeout: timeoutMs });
  await page.locator('.quick-input-widget').waitFor({ state: 'hidden', timeout: timeoutMs });
  // The editor must have focus for Ctrl+G to go to a line.
  await page.locator('.editor-group-container.active .editor-instance .view-lines').first().click();
  await goToLine(page, line, column, timeoutMs);
}

/**
 * Go to Line in the focused editor. Enter is taken only once the picker has read the typed line
 * (its label then names it); pressed earlier it is lost and the picker stays open, so wait for
 * the label and press again if the picker is still there.
 */
export async function goToLine(page: Page, line: number, column?: number, timeoutMs = 30_000): Promise<void> {
  const input = page.locator('.quick-input-widget .quick-input-box input');
  await page.keyboard.press('Control+G');
  await input.waitFor({ state: 'visible', timeout: timeoutMs });
  await input.fill(column === undefined ? `:${line}` : `:${line}:${column}`);
  const deadline = Date.now() + timeoutMs;
  while (!((await input.getAttribute('aria-label')) ?? '').includes(`line ${line}`)) {
    if (Date.now() > deadline) throw new Error(`Go to Line did not read line ${line}`);
    await page.waitForTimeout(50);
  }
  for (let attempt = 0; attempt < 3; attempt++) {
    await input.press('Enter');
    const closed = await input.waitFor({ state: 'hidden', timeout: 5_000 }).then(
      () => true,
      () => false,
    );
    if (closed) return;
  }
  await input.waitFor({ state: 'hidden', timeout: timeoutMs });
}

/**
 * Text of the active editor as rendered. Monaco renders only the visible lines, reuses line
 * nodes out of DOM order and draws spaces as U+00A0, so sort by position and map them back.
 */
export async function readEditorText(page: Page, timeoutMs = 15_000): Promise<string> {
  const active = page.locator('.editor-group-container.active .editor-instance .view-lines').first();
  const lines = (await active.count()) > 0 ? active : page.locator('.editor-instance .view-lines').first();
  await lines.waitFor({ state: 'visible', timeout: timeoutMs });
  return lines.evaluate((el) =>
    Array.from((el as unknown as RenderedLines).querySelectorAll('.view-line'))
      .map((line) => ({ top: parseFloat(line.style.top) || 0, text: line.textContent ?? '' }))
      .sort((a, b) => a.top - b.top)
      .map((line) => line.text.replace(/\u00a0/g, ' '))
      .join('\n'),
  );
}

/** The DOM shapes readEditorText touches (the project compiles without the DOM lib). */
interface RenderedLines {
  querySelectorAll(selector: string): ArrayLike<{ style: { top: string }; textContent: string | null }>;
}

export async function screenshot(page: Page, file: string): Promise<string> {
  await mkdir(path.dirname(file), { recursive: true });
  await page.screenshot({ path: file });
  return file;
}

async function isSidebarShowing(heading: Locator, title: string): Promise<boolean> {
  if (!(await heading.isVisible())) return false;
  const text = (await heading.innerText()).trim().toLowerCase();
  return text.startsWith(title.toLowerCase());
}

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Escapes a value for a double-quoted CSS attribute selector. */
function cssString(value: string): string {
  return value.replace(/["\\]/g, '\\$&');
}
