// Summaries of repeated measurements: the median is the headline (robust to one slow run on
// a noisy machine); min, max and the quartiles show the spread.
export interface Summary {
  runs: number;
  median: number;
  min: number;
  max: number;
  p25: number;
  p75: number;
  /** Half the interquartile range relative to the median, in percent (the "±" of the table). */
  spreadPct: number;
  samples: number[];
}

/** `digits`: decimals kept (ratios need 3, so that 1.154 does not pass as 1.15). */
export function summarize(samples: readonly number[], digits = 2): Summary {
  if (samples.length === 0) throw new Error('summarize: no samples');
  const sorted = [...samples].sort((a, b) => a - b);
  const median = quantile(sorted, 0.5);
  const p25 = quantile(sorted, 0.25);
  const p75 = quantile(sorted, 0.75);
  return {
    runs: sorted.length,
    median: round(median, digits),
    min: round(sorted[0]!, digits),
    max: round(sorted[sorted.length - 1]!, digits),
    p25: round(p25, digits),
    p75: round(p75, digits),
    spreadPct: median === 0 ? 0 : round(((p75 - p25) / 2 / median) * 100, 1),
    samples: samples.map((s) => round(s, digits)),
  };
}

/** Linear interpolation between closest ranks, on sorted input. */
function quantile(sorted: readonly number[], q: number): number {
  const at = (sorted.length - 1) * q;
  const lo = Math.floor(at);
  const hi = Math.ceil(at);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (at - lo);
}

function round(n: number, digits = 2): number {
  const f = 10 ** digits;
  return Math.round(n * f) / f;
}

/** a / b rounded, or null when either is missing. */
export function ratio(a: number | undefined, b: number | undefined): number | null {
  return a === undefined || b === undefined || b === 0 ? null : round(a / b, 3);
}
