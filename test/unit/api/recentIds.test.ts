// RecentIds remembers the last N distinct ids: what paging dedupes against.
import { strict as assert } from 'node:assert';
import { RecentIds } from '../../../src/api/recentIds';

describe('RecentIds', () => {
  it('keeps exactly the last 10,000 of 100,000 UUIDs (ring, eviction)', () => {
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

  it('forgets the oldest distinct id, not the oldest addition: a repeat does not refresh its place', () => {
    const recent = new RecentIds(2);
    assert.equal(recent.addIfNew('a'), true);
    assert.equal(recent.addIfNew('b'), true);
    assert.equal(recent.addIfNew('a'), false);
    assert.equal(recent.addIfNew('c'), true);
    assert.deepEqual(
      ['a', 'b', 'c'].map((id) => recent.has(id)),
      [false, true, true],
    );
  });

  it('reads its capacity as a Set evicting past it would: floored, negative as none, NaN as all', () => {
    const kept = (capacity: number) => {
      const recent = new RecentIds(capacity);
      const ids = ['x', 'y', 'z', 'UPPER', 'not-a-uuid'];
      for (const id of ids) assert.equal(recent.addIfNew(id), true, `${id} is new (capacity ${capacity})`);
      return ids.filter((id) => recent.has(id));
    };
    assert.deepEqual(kept(0), []);
    assert.deepEqual(kept(-1), []);
    assert.deepEqual(kept(1), ['not-a-uuid']);
    assert.deepEqual(kept(2.5), ['UPPER', 'not-a-uuid']);
    assert.deepEqual(kept(Infinity), ['x', 'y', 'z', 'UPPER', 'not-a-uuid']);
    assert.deepEqual(kept(Number.NaN), ['x', 'y', 'z', 'UPPER', 'not-a-uuid']);
  });
});
