// A typed event emitter with the shape the editor's own has (`event(listener)` returns a
// subscription, `fire(value)`, `dispose()`), so classes that announce changes run in plain Node
// too. A subscription is any `{ dispose() }`, which the editor's subscriptions accept as they are.
import type { DisposableLike } from './disposable';

export type Listener<T> = (value: T) => unknown;

/** Subscribes a listener; dispose() the result to unsubscribe. */
export type Event<T> = (listener: Listener<T>) => DisposableLike;

export class Emitter<T> implements DisposableLike {
  private listeners: Set<Listener<T>> | undefined = new Set();

  /**
   * @param onListenerError what a listener's throw becomes (default: written to the console, as
   * the editor does); the other listeners are called all the same.
   */
  constructor(private readonly onListenerError: (error: unknown) => void = (e) => console.error('A listener failed:', e)) {}

  /** Subscribes to the values fired from now on. A bound function: pass it around as `onDid…`. */
  readonly event: Event<T> = (listener) => {
    if (!this.listeners) return { dispose: () => undefined };
    // Its own wrapper: the same function subscribed twice is called twice, and each disposes its own.
    const own: Listener<T> = (value) => listener(value);
    this.listeners.add(own);
    return { dispose: () => void this.listeners?.delete(own) };
  };

  /** Calls every listener subscribed now, in order; one unsubscribed meanwhile is skipped. */
  fire(value: T): void {
    if (!this.listeners) return;
    for (const listener of [...this.listeners]) {
      if (!this.listeners?.has(listener)) continue;
      try {
        listener(value);
      } catch (e) {
        this.onListenerError(e);
      }
    }
  }

  /** Drops every listener; later fires and subscriptions do nothing. */
  dispose(): void {
    this.listeners?.clear();
    this.listeners = undefined;
  }
}
