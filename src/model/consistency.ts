// Consistency checks over service data (docs/service-interface.md §3 rules 1–3 and a few structural ones).
// Odd data is reported as data warnings for the UI and the log, never thrown: a report with one
// inconsistent fix is still worth showing.
import type { Fix, FixReportSummary, Issue } from '../api/schemas';
import { cleanText, counted, oneLine } from '../common/text';
import { falsePositiveBasis, hasFalsePositiveState } from './issue';
import { parseTimestamp } from '../common/time';

type WarningRule =
  /** docs/service-interface.md §3 rules 1/2: state Committed (or Merged) but no scmSubmitFixRequests. */
  | 'committed-without-submission'
  /** Submissions exist but the state says Ready/Downloaded: the state probably lags. */
  | 'submission-but-not-committed'
  /** docs/service-interface.md §3 rule 3: state FalsePositive without fpId (the short summary cannot be fetched). */
  | 'fp-without-fpid'
  /** docs/service-interface.md §3 rule 3: state FalsePositive without fpDescription. */
  | 'fp-without-description'
  /** A false positive that is also tied to a fix (docs/service-interface.md §2.8: fix is null for a false positive). */
  | 'fp-with-fix'
  /** An issue whose `fix` is set but that no fix of the report lists. */
  | 'issue-unknown-to-fix'
  /** An issue id listed by several fixes; it is shown under the first. */
  | 'issue-in-several-fixes'
  /** Two fixes with one id; the first is kept. */
  | 'duplicate-fix'
  /** A timestamp that is present but does not parse. */
  | 'bad-timestamp';

/** error: a rule of the spec is broken. warning: suspicious, but the spec does not forbid it. */
type WarningSeverity = 'error' | 'warning';

export interface DataWarning {
  readonly rule: WarningRule;
  readonly severity: WarningSeverity;
  /** One sentence for people; quotes server text (cleaned, truncated) as JSON strings. */
  readonly message: string;
  readonly fixId?: string;
  readonly issueId?: string;
  /** JSON path of the offending field inside the fix, issue or report. */
  readonly field?: string;
}

/** States that claim a submission to source control exists. */
const COMMITTED_STATES = new Set(['committed', 'merged']);
/**
 * States that claim no submission yet. A fix in one of these with submissions is only a
 * warning: the state may lag behind a PR that was opened (or closed) later. Unknown states
 * are not judged, the spec lists states only partially.
 */
const PRE_COMMIT_STATES = new Set(['ready', 'downloaded']);

/** Rule 1/2 checks and bad timestamps of one fix. */
export function fixWarnings(fix: Fix): DataWarning[] {
  const out: DataWarning[] = [];
  const state = cleanText(fix.state ?? '').toLowerCase();
  const submissions = fix.scmSubmitFixRequests.length;
  if (COMMITTED_STATES.has(state) && submissions === 0) {
    out.push({
      rule: 'committed-without-submission',
      severity: 'error',
      fixId: fix.id,
      field: 'scmSubmitFixRequests',
      message: `Fix ${fix.id} is in state ${quote(fix.state)} but has no submission to source control, so its committed date is unknown.`,
    });
  }
  if (PRE_COMMIT_STATES.has(state) && submissions > 0) {
    out.push({
      rule: 'submission-but-not-committed',
      severity: 'warning',
      fixId: fix.id,
      field: 'state',
      message: `Fix ${fix.id} is in state ${quote(fix.state)} but has ${counted(submissions, 'submission')} to source control; its state may be out of date.`,
    });
  }
  const at = { fixId: fix.id };
  fix.vulnerabilityReportIssues.forEach((ref, i) =>
    checkTimestamp(out, ref.sharedState?.createdAt, `vulnerabilityReportIssues[${i}].sharedState.createdAt`, at),
  );
  fix.scmSubmitFixRequests.forEach((s, i) => {
    checkTimestamp(out, s.createdAt, `scmSubmitFixRequests[${i}].createdAt`, at);
    checkTimestamp(out, s.updatedAt, `scmSubmitFixRequests[${i}].updatedAt`, at);
  });
  fix.sharedState?.downloadedBy.forEach((d, i) => checkTimestamp(out, d.downloadedAt, `sharedState.downloadedBy[${i}].downloadedAt`, at));
  fix.sharedState?.fixRatings.forEach((r, i) => checkTimestamp(out, r.updatedDate, `sharedState.fixRatings[${i}].updatedDate`, at));
  return out;
}

