// Read-only documents holding an FP issue's full explanation. Plain text (never rendered),
// served from what the tree already loaded.
import * as vscode from 'vscode';
import { readableIssueType } from '../model/format';
import { readableVendor } from '../common/scanners';
import { FP_SCHEME } from '../common/manifest';
import type { ReportStore } from '../editor/reportStore';

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
  constructor(private readonly store: ReportStore) {}

  provideTextDocumentContent(uri: vscode.Uri): string {
    const query = new URLSearchParams(uri.query);
    const entry = this.store.entry(query.get('report') ?? '');
    const issue = entry?.model?.issue(query.get('issue') ?? '');
    if (!entry || !issue) return 'This issue is no longer loaded. Refresh the Security Fix Reports view and open it again.';
    const summary = issue.fpId ? this.store.knownSummary(issue.fpId)?.text : undefined;
    const vendor = entry.model?.report.vulnerabilityReport?.vendor ?? entry.summary.vulnerabilityReport?.vendor;
    return [
      `False positive: ${readableIssueType(issue.issueType)} (${readableVendor(vendor)} ${issue.vendorIssueId ?? ''})`.trim(),
      `Issue ${issue.id} · severity ${issue.severity ?? 'unknown'} · FP id ${issue.fpId ?? 'none'}`,
      `Fix report ${entry.summary.id}${entry.summary.vulnerabilityReport?.project?.name ? ` (${entry.summary.vulnerabilityReport.project.name})` : ''}`,
      '',
      ...(summary ? ['Summary:', summary, ''] : []),
      'Explanation:',
      issue.fpDescription ?? 'The service gave no explanation.',
      '',
    ].join('\n');
  }
}
