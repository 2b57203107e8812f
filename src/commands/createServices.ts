// Builds what commands and views share (Services), once, at activation: the connection and its
// key store, the report store and its cache, the workspace's repositories and findings, the
// tree and its view. The tree view is registered here, first, so the view shows as early as it
// can; what reacts to changes is wired in views/reactions, providers in views/providers.
import * as vscode from 'vscode';
import { SUPPRESSIONS_VIEW_ID, VIEW_ID } from '../common/manifest';
import { Suppressions } from '../editor/suppressions';
import { SuppressionsView } from '../views/suppressionsView';
import { Connection } from '../editor/connection';
import { FallbackExplanations, RecentExplanations, ServiceExplanations, type ExplanationSource } from '../editor/explanations';
import { Findings } from '../editor/findings';
import { FixReviews } from '../editor/fixReviews';
import { KeyStore } from '../editor/keyStore';
import { ExtensionLog } from '../editor/log';
import { Pins } from '../editor/pins';
import { ReportCaches } from '../editor/reportCaches';
import { ReportStore } from '../editor/reportStore';
import { ReportChangesService } from '../editor/reportChanges';
import { Repositories } from '../editor/repositories';
import { ScannedTexts } from '../editor/scannedText';
import { confirmInEditor } from '../views/fixConfirmation';
import { FixPreviewDocuments } from '../views/fixPreview';
import { FixPreviewTabs } from '../views/fixPreviewTabs';
import { FpExplanationProvider } from '../views/fpExplanation';
import { Problems } from '../views/problems';
import { ReportsTree } from '../views/reportsTree';
import { StatusBar } from '../views/statusBar';
import { ViewStatus } from '../views/viewStatus';
import type { Services } from './services';

export interface Built {
  readonly s: Services;
  readonly explanations: ExplanationSource & { clear(): void };
  readonly fpDocuments: FpExplanationProvider;
  readonly problems: Problems;
  readonly statusBar: StatusBar;
  /** The workspace's remotes (the store sorts by them); tells the tree the repositories too. */
  readonly remotes: () => Promise<string[]>;
  /** Milliseconds from `started` to the tree view being registered. */
  readonly activationMs: number;
}

export function createServices(context: vscode.ExtensionContext, started: number): Built {
  // The channel's name is the extension's name, in every language (the log's lines are English, for support).
  // eslint-disable-next-line no-restricted-syntax -- a name, not a sentence
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
  const changes = new ReportChangesService(store, connection, log);
  const tree = new ReportsTree(store, connection, pins, explanations, changes);
  const treeView = vscode.window.createTreeView(VIEW_ID, { treeDataProvider: tree, showCollapseAll: true });
  const activationMs = performance.now() - started;
  const findings = new Findings(
    connection,
    store,
    repositories,
    pins,
    log,
    () => (issue, report) => tree.shows(issue, report.id) && tree.showsReport(report),
    new ScannedTexts(context.workspaceState),
  );
  const suppressions = new Suppressions(repositories, findings, store, log);
  const suppressionsTree = new SuppressionsView(suppressions);
  const suppressionsView = vscode.window.createTreeView(SUPPRESSIONS_VIEW_ID, { treeDataProvider: suppressionsTree });
  suppressionsTree.onDidChangeTreeData(() => (suppressionsView.description = suppressionsTree.description()));
  // Rows of current reports' findings say where their code is now.
  tree.placeOf = (reportId, issueId) => findings.placeOf(reportId, issueId);
  const s: Services = {
    context,
    connection,
    keys,
    repositories,
    findings,
    pins,
    store,
    changes,
    caches,
    tree,
    treeView,
    suppressions,
    suppressionsTree,
    suppressionsView,
    viewStatus: new ViewStatus(treeView),
    fixPreviews: new FixPreviewDocuments(),
    fixReviews: new FixReviews(),
    fixPreviewTabs: new FixPreviewTabs(),
    confirmFix: confirmInEditor,
    log,
  };
  return {
    s,
    explanations,
    fpDocuments: new FpExplanationProvider(store, explanations),
    problems: new Problems(findings, connection, (fpId) => store.knownSummary(fpId)?.text),
    statusBar: new StatusBar(connection, store),
    remotes,
    activationMs,
  };
}
