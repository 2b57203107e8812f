// Hover over a suppression comment the extension inserted: recognised by a fetched FP summary
// (or its fpId) on the line, it shows the issue, the full explanation and the fix report.
import * as vscode from 'vscode';
import { readableIssueType, readableVendor } from '../model/format';
import type { ReportStore } from '../editor/reportStore';

export class SuppressionHover implements vscode.HoverProvider {
  constructor(private readonly store: ReportStore) {}

  provideHover(document: vscode.TextDocument, position: vscode.Position): vscode.Hover | undefined {
    const line = document.lineAt(position.line).text;
    for (const summary of this.store.knownSummaryList()) {
      if (!line.includes(summary.text) && !line.includes(summary.fpId)) continue;
      const ref = this.store.falsePositiveByFpId(summary.fpId);
      if (!ref) continue;
      const { issue, report, vendor } = ref;
      const md = new vscode.MarkdownString('', false);
      md.isTrusted = false;
      md.appendMarkdown('**Suppressed false positive:** ').appendText(readableIssueType(issue.issueType)).appendMarkdown('\n\n');
      md.appendText(`${readableVendor(vendor)} ${issue.vendorIssueId ?? ''} · severity ${issue.severity ?? 'unknown'} · issue ${issue.id}`).appendMarkdown('\n\n');
      md.appendMarkdown('**Why this is a false positive**\n\n').appendText(issue.fpDescription?.trim() || 'The service gave no explanation.').appendMarkdown('\n\n');
      md.appendMarkdown('**Fix report:** ').appendText(`${report.vulnerabilityReport?.project?.name ?? report.repo?.name ?? ''} (${report.id})`);
      return new vscode.Hover(md);
    }
    return undefined;
  }
}
