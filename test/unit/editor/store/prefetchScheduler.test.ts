// The counts-prefetch scheduler on its own (store/prefetchScheduler), with fetches the test
// settles by hand: it waits for what the user opened, cancels what it has on its way to make
// way and asks for it again after, and a stop keeps the fetches the next list still wants.
import { strict as assert } from 'node:assert';
import { MADE_WAY, PrefetchScheduler, type PrefetchTarget } from '../../../../src/editor/store/prefetchScheduler';
import { until } from './storeHarness';

interface Pending {
  id: string;
  signal: AbortSignal;
  resolve(): void;
}

/** A target whose fetches stay open until resolved (or aborted: then they reject with the reason). */
function fakeTarget() {
  const held = new Set<string>();
  const pending: Pending[] = [];
  const events: string[] = [];
  const target: PrefetchTarget = {
    has: (id) => held.has(id),
    fetch: (id, signal) => {
      held.add(id);
      events.push(`fetch ${id}`);
      return new Promise<void>((resolve, reject) => {
        pending.push({ id, signal, resolve });
        signal.addEventListener('abort', () => reject(signal.reason), { once: true });
      });
    },
    forget: (id) => {
      held.delete(id);
      events.push(`forget ${id}`);
    },
    loaded: (id) => events.push(`loaded ${id}`),
    failed: (id, e) => events.push(`failed ${id}: ${(e as Error).message}`),
  };
  return { target, pending, events, held };
}

/** Resolves the open fetch of `id`. */
function settle(pending: Pending[], id: string): void {
  const at = pending.findIndex((p) => p.id === id && !p.signal.aborted);
  assert.ok(at >= 0, `a fetch of ${id} is open`);
  pending.splice(at, 1)[0]!.resolve();
}

describe('store: the counts-prefetch scheduler', () => {
  it('fetches two at a time, in order, skipping what is already held', async () => {
    const { target, pending, events, held } = fakeTarget();
    held.add('b');
    const scheduler = new PrefetchScheduler(target);
    scheduler.start(['a', 'b', 'c', 'd']);
    await until(() => pending.length === 2, 'two fetches');
    assert.deepEqual(
      pending.map((p) => p.id),
      ['a', 'c'],
    );
    settle(pending, 'a');
    await until(() => pending.some((p) => p.id === 'd'), 'the next fetch');
    settle(pending, 'c');
    settle(pending, 'd');
    await until(() => events.includes('loaded d'), 'd loaded');
    assert.deepEqual(events, ['fetch a', 'fetch c', 'loaded a', 'fetch d', 'loaded c', 'loaded d']);
  });

  it('starts nothing while a foreground load runs', async () => {
    const { target, pending } = fakeTarget();
    const scheduler = new PrefetchScheduler(target);
    let open!: () => void;
    scheduler.inForeground(new Promise<void>((resolve) => (open = resolve)), 'x');
    scheduler.start(['a']);
    await new Promise((resolve) => setTimeout(resolve, 20));
    assert.equal(pending.length, 0, 'waits for the foreground');
    open();
    await until(() => pending.length === 1, 'the fetch after the foreground');
    settle(pending, 'a');
  });

  it('cancels a fetch to make way for a report the user opened, and asks for it again after it', async () => {
    const { target, pending, events } = fakeTarget();
    const scheduler = new PrefetchScheduler(target, 1);
    scheduler.start(['a', 'b']);
    await until(() => pending.length === 1, 'the fetch of a');
    const first = pending[0]!;
    let open!: () => void;
    scheduler.inForeground(new Promise<void>((resolve) => (open = resolve)), 'opened');
    assert.equal(first.signal.aborted, true);
    assert.equal(first.signal.reason, MADE_WAY);
    assert.deepEqual(events, ['fetch a', 'forget a'], 'forgotten at once: whoever asks next fetches it again');
    await new Promise((resolve) => setTimeout(resolve, 20));
    assert.equal(events.filter((e) => e === 'fetch a').length, 1, 'not again while the foreground loads');
    open();
    await until(() => events.filter((e) => e === 'fetch a').length === 2, 'a asked again');
    settle(pending, 'a');
    await until(() => pending.some((p) => p.id === 'b'), 'then b');
    settle(pending, 'b');
    await until(() => events.includes('loaded b'), 'b loaded');
    assert.ok(!events.some((e) => e.startsWith('failed')), 'a made-way fetch is not a failure');
  });

  it('never cancels a fetch someone else joined', async () => {
    const { target, pending } = fakeTarget();
    const scheduler = new PrefetchScheduler(target, 1);
    scheduler.start(['a']);
    await until(() => pending.length === 1, 'the fetch of a');
    scheduler.joined('a');
    scheduler.inForeground(Promise.resolve(), 'opened');
    scheduler.stop();
    assert.equal(pending[0]!.signal.aborted, false);
    settle(pending, 'a');
  });

  it('stop() cancels what it has on its way but what the next list keeps; the run ends', async () => {
    const { target, pending, events } = fakeTarget();
    const scheduler = new PrefetchScheduler(target);
    scheduler.start(['a', 'b', 'c']);
    await until(() => pending.length === 2, 'two fetches');
    scheduler.stop(new Set(['a']));
    const [a, b] = pending;
    assert.equal(a!.signal.aborted, false, 'kept');
    assert.equal(b!.signal.aborted, true, 'cancelled');
    assert.ok(events.includes('forget b') && !events.includes('forget a'));
    settle(pending, 'a');
    await new Promise((resolve) => setTimeout(resolve, 20));
    assert.ok(!events.includes('fetch c'), 'the stopped run asks for nothing more');
    assert.ok(!events.some((e) => e.startsWith('failed')), 'a cancelled fetch is not a failure');
  });

  it('reports a fetch that failed on its own', async () => {
    const failing: PrefetchTarget = {
      has: () => false,
      fetch: async () => {
        throw new Error('HTTP 500');
      },
      forget: () => undefined,
      loaded: () => assert.fail('not loaded'),
      failed: (id, e) => seen.push(`${id}: ${(e as Error).message}`),
    };
    const seen: string[] = [];
    new PrefetchScheduler(failing).start(['a']);
    await until(() => seen.length === 1, 'the failure');
    assert.deepEqual(seen, ['a: HTTP 500']);
  });
});
