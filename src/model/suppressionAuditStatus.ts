// Whether a suppression comment still matches its report (docs/decisions.md, "Suppressions,
// audited"). A suppression names a false positive by its fpId; against the report of its
// repository it is
//   current  an issue of the report carries the fpId and is a false positive (state FalsePositive
//            or a FALSE_POSITIVE tag, model/issue.ts) and is not fixed;
//   stale    no issue of the report carries the fpId any more ('not-in-report'), or the issues
//            that do are fixed ('fixed': state Fixed, Resolved or Closed — the code was changed,
//            so the comment suppresses nothing) or are no longer false positives ('reopened':
//            any other state — Open, Irrelevant, Ignored, none, or a word the spec does not list);
//   unknown  no report is loaded for the repository.
// The spec lists one issue state (FalsePositive) and says the full list is not shown; the fixed
// states are those the editor hides by default for that reason (model/issue.ts), minus the two
// that are decisions rather than changes to the code (Irrelevant, Ignored).
import type { Issue } from '../api/schemas';
import { isFalsePositive } from './issue';

/** The fields of an issue that decide the status (a decoded issue, or one the editor's model holds). */
export type SuppressedIssue = Pick<Issue, 'id' | 'state' | 'issueType' | 'fpId'> & {
  readonly vulnerabilityReportIssueTags: readonly Issue['vulnerabilityReportIssueTags'][number][];
};

export type SuppressionVerdict =
  | { readonly status: 'current'; readonly issue: SuppressedIssue }
  | { readonly status: 'stale'; readonly reason: 'fixed' | 'reopened'; readonly issue: SuppressedIssue }
  | { readonly status: 'stale'; readonly reason: 'not-in-report' }
  | { readonly status: 'unknown' };

/** The states that say the finding's code is gone, compared by their letters only, case ignored. */
const FIXED_STATES: ReadonlySet<string> = new Set(['fixed', 'resolved', 'closed']);

type IssueKind = 'current' | 'reopened' | 'fixed';
/** Which issue decides when several carry the fpId: a current one, else an open one, else a fixed one. */
const PRECEDENCE: readonly IssueKind[] = ['current', 'reopened', 'fixed'];

function kindOf(issue: SuppressedIssue): IssueKind {
  const letters = (issue.state ?? '').replace(/[^a-z]/gi, '').toLowerCase();
  if (FIXED_STATES.has(letters)) return 'fixed';
  return isFalsePositive(issue) ? 'current' : 'reopened';
}

/**
 * The verdict on a suppression from the issues of its report that carry its fpId; `undefined`
 * when no report is loaded for its repository (an empty list is a report without that fpId).
 */
export function suppressionVerdict(issues: readonly SuppressedIssue[] | undefined): SuppressionVerdict {
  if (issues === undefined) return { status: 'unknown' };
  for (const kind of PRECEDENCE) {
    const issue = issues.find((i) => kindOf(i) === kind);
    if (!issue) continue;
    return kind === 'current' ? { status: 'current', issue } : { status: 'stale', reason: kind, issue };
  }
  return { status: 'stale', reason: 'not-in-report' };
}

/**
 * The issues of one report that decide the verdicts on a set of fpIds, gathered page by page:
 * for each fpId asked about, the first issue of each kind, so memory is bounded by the fpIds
 * found in the files, however many issues the report has or carry one fpId.
 */
export class SuppressedIssues {
  private readonly byFpId = new Map<string, Map<IssueKind, SuppressedIssue>>();

  /** `fpIds`: lower-cased, as model/suppressionAudit finds them. */
  constructor(fpIds: Iterable<string>) {
    for (const fpId of fpIds) this.byFpId.set(fpId, new Map());
  }

  get wanted(): number {
    return this.byFpId.size;
  }

  add(issues: readonly SuppressedIssue[]): void {
    for (const issue of issues) {
      if (typeof issue.fpId !== 'string') continue;
      const kinds = this.byFpId.get(issue.fpId.toLowerCase());
      if (!kinds) continue;
      const kind = kindOf(issue);
      if (!kinds.has(kind)) kinds.set(kind, issue);
    }
  }

  verdict(fpId: string): SuppressionVerdict {
    const kinds = this.byFpId.get(fpId.toLowerCase());
    return suppressionVerdict(kinds ? [...kinds.values()] : []);
  }
}
