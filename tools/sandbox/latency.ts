// The network the sandbox pretends to be behind: every answer waits one round trip (fixed RTT
// plus jitter), then its body flows at a fixed rate. The jitter of a request is a function of
// the seed and of the request itself (path and sorted query), never of arrival order or a
// clock, so the same seed gives the same delays in every run, whatever the concurrency: a
// client and the bare loop it is compared with wait exactly as long for the same pages.
import { hash32, label } from './random';

export interface LatencyModel {
  /** Round trip before the first byte of each answer, ms (0: none). */
  rttMs: number;
  /** Each request's round trip is rttMs ± up to this, uniform, ms (never below 0). */
  jitterMs: number;
  /** Body bytes per millisecond once the answer flows (0: no limit). */
  bytesPerMs: number;
}

export const NO_LATENCY: Readonly<LatencyModel> = { rttMs: 0, jitterMs: 0, bytesPerMs: 0 };

/** What identifies a request for its jitter: the path and the query, its parameters sorted. */
export function requestKey(url: URL): string {
  const params = [...url.searchParams].sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : x > y ? 1 : 0) : a < b ? -1 : 1));
  return `${url.pathname}?${params.map(([k, v]) => `${k}=${v}`).join('&')}`;
}

/** The round trip this request waits before its answer starts, ms. */
export function roundTripMs(model: LatencyModel, seed: number, key: string): number {
  if (model.rttMs <= 0 && model.jitterMs <= 0) return 0;
  const unit = hash32(seed, label('latency'), label(key)) / 0x1_0000_0000; // [0, 1)
  return Math.max(0, model.rttMs + (unit * 2 - 1) * model.jitterMs);
}

/** Time for `bytes` of body to flow, ms. */
export function transferMs(model: LatencyModel, bytes: number): number {
  return model.bytesPerMs > 0 ? bytes / model.bytesPerMs : 0;
}
