// The status bar's click: the actions that fit the current state.
import * as vscode from 'vscode';
import type { Services } from './services';
import { CommandId, SHOW_CONTAINER_COMMAND } from '../common/manifest';

export function statusActions(s: Services) {
  return async (): Promise<void> => {
    const state = s.connection.state.kind;
    const actions: (vscode.QuickPickItem & { command: string })[] = [
      { label: '$(list-tree) Show Fix Reports', command: SHOW_CONTAINER_COMMAND },
      ...(state === 'ready' ? [{ label: '$(refresh) Refresh', command: CommandId.Refresh }] : []),
      { label: '$(key) Set Service Key', command: CommandId.SetServiceKey },
      ...(state === 'ready' ? [{ label: '$(trash) Clear Service Key', command: CommandId.ClearServiceKey }] : []),
      { label: '$(link) Set Base URL', command: CommandId.SetBaseUrl },
      { label: '$(output) Show Log', command: CommandId.ShowLog },
    ];
    const chosen = await vscode.window.showQuickPick(actions, { title: 'Security Fix Reports' });
    if (chosen) await vscode.commands.executeCommand(chosen.command);
  };
}
