// What the extension provides to the editor besides the tree and commands: hovers and quick
// fixes on findings and on inserted comments, and the read-only documents of FP explanations,
// fix previews and the connection report.
import * as vscode from 'vscode';
import { CONNECTION_REPORT_SCHEME, FP_SCHEME } from '../common/manifest';
import type { Connection } from '../editor/connection';
import type { ExplanationSource } from '../editor/explanations';
import type { Findings } from '../editor/findings';
import type { ReportStore } from '../editor/reportStore';
import type { ReportChangesService } from '../editor/reportChanges';
import { connectionReport } from './connectionReport';
import { FindingActions, findingActionKinds } from './findingActions';
import { FindingHover } from './findingHover';
import { FIX_PREVIEW_SCHEME, type FixPreviewDocuments } from './fixPreview';
import type { FpExplanationProvider } from './fpExplanation';
import { diagnosticOf } from './problems';
import { SuppressionHover } from './suppressionHover';

export interface ProviderDeps {
  readonly connection: Connection;
  readonly store: ReportStore;
  readonly findings: Findings;
  readonly explanations: ExplanationSource;
  readonly fpDocuments: FpExplanationProvider;
  readonly fixPreviews: FixPreviewDocuments;
  readonly changes: ReportChangesService;
}

export function registerProviders(d: ProviderDeps): vscode.Disposable[] {
  const summary = (fpId: string) => d.store.knownSummary(fpId)?.text;
  return [
    vscode.workspace.registerTextDocumentContentProvider(FP_SCHEME, d.fpDocuments),
    vscode.workspace.registerTextDocumentContentProvider(FIX_PREVIEW_SCHEME, d.fixPreviews),
    vscode.workspace.registerTextDocumentContentProvider(CONNECTION_REPORT_SCHEME, connectionReport()),
    vscode.languages.registerHoverProvider('*', new SuppressionHover(d.store, d.explanations)),
    vscode.languages.registerHoverProvider(
      '*',
      new FindingHover(d.findings, d.store, d.explanations, (reportId, issueId) => d.changes.newSince(reportId, issueId)),
    ),
    vscode.languages.registerCodeActionsProvider(
      '*',
      new FindingActions(d.findings, (place) => diagnosticOf(place, d.connection.settings.findings.severity, summary), summary),
      { providedCodeActionKinds: findingActionKinds() },
    ),
  ];
}
