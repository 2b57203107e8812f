// "Clear Cache": deletes the fix reports cached on disk for the configured service (every
// key's). What is on screen stays; the next window start asks the service for everything.
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import { showError } from '../editor/errors';
import type { Services } from './services';
import { errorMessage } from '../common/errors';

export function clearCache(s: Services) {
  // From the title bar the workbench passes the focused row: only `{ confirm: false }` skips the question.
  return async (arg?: { confirm?: boolean }): Promise<void> => {
    const origin = s.connection.origin;
    if (!origin) {
      void vscode.window.showInformationMessage(l10n.t('No service is configured, so nothing is cached for one.'));
      return;
    }
    if (arg?.confirm !== false) {
      const remove = l10n.t('Delete');
      const choice = await vscode.window.showWarningMessage(
        l10n.t('Delete the fix reports cached on this computer for {0}?', origin),
        {
          modal: true,
          detail: l10n.t('What is shown now stays. The next window start fetches everything from the service again.'),
        },
        remove,
      );
      if (choice !== remove) return;
    }
    try {
      await s.caches.clearOrigin(origin);
    } catch (e) {
      await showError(s.log, new Error(l10n.t('The cache of {0} could not be deleted completely: {1}', origin, errorMessage(e))));
      return;
    }
    void vscode.window.showInformationMessage(l10n.t('Deleted the fix reports cached for {0}.', origin));
  };
}
