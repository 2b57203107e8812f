// Instants in the model: ordering and ranges of the service's timestamps, parsed by the one
// parser in common/time (re-exported here, where the model's users have always found it).
import { parseTimestamp, type Instant } from '../common/time';

export { parseTimestamp, type Instant };

/** Orders possibly-missing instants oldest first, missing ones last. */
export function compareOptionalInstants(a: Instant | null, b: Instant | null): number {
  if (a && b) return a.ms - b.ms;
  return a ? -1 : b ? 1 : 0;
}

/** Orders possibly-missing instants newest first, missing ones last. */
export function compareNewestFirst(a: Instant | null, b: Instant | null): number {
  if (a && b) return b.ms - a.ms;
  return a ? -1 : b ? 1 : 0;
}

/** Earliest and latest of the parseable timestamps among `texts`; nulls when none parses. */
export function timeRange(texts: Iterable<string | null | undefined>): {
  first: Instant | null;
  last: Instant | null;
} {
  let first: Instant | null = null;
  let last: Instant | null = null;
  for (const text of texts) {
    const t = parseTimestamp(text);
    if (!t) continue;
    if (!first || t.ms < first.ms) first = t;
    if (!last || t.ms > last.ms) last = t;
  }
  return { first, last };
}
