// Read-only documents holding an FP issue's full explanation. Plain text (never rendered), as
// fpDocument.ts writes it: the issue's facts from what the tree loaded, the explanation fetched
// when the document is opened (the model does not keep it, editor/explanations.ts).
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import { explain, type ExplanationSource } from '../editor/explanations';
import { FP_SCHEME } from '../common/manifest';
import type { ReportStore } from '../editor/reportStore';
import { fpDocumentText } from './fpDocument';

/**
 * The explanation's own language, for which package.json turns word wrap on (explanations are
 * paragraphs). VS Code takes a provided document's language from its path when it creates it,
 * so the path ends in FP_FILE_SUFFIX, which package.json maps to FP_LANGUAGE (common/manifest): wrapped from the
 * first render, whoever opens the URI. Without that mapping the suffix is .txt: plain text.
 */
const FP_FILE_SUFFIX = '.fp-explanation.txt';

export function fpExplanationUri(reportId: string, issueId: string, label: string): vscode.Uri {
  const name = label.replace(/[^\w.-]+/g, '_').slice(0, 60) || 'issue';
  return vscode.Uri.from({
    scheme: FP_SCHEME,
    path: `/${name}${FP_FILE_SUFFIX}`,
    query: new URLSearchParams({ report: reportId, issue: issueId }).toString(),
  });
}

export class FpExplanationProvider implements vscode.TextDocumentContentProvider {
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;

  constructor(
    private readonly store: ReportStore,
    private readonly explanations: ExplanationSource,
  ) {}

  dispose(): void {
    this.changed.dispose();
  }

  /** Provides an open document again: opening it a second time retries an explanation that failed to load. */
  reload(uri: vscode.Uri): void {
    this.changed.fire(uri);
  }

  async provideTextDocumentContent(uri: vscode.Uri, token?: vscode.CancellationToken): Promise<string> {
    const query = new URLSearchParams(uri.query);
    const entry = this.store.entry(query.get('report') ?? '');
    const issue = entry?.model?.issue(query.get('issue') ?? '');
    if (!entry || !issue) return l10n.t('This issue is no longer loaded. Refresh the Security Fix Reports view and open it again.');
    const controller = new AbortController();
    const cancel = token?.onCancellationRequested(() => controller.abort());
    const explanation = await explain(this.explanations, entry.summary.id, issue, controller.signal).finally(() => cancel?.dispose());
    return fpDocumentText({
      issueId: issue.id,
      issueType: issue.issueType,
      vendor: entry.model?.report.vulnerabilityReport?.vendor ?? entry.summary.vulnerabilityReport?.vendor,
      vendorIssueId: issue.vendorIssueId,
      severity: issue.severity,
      fpId: issue.fpId,
      reportId: entry.summary.id,
      project: entry.summary.vulnerabilityReport?.project?.name,
      summary: issue.fpId ? this.store.knownSummary(issue.fpId)?.text : undefined,
      explanation,
    });
  }
}
