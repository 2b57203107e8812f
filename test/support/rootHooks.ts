// Root hooks for every unit test: an unhandled rejection anywhere fails the test that was
// running, instead of passing silently or crashing a later one.
import { strict as assert } from 'node:assert';

const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => void unhandled.push(reason);

export const mochaHooks = {
  beforeAll(): void {
    process.on('unhandledRejection', onUnhandled);
  },
  afterEach(): void {
    const seen = unhandled.splice(0);
    assert.deepEqual(
      seen.map((r) => (r instanceof Error ? r.message : String(r))),
      [],
      'no unhandled promise rejection',
    );
  },
  afterAll(): void {
    process.off('unhandledRejection', onUnhandled);
  },
};
