// The Fix Insights panel: one per window, revealed again when asked twice. It posts the scope's
// metrics to its webview when the page is ready, when the user switches scope, and (debounced)
// when the store's data changes while it is visible. Hidden, the page is discarded
// (retainContextWhenHidden off) and rebuilt from the data when shown again; after a window
// reload the serializer restores it with its scope. A computation that takes a while shows a
// notification with its progress and Cancel; cancelled, the page shows what was measured so far.
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import type { FixReportDetail } from '../../api/schemas';
import { Disposable } from '../../common/disposable';
import type { ExtensionLog } from '../../editor/log';
import type { ReportStore } from '../../editor/reportStore';
import type { FromWebview, InsightsScope, InsightsState, ToWebview } from '../../webview/insights/protocol';
import { loadReporting } from '../loadReporting';
import { insightsHtml } from './html';
import { DetailMemo } from './detailMemo';
import { errorMessage } from '../../common/errors';
import { formatCount } from '../../common/text';

export const INSIGHTS_VIEW_TYPE = 'securityFixReports.insights';
/** Where the dashboard opens: this workspace's repositories (all reports when none has a report, data.ts). */
export const OPENING_SCOPE: InsightsScope = { kind: 'workspace' };
const REDRAW_DELAY_MS = 500;
/** A computation shorter than this (a redraw from what is in memory) shows no notification. */
const PROGRESS_DELAY_MS = 500;
/** At most one progress line a quarter second to the page. */
const PAGE_PROGRESS_MS = 250;

export interface InsightsDeps {
  readonly store: ReportStore;
  readonly log: ExtensionLog;
  readonly extensionUri: vscode.Uri;
  readonly workspaceRemotes: () => Promise<string[]>;
  /** securityFixReports.insights.maxReports, as read now. */
  readonly maxReports: () => number;
  /** Fires when the settings may have changed. */
  readonly onDidChangeSettings: vscode.Event<unknown>;
  /** A report's detail from the service, for the dashboard alone (the store does not keep it). */
  readonly fetchDetail: (reportId: string, signal?: AbortSignal) => Promise<FixReportDetail>;
}

/** What the page reported, for the tests: how often it drew, with which series colours, and CSP violations (must stay 0). */
export interface InsightsStats {
  rendered: number;
  /** Charts drawn, and charts shown as a "no data" line instead. */
  charts: number;
  emptyCharts: number;
  tiles: number;
  tables: number;
  /** The colour table as the theme resolved it (webview/insights/colours), in its order. */
  colours: readonly string[];
  cspViolations: string[];
}

export class InsightsPanel extends Disposable {
  private static current: InsightsPanel | undefined;
  static readonly stats: InsightsStats = { rendered: 0, charts: 0, emptyCharts: 0, tiles: 0, tables: 0, colours: [], cspViolations: [] };
  private timer: NodeJS.Timeout | undefined;
  private run = 0;
  /** The computation under way: aborted by a newer one or by Cancel. */
  private computing: AbortController | undefined;
  /** The data changed while a computation ran: once more after it. */
  private stale = false;
  /** The user cancelled: data changes redraw nothing until the page asks again. */
  private held = false;
  private maxReports: number;
  /** Details the dashboard fetched (not the store's), bounded by the cap; gone with the panel. */
  private readonly memo = new DetailMemo();

  /** Opens the dashboard on this scope, or shows the open one switched to it. */
  static show(deps: InsightsDeps, scope: InsightsScope): void {
    const open = InsightsPanel.current;
    if (open) {
      open.scope = scope;
      open.panel.reveal();
      void open.restart();
      return;
    }
    const panel = vscode.window.createWebviewPanel(INSIGHTS_VIEW_TYPE, l10n.t('Fix Insights'), vscode.ViewColumn.Active, {});
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
    this.register(
      deps.store.onDidChange((change) => {
        if (change.kind === 'all') this.memo.clear(); // refreshed, reset or another service: fetched details are out of date
        if (change.kind !== 'status') this.schedule();
      }),
    );
    this.maxReports = deps.maxReports();
    this.register(deps.onDidChangeSettings(() => deps.maxReports() !== this.maxReports && this.schedule()));
    this.register(panel.onDidDispose(() => this.dispose()));
    this.register({ dispose: () => clearTimeout(this.timer) });
    this.register({ dispose: () => this.computing?.abort() });
    this.register({ dispose: () => this.memo.clear() });
  }

