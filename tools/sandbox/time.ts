// Timestamps in microseconds since the epoch, printed in the service's shape
// `YYYY-MM-DDThh:mm:ss.ffffff+00:00`. Microseconds fit a double exactly for centuries.

const US_PER_MS = 1_000;
export const US_PER_DAY = 86_400_000_000;

const ISO = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(?:\.(\d{1,9}))?(Z|[+-]\d{2}:\d{2})$/;

/** Parses an ISO 8601 timestamp with an explicit offset into epoch microseconds. */
export function parseUs(iso: string): number {
  const m = ISO.exec(iso);
  const ms = m ? Date.parse(`${m[1]}${m[3]}`) : NaN;
  if (!m || Number.isNaN(ms)) throw new RangeError(`not an ISO timestamp with offset: ${JSON.stringify(iso)}`);
  const micros = Number((m[2] ?? '').padEnd(6, '0').slice(0, 6));
  return ms * US_PER_MS + micros;
}

const SECONDS_PER_DAY = 86_400;
const TWO_DIGITS = Array.from({ length: 60 }, (_, n) => String(n).padStart(2, '0'));
/** The last day formatted, `YYYY-MM-DDT`: timestamps come in runs of the same day (a report's issues). */
let cachedDay = NaN;
let cachedDayPrefix = '';

export function formatUs(us: number): string {
  const whole = Math.floor(us);
  const seconds = Math.floor(whole / 1_000_000);
  const micros = whole - seconds * 1_000_000;
  const day = Math.floor(seconds / SECONDS_PER_DAY);
  if (day !== cachedDay) {
    const iso = new Date(day * SECONDS_PER_DAY * 1000).toISOString();
    // Only four-digit years have the layout below (toISOString writes others as ±YYYYYY).
    if (iso.length !== 24) return `${new Date(seconds * 1000).toISOString().slice(0, 19)}.${String(micros).padStart(6, '0')}+00:00`;
    cachedDay = day;
    cachedDayPrefix = iso.slice(0, 11);
  }
  const second = seconds - day * SECONDS_PER_DAY;
  const hh = TWO_DIGITS[Math.floor(second / 3600)] as string;
  const mm = TWO_DIGITS[Math.floor(second / 60) % 60] as string;
  const ss = TWO_DIGITS[second % 60] as string;
  return `${cachedDayPrefix}${hh}:${mm}:${ss}.${String(micros).padStart(6, '0')}+00:00`;
}
