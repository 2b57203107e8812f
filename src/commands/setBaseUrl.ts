// "Set Base URL": writes the user-level setting (the only level that is read).
import * as vscode from 'vscode';
import { parseBaseUrl } from '../api/baseUrl';
import type { Services } from '../editor/services';
import { SECTION } from '../editor/settings';

export function setBaseUrl(s: Services) {
  return async (): Promise<void> => {
    const value = await vscode.window.showInputBox({
      title: 'Security Fix Reports: service base URL',
      prompt: 'https://… (plain http only for 127.0.0.1 / localhost). Stored in your user settings.',
      value: s.connection.settings.baseUrl,
      ignoreFocusOut: true,
      validateInput: (text) => {
        try {
          parseBaseUrl(text);
          return undefined;
        } catch (e) {
          return (e as Error).message;
        }
      },
    });
    if (value === undefined) return;
    await vscode.workspace.getConfiguration(SECTION).update('baseUrl', value.trim(), vscode.ConfigurationTarget.Global);
  };
}
