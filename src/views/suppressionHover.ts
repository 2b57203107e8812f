// Hover over a suppression comment the extension inserted: recognised by a fetched FP summary
// (or its fpId) on the line, it shows the issue, the full explanation and the fix report.
import * as vscode from 'vscode';
import { readableIssueType, readableVendor } from '../model/format';
import type { ReportStore } from '../editor/reportStore';
import { Tooltip } from './tooltips';

export class SuppressionHover implements vscode.HoverProvider {
  constructor(private readonly store: ReportStore) {}

  provideHover(document: vscode.TextDocument, position: vscode.Position): vscode.Hover | undefined {
    const line = document.lineAt(position.line).text;
    for (const summary of this.store.knownSummaryList()) {
      if (!line.includes(summary.text) && !line.includes(summary.fpId)) continue;
      const ref = this.store.falsePositiveByFpId(summary.fpId);
      if (!ref) continue;
      const { issue, report, vendor } = ref;
      const md = new Tooltip()
        .md('**Suppressed false positive:** ')
        .text(readableIssueType(issue.issueType))
        .md('\n\n')
        .text(`${readableVendor(vendor)} ${issue.vendorIssueId ?? ''} · severity ${issue.severity ?? 'unknown'} · issue ${issue.id}`)
        .md('\n\n**Why this is a false positive**\n\n')
        .text(issue.fpDescription?.trim() || 'The service gave no explanation.')
        .md('\n\n**Fix report:** ')
        .text(`${report.vulnerabilityReport?.project?.name ?? report.repo?.name ?? ''} (${report.id})`);
      return new vscode.Hover(md.value);
    }
    return undefined;
  }
}
