// RecentIds keeps UUIDs in typed arrays and everything else in a Set; whatever the mix, it must
// answer exactly like the plain Set-with-eviction it replaced, kept here as the oracle.
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { RecentIds } from '../../../src/api/recentIds';

/** The previous implementation: a Set of the last `capacity` distinct ids. */
class OracleIds {
  private readonly ids = new Set<string>();
  private readonly order: string[] = [];
  private head = 0;
  constructor(private readonly capacity: number) {}
  has(id: string): boolean {
    return this.ids.has(id);
  }
  addIfNew(id: string): boolean {
    if (this.ids.has(id)) return false;
    this.ids.add(id);
    if (this.capacity === Infinity) return true;
    this.order.push(id);
    if (this.ids.size > this.capacity) this.ids.delete(this.order[this.head++]!);
    return true;
  }
}

/** A small pool, so that ids repeat inside and outside the window. */
const pool = fc.uniqueArray(
  fc.oneof(
    { weight: 6, arbitrary: fc.uuid() },
    { weight: 2, arbitrary: fc.uuid().map((u) => u.toUpperCase()) },
    { weight: 1, arbitrary: fc.string({ maxLength: 40 }) },
    { weight: 1, arbitrary: fc.uuid().map((u) => `${u.slice(0, 35)}g`) },
    { weight: 1, arbitrary: fc.uuid().map((u) => u.replace(/-/g, '')) },
  ),
  { minLength: 1, maxLength: 60 },
);
const capacity = fc.oneof(fc.constantFrom(0, 1, 2, 3, 2.5, -1, Infinity, Number.NaN), fc.integer({ min: 1, max: 80 }));
const ops = (ids: string[]) =>
  fc.array(fc.record({ op: fc.constantFrom('add', 'add', 'add', 'has'), id: fc.constantFrom(...ids) }), { maxLength: 400 });

describe('RecentIds', () => {
  for (const maxProbes of [32, 2, 1]) {
    it(`answers like a Set of the last N ids (probe bound ${maxProbes})`, () => {
      fc.assert(
        fc.property(
          capacity,
          pool.chain((ids) => ops(ids)),
          (cap, steps) => {
            const oracle = new OracleIds(cap);
            const ids = new RecentIds(cap, maxProbes);
            steps.forEach(({ op, id }, i) => {
              const expected = op === 'has' ? oracle.has(id) : oracle.addIfNew(id);
              const actual = op === 'has' ? ids.has(id) : ids.addIfNew(id);
              assert.equal(actual, expected, `step ${i}: ${op}(${JSON.stringify(id)}) with capacity ${cap}`);
            });
          },
        ),
        { numRuns: 400 },
      );
    });
  }

  it('answers like the oracle while growing past its first allocation, with ids spilling to the Set', () => {
    const uuids = fc.sample(fc.uuid(), { numRuns: 6_000, seed: 42 });
    const steps = fc.sample(fc.nat({ max: uuids.length - 1 }), { numRuns: 20_000, seed: 7 });
    for (const [cap, maxProbes] of [
      [3_000, 1],
      [Infinity, 2],
      [5_000, 32],
    ] as const) {
      const oracle = new OracleIds(cap);
      const ids = new RecentIds(cap, maxProbes);
      steps.forEach((n, i) =>
        assert.equal(ids.addIfNew(uuids[n]!), oracle.addIfNew(uuids[n]!), `step ${i}, capacity ${cap}, probe bound ${maxProbes}`),
      );
      assert.ok(uuids.every((id) => ids.has(id) === oracle.has(id)));
    }
  });

  it('keeps exactly the last 10,000 of 100,000 UUIDs (growth, ring, eviction)', () => {
    const ids = Array.from({ length: 100_000 }, (_, i) => `00000000-0000-4000-8000-${i.toString(16).padStart(12, '0')}`);
    const recent = new RecentIds(10_000);
    for (const id of ids) assert.equal(recent.addIfNew(id), true);
    assert.equal(recent.has(ids[89_999]!), false);
    assert.equal(recent.has(ids[90_000]!), true);
    assert.equal(recent.addIfNew(ids[99_999]!), false);
    const all = new RecentIds(Infinity);
    for (const id of ids) all.addIfNew(id);
    assert.ok(ids.every((id) => all.has(id)));
  });
});
