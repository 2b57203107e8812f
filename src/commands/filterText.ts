// "Filter by Text…": keeps the fixes and issues whose type, rule id, language, state, summary
// or file path (a fix's through its issues) contain the text (case-insensitive); empty clears
// it. Title-bar command: the focused row the workbench passes is ignored.
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import type { Services } from './services';
import { applyFilter } from './filter';

export function filterText(s: Services) {
  return async (): Promise<void> => {
    const text = await vscode.window.showInputBox({
      title: l10n.t('Filter fix reports by text'),
      prompt: l10n.t('Issue type, rule id, language, state, summary or file path; empty shows everything again'),
      value: s.tree.filter.text,
    });
    if (text === undefined) return;
    applyFilter(s, { ...s.tree.filter, text: text.trim() });
  };
}
