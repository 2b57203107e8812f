// GitHub code scanning's limits on an uploaded SARIF file, and the two bounded tools the github
// profile uses to stay within them: the most severe results of a run kept in a structure that
// never holds more than the per-run limit, and the gzipped size measured as the log streams.
// The numbers are GitHub's documented hard limits (docs/cli.md, "GitHub code scanning"); they
// are injectable so tests can use small ones.
import { once } from 'node:events';
import { createGzip, type Gzip } from 'node:zlib';

export interface SarifLimits {
  /** Runs in one file. */
  readonly runs: number;
  /** Results in one run. */
  readonly resultsPerRun: number;
  /** Rules in one run. */
  readonly rulesPerRun: number;
  /** Locations of one result, code-flow steps included. */
  readonly locationsPerResult: number;
  /** Tags of one rule. */
  readonly tagsPerRule: number;
  /** The gzipped file, in bytes. */
  readonly gzipBytes: number;
}

export const GITHUB_LIMITS: SarifLimits = {
  runs: 20,
  resultsPerRun: 25_000,
  rulesPerRun: 25_000,
  locationsPerResult: 1_000,
  tagsPerRule: 20,
  gzipBytes: 10_000_000,
};

/**
 * The `capacity` highest-ranked of a stream of items (rank 0 first; among equal ranks the
 * earlier), given back in arrival order. One bucket per rank, each in arrival order: a newcomer
 * that outranks the worst held item evicts the latest of the worst rank, so memory is at most
 * `capacity` items and each step is O(1) (ranks are few).
 */
export class MostSevere<T> {
  private readonly buckets: { seq: number; item: T }[][];
  private held = 0;
  private seq = 0;
  /** Items offered and not kept (evicted or refused). */
  dropped = 0;

  constructor(
    private readonly capacity: number,
    ranks: number,
  ) {
    this.buckets = Array.from({ length: ranks }, () => []);
  }

  /** Items offered so far. */
  get offered(): number {
    return this.seq;
  }

  add(item: T, rank: number): void {
    const entry = { seq: this.seq++, item };
    if (this.held < this.capacity) {
      this.buckets[rank]!.push(entry);
      this.held++;
      return;
    }
    this.dropped++;
    const worst = this.worstRank();
    if (worst === undefined || worst <= rank) return; // as severe as anything held: the earlier stay
    this.buckets[worst]!.pop();
    this.buckets[rank]!.push(entry);
  }

  /** The kept items in arrival order; empties the structure. */
  take(): T[] {
    const out: T[] = [];
    const at = this.buckets.map(() => 0);
    for (;;) {
      let next = -1;
      for (let r = 0; r < this.buckets.length; r++) {
        const entry = this.buckets[r]![at[r]!];
        if (entry && (next < 0 || entry.seq < this.buckets[next]![at[next]!]!.seq)) next = r;
      }
      if (next < 0) break;
      out.push(this.buckets[next]![at[next]!++]!.item);
    }
    for (const bucket of this.buckets) bucket.length = 0;
    this.held = 0;
    return out;
  }

  private worstRank(): number | undefined {
    for (let r = this.buckets.length - 1; r >= 0; r--) if (this.buckets[r]!.length > 0) return r;
    return undefined;
  }
}

/** The gzipped size of text written to it, as GitHub's upload would compress it (zlib's default level). */
export class GzipMeter {
  private readonly gzip: Gzip = createGzip();
  private bytes = 0;

  constructor() {
    this.gzip.on('data', (chunk: Buffer) => (this.bytes += chunk.length));
  }

  async write(text: string): Promise<void> {
    if (!this.gzip.write(text)) await once(this.gzip, 'drain');
  }

  /** The total once everything written is compressed. */
  async end(): Promise<number> {
    const ended = once(this.gzip, 'end');
    this.gzip.end();
    await ended;
    return this.bytes;
  }

  /** Stops compressing (an abandoned export). */
  destroy(): void {
    this.gzip.destroy();
  }
}
