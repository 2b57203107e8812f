// "Set Service Key": a password input, checked with one request, stored in SecretStorage
// under the base URL's origin. `{ key }` as argument skips the input (tests, automation).
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import { messageText } from '../common/text';
import type { Services } from './services';
import { CommandId } from '../common/manifest';

export function setServiceKey(s: Services) {
  return async (arg?: { key?: string }): Promise<boolean> => {
    const origin = s.connection.origin;
    if (!origin) {
      const choice = await vscode.window.showWarningMessage(
        l10n.t('Set the service base URL first: the key is stored for that address only.'),
        l10n.t('Set Base URL'),
      );
      if (choice) await vscode.commands.executeCommand(CommandId.SetBaseUrl);
      return false;
    }
    let problem: string | undefined;
    for (let attempt = 0; attempt < 5; attempt++) {
      const key = arg?.key ?? (await askForKey(origin, problem));
      if (key === undefined) return false;
      const verdict = await check(s, key);
      if (verdict === 'ok' || verdict === 'unverified') {
        await s.keys.set(origin, key); // the connection reloads (and the view with it) before this resolves
        s.log.info(
          `Service key stored for ${origin}${verdict === 'unverified' ? ' (not verified: the service could not be reached)' : ''}.`,
        );
        return true;
      }
      problem = verdict;
      if (arg?.key !== undefined) {
        void vscode.window.showErrorMessage(messageText(l10n.t('The key was not stored: {0}', verdict)));
        return false;
      }
    }
    return false;
  };
}

function askForKey(origin: string, problem?: string): Thenable<string | undefined> {
  return vscode.window
    .showInputBox({
      title: l10n.t('Service key for {0}', origin),
      prompt: problem ?? l10n.t('Stored in the editor’s secret storage for this address only.'),
      password: true,
      ignoreFocusOut: true,
      validateInput: (value) => (/^[\x21-\x7e]+$/.test(value.trim()) ? undefined : l10n.t('Paste the key without spaces or line breaks.')),
    })
    .then((value) => value?.trim());
}

/** 'ok', 'unverified' (network trouble: the user may still store it), or why it was rejected. */
async function check(s: Services, key: string): Promise<'ok' | 'unverified' | string> {
  const verdict = await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title: l10n.t('Checking the service key…') },
    () => s.connection.verify(key),
  );
  if (verdict.kind === 'ok') return 'ok';
  if (verdict.kind === 'rejected') return verdict.message;
  const choice = await vscode.window.showWarningMessage(
    messageText(l10n.t('The key could not be checked: {0}', verdict.message)),
    { modal: true },
    l10n.t('Store Anyway'),
  );
  return choice ? 'unverified' : verdict.message;
}