  private received(message: FromWebview): void {
    switch (message.type) {
      case 'ready':
        return void this.restart();
      case 'scope':
        this.scope = message.scope;
        return void this.restart();
      case 'loadIssues':
        return void this.loadIssues();
      case 'rendered':
        InsightsPanel.stats.rendered++;
        InsightsPanel.stats.charts = message.charts;
        InsightsPanel.stats.emptyCharts = message.emptyCharts;
        InsightsPanel.stats.tiles = message.tiles;
        InsightsPanel.stats.tables = message.tables;
        InsightsPanel.stats.colours = message.colours;
        return;
      case 'cspViolation':
        InsightsPanel.stats.cspViolations.push(`${message.directive} ${message.blocked}`);
        this.deps.log.error(`Fix Insights: the page's Content Security Policy blocked ${message.directive} (${message.blocked}).`);
        return;
    }
  }

  /** A redraw after the data changed: never interrupts a computation, runs once more after it. */
  private schedule(): void {
    if (!this.panel.visible || this.held) return; // shown again, the page reloads and asks for fresh data
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      if (this.computing) this.stale = true;
      else void this.update();
    }, REDRAW_DELAY_MS);
  }

  /** The page asked (opened, another scope, issues loaded): what runs is replaced. */
  private restart(): Promise<void> {
    this.held = false;
    this.stale = false;
    this.computing?.abort();
    return this.update();
  }

  private async update(): Promise<void> {
    const run = ++this.run;
    const controller = new AbortController();
    this.computing = controller;
    this.maxReports = this.deps.maxReports();
    let progress: (done: number, total: number) => void = () => undefined;
    let timer: NodeJS.Timeout | undefined;
    try {
      const remotes = await this.deps.workspaceRemotes().catch(() => []);
      const computing = loadReporting().gatherInsights(this.deps.store, this.scope, remotes, {
        maxReports: this.maxReports,
        fetchDetail: this.deps.fetchDetail,
        memo: this.memo,
        signal: controller.signal,
        onProgress: (done, total) => progress(done, total),
      });
      timer = setTimeout(() => this.showProgress(computing, controller, (report) => (progress = report)), PROGRESS_DELAY_MS);
      const data = await computing;
      if (run === this.run) await this.post(data);
    } catch (e) {
      // The list itself failed: the store already logged it and showed a notification.
      if (run === this.run) await this.post({ type: 'busy', message: l10n.t('No data: {0}', errorMessage(e)) });
    } finally {
      clearTimeout(timer);
      if (this.computing === controller) {
        this.computing = undefined;
        if (this.stale && !this.held && !this.isDisposed) {
          this.stale = false;
          void this.update();
        }
      }
    }
  }

  /** The notification of a computation that takes a while: reports measured, and Cancel. */
  private showProgress(
    computing: Promise<unknown>,
    controller: AbortController,
    onProgress: (report: (done: number, total: number) => void) => void,
  ): void {
    if (controller.signal.aborted) return;
    void vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: l10n.t('Fix Insights'), cancellable: true },
      (progress, token) => {
        token.onCancellationRequested(() => {
          this.held = true;
          controller.abort();
        });
        let shown = 0;
        let posted = 0;
        onProgress((done, total) => {
          const increment = total > 0 ? ((done - shown) / total) * 100 : 0;
          shown = done;
          const message = l10n.t('Measuring report {0} of {1}…', formatCount(done), formatCount(total));
          progress.report({ message, increment });
          if (performance.now() - posted >= PAGE_PROGRESS_MS) {
            posted = performance.now();
            void this.post({ type: 'busy', message });
          }
        });
        return computing.then(
          () => undefined,
          () => undefined,
        );
      },
    );
  }

  private async loadIssues(): Promise<void> {
    await this.post({ type: 'busy', message: l10n.t('Loading issues…') });
    const remotes = await this.deps.workspaceRemotes().catch(() => []);
    try {
      await loadReporting().loadIssues(this.deps.store, this.scope, remotes, this.deps.maxReports());
    } catch (e) {
      // Failed reports are reported by the store; this is the reporting bundle failing to load.
      this.deps.log.error(`Fix Insights: ${errorMessage(e)}`);
    }
    await this.restart();
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

/** The saved scope, checked: the state comes back from the page. Without one, where the dashboard opens. */
function scopeOf(state: unknown): InsightsScope {
  const scope = (state as Partial<InsightsState> | undefined)?.scope as Record<string, unknown> | undefined;
  if (scope?.kind === 'vendor' && typeof scope.vendor === 'string') return { kind: 'vendor', vendor: scope.vendor };
  if (scope?.kind === 'report' && typeof scope.reportId === 'string') return { kind: 'report', reportId: scope.reportId };
  if (scope?.kind === 'all') return { kind: 'all' };
  return OPENING_SCOPE;
}
