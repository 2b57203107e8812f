// "Clear Cache": deletes the fix reports cached on disk for the configured service (every
// key's). What is on screen stays; the next window start asks the service for everything.
import * as vscode from 'vscode';
import { showError } from '../editor/errors';
import type { Services } from './services';
import { errorMessage } from '../common/errors';

export function clearCache(s: Services) {
  // From the title bar the workbench passes the focused row: only `{ confirm: false }` skips the question.
  return async (arg?: { confirm?: boolean }): Promise<void> => {
    const origin = s.connection.origin;
    if (!origin) {
      void vscode.window.showInformationMessage('No service is configured, so nothing is cached for one.');
      return;
    }
    if (arg?.confirm !== false) {
      const choice = await vscode.window.showWarningMessage(
        `Delete the fix reports cached on this computer for ${origin}?`,
        { modal: true, detail: 'What is shown now stays. The next window start fetches everything from the service again.' },
        'Delete',
      );
      if (choice !== 'Delete') return;
    }
    try {
      await s.caches.clearOrigin(origin);
    } catch (e) {
      await showError(s.log, new Error(`The cache of ${origin} could not be deleted completely: ${errorMessage(e)}`));
      return;
    }
    void vscode.window.showInformationMessage(`Deleted the fix reports cached for ${origin}.`);
  };
}
