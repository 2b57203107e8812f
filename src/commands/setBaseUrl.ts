// "Set Base URL": writes the user-level setting (the only level that is read).
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import { parseBaseUrl } from '../api/baseUrl';
import type { Services } from './services';
import { SECTION, Setting } from '../common/manifest';

export function setBaseUrl(s: Services) {
  return async (): Promise<void> => {
    const value = await vscode.window.showInputBox({
      title: l10n.t('Security Fix Reports: service base URL'),
      prompt: l10n.t('https://… (plain http only for 127.0.0.1 / localhost). Stored in your user settings; leave empty to remove it.'),
      value: s.connection.settings.baseUrl,
      ignoreFocusOut: true,
      validateInput: (text) => {
        if (text.trim() === '') return undefined; // removes the setting
        try {
          parseBaseUrl(text);
          return undefined;
        } catch (e) {
          return (e as Error).message;
        }
      },
    });
    if (value === undefined) return;
    // The key stays in secret storage under its origin: setting the address again finds it.
    await vscode.workspace.getConfiguration(SECTION).update(Setting.BaseUrl, value.trim() || undefined, vscode.ConfigurationTarget.Global);
  };
}