/** Bad timestamps of the report itself. */
export function reportWarnings(report: FixReportSummary): DataWarning[] {
  const out: DataWarning[] = [];
  checkTimestamp(out, report.createdOn, 'createdOn', {});
  checkTimestamp(out, report.expirationOn, 'expirationOn', {});
  return out;
}

/** How the report model placed an issue, for the checks that depend on it. */
export interface IssuePlacement {
  /** The fix whose vulnerabilityReportIssues lists this issue, if any. */
  readonly listedBy?: string;
  /** True when the issue could be put under a fix of the report (by listing or its `fix.id`). */
  readonly underFix: boolean;
  /** createdAt as the model parsed it (null: missing or not a timestamp), so it is not parsed twice. */
  readonly createdAtMs?: number | null;
}

/** Rule 3 checks, fix/FP contradictions and bad timestamps of one v5 issue. */
export function issueWarnings(issue: Issue, placement: IssuePlacement): DataWarning[] {
  const out: DataWarning[] = [];
  const at = { issueId: issue.id };
  if (hasFalsePositiveState(issue)) {
    if (isBlank(issue.fpId)) {
      out.push({
        rule: 'fp-without-fpid',
        severity: 'error',
        ...at,
        field: 'fpId',
        message: `Issue ${issue.id} is a false positive without an fpId, so its short explanation cannot be fetched.`,
      });
    }
    if (isBlank(issue.fpDescription)) {
      out.push({
        rule: 'fp-without-description',
        severity: 'error',
        ...at,
        field: 'fpDescription',
        message: `Issue ${issue.id} is a false positive without an explanation (fpDescription).`,
      });
    }
  }
  const fp = falsePositiveBasis(issue) !== null;
  if (fp && (issue.fix !== null || placement.listedBy !== undefined)) {
    const where = placement.listedBy !== undefined ? `fix ${placement.listedBy} lists it` : 'it carries a fix';
    out.push({
      rule: 'fp-with-fix',
      severity: 'warning',
      ...at,
      ...(placement.listedBy !== undefined ? { fixId: placement.listedBy } : {}),
      field: 'fix',
      message: `Issue ${issue.id} is marked as a false positive but ${where}; it is shown with the false positives.`,
    });
  }
  if (!fp && issue.fix !== null && !placement.underFix) {
    out.push({
      rule: 'issue-unknown-to-fix',
      severity: 'warning',
      ...at,
      field: 'fix',
      message: `Issue ${issue.id} has a fix, but no fix of this report lists it; it is shown with the other issues.`,
    });
  }
  if (placement.createdAtMs === undefined) checkTimestamp(out, issue.createdAt, 'createdAt', at);
  else if (placement.createdAtMs === null && issue.createdAt !== null) badTimestamp(out, issue.createdAt, 'createdAt', at);
  return out;
}

function checkTimestamp(
  out: DataWarning[],
  text: string | null | undefined,
  field: string,
  at: { fixId?: string; issueId?: string },
): void {
  if (text === null || text === undefined || parseTimestamp(text)) return;
  badTimestamp(out, text, field, at);
}

function badTimestamp(out: DataWarning[], text: string, field: string, at: { fixId?: string; issueId?: string }): void {
  const owner = at.fixId !== undefined ? `Fix ${at.fixId}` : at.issueId !== undefined ? `Issue ${at.issueId}` : 'The report';
  out.push({
    rule: 'bad-timestamp',
    severity: 'warning',
    ...at,
    field,
    message: `${owner}: ${field} is not a valid timestamp: ${quote(text)}.`,
  });
}

/** Server text inside a message: cleaned of control/bidi characters, truncated, quoted. */
function quote(text: string | null): string {
  if (text === null) return 'null';
  return JSON.stringify(oneLine(text, 40));
}

function isBlank(text: string | null): boolean {
  return text === null || text.trim() === '';
}
