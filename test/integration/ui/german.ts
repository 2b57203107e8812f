// The extension in German, in a real editor: code-server started with --locale de and a
// test-only language pack (tools/editor/languagePack.ts), so vscode.env.language is "de". What
// a German user sees comes from our translations: the view's title from package.nls.de.json,
// a command's title in the view's title bar, and a message and its button from
// l10n/bundle.l10n.de.json. VS Code's own strings stay English (the pack translates none).
import { strict as assert } from 'node:assert';
import * as path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { openViewContainer, screenshot, viewPane, waitForWorkbench } from '../../../tools/editor/ui';

const T = 30_000;

/** The German texts checked, from package.nls.de.json and l10n/bundle.l10n.de.json. */
const GERMAN = {
  viewTitle: 'Sicherheitskorrekturberichte',
  suppressions: 'Unterdrückungen',
  // Its rows: none found, or a comment's line (earlier sessions may leave one in the workspace).
  suppressionRow: /Keine Unterdrückungskommentare im Arbeitsbereich\.|Zeile \d+/,
  refresh: 'Aktualisieren',
  keyOffer: 'SECURITY_FIX_REPORTS_KEY ist in der Umgebung gesetzt',
  storeKey: 'Schlüssel speichern',
};

/** The Fixes group and a fix row's menu items in German (l10n, package.nls.de.json), for the Restricted Mode check in this editor. */
export const GERMAN_FIX_LABELS = { fixes: 'Korrekturen', previewFix: 'Korrekturvorschau anzeigen', applyFix: 'Korrektur anwenden' };

/** Returns the reports' pane, for the checks that follow in this editor. */
export async function checkGerman(page: Page, outDir: string, step: (name: string) => void): Promise<Locator> {
  step('German: the workbench with --locale de and the test language pack');
  await waitForWorkbench(page);
  step(`German: the key offer reads "${GERMAN.keyOffer}…", and its button "${GERMAN.storeKey}" stores the key`);
  const toast = page.locator('.notifications-toasts .notification-list-item', { hasText: GERMAN.keyOffer }).first();
  await toast.waitFor({ state: 'visible', timeout: T });
  await toast.locator('.monaco-button', { hasText: GERMAN.storeKey }).first().click();
  await toast.waitFor({ state: 'hidden', timeout: T });
  step(`German: the view is "${GERMAN.viewTitle}"; its title bar's "${GERMAN.refresh}" reloads the reports`);
  const container = await openViewContainer(page, GERMAN.viewTitle, T);
  const sidebar = viewPane(container, GERMAN.viewTitle);
  const refresh = sidebar.locator(`.pane-header .actions-container a.action-label[aria-label^="${GERMAN.refresh}"]`).first();
  await refresh.waitFor({ state: 'visible', timeout: T });
  const rows = sidebar.locator('.monaco-list-row');
  await rows.first().waitFor({ state: 'visible', timeout: T });
  await refresh.click();
  await rows.first().waitFor({ state: 'visible', timeout: T });
  assert.ok((await rows.count()) > 0, 'the reports are listed after the German Refresh');
  step(`German: the view "${GERMAN.suppressions}" speaks German too`);
  const suppressions = viewPane(container, GERMAN.suppressions);
  await suppressions.locator('.monaco-list-row', { hasText: GERMAN.suppressionRow }).first().waitFor({ state: 'visible', timeout: T });
  await screenshot(page, path.join(outDir, 'german.png'));
  return sidebar;
}
