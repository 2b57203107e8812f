// "Clear Filter".
import * as vscode from 'vscode';
import type { Services } from '../editor/services';
import { NO_FILTER } from '../views/filter';

export function clearFilter(s: Services) {
  return (): void => {
    s.tree.setFilter(NO_FILTER);
    s.treeView.description = undefined;
    void vscode.commands.executeCommand('setContext', 'securityFixReports.filtered', false);
  };
}
