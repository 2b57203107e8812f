// "Clear Service Key": removes the key of the configured origin from SecretStorage, and the
// reports cached for that origin: they were fetched with the key and go with it.
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import { showError } from '../editor/errors';
import type { Services } from './services';
import { errorMessage } from '../common/errors';

export function clearServiceKey(s: Services) {
  return async (arg?: { confirm?: boolean }): Promise<void> => {
    const origin = s.connection.origin;
    if (!origin || !(await s.keys.get(origin))) {
      void vscode.window.showInformationMessage(l10n.t('No service key is stored for the configured base URL.'));
      return;
    }
    if (arg?.confirm !== false) {
      const choice = await vscode.window.showWarningMessage(
        l10n.t('Remove the service key stored for {0}?', origin),
        { modal: true },
        l10n.t('Remove'),
      );
      if (!choice) return;
    }
    await s.keys.delete(origin); // the connection reloads (and the view with it) before this resolves
    s.log.info(`Service key removed for ${origin}.`);
    await s.caches
      .clearOrigin(origin)
      .catch((e: unknown) =>
        showError(
          s.log,
          new Error(
            l10n.t(
              'The key is removed, but the reports cached for {0} could not all be deleted: {1}. Run "Security Fix Reports: Clear Cache" to try again.',
              origin,
              errorMessage(e),
            ),
          ),
        ),
      );
  };
}
