// "Store the Environment Key": the welcome view's way to take SECURITY_FIX_REPORTS_KEY into
// secret storage (dev containers, CI images), for when its one-time notification went by.
// Stored like any key: checked with one request, for the configured origin only.
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import type { Services } from './services';
import { CommandId } from '../common/manifest';

export function useEnvironmentKey(_s: Services, env: NodeJS.ProcessEnv = process.env) {
  return async (): Promise<boolean> => {
    const key = env.SECURITY_FIX_REPORTS_KEY?.trim();
    if (!key) {
      void vscode.window.showWarningMessage(l10n.t('SECURITY_FIX_REPORTS_KEY is not set in the environment of this editor.'));
      return false;
    }
    return (await vscode.commands.executeCommand<boolean>(CommandId.SetServiceKey, { key })) === true;
  };
}
