// When the counts prefetch asks for row details: two at a time, only while nothing the user
// opened is loading, and out of the way of what the user opens next. It knows nothing of
// reports or of the service: what a fetch is, and what is already held, are given to it.
//
// What the user opened and is still loading (an expansion's detail, an expanded report's issue
// pages) runs in the foreground: the prefetch starts nothing meanwhile, so other rows' details
// (a large detail weighs megabytes) do not share the network and this thread with it. Row
// details it has on their way that nothing else waits on are cancelled by a foreground load and
// asked for again after it.

/** Why the counts prefetch cancels a row detail for a report the user opened: asked again after it. */
export const MADE_WAY = new DOMException('Made way for a report the user opened.', 'AbortError');

/** What the scheduler fetches, and what it is told about it. */
export interface PrefetchTarget {
  /** Whether this id's detail is held or on its way (it is not fetched again then). */
  has(id: string): boolean;
  /** Fetches this id's detail; `signal` cancels it. */
  fetch(id: string, signal: AbortSignal): Promise<unknown>;
  /** Forgets a cancelled fetch, so whoever asks for the id next fetches it again. */
  forget(id: string): void;
  /** The fetch of this id succeeded. */
  loaded(id: string): void;
  /** The fetch of this id failed (it was not cancelled). */
  failed(id: string, error: unknown): void;
}

export class PrefetchScheduler {
  /** The run under way: its workers stop when it is aborted; the queue is what is left. */
  private run: { controller: AbortController; queue: string[] } | undefined;
  /** Foreground loads, each settling (never rejecting). */
  private readonly foreground = new Set<Promise<void>>();
  /** Fetches on their way that nothing else waits on, by id. */
  private readonly prefetching = new Map<string, AbortController>();

  constructor(
    private readonly target: PrefetchTarget,
    private readonly workers = 2,
  ) {}

  /** Fetches `ids` in order, `workers` at a time, each once nothing in the foreground is loading. */
  start(ids: string[]): void {
    if (ids.length === 0) return;
    const run = { controller: new AbortController(), queue: ids };
    this.run = run;
    const worker = async () => {
      for (;;) {
        await this.foregroundSettled(); // what the user opened goes first
        const id = run.queue.shift();
        if (id === undefined || run.controller.signal.aborted) return;
        if (this.target.has(id)) continue; // opened or read meanwhile
        const item = new AbortController();
        this.prefetching.set(id, item);
        await this.target.fetch(id, item.signal).then(
          () => this.target.loaded(id),
          (e: unknown) => {
            if (!item.signal.aborted) this.target.failed(id, e);
            // Made way for an opened report: again after it, in the run under way by then.
            else if (item.signal.reason === MADE_WAY) this.run?.queue.unshift(id);
          },
        );
        if (this.prefetching.get(id) === item) this.prefetching.delete(id);
      }
    };
    void Promise.all(Array.from({ length: this.workers }, worker));
  }

  /** Someone else waits on this id's fetch now: it is never cancelled to make way or by stop(). */
  joined(id: string): void {
    this.prefetching.delete(id);
  }

  /**
   * Stops the run and cancels the fetches it has on their way, but those of `keep`. A cancelled
   * fetch is forgotten at once, so whoever asks next fetches it again.
   */
  stop(keep?: ReadonlySet<string>): void {
    this.run?.controller.abort();
    this.run = undefined;
    for (const [id, item] of this.prefetching) {
      if (keep?.has(id)) continue;
      this.prefetching.delete(id);
      item.abort();
      this.target.forget(id);
    }
  }

  /**
   * Marks a load the user asked for: the prefetch waits until it settles, and cancels the
   * fetches it has on their way for other ids (asked again after).
   */
  inForeground(load: Promise<unknown>, id: string): void {
    for (const [other, item] of this.prefetching) {
      if (other === id) continue;
      item.abort(MADE_WAY);
      this.target.forget(other); // opened next, it is asked for again, not joined to the cancelled request
    }
    this.prefetching.clear();
    const settled = load.then(
      () => undefined,
      () => undefined,
    );
    this.foreground.add(settled);
    void settled.then(() => this.foreground.delete(settled));
  }

  /** Resolves once nothing in the foreground is loading (loads that start meanwhile are waited for too). */
  private async foregroundSettled(): Promise<void> {
    while (this.foreground.size > 0) await Promise.all(this.foreground);
  }
}
