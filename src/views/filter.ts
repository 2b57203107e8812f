// The tree's filter: which reports, fixes and issues are shown. It applies to every level:
// report (scanner), fixes (confidence, state, issue type, text) and issues (severity, issue
// type, issue state, text), so a filter never hides fixes while their issues stay. The text
// also matches the files an issue is located in (a fix's, through its issues).
import * as l10n from '@vscode/l10n';
import type { FixReportSummary } from '../api/schemas';
import type { HeldIssue } from '../model/heldIssue';
import type { ConfidenceKind, FixView } from '../model/fix';
import { confidenceWords } from './confidenceText';
import { cleanText, truncate } from '../common/text';
import { readableIssueType } from '../model/format';
import { issueLocations } from '../model/locations';

export interface TreeFilter {
  /** Confidence kinds to show; empty = all. */
  confidence: ReadonlySet<ConfidenceKind>;
  /** Fix states to show (as sent); empty = all. */
  states: ReadonlySet<string>;
  /** Vendors to show (lowercase); empty = all. */
  vendors: ReadonlySet<string>;
  /** Issue severities to show (lowercase); empty = all. */
  severities: ReadonlySet<string>;
  /** Issue types (of fixes and issues) to show, readable ("SQL Injection"); empty = all. */
  issueTypes: ReadonlySet<string>;
  /** Issue states to show (as sent); empty = all. */
  issueStates: ReadonlySet<string>;
  /** Case-insensitive text that a shown fix or issue contains (type, rule id, language, summary, file path). */
  text: string;
  /** Show only false positives (hides fixes and other issues). */
  falsePositivesOnly: boolean;
  /** Show only issues new since the previous scan (and the fixes of such issues); see editor/reportChanges. */
  newOnly: boolean;
}

export const NO_FILTER: TreeFilter = {
  confidence: new Set(),
  states: new Set(),
  vendors: new Set(),
  severities: new Set(),
  issueTypes: new Set(),
  issueStates: new Set(),
  text: '',
  falsePositivesOnly: false,
  newOnly: false,
};

export function showsReport(filter: TreeFilter, report: FixReportSummary): boolean {
  return filter.vendors.size === 0 || filter.vendors.has((report.vulnerabilityReport?.vendor ?? '').toLowerCase());
}

/** Whether an issue is new since the previous scan: undefined while that is not known (editor/reportChanges). */
export type IsNew = (issue: HeldIssue) => boolean | undefined;

/**
 * `issuesOf`: the fix's issues, whose files the text may name (asked only when its own fields
 * do not match); with "new only", a fix is shown when one of them is new (`isNew`).
 */
export function showsFix(filter: TreeFilter, fix: FixView, issuesOf?: () => readonly HeldIssue[], isNew?: IsNew): boolean {
  if (filter.confidence.size > 0 && !filter.confidence.has(fix.confidence.kind)) return false;
  if (filter.states.size > 0 && !filter.states.has(fix.state ?? '')) return false;
  if (filter.issueTypes.size > 0 && !filter.issueTypes.has(fix.issueType)) return false;
  if (filter.newOnly && !(issuesOf && isNew && issuesOf().some((issue) => isNew(issue) === true))) return false;
  if (matchesText(filter, [fix.issueType, fix.fix.safeIssueType, fix.language, fix.state])) return true;
  return issuesOf !== undefined && issuesOf().some((issue) => pathMatches(filter, issue));
}

/** Whether any condition applies to fixes (else every fix is shown). */
export function filtersFixes(filter: TreeFilter): boolean {
  return (
    filter.confidence.size > 0 ||
    filter.states.size > 0 ||
    filter.issueTypes.size > 0 ||
    filter.text.trim() !== '' ||
    filter.falsePositivesOnly ||
    filter.newOnly
  );
}

/** Whether any condition applies to issues (else every issue is shown, no need to test each). */
export function filtersIssues(filter: TreeFilter): boolean {
  return (
    filter.severities.size > 0 || filter.issueTypes.size > 0 || filter.issueStates.size > 0 || filter.text.trim() !== '' || filter.newOnly
  );
}

/** `isNew`: whether the issue is new since the previous scan (asked only with "new only"; unknown counts as not new). */
export function showsIssue(filter: TreeFilter, issue: HeldIssue, summary?: string, isNew?: IsNew): boolean {
  if (filter.newOnly && isNew?.(issue) !== true) return false;
  if (filter.severities.size > 0 && !filter.severities.has((issue.severity ?? '').toLowerCase())) return false;
  if (filter.issueTypes.size > 0 && !filter.issueTypes.has(readableIssueType(issue.issueType))) return false;
  if (filter.issueStates.size > 0 && !filter.issueStates.has(issue.state ?? '')) return false;
  return (
    matchesText(filter, [
      readableIssueType(issue.issueType),
      issue.issueType,
      issue.vendorIssueId,
      issue.issueLanguage,
      issue.state,
      summary,
    ]) || pathMatches(filter, issue)
  );
}

function matchesText(filter: TreeFilter, fields: readonly (string | null | undefined)[]): boolean {
  const wanted = filter.text.trim().toLowerCase();
  return wanted === '' || fields.some((f) => typeof f === 'string' && f.toLowerCase().includes(wanted));
}

/**
 * Whether the text is in one of the files of the issue's trace as the editor places them
 * (refused paths left out). The paths as sent are looked at first, without decoding the
 * trace: checking every path of every issue made a text filter over a large report several
 * times slower.
 */
function pathMatches(filter: TreeFilter, issue: HeldIssue): boolean {
  const wanted = filter.text.trim().toLowerCase();
  if (wanted === '') return true;
  const has = (path: string) => path.toLowerCase().includes(wanted);
  if (!issue.someSentPath(has)) return false;
  const located = issueLocations(issue);
  return !!located && (has(located.primary.path) || located.related.some((l) => has(l.path)));
}

/** The conditions in force, for the view's message, e.g. ["Adaptive", "severity error", "“sql”"];
 * server values among them cleaned and cut like any other shown text. */
export function filterParts(filter: TreeFilter): string[] {
  return rawFilterParts(filter).map((part) => truncate(cleanText(part), 80));
}

function rawFilterParts(filter: TreeFilter): string[] {
  const parts: string[] = [];
  if (filter.vendors.size) parts.push([...filter.vendors].join(', '));
  if (filter.confidence.size) parts.push([...filter.confidence].map((k) => confidenceWords(k).short).join(', '));
  if (filter.states.size) parts.push([...filter.states].join(', '));
  if (filter.severities.size) parts.push(l10n.t('severity {0}', [...filter.severities].join(', ')));
  if (filter.issueTypes.size) parts.push([...filter.issueTypes].join(', '));
  if (filter.issueStates.size) parts.push(l10n.t('issue state {0}', [...filter.issueStates].join(', ')));
  if (filter.text.trim()) parts.push(l10n.t('“{0}”', filter.text.trim()));
  if (filter.falsePositivesOnly) parts.push(l10n.t('false positives only'));
  if (filter.newOnly) parts.push(l10n.t('new since previous scan'));
  return parts;
}
