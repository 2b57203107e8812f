// Small helpers of the metrics: shares, nearest-rank percentiles, duration summaries, ordering.
import type { Counted, DurationBucket, DurationStats } from './types';

const MS_PER_DAY = 86_400_000;

/** Code-point order: the same on every machine, unlike localeCompare. */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** part / whole, or null when whole is zero. */
export function share(part: number, whole: number): number | null {
  return whole === 0 ? null : part / whole;
}

export function counted(count: number, whole: number): Counted {
  return { count, share: share(count, whole) };
}

/**
 * Nearest-rank percentile of ascending `sorted`: the value at rank ⌈p/100 × n⌉ (1-based), so
 * always one of the values, never an interpolation; the median is p50, the lower middle value
 * when n is even. Null for no values.
 */
export function percentile(sorted: readonly number[], p: number): number | null {
  if (sorted.length === 0) return null;
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[Math.min(rank, sorted.length) - 1] ?? null;
}

/** Collects the durations of one event (download or commit) relative to first observed. */
export class DurationCollector {
  private readonly values: number[] = [];
  private undated = 0;
  private negative = 0;

  /** A fix that has the event; `from`/`to` are its first observed and event dates, if known. */
  add(from: number | null, to: number | null): void {
    if (from === null || to === null) this.undated++;
    else if (to < from) this.negative++;
    else this.values.push(to - from);
  }

  stats(): DurationStats {
    const sorted = [...this.values].sort((a, b) => a - b);
    const medianMs = percentile(sorted, 50);
    const p90Ms = percentile(sorted, 90);
    return {
      count: sorted.length,
      undated: this.undated,
      negative: this.negative,
      medianMs,
      p90Ms,
      medianDays: days(medianMs),
      p90Days: days(p90Ms),
      distribution: distribution(sorted),
    };
  }
}

/** Milliseconds as days rounded to 2 decimals. */
function days(ms: number | null): number | null {
  return ms === null ? null : Math.round((ms / MS_PER_DAY) * 100) / 100;
}

/** Buckets of the time-to charts: what a remediation SLA is usually stated in. */
const BUCKETS: readonly (readonly [string, number | null])[] = [
  ['≤ 1 day', 1],
  ['≤ 3 days', 3],
  ['≤ 1 week', 7],
  ['≤ 2 weeks', 14],
  ['≤ 4 weeks', 28],
  ['≤ 12 weeks', 84],
  ['> 12 weeks', null],
];

/** Every bucket, empty ones included, so charts of different selections line up. */
function distribution(sortedMs: readonly number[]): DurationBucket[] {
  const counts = BUCKETS.map(() => 0);
  for (const ms of sortedMs) {
    const index = BUCKETS.findIndex(([, max]) => max === null || ms <= max * MS_PER_DAY);
    counts[index]!++;
  }
  return BUCKETS.map(([label, maxDays], i) => ({ label, maxDays, count: counts[i]! }));
}
