// The status bar's click: the actions that fit the current state.
import * as vscode from 'vscode';
import type { Services } from '../editor/services';
import { CommandId, CONTAINER_ID } from './ids';

export function statusActions(s: Services) {
  return async (): Promise<void> => {
    const state = s.connection.state.kind;
    const actions: (vscode.QuickPickItem & { command: string })[] = [
      { label: '$(list-tree) Show Fix Reports', command: `workbench.view.extension.${CONTAINER_ID}` },
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
