// Errors as notifications with the action that fixes them.
import * as vscode from 'vscode';
import { ServiceError, errorTitles } from '../api/errors';
import { messageText } from '../common/text';
import { CommandId } from '../common/manifest';
import type { ExtensionLog } from './log';
import { errorMessage } from '../common/errors';

/** Shows an error with actions (Set key on auth, Retry when given, Open log); never throws. */
export async function showError(log: ExtensionLog, error: unknown, retry?: () => unknown): Promise<void> {
  const e = error instanceof ServiceError ? error : undefined;
  if (e?.kind === 'cancelled') return;
  const text = e ? `${errorTitles[e.kind]}: ${e.message}` : errorMessage(error);
  if (!e) log.error(text);
  const actions = [...(e?.kind === 'auth' ? ['Set Service Key'] : []), ...(retry ? ['Retry'] : []), 'Open Log'];
  const choice = await vscode.window.showErrorMessage(messageText(text), ...actions);
  if (choice === 'Set Service Key') await vscode.commands.executeCommand(CommandId.SetServiceKey);
  else if (choice === 'Retry') await retry?.();
  else if (choice === 'Open Log') log.show();
}
