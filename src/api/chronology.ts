// Whether issues arrive in chronological order (spec §4.3), checked on every issue of every
// page, so the common case — timestamps in the service's own shape — costs one string
// comparison: ISO 8601 text of the same shape sorts as its time does. Against parsing every
// timestamp (bench/fastPaths/chronology.ts) it saves 1–5% of paging time, without which the
// client misses ≤ 1.15× the bare loop: bench case 7, docs/performance.md.
import { hasServiceSeparators, parseTimestamp } from '../common/time';

/** Tracks the latest timestamp seen and says when one goes back in time. */
export class Chronology {
  /** The latest readable timestamp noted; null until one is. */
  private latest: string | null = null;
  /** Characters of the latest's offset ("Z": 1, "+hh:mm": 6) when it has the service's shape; 0 otherwise. */
  private latestOffset = 0;

  /** Notes a timestamp; false when it is older than the latest one noted. Unreadable ones are never older. */
  note(created: string): boolean {
    const latest = this.latest;
    if (
      latest !== null &&
      this.latestOffset > 0 &&
      created.length === latest.length &&
      hasServiceSeparators(created) &&
      sameTail(created, latest, this.latestOffset)
    ) {
      if (created < latest) return false;
      this.latest = created; // later or equal: the shape is the same
      return true;
    }
    if (latest === null) {
      if (parseTimestamp(created) !== undefined) this.adopt(created);
      return true;
    }
    const order = compareTimestamps(created, latest);
    if (order > 0) this.adopt(created);
    return order >= 0;
  }

  private adopt(created: string): void {
    this.latest = created;
    this.latestOffset = serviceOffset(created);
  }
}

/**
 * Chronological order of two service timestamps: <0, 0 (equal or not comparable), >0. Two in
 * the service's shape with the same length and offset compare as text; any other pair is parsed.
 */
export function compareTimestamps(a: string, b: string): number {
  const offset = serviceOffset(b);
  if (offset > 0 && a.length === b.length && hasServiceSeparators(a) && sameTail(a, b, offset)) return a < b ? -1 : a > b ? 1 : 0;
  const x = parseTimestamp(a)?.ms;
  const y = parseTimestamp(b)?.ms;
  return x === undefined || y === undefined ? 0 : x - y;
}

/**
 * YYYY-MM-DDThh:mm:ss[.f…](Z|±hh:mm): the length of the offset text, or 0 for another shape.
 * Malformed digits could only mis-order a warning, never lose an issue.
 */
function serviceOffset(text: string): number {
  if (!hasServiceSeparators(text)) return 0;
  const n = text.length;
  if (text.charCodeAt(n - 1) === 90) return 1; // Z
  const sign = text.charCodeAt(n - 6);
  return (sign === 43 || sign === 45) && text.charCodeAt(n - 3) === 58 ? 6 : 0; // ±hh:mm
}

/** The same last `count` characters (the offset). */
function sameTail(a: string, b: string, count: number): boolean {
  for (let i = a.length - count; i < a.length; i++) if (a.charCodeAt(i) !== b.charCodeAt(i)) return false;
  return true;
}
