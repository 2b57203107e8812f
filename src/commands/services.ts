// What commands and views share. Built once in extension.ts and passed to each command.
import type * as vscode from 'vscode';
import type { Connection } from '../editor/connection';
import type { KeyStore } from '../editor/keyStore';
import type { Findings } from '../editor/findings';
import type { ExtensionLog } from '../editor/log';
import type { Pins } from '../editor/pins';
import type { ReportCaches } from '../editor/reportCaches';
import type { Repositories } from '../editor/repositories';
import type { ReportStore } from '../editor/reportStore';
import type { ReportChangesService } from '../editor/reportChanges';
import type { Suppressions } from '../editor/suppressions';
import type { SuppressionRow, SuppressionsView } from '../views/suppressionsView';
import type { ReportsTree } from '../views/reportsTree';
import type { Node } from '../views/nodes';
import type { FixPreviewDocuments } from '../views/fixPreview';
import type { FixReviews } from '../editor/fixReviews';
import type { FixConfirmation } from '../views/fixConfirmation';
import type { FixPreviewTabs } from '../views/fixPreviewTabs';
import type { ViewStatus } from '../views/viewStatus';

export interface Services {
  context: vscode.ExtensionContext;
  connection: Connection;
  keys: KeyStore;
  repositories: Repositories;
  findings: Findings;
  pins: Pins;
  store: ReportStore;
  /** What changed since each current or expanded report's previous scan. */
  changes: ReportChangesService;
  /** The on-disk report cache of the connection (Clear Cache, Clear Service Key). */
  caches: ReportCaches;
  tree: ReportsTree;
  treeView: vscode.TreeView<Node>;
  /** The suppression comments in the workspace and their verdicts (the Suppressions view). */
  suppressions: Suppressions;
  suppressionsTree: SuppressionsView;
  suppressionsView: vscode.TreeView<SuppressionRow>;
  /** The view's message, description and badge (views/viewStatus.ts). */
  viewStatus: ViewStatus;
  /** Documents of Preview Fix's diff editor. */
  fixPreviews: FixPreviewDocuments;
  /** The patches the user previewed, by digest: Apply Fix applies only those. */
  fixReviews: FixReviews;
  /** Which tabs preview which fix (the preview's Apply Fix… button). */
  fixPreviewTabs: FixPreviewTabs;
  /** Apply Fix's confirmation (the modal and the ticks); the extension-host tests answer it. */
  confirmFix: FixConfirmation;
  log: ExtensionLog;
}
