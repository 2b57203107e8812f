// Status bar: connected / no key / error, and when data was last refreshed; click for actions.
import * as vscode from 'vscode';
import { relativeTime } from '../model/format';
import { CommandId } from '../commands/ids';
import type { Connection } from '../editor/connection';
import type { ReportStore } from '../editor/reportStore';

export class StatusBar implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('securityFixReports.status', vscode.StatusBarAlignment.Left, 50);
  private readonly subscriptions: vscode.Disposable[];
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly connection: Connection,
    private readonly store: ReportStore,
  ) {
    this.item.name = 'Security Fix Reports';
    this.item.command = CommandId.StatusActions;
    this.subscriptions = [connection.onDidChange(() => this.update()), store.onDidChange(() => this.update())];
    // Keeps "refreshed 3 minutes ago" true without any event.
    this.timer = setInterval(() => this.update(), 60_000);
    this.update();
  }

  update(): void {
    const state = this.connection.state;
    const error = this.store.lastError;
    const refreshed = this.store.lastRefresh ? `refreshed ${relativeTime(this.store.lastRefresh, Date.now())}` : 'not loaded yet';
    const stale = this.store.stale ? ` The data shown is from ${relativeTime(this.store.stale.since, Date.now())}; Refresh to try again.` : '';
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

  dispose(): void {
    clearInterval(this.timer);
    for (const s of this.subscriptions) s.dispose();
    this.item.dispose();
  }
}
