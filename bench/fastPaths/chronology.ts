// The plain alternative to src/api/chronology.ts, for bench/cases/fastPaths.ts: every
// timestamp is parsed (parseTimestamp, to the millisecond) and compared as a time; only two
// in the same millisecond have their digits below it compared. No text comparison of
// same-shaped timestamps.
import { parseTimestamp } from '../../src/common/time';

/** Tracks the latest timestamp seen and says when one goes back in time. */
export class Chronology {
  /** The latest readable timestamp noted and its time; null until one is. */
  private latest: string | null = null;
  private latestMs = 0;

  /** Notes a timestamp; false when it is older than the latest one noted. Unreadable ones are never older. */
  note(created: string): boolean {
    const ms = parseTimestamp(created)?.ms;
    if (ms === undefined) return true;
    if (this.latest !== null && order(ms, created, this.latestMs, this.latest) < 0) return false;
    this.latest = created;
    this.latestMs = ms;
    return true;
  }
}

/** Chronological order of two service timestamps: <0, 0 (equal or not comparable), >0. */
export function compareTimestamps(a: string, b: string): number {
  const x = parseTimestamp(a)?.ms;
  const y = parseTimestamp(b)?.ms;
  return x === undefined || y === undefined ? 0 : order(x, a, y, b);
}

function order(ms: number, text: string, otherMs: number, other: string): number {
  return ms - otherMs || subMillisecond(text) - subMillisecond(other);
}

/** The fraction's digits below the millisecond, in nanoseconds (0–999,999). */
function subMillisecond(text: string): number {
  const digits = /[.,]\d{3}(\d{1,6})/.exec(text)?.[1];
  return digits === undefined ? 0 : Number(digits.padEnd(6, '0'));
}
