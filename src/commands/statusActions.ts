// The status bar's click: the actions that fit the current state.
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import type { Services } from './services';
import { CommandId, SHOW_CONTAINER_COMMAND } from '../common/manifest';

export function statusActions(s: Services) {
  return async (): Promise<void> => {
    const state = s.connection.state.kind;
    const actions: (vscode.QuickPickItem & { command: string })[] = [
      { label: l10n.t('$(list-tree) Show Fix Reports'), command: SHOW_CONTAINER_COMMAND },
      ...(state === 'ready' ? [{ label: l10n.t('$(refresh) Refresh'), command: CommandId.Refresh }] : []),
      { label: l10n.t('$(key) Set Service Key'), command: CommandId.SetServiceKey },
      ...(state === 'ready' ? [{ label: l10n.t('$(trash) Clear Service Key'), command: CommandId.ClearServiceKey }] : []),
      { label: l10n.t('$(link) Set Base URL'), command: CommandId.SetBaseUrl },
      { label: l10n.t('$(output) Show Log'), command: CommandId.ShowLog },
    ];
    const chosen = await vscode.window.showQuickPick(actions, { title: l10n.t('Security Fix Reports') });
    if (chosen) await vscode.commands.executeCommand(chosen.command);
  };
}
