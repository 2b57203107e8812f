// Wiring only: build the services, register views and commands, react to settings.
import * as vscode from 'vscode';
import { cancelLoading } from './commands/cancelLoading';
import { clearFilter } from './commands/clearFilter';
import { clearCache } from './commands/clearCache';
import { clearServiceKey } from './commands/clearServiceKey';
import { copyFpSummary } from './commands/copyFpSummary';
import { copyId } from './commands/copyId';
import { filter } from './commands/filter';
import { filterText } from './commands/filterText';
import { CommandId, ContextKey, FP_SCHEME, VIEW_ID } from './common/manifest';
import { insertSuppressionComment } from './commands/insertSuppressionComment';
import { loadMoreIssues } from './commands/loadMoreIssues';
import { openPullRequest } from './commands/openPullRequest';
import { applyFix } from './commands/applyFix';
import { previewFix } from './commands/previewFix';
import { FixReviews } from './editor/fixReviews';
import { confirmInEditor } from './views/fixConfirmation';
import { FixPreviewTabs } from './views/fixPreviewTabs';
import { openRepository } from './commands/openRepository';
import { refresh } from './commands/refresh';
import { cancelRefresh } from './commands/cancelRefresh';
import { refreshReport } from './commands/refreshReport';
import { pinReport } from './commands/pinReport';
import { insightsDeps, showInsights } from './commands/showInsights';
import { showReportInsights } from './commands/showReportInsights';
import { exportReport } from './commands/exportReport';
import { INSIGHTS_VIEW_TYPE, InsightsPanel, type InsightsStats } from './views/insights/panel';
import { goToFinding } from './commands/goToFinding';
import { revealFinding } from './commands/revealFinding';
import { suppressAllInFile } from './commands/suppressAllInFile';
import { unpinReport } from './commands/unpinReport';
import { setBaseUrl } from './commands/setBaseUrl';
import { setServiceKey } from './commands/setServiceKey';
import { openIssue } from './commands/openIssue';
import { showFpExplanation } from './commands/showFpExplanation';
import { showLog } from './commands/showLog';
import { statusActions } from './commands/statusActions';
import { useEnvironmentKey } from './commands/useEnvironmentKey';
import { Connection } from './editor/connection';
import { showError } from './editor/errors';
import { askAfterOriginChange, offerEnvironmentKey } from './editor/keyPrompts';
import { KeyStore } from './editor/keyStore';
import { FallbackExplanations, RecentExplanations, ServiceExplanations } from './editor/explanations';
import { ExtensionLog } from './editor/log';
import { Pins } from './editor/pins';
import { Findings } from './editor/findings';
import { ScannedTexts } from './editor/scannedText';
import { ReportCaches } from './editor/reportCaches';
import { ReportStore } from './editor/reportStore';
import { Repositories } from './editor/repositories';
import type { Services } from './commands/services';
import { setContext } from './editor/contextKeys';
import { migrateRenamedSettings } from './editor/settings';
import { FpExplanationProvider } from './views/fpExplanation';
import { FIX_PREVIEW_SCHEME, FixPreviewDocuments } from './views/fixPreview';
import { ReportsTree } from './views/reportsTree';
import { StatusBar } from './views/statusBar';
import { findingsNotes } from './views/statusText';
import { diagnosticOf, Problems, type PublishResult } from './views/problems';
import { FindingActions, findingActionKinds } from './views/findingActions';
import { ViewStatus } from './views/viewStatus';
import { FindingHover } from './views/findingHover';
import { SuppressionHover } from './views/suppressionHover';

/** How long the tree waits after findings moved before it redraws their rows. */
const TREE_REDRAW_MS = 1_000;

/** What activate() returns: for the integration tests (and other extensions, read-only use). */
export interface ExtensionApi {
  services: Services;
  statusBar: StatusBar;
  /** Milliseconds from activate() start to the tree provider being registered. */
  activationMs: number;
  ready: Promise<void>;
  /** What the Fix Insights page reported (draws, charts, tables, CSP violations): for the tests. */
  insights: InsightsStats;
}

