// Status bar: connected / no key / error, and when data was last refreshed; click for actions.
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import { Disposable } from '../common/disposable';
import { CommandId, STATUS_ITEM_ID } from '../common/manifest';
import type { Connection } from '../editor/connection';
import type { ReportStore } from '../editor/reportStore';
import { relativeTimeText } from './timeText';

export class StatusBar extends Disposable {
  private readonly item = this.register(vscode.window.createStatusBarItem(STATUS_ITEM_ID, vscode.StatusBarAlignment.Left, 50));

  constructor(
    private readonly connection: Connection,
    private readonly store: ReportStore,
  ) {
    super();
    this.item.name = l10n.t('Security Fix Reports');
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
    const now = Date.now();
    const stale = this.store.stale
      ? ` ${l10n.t('The data shown is from {0}; Refresh to try again.', relativeTimeText(this.store.stale.since, now))}`
      : '';
    this.item.backgroundColor = undefined;
    switch (state.kind) {
      case 'no-base-url':
        this.item.text = l10n.t('$(shield) Fix Reports: set up');
        this.item.tooltip = l10n.t('Security Fix Reports: no service base URL is configured. Click for actions.');
        break;
      case 'bad-base-url':
        this.item.text = l10n.t('$(error) Fix Reports');
        this.item.tooltip = l10n.t('Security Fix Reports: {0}', state.message);
        this.item.backgroundColor = new vscode.ThemeColor('statusBarItem.errorBackground');
        break;
      case 'no-key':
        this.item.text = l10n.t('$(key) Fix Reports: no key');
        this.item.tooltip = l10n.t('Security Fix Reports: no service key is stored for {0}. Click to set it.', state.origin);
        break;
      case 'ready':
        if (error) {
          this.item.text = l10n.t('$(error) Fix Reports');
          this.item.tooltip = l10n.t('Security Fix Reports: {0}', `${error.message}${stale}`);
          this.item.backgroundColor = new vscode.ThemeColor('statusBarItem.errorBackground');
        } else if (this.store.stale) {
          this.item.text = l10n.t('$(warning) Fix Reports: stale');
          this.item.tooltip = l10n.t('Security Fix Reports: {0}', `${this.store.stale.reason}${stale}`);
          this.item.backgroundColor = new vscode.ThemeColor('statusBarItem.warningBackground');
        } else {
          this.item.text = l10n.t('$(shield) Fix Reports');
          this.item.tooltip = this.store.lastRefresh
            ? l10n.t(
                'Security Fix Reports: connected to {0}, refreshed {1}. Click for actions.',
                state.origin,
                relativeTimeText(this.store.lastRefresh, now),
              )
            : l10n.t('Security Fix Reports: connected to {0}, not loaded yet. Click for actions.', state.origin);
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
