// Status bar: connected / no key / error, and when data was last refreshed; click for actions.
import * as vscode from 'vscode';
import { Disposable } from '../common/disposable';
import { CommandId, STATUS_ITEM_ID } from '../common/manifest';
import type { Connection } from '../editor/connection';
import type { ReportStore } from '../editor/reportStore';
import { relativeTime } from '../common/time';

export class StatusBar extends Disposable {
  private readonly item = this.register(vscode.window.createStatusBarItem(STATUS_ITEM_ID, vscode.StatusBarAlignment.Left, 50));

  constructor(
    private readonly connection: Connection,
    private readonly store: ReportStore,
  ) {
    super();
    this.item.name = 'Security Fix Reports';
    this.item.command = CommandId.StatusActions;
    this.register(connection.onDidChange(() => this.update()));
    this.register(store.onDidChange(() => this.update()));
    // Keeps "refreshed 3 minutes ago" true without any event.
    const timer = setInterval(() => this.update(), 60_000);
    this.register({ dispose: () => clearInterval(timer) });
    this.update();
  }

  update(): void {
    const state = this.connection.state;
    const error = this.store.lastError;
    const refreshed = this.store.lastRefresh ? `refreshed ${relativeTime(this.store.lastRefresh, Date.now())}` : 'not loaded yet';
    const stale = this.store.stale
      ? ` The data shown is from ${relativeTime(this.store.stale.since, Date.now())}; Refresh to try again.`
      : '';
    this.item.backgroundColor = undefined;
    switch (state.kind) {
      case 'no-base-url':
        this.item.text = '$(shield) Fix Reports: set up';
        this.item.tooltip = 'Security Fix Reports: no service base URL is configured. Click for actions.';
        break;
      case 'bad-base-url':
        this.item.text = '$(error) Fix Reports';
        this.item.tooltip = `Security Fix Reports: ${state.message}`;
        this.item.backgroundColor = new vscode.ThemeColor('statusBarItem.errorBackground');
        break;
      case 'no-key':
        this.item.text = '$(key) Fix Reports: no key';
        this.item.tooltip = `Security Fix Reports: no service key is stored for ${state.origin}. Click to set it.`;
        break;
      case 'ready':
        if (error) {
          this.item.text = '$(error) Fix Reports';
          this.item.tooltip = `Security Fix Reports: ${error.message}${stale}`;
          this.item.backgroundColor = new vscode.ThemeColor('statusBarItem.errorBackground');
        } else if (this.store.stale) {
          this.item.text = '$(warning) Fix Reports: stale';
          this.item.tooltip = `Security Fix Reports: ${this.store.stale.reason}${stale}`;
          this.item.backgroundColor = new vscode.ThemeColor('statusBarItem.warningBackground');
        } else {
          this.item.text = '$(shield) Fix Reports';
          this.item.tooltip = `Security Fix Reports: connected to ${state.origin}, ${refreshed}. Click for actions.`;
        }
        break;
    }
    this.item.show();
  }

  /** For tests: what the item shows. */
  get text(): string {
    return this.item.text;
  }
}
