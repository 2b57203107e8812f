// Errors as notifications with the action that fixes them.
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import { ServiceError } from '../api/errors';
import { messageText } from '../common/text';
import { CommandId } from '../common/manifest';
import type { ExtensionLog } from './log';
import { errorMessage } from '../common/errors';
import { errorTitle } from './errorTitles';

/** Shows an error with actions (Set key on auth, Retry when given, Open log); never throws. */
export async function showError(log: ExtensionLog, error: unknown, retry?: () => unknown): Promise<void> {
  const e = error instanceof ServiceError ? error : undefined;
  if (e?.kind === 'cancelled') return;
  if (!e) log.error(errorMessage(error));
  const text = e ? `${errorTitle(e.kind)}: ${e.message}` : errorMessage(error);
  const setKey = l10n.t('Set Service Key');
  const again = l10n.t('Retry');
  const openLog = l10n.t('Open Log');
  const actions = [...(e?.kind === 'auth' ? [setKey] : []), ...(retry ? [again] : []), openLog];
  const choice = await vscode.window.showErrorMessage(messageText(text), ...actions);
  if (choice === setKey) await vscode.commands.executeCommand(CommandId.SetServiceKey);
  else if (choice === again) await retry?.();
  else if (choice === openLog) log.show();
}
