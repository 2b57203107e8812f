// The one owner of the view's message, description and badge. The filter, loading and (later)
// stale data all want them; each sets its part here and this module writes the view, so no
// part overwrites another. The message shows in a one-view container, where the description
// is hidden; the badge counts the filter's conditions on the activity bar.
import * as vscode from 'vscode';
import type { Node } from './nodes';

export interface StatusParts {
  /** The filter's conditions in force, e.g. ["Adaptive", "severity error"]. */
  filter: readonly string[];
}

export class ViewStatus {
  private parts: StatusParts = { filter: [] };

  constructor(private readonly view: vscode.TreeView<Node>) {}

  set(change: Partial<StatusParts>): void {
    this.parts = { ...this.parts, ...change };
    this.render();
  }

  private render(): void {
    const { filter } = this.parts;
    this.view.message = filter.length ? `Filtered: ${filter.join(' · ')}. Clear Filter in the title bar shows everything.` : undefined;
    this.view.description = filter.length ? `Filtered: ${filter.join(' · ')}` : undefined;
    this.view.badge = filter.length ? { value: filter.length, tooltip: `${filter.length} filter condition${filter.length === 1 ? '' : 's'} in force` } : undefined;
    void vscode.commands.executeCommand('setContext', 'securityFixReports.filtered', filter.length > 0);
  }
}
