// The Fix Insights panel: one per window, revealed again when asked twice. It posts the scope's
// metrics to its webview when the page is ready, when the user switches scope, and (debounced)
// when the store's data changes while it is visible. Hidden, the page is discarded
// (retainContextWhenHidden off) and rebuilt from the data when shown again; after a window
// reload the serializer restores it with its scope.
import * as vscode from 'vscode';
import { Disposable } from '../../common/disposable';
import type { ExtensionLog } from '../../editor/log';
import type { ReportStore } from '../../editor/reportStore';
import type { FromWebview, InsightsScope, InsightsState, ToWebview } from '../../webview/insights/protocol';
import { loadReporting } from '../loadReporting';
import { insightsHtml } from './html';

export const INSIGHTS_VIEW_TYPE = 'securityFixReports.insights';
const REDRAW_DELAY_MS = 500;

export interface InsightsDeps {
  readonly store: ReportStore;
  readonly log: ExtensionLog;
  readonly extensionUri: vscode.Uri;
  readonly workspaceRemotes: () => Promise<string[]>;
}

/** What the page reported, for the tests: how often it drew, with which series colours, and CSP violations (must stay 0). */
export interface InsightsStats {
  rendered: number;
  charts: number;
  tables: number;
  colours: readonly string[];
  cspViolations: string[];
}

export class InsightsPanel extends Disposable {
  private static current: InsightsPanel | undefined;
  static readonly stats: InsightsStats = { rendered: 0, charts: 0, tables: 0, colours: [], cspViolations: [] };
  private timer: NodeJS.Timeout | undefined;
  private run = 0;

  /** Opens the dashboard on this scope, or shows the open one switched to it. */
  static show(deps: InsightsDeps, scope: InsightsScope): void {
    const open = InsightsPanel.current;
    if (open) {
      open.scope = scope;
      open.panel.reveal();
      void open.update();
      return;
    }
    const panel = vscode.window.createWebviewPanel(INSIGHTS_VIEW_TYPE, 'Fix Insights', vscode.ViewColumn.Active, {});
    InsightsPanel.current = new InsightsPanel(panel, deps, scope);
  }

  /** After a window reload: the same panel, its scope from the page's saved state. */
  static restore(deps: InsightsDeps, panel: vscode.WebviewPanel, state: unknown): void {
    InsightsPanel.current?.dispose();
    InsightsPanel.current = new InsightsPanel(panel, deps, scopeOf(state));
  }

  private constructor(
    private readonly panel: vscode.WebviewPanel,
    private readonly deps: InsightsDeps,
    private scope: InsightsScope,
  ) {
    super();
    const dist = vscode.Uri.joinPath(deps.extensionUri, 'dist');
    panel.webview.options = { enableScripts: true, localResourceRoots: [dist] };
    panel.webview.html = insightsHtml(panel.webview, panel.webview.asWebviewUri(vscode.Uri.joinPath(dist, 'insights.js')));
    this.register(panel.webview.onDidReceiveMessage((m: FromWebview) => this.received(m)));
    this.register(deps.store.onDidChange((change) => change.kind !== 'status' && this.schedule()));
    this.register(panel.onDidDispose(() => this.dispose()));
    this.register({ dispose: () => clearTimeout(this.timer) });
  }

  private received(message: FromWebview): void {
    switch (message.type) {
      case 'ready':
        return void this.update();
      case 'scope':
        this.scope = message.scope;
        return void this.update();
      case 'loadIssues':
        return void this.loadIssues();
      case 'rendered':
        InsightsPanel.stats.rendered++;
        InsightsPanel.stats.charts = message.charts;
        InsightsPanel.stats.tables = message.tables;
        InsightsPanel.stats.colours = message.colours;
        return;
      case 'cspViolation':
        InsightsPanel.stats.cspViolations.push(`${message.directive} ${message.blocked}`);
        this.deps.log.error(`Fix Insights: the page's Content Security Policy blocked ${message.directive} (${message.blocked}).`);
        return;
    }
  }

  private schedule(): void {
    if (!this.panel.visible) return; // shown again, the page reloads and asks for fresh data
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.update(), REDRAW_DELAY_MS);
  }

  private async update(): Promise<void> {
    const run = ++this.run;
    const remotes = await this.deps.workspaceRemotes().catch(() => []);
    try {
      const data = await loadReporting().gatherInsights(this.deps.store, this.scope, remotes);
      if (run === this.run) await this.post(data);
    } catch (e) {
      // The list itself failed: the store already logged it and showed a notification.
      if (run === this.run) await this.post({ type: 'busy', message: `No data: ${e instanceof Error ? e.message : String(e)}` });
    }
  }

  private async loadIssues(): Promise<void> {
    await this.post({ type: 'busy', message: 'Loading issues…' });
    const remotes = await this.deps.workspaceRemotes().catch(() => []);
    try {
      await loadReporting().loadIssues(this.deps.store, this.scope, remotes);
    } catch (e) {
      // Failed reports are reported by the store; this is the reporting bundle failing to load.
      this.deps.log.error(`Fix Insights: ${e instanceof Error ? e.message : String(e)}`);
    }
    await this.update();
  }

  private async post(message: ToWebview): Promise<void> {
    if (!this.isDisposed) await this.panel.webview.postMessage(message);
  }

  override dispose(): void {
    if (this.isDisposed) return;
    if (InsightsPanel.current === this) InsightsPanel.current = undefined;
    this.panel.dispose();
    super.dispose();
  }
}

/** The saved scope, checked: the state comes back from the page. */
function scopeOf(state: unknown): InsightsScope {
  const scope = (state as Partial<InsightsState> | undefined)?.scope as Record<string, unknown> | undefined;
  if (scope?.kind === 'vendor' && typeof scope.vendor === 'string') return { kind: 'vendor', vendor: scope.vendor };
  if (scope?.kind === 'report' && typeof scope.reportId === 'string') return { kind: 'report', reportId: scope.reportId };
  if (scope?.kind === 'workspace') return { kind: 'workspace' };
  return { kind: 'all' };
}
