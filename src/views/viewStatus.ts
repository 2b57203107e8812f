// The one owner of the view's message, description and badge. The filter, a refresh under way
// and stale data all want them; each sets its part here and this module writes the view, so no
// part overwrites another. The message shows in a one-view container, where the description
// is hidden; the badge counts the filter's conditions on the activity bar.
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import { Disposable } from '../common/disposable';
import { ContextKey } from '../common/manifest';
import { setContext } from '../editor/contextKeys';
import type { Node } from './nodes';
import { statusText, type StatusParts } from './statusText';

export class ViewStatus extends Disposable {
  private parts: StatusParts = { filter: [] };
  private ticker: NodeJS.Timeout | undefined;
  private flags: string | undefined;

  constructor(private readonly view: vscode.TreeView<Node>) {
    super();
    this.register({ dispose: () => clearInterval(this.ticker) });
  }

  set(change: Partial<StatusParts>): void {
    this.parts = { ...this.parts, ...change };
    // While a refresh waits, "no answer for 12 s" must keep counting without any event.
    if (this.parts.refreshing && !this.ticker) this.ticker = setInterval(() => this.render(), 1_000);
    if (!this.parts.refreshing && this.ticker) {
      clearInterval(this.ticker);
      this.ticker = undefined;
    }
    this.render();
  }

  private render(nowMs = Date.now()): void {
    const { message, description } = statusText(this.parts, nowMs);
    // Written only when they change: each write re-lays the view out, and rows that move under
    // the pointer cannot be clicked.
    if (this.view.message !== message) this.view.message = message;
    if (this.view.description !== description) this.view.description = description;
    const { filter } = this.parts;
    const badge = filter.length
      ? {
          value: filter.length,
          tooltip: filter.length === 1 ? l10n.t('1 filter condition in force') : l10n.t('{0} filter conditions in force', filter.length),
        }
      : undefined;
    if (this.view.badge?.value !== badge?.value) this.view.badge = badge;
    const flags = `${filter.length > 0}|${!!this.parts.refreshing}`;
    if (flags === this.flags) return;
    this.flags = flags;
    void setContext(ContextKey.Filtered, filter.length > 0);
    void setContext(ContextKey.Refreshing, !!this.parts.refreshing);
  }
}