export function activate(context: vscode.ExtensionContext): ExtensionApi {
  const started = performance.now();
  const log = new ExtensionLog(vscode.window.createOutputChannel('Security Fix Reports', { log: true }));
  const keys = new KeyStore(context.secrets, context.globalState);
  const version = (context.extension.packageJSON as { version?: string }).version ?? 'dev';
  const connection = new Connection(keys, log, `security-fix-reports-vscode/${version}`);
  const viewProgress = <T>(title: string, task: () => Promise<T>) =>
    vscode.window.withProgress({ location: { viewId: VIEW_ID }, title }, task);
  const repositories = new Repositories((message) => log.warn(message));
  const pins = new Pins(context.workspaceState);
  // The tree marks the reports of the workspace's repositories, and each one's current report,
  // with the repositories the store sorted by.
  const remotes = async (): Promise<string[]> => {
    const found = await repositories.list();
    tree.setRepositories(found);
    return found.flatMap((r) => r.remotes);
  };
  const caches = new ReportCaches(context.globalStorageUri.fsPath, connection, log);
  const store = new ReportStore(connection, log, remotes, viewProgress, caches);
  // FP explanations are fetched when shown (the model keeps only their length); the few recent
  // ones are kept until the data or the connection changes (the store then fires 'all').
  const explanations = new RecentExplanations(
    new FallbackExplanations(new ServiceExplanations(() => connection.client()), async (reportId) =>
      (await caches.current())?.readReport(reportId),
    ),
  );
  context.subscriptions.push(store.onDidChange((change) => change.kind === 'all' && explanations.clear()));
  const tree = new ReportsTree(store, connection, pins, explanations);
  const treeView = vscode.window.createTreeView(VIEW_ID, { treeDataProvider: tree, showCollapseAll: true });
  const activationMs = performance.now() - started;
  const viewStatus = new ViewStatus(treeView);
  const findings = new Findings(
    connection,
    store,
    repositories,
    pins,
    log,
    () => (issue, report) => tree.shows(issue) && tree.showsReport(report),
    new ScannedTexts(context.workspaceState),
  );
  const problems = new Problems(findings, connection, (fpId) => store.knownSummary(fpId)?.text);
  // Rows of current reports' findings say where their code is now: redrawn once edits settle.
  tree.placeOf = (reportId, issueId) => findings.placeOf(reportId, issueId);
  let redraw: NodeJS.Timeout | undefined;
  const redrawSoon = () => {
    clearTimeout(redraw);
    redraw = setTimeout(() => tree.redraw(), TREE_REDRAW_MS);
  };
  const fixPreviews = new FixPreviewDocuments();
  const fixPreviewTabs = new FixPreviewTabs();
  const fpDocuments = new FpExplanationProvider(store, explanations);
  const s: Services = {
    context,
    connection,
    keys,
    repositories,
    findings,
    pins,
    store,
    caches,
    tree,
    treeView,
    viewStatus,
    fixPreviews,
    fixReviews: new FixReviews(),
    fixPreviewTabs,
    confirmFix: confirmInEditor,
    log,
  };
  const statusBar = new StatusBar(connection, store);

  const commands: [string, (...args: never[]) => unknown][] = [
    [CommandId.SetServiceKey, setServiceKey(s)],
    [CommandId.ClearServiceKey, clearServiceKey(s)],
    [CommandId.ClearCache, clearCache(s)],
    [CommandId.UseEnvironmentKey, useEnvironmentKey(s)],
    [CommandId.SetBaseUrl, setBaseUrl(s)],
    [CommandId.Refresh, refresh(s)],
    [CommandId.CancelRefresh, cancelRefresh(s)],
    [CommandId.RefreshReport, refreshReport(s)],
    [CommandId.PinReport, pinReport(s)],
    [CommandId.RevealFinding, revealFinding(s)],
    [CommandId.SuppressAllInFile, suppressAllInFile(s)],
    [CommandId.NextFinding, goToFinding(s, 1)],
    [CommandId.PreviousFinding, goToFinding(s, -1)],
    [CommandId.UnpinReport, unpinReport(s)],
    [CommandId.ShowInsights, showInsights(s)],
    [CommandId.ShowReportInsights, showReportInsights(s)],
    [CommandId.ExportReport, exportReport(s)],
    [CommandId.Filter, filter(s)],
    [CommandId.FilterText, filterText(s)],
    [CommandId.ClearFilter, clearFilter(s)],
    [CommandId.InsertSuppressionComment, insertSuppressionComment(s)],
    [CommandId.CopyFpSummary, copyFpSummary(s)],
    [CommandId.ShowFpExplanation, showFpExplanation(fpDocuments)],
    [CommandId.OpenIssue, openIssue(s)],
    [CommandId.OpenPullRequest, openPullRequest(s)],
    [CommandId.PreviewFix, previewFix(s)],
    [CommandId.ApplyFix, applyFix(s)],
    [CommandId.OpenRepository, openRepository()],
    [CommandId.CopyId, copyId()],
    [CommandId.LoadMoreIssues, loadMoreIssues(s)],
    [CommandId.CancelLoading, cancelLoading(s)],
    [CommandId.ShowLog, showLog(s)],
    [CommandId.StatusActions, statusActions(s)],
  ];
  // The view says when it waits for the service and when the data shown is stale.
  const showActivity = () =>
    viewStatus.set({
      refreshing: store.refreshing && { ...store.refreshing, origin: connection.origin },
      stale: store.stale,
      cached: store.cached,
      shownSince: store.lastRefresh,
    });
  // What the findings in the code need said once: another branch, capped files, missing paths.
  const showFindings = (published?: PublishResult) =>
    viewStatus.set({
      findings: findingsNotes(findings.current, findings.missingPaths, published?.capped.length ?? 0, findings.unplaced().length),
    });
  context.subscriptions.push(
    findings,
    problems,
    findings.onDidChange(redrawSoon),
    findings.onDidChangeFile(redrawSoon),
    { dispose: () => clearTimeout(redraw) },
    problems.onDidPublish(showFindings),
    tree.onDidChangeFilter(() => findings.schedule()),
    store.onDidChange((change) => change.kind !== 'report' && showActivity()),
    viewStatus,
    log,
    keys,
    repositories,
    // A checkout or a new repository changes which report is current: redraw, fetch nothing.
    repositories.onDidChange(
      () =>
        void remotes().then(
          () => tree.redraw(),
          (e: unknown) => log.warn(`Git repositories: ${e instanceof Error ? e.message : String(e)}`),
        ),
    ),
    connection,
    store,
    caches,
    tree,
    treeView,
    statusBar,
    ...commands.map(([id, handler]) => vscode.commands.registerCommand(id, handler)),
    // Fix Insights survives a window reload with its scope (the page's saved state).
    vscode.window.registerWebviewPanelSerializer(INSIGHTS_VIEW_TYPE, {
      deserializeWebviewPanel: async (panel, state) => InsightsPanel.restore(insightsDeps(s), panel, state),
    }),
    fpDocuments,
    vscode.workspace.registerTextDocumentContentProvider(FP_SCHEME, fpDocuments),
    vscode.workspace.registerTextDocumentContentProvider(FIX_PREVIEW_SCHEME, fixPreviews),
    fixPreviewTabs,
    vscode.languages.registerHoverProvider('*', new SuppressionHover(store, explanations)),
    vscode.languages.registerHoverProvider('*', new FindingHover(findings, store, explanations)),
    vscode.languages.registerCodeActionsProvider(
      '*',
      new FindingActions(
        findings,
        (place) => diagnosticOf(place, connection.settings.findings.severity, (fpId) => store.knownSummary(fpId)?.text),
        (fpId) => store.knownSummary(fpId)?.text,
      ),
      { providedCodeActionKinds: findingActionKinds() },
    ),
  );

  // One notification per distinct failure at a time: twenty failing expansions are one toast.
  const shown = new Set<string>();
  context.subscriptions.push(
    store.onDidFail(({ error, retry }) => {
      if (shown.has(error.message)) return;
      shown.add(error.message);
      void showError(log, error, retry).finally(() => shown.delete(error.message));
    }),
  );

  context.subscriptions.push(
    // Every change of the connection (a key stored or cleared anywhere, a setting) sets the
    // context key that picks the welcome view, and asks before a key follows a new origin.
    connection.onDidChange((change) => {
      void setContext(ContextKey.State, change.state.kind);
      if (change.clientChanged) {
        s.fixReviews.clear();
        void askAfterOriginChange(s, change.previousOrigin);
      }
    }),
  );
  // The welcome view offers the environment's key too (the notification is offered once).
  void setContext(ContextKey.EnvKey, !!process.env.SECURITY_FIX_REPORTS_KEY?.trim());
  const ready = migrateRenamedSettings()
    .then((moved) => moved.forEach((line) => log.info(line)))
    .then(() => connection.reload())
    .then(() => {
      void offerEnvironmentKey(s); // a prompt: not part of being ready
    });
  ready.catch((e: unknown) => log.error(`Activation: ${e instanceof Error ? e.message : String(e)}`));
  log.info(`Activated in ${activationMs.toFixed(1)} ms (tree registered).`);
  return { services: s, statusBar, activationMs, ready, insights: InsightsPanel.stats };
}

export function deactivate(): void {}
