// The suppression comment a false positive would get at a line of a document: the scanner's
// preferred form first, its other forms when the first cannot go there, each proven by the
// parser for the text as it is now (editor/placement). What Insert Suppression Comment inserts
// and what the language model tool `code_context` says would be inserted.
import type * as vscode from 'vscode';
import type { FpSummary } from '../api/client';
import type { CommentSyntax } from '../model/commentSyntax';
import type { InsertionChoice } from '../model/insertion';
import type { SuppressionComment, SuppressionSettings } from '../model/suppression';
import type { HeldIssue } from '../model/heldIssue';
import { placeComment } from './placement';
import { suppressionCode } from './suppression';

export interface CommentPlan {
  readonly choice: InsertionChoice;
  /** The comment without the summary (scanner directive, rule id, fpId), proven for the text as it is when called. */
  bare(): Promise<InsertionChoice>;
}

export async function planComment(
  document: vscode.TextDocument,
  line: number,
  syntax: CommentSyntax,
  fp: { readonly vendor: string; readonly issue: Pick<HeldIssue, 'issueType' | 'vendorIssueId'> },
  summary: FpSummary,
  overrides: SuppressionSettings,
): Promise<CommentPlan> {
  const { buildSuppressionComment, resolveStyles } = suppressionCode();
  const styles = resolveStyles(fp.vendor, document.languageId, overrides);
  const build = (omitSummary: boolean, style = styles[0]!): SuppressionComment =>
    buildSuppressionComment({
      languageId: document.languageId,
      style,
      fields: {
        summary: summary.text,
        vendor: fp.vendor,
        issueType: fp.issue.issueType ?? '',
        vendorIssueId: fp.issue.vendorIssueId ?? '',
        fpId: summary.fpId,
      },
      omitSummary,
    });
  let choice = await placeComment(document, line, syntax, build(false), summary.fpId);
  for (const style of styles.slice(1)) {
    if (choice.kind !== 'refuse') break;
    const next = await placeComment(document, line, syntax, build(false, style), summary.fpId);
    if (next.kind !== 'refuse') choice = next;
  }
  return { choice, bare: () => placeComment(document, line, syntax, build(true), summary.fpId) };
}
