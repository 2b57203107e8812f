// The pages of one paging run, handed to the cache's writer as they arrive: the writer
// serialises each page when it takes it, so the file gets the issues as the service sent them
// while the model keeps its compact copy. Pages wait here only until the writer takes them.
import type { Issue } from '../../api/schemas';

export class PageFeed implements AsyncIterable<readonly Issue[]> {
  private readonly queue: (readonly Issue[])[] = [];
  private wake: (() => void) | undefined;
  private state: 'open' | 'ended' | 'abandoned' = 'open';
  /** Whether paging reached the last issue; read by the writer when the pages end. */
  complete = false;

  push(page: readonly Issue[]): void {
    if (this.state !== 'open') return;
    this.queue.push(page);
    this.signal();
  }

  /** No more pages: the file is written, complete or not. */
  end(complete: boolean): void {
    if (this.state !== 'open') return;
    this.complete = complete;
    this.state = 'ended';
    this.signal();
  }

  /** Paging stopped without an end worth keeping (a reload, a reset): nothing is written. */
  abandon(): void {
    if (this.state !== 'open') return;
    this.state = 'abandoned';
    this.queue.length = 0;
    this.signal();
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<readonly Issue[]> {
    for (;;) {
      if (this.state === 'abandoned') throw abandoned();
      const page = this.queue.shift();
      if (page) yield page;
      else if (this.state === 'ended') return;
      else await new Promise<void>((resolve) => (this.wake = resolve));
    }
  }

  private signal(): void {
    const wake = this.wake;
    this.wake = undefined;
    wake?.();
  }
}

/**
 * What ends a write whose pages stopped on purpose. An AbortError by name, not a class: the
 * feed is in the extension's bundle and the cache in its own (dist/cache.js).
 */
export function abandoned(): Error {
  return new DOMException('The pages stopped coming.', 'AbortError');
}
