// The text of a false positive's explanation document (fpExplanation.ts provides it): a few
// header lines of facts, the summary and the explanation. A header line holds its server values
// cleaned to one line (cleanText), so a value with a line break cannot add a line that looks like
// ours; the summary and the explanation keep their own line breaks, nothing else unsafe
// (cleanLines). Editor-free, so unit-tested.
import { cleanLines, cleanText } from '../common/text';
import { readableVendor } from '../common/scanners';
import { readableIssueType } from '../model/format';
import { NO_EXPLANATION, type Explanation } from '../editor/explanations';

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
        ? NO_EXPLANATION
        : `${cleanLines(f.explanation.message)}\nTo try again, run "Show full FP explanation" on the false positive once more.`;
  return [
    `False positive: ${readableIssueType(f.issueType)} (${readableVendor(f.vendor)}${rule})`,
    `Issue ${cleanText(f.issueId)} · severity ${f.severity ? cleanText(f.severity) : 'unknown'} · FP id ${f.fpId ? cleanText(f.fpId) : 'none'}`,
    `Fix report ${cleanText(f.reportId)}${project ? ` (${project})` : ''}`,
    '',
    ...(f.summary ? ['Summary:', cleanLines(f.summary), ''] : []),
    'Explanation:',
    explanation,
    '',
  ].join('\n');
}
