// "Clear Service Key": removes the key of the configured origin from SecretStorage.
import * as vscode from 'vscode';
import type { Services } from './services';

export function clearServiceKey(s: Services) {
  return async (arg?: { confirm?: boolean }): Promise<void> => {
    const origin = s.connection.origin;
    if (!origin || !(await s.keys.get(origin))) {
      void vscode.window.showInformationMessage('No service key is stored for the configured base URL.');
      return;
    }
    if (arg?.confirm !== false) {
      const choice = await vscode.window.showWarningMessage(`Remove the service key stored for ${origin}?`, { modal: true }, 'Remove');
      if (!choice) return;
    }
    await s.keys.delete(origin); // the connection reloads (and the view with it) before this resolves
    s.log.info(`Service key removed for ${origin}.`);
  };
}
