// The text of a false positive's explanation document (fpExplanation.ts provides it): a few
// header lines of facts, the summary and the explanation. A header line holds its server values
// cleaned to one line (cleanText), so a value with a line break cannot add a line that looks like
// ours; the summary and the explanation keep their own line breaks, nothing else unsafe
// (cleanLines). Editor-free, so unit-tested.
import * as l10n from '@vscode/l10n';
import { cleanLines, cleanText } from '../common/text';
import { readableVendor } from '../common/scanners';
import { readableIssueType } from '../model/format';
import { noExplanation, type Explanation } from '../editor/explanations';

export interface FpDocumentFacts {
  readonly issueId: string;
  readonly issueType: string | null;
  readonly vendor: string | null | undefined;
  readonly vendorIssueId: string | null;
  readonly severity: string | null;
  readonly fpId: string | null;
  readonly reportId: string;
  readonly project: string | null | undefined;
  /** The short summary, when it was fetched. */
  readonly summary: string | undefined;
  readonly explanation: Explanation;
}

export function fpDocumentText(f: FpDocumentFacts): string {
  const rule = f.vendorIssueId ? ` ${cleanText(f.vendorIssueId)}` : '';
  const project = f.project ? cleanText(f.project) : '';
  const explanation =
    f.explanation.kind === 'text'
      ? cleanLines(f.explanation.text)
      : f.explanation.kind === 'none'
        ? noExplanation()
        : `${cleanLines(f.explanation.message)}\n${l10n.t('To try again, run "Show full FP explanation" on the false positive once more.')}`;
  return [
    l10n.t('False positive: {0} ({1})', readableIssueType(f.issueType), `${readableVendor(f.vendor)}${rule}`),
    l10n.t(
      'Issue {0} · severity {1} · FP id {2}',
      cleanText(f.issueId),
      f.severity ? cleanText(f.severity) : l10n.t('unknown'),
      f.fpId ? cleanText(f.fpId) : l10n.t('none'),
    ),
    project ? l10n.t('Fix report {0} ({1})', cleanText(f.reportId), project) : l10n.t('Fix report {0}', cleanText(f.reportId)),
    '',
    ...(f.summary ? [l10n.t('Summary:'), cleanLines(f.summary), ''] : []),
    l10n.t('Explanation:'),
    explanation,
    '',
  ].join('\n');
}
