// Two prompts about where a key comes from: when the configured origin changes (the old
// origin's key is never sent to the new one without the user's say), and once for a key in
// SECURITY_FIX_REPORTS_KEY (dev containers, CI images) to move it into SecretStorage.
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import { CommandId } from '../common/manifest';
import type { Connection } from './connection';
import type { KeyStore } from './keyStore';
import type { ExtensionLog } from './log';

/** What the prompts use (a part of the commands' Services). */
export interface KeyPromptServices {
  context: vscode.ExtensionContext;
  connection: Connection;
  keys: KeyStore;
  log: ExtensionLog;
}

const ENV_OFFERED = 'securityFixReports.envKeyOffered';

export async function askAfterOriginChange(s: KeyPromptServices, previousOrigin: string | undefined): Promise<void> {
  const state = s.connection.state;
  if (state.kind !== 'no-key' || !previousOrigin || previousOrigin === state.origin) return;
  const oldKey = await s.keys.get(previousOrigin);
  if (!oldKey) return;
  s.log.warn(`The base URL moved from ${previousOrigin} to ${state.origin}; the key of ${previousOrigin} is not sent there.`);
  const setKey = l10n.t('Set Key for New Address');
  const useOld = l10n.t('Use the Key of {0}', previousOrigin);
  const choice = await vscode.window.showWarningMessage(
    l10n.t('The service base URL now points to {0}. The key stored for {1} is not sent to it.', state.origin, previousOrigin),
    setKey,
    useOld,
  );
  if (choice === setKey) await vscode.commands.executeCommand(CommandId.SetServiceKey);
  else if (choice === useOld) {
    await s.keys.set(state.origin, oldKey);
    s.log.info(`The key of ${previousOrigin} is now also stored for ${state.origin}, as you chose.`);
  }
}

export async function offerEnvironmentKey(s: KeyPromptServices, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const key = env.SECURITY_FIX_REPORTS_KEY?.trim();
  const state = s.connection.state;
  if (!key || state.kind !== 'no-key' || s.context.globalState.get(ENV_OFFERED)) return;
  await s.context.globalState.update(ENV_OFFERED, true);
  const store = l10n.t('Store Key');
  const choice = await vscode.window.showInformationMessage(
    l10n.t('SECURITY_FIX_REPORTS_KEY is set in the environment. Store it in the editor’s secret storage for {0}?', state.origin),
    store,
    l10n.t('Not Now'),
  );
  if (choice === store) await vscode.commands.executeCommand(CommandId.SetServiceKey, { key });
}
