// Which issues a question selects, shared by the CLI's --state and the agent tools' filters.
import type { Issue } from '../../api/schemas';
import { isFalsePositive } from '../issue';

/**
 * --state S (the CLI) and `state` (find_issues): the issue's state, case-insensitive;
 * FalsePositive matches a FALSE_POSITIVE tag too. `falsePositive` is asked only when needed.
 */
export function stateMatcher(state: string | undefined): (issueState: string | null, falsePositive: () => boolean) => boolean {
  const wanted = state?.toLowerCase();
  return (issueState, falsePositive) =>
    wanted === undefined || (issueState ?? '').toLowerCase() === wanted || (wanted === 'falsepositive' && falsePositive());
}

/** The same on a decoded issue. */
export function stateFilter(state: string | undefined): (issue: Pick<Issue, 'state' | 'vulnerabilityReportIssueTags'>) => boolean {
  const matches = stateMatcher(state);
  return (issue) => matches(issue.state, () => isFalsePositive(issue));
}

export interface PlaceQuery {
  /** A repo-relative file, or a folder when it ends with "/". */
  readonly path?: string;
  readonly startLine?: number;
  readonly endLine?: number;
}

export interface Place {
  readonly path: string;
  readonly startLine?: number;
  readonly endLine?: number;
}

/**
 * Whether an issue's place answers the query: in the file (or under the folder), and when lines
 * are asked for, its lines overlap them. An issue located by file only has no lines to overlap.
 */
export function placeMatcher(query: PlaceQuery): (place: Place | undefined) => boolean {
  const { path, startLine, endLine } = query;
  if (path === undefined) return () => true;
  const folder = path.endsWith('/');
  const from = startLine ?? 1;
  const to = endLine ?? startLine ?? Number.MAX_SAFE_INTEGER;
  const lines = startLine !== undefined || endLine !== undefined;
  return (place) => {
    if (place === undefined || !(folder ? place.path.startsWith(path) : place.path === path)) return false;
    if (!lines) return true;
    if (place.startLine === undefined) return false;
    return place.startLine <= to && (place.endLine ?? place.startLine) >= from;
  };
}
