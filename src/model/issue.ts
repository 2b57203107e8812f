// Facts about one v5 scanner issue (docs/service-interface.md §2.8) that grouping, hovers and findings share.
import type { Issue } from '../api/schemas';

/** What marks an issue as a false positive: its state, a FALSE_POSITIVE tag, or both. */
export type FalsePositiveBasis = 'state' | 'tag' | 'both';

/** The fields that decide it, of a decoded issue or of one the model holds (model/heldIssue). */
interface FalsePositiveFields {
  readonly state: string | null;
  readonly vulnerabilityReportIssueTags: readonly Issue['vulnerabilityReportIssueTags'][number][];
}

/**
 * Why the issue counts as a false positive, or null. State `FalsePositive` and tag
 * `FALSE_POSITIVE` are the spelled values; case and separators are ignored so that
 * `FALSE_POSITIVE` as a state or `FalsePositive` as a tag are recognised too.
 */
export function falsePositiveBasis(issue: FalsePositiveFields): FalsePositiveBasis | null {
  const byState = isFalsePositiveWord(issue.state);
  const byTag = issue.vulnerabilityReportIssueTags.some((t) => isFalsePositiveWord(t.vulnerability_report_issue_tag_value));
  if (byState && byTag) return 'both';
  return byState ? 'state' : byTag ? 'tag' : null;
}

export function isFalsePositive(issue: FalsePositiveFields): boolean {
  return falsePositiveBasis(issue) !== null;
}

/** True when the issue's state is FalsePositive, the case docs/service-interface.md §3 rule 3 speaks about. */
export function hasFalsePositiveState(issue: Pick<Issue, 'state'>): boolean {
  return isFalsePositiveWord(issue.state);
}

/**
 * The fix id carried by the issue's `fix` object, if it has a string `id`. The spec leaves
 * the object's fields unspecified, so this is a best effort used only when the fix's own
 * list of issues does not mention the issue.
 */
export function embeddedFixId(issue: Pick<Issue, 'fix'>): string | null {
  const fix = issue.fix;
  if (typeof fix !== 'object' || fix === null) return null;
  const id = (fix as { id?: unknown }).id;
  return typeof id === 'string' && id !== '' ? id : null;
}

function isFalsePositiveWord(text: string | null): boolean {
  // Shortcuts for the spelled values and for anything too short to hold the 13 letters; the
  // regex runs for every issue otherwise (several times each while grouping 100k issues).
  if (text === null || text.length < 13) return false;
  if (text === 'FalsePositive' || text === 'FALSE_POSITIVE') return true;
  return text.replace(/[^a-z]/gi, '').toLowerCase() === 'falsepositive';
}

/**
 * Issue states whose findings the editor does not show by default (the setting
 * `findings.hiddenStates` replaces the list): the code was fixed, or the team decided the
 * finding needs nothing. Any other state, or none, is shown.
 */
export const HIDDEN_ISSUE_STATES: readonly string[] = ['Fixed', 'Resolved', 'Closed', 'Irrelevant', 'Ignored'];

/** A test of the issue states not shown in the code (a setting), compared case-insensitively. */
export function hiddenStates(states: readonly string[]): (state: string | null) => boolean {
  const hidden = new Set(states.map((s) => s.trim().toLowerCase()));
  return (state) => state !== null && hidden.has(state.trim().toLowerCase());
}
