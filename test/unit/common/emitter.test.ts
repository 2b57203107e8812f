// The tiny emitter the store announces its changes with (common/emitter): listeners in order,
// a subscription that unsubscribes, a throwing listener that does not stop the others, and
// nothing after dispose.
import { strict as assert } from 'node:assert';
import { Emitter } from '../../../src/common/emitter';

describe('emitter', () => {
  it('calls every listener with the value, in the order they subscribed', () => {
    const emitter = new Emitter<number>();
    const seen: string[] = [];
    emitter.event((n) => seen.push(`a${n}`));
    emitter.event((n) => seen.push(`b${n}`));
    emitter.fire(1);
    emitter.fire(2);
    assert.deepEqual(seen, ['a1', 'b1', 'a2', 'b2']);
  });

  it('stops calling a listener once its subscription is disposed, even during a fire', () => {
    const emitter = new Emitter<string>();
    const seen: string[] = [];
    const second = { dispose: () => undefined as unknown };
    emitter.event((v) => {
      seen.push(`first ${v}`);
      second.dispose();
    });
    const subscription = emitter.event((v) => seen.push(`second ${v}`));
    second.dispose = () => subscription.dispose();
    emitter.fire('x');
    emitter.fire('y');
    assert.deepEqual(seen, ['first x', 'first y']);
  });

  it('subscribes the same function twice as two listeners, each disposed on its own', () => {
    const emitter = new Emitter<number>();
    let calls = 0;
    const listener = () => calls++;
    const one = emitter.event(listener);
    emitter.event(listener);
    emitter.fire(0);
    one.dispose();
    emitter.fire(0);
    assert.equal(calls, 3);
  });

  it('does not call a listener subscribed during a fire until the next one', () => {
    const emitter = new Emitter<number>();
    const seen: number[] = [];
    const once = emitter.event(() => {
      once.dispose();
      emitter.event((n) => seen.push(n));
    });
    emitter.fire(1);
    emitter.fire(2);
    assert.deepEqual(seen, [2]);
  });

  it('hands a throwing listener to its error handler and calls the others all the same', () => {
    const errors: unknown[] = [];
    const emitter = new Emitter<number>((e) => errors.push(e));
    const seen: number[] = [];
    emitter.event(() => {
      throw new Error('boom');
    });
    emitter.event((n) => seen.push(n));
    emitter.fire(7);
    assert.deepEqual(seen, [7]);
    assert.deepEqual(
      errors.map((e) => (e as Error).message),
      ['boom'],
    );
  });

  it('does nothing after dispose: no listener is called, a new subscription is inert', () => {
    const emitter = new Emitter<number>();
    const seen: number[] = [];
    emitter.event((n) => seen.push(n));
    emitter.dispose();
    emitter.fire(1);
    const late = emitter.event((n) => seen.push(n));
    emitter.fire(2);
    late.dispose();
    assert.deepEqual(seen, []);
  });
});
