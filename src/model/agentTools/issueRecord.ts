// One scanner issue as a tool result shows it: the fields a model needs to talk about it, its
// place in the code (the sink, model/locations) and the false-positive explanation cut to a
// bound. Raw server text still: inert() escapes it on the way out, after filtering.
import type { Issue } from '../../api/schemas';
import { type Instant, parseTimestamp } from '../../common/time';
import { embeddedFixId, isFalsePositive } from '../issue';
import { issueLocations } from '../locations';
import { capped } from './inert';

/** How much of an issue's fpDescription a result carries (code points). */
export const DESCRIPTION_MAX = 400;

interface IssueLocation {
  readonly path: string;
  readonly startLine?: number;
  readonly endLine?: number;
}

export interface IssueRecord {
  readonly id: string;
  readonly vendorIssueId: string | null;
  readonly issueType: string | null;
  readonly severity: string | null;
  readonly language: string | null;
  readonly state: string | null;
  readonly falsePositive: boolean;
  readonly fpId: string | null;
  readonly fixId: string | null;
  readonly createdAt: string | null;
  /** The sink: where the scanner reports the finding; null when the service gave none usable. */
  readonly location: IssueLocation | null;
  readonly fpDescription: string | null;
  readonly fpDescriptionTruncated?: true;
}

/**
 * One copy of each repeated value (paths, rule ids, types, states: a report's issues share a few
 * hundred of each), for the records an index holds; bounded, after which values are kept as they come.
 */
export class Interner {
  private readonly values = new Map<string, string>();

  constructor(private readonly max = 20_000) {}

  of<T extends string | null>(value: T): T {
    if (value === null) return value;
    const known = this.values.get(value);
    if (known !== undefined) return known as T;
    if (this.values.size < this.max) this.values.set(value, value);
    return value;
  }
}

export function issueRecord(issue: Issue, interner?: Interner): IssueRecord {
  const keep = <T extends string | null>(value: T): T => (interner ? interner.of(value) : value);
  const primary = issueLocations(issue)?.primary;
  let location: IssueLocation | null = null;
  if (primary) {
    const path = keep(primary.path);
    location =
      primary.startLine === undefined ? { path } : { path, startLine: primary.startLine, endLine: primary.endLine ?? primary.startLine };
  }
  const description = issue.fpDescription === null ? null : capped(issue.fpDescription, DESCRIPTION_MAX);
  return {
    id: issue.id,
    vendorIssueId: keep(issue.vendorIssueId),
    issueType: keep(issue.issueType),
    severity: keep(issue.severity),
    language: keep(issue.issueLanguage),
    state: keep(issue.state),
    falsePositive: isFalsePositive(issue),
    fpId: issue.fpId,
    fixId: embeddedFixId(issue),
    createdAt: isoDate(parseTimestamp(issue.createdAt)),
    location,
    fpDescription: description?.text ?? null,
    ...(description?.cut ? { fpDescriptionTruncated: true as const } : {}),
  };
}

/** An instant as ISO 8601 in UTC (our own text, whatever the service wrote), or null. */
export function isoDate(instant: Instant | null | undefined): string | null {
  // Beyond ±8.64e15 ms a Date is invalid and toISOString throws.
  return instant && Math.abs(instant.ms) <= 8.64e15 ? new Date(instant.ms).toISOString() : null;
}
