// Hover over a suppression comment the extension inserted. It is recognised only by a
// UUID that is the fpId of a loaded false positive, inside a comment token: the parser's
// comment node where the language has one (so a formatter rewrapping the comment does not
// matter), else a comment opened earlier on the same line. Never by the summary's text, which
// a service could make match any line.
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import type { CommentSyntax } from '../model/commentSyntax';
import { suppressionCode } from '../editor/suppression';
import { readableIssueType } from '../model/format';
import { readableVendor } from '../common/scanners';
import { explain, type ExplanationSource } from '../editor/explanations';
import { loadProver } from '../editor/proof';
import type { ReportStore } from '../editor/reportStore';
import { appendExplanation, Tooltip } from './tooltips';

const UUID = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi;

export class SuppressionHover implements vscode.HoverProvider {
  constructor(
    private readonly store: ReportStore,
    private readonly explanations: ExplanationSource,
  ) {}

  async provideHover(
    document: vscode.TextDocument,
    position: vscode.Position,
    token?: vscode.CancellationToken,
  ): Promise<vscode.Hover | undefined> {
    const syntax = suppressionCode().commentSyntaxFor(document.languageId);
    if (!syntax) return undefined;
    const line = document.lineAt(position.line).text;
    for (const match of line.matchAll(UUID)) {
      const ref = this.store.falsePositiveByFpId(match[0]) ?? this.store.falsePositiveByFpId(match[0].toLowerCase());
      if (!ref) continue;
      const comment = await commentRange(document, syntax, position.line, match.index ?? 0);
      if (!comment?.contains(position)) continue;
      const { issue, report, vendor } = ref;
      const controller = new AbortController();
      const cancel = token?.onCancellationRequested(() => controller.abort());
      const explanation = await explain(this.explanations, report.id, issue, controller.signal).finally(() => cancel?.dispose());
      if (token?.isCancellationRequested) return undefined;
      const md = new Tooltip()
        .md(`**${l10n.t('Suppressed false positive:')}** `)
        .text(readableIssueType(issue.issueType))
        .md('\n\n')
        .text(
          l10n.t(
            '{0} {1} · severity {2} · issue {3}',
            readableVendor(vendor),
            issue.vendorIssueId ?? '',
            issue.severity ?? l10n.t('unknown'),
            issue.id,
          ),
        )
        .md(`\n\n**${l10n.t('Why this is a false positive')}**\n\n`);
      appendExplanation(md, explanation)
        .md(`\n\n**${l10n.t('Fix report:')}** `)
        .text(`${report.vulnerabilityReport?.project?.name ?? report.repo?.name ?? ''} (${report.id})`);
      return new vscode.Hover(md.value, comment);
    }
    return undefined;
  }
}

/** The comment token holding the character at (row, column), or undefined. */
async function commentRange(
  document: vscode.TextDocument,
  syntax: CommentSyntax,
  row: number,
  column: number,
): Promise<vscode.Range | undefined> {
  if (suppressionCode().isGrammar(syntax.parser)) {
    const found = await loadProver().commentAt(syntax.parser, document.getText(), row, column);
    return found && new vscode.Range(found.start.row, found.start.column, found.end.row, found.end.column);
  }
  // No parser (or HTML/YAML): a comment opened earlier on this line and not closed before it.
  const text = document.lineAt(row).text;
  for (const form of syntax.forms) {
    const open = text.lastIndexOf(form.open, column);
    if (open < 0) continue;
    if (form.kind === 'line') return new vscode.Range(row, open, row, text.length);
    const close = text.indexOf(form.close, open + form.open.length);
    if (close === -1 || close > column) return new vscode.Range(row, open, row, close === -1 ? text.length : close + form.close.length);
  }
  return undefined;
}
