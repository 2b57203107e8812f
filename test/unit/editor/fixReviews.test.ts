// A preview is bound to the exact patch shown: origin, report, fix and patch text.
import { strict as assert } from 'node:assert';
import { FixReviews } from '../../../src/editor/fixReviews';

describe('fix reviews', () => {
  const fix = { origin: 'https://fixes.example', reportId: 'r1', fixId: 'f1' };

  it('accept only the previewed patch, once', () => {
    const reviews = new FixReviews();
    assert.equal(reviews.check(fix, 'patch'), 'not-previewed');
    reviews.record(fix, 'patch');
    assert.equal(reviews.check(fix, 'patch'), 'reviewed');
    reviews.forget(fix);
    assert.equal(reviews.check(fix, 'patch'), 'not-previewed', 'a review is used once');
  });

  it('refuse a patch served differently under the same id, and forget that review', () => {
    const reviews = new FixReviews();
    reviews.record(fix, 'shown');
    assert.equal(reviews.check(fix, 'served'), 'changed');
    assert.equal(reviews.check(fix, 'shown'), 'not-previewed', 'a changed patch needs a new preview');
  });

  it('keep reviews apart by origin, report and fix, whatever the ids contain', () => {
    const reviews = new FixReviews();
    reviews.record(fix, 'p');
    for (const other of [
      { ...fix, origin: 'https://other.example' },
      { ...fix, reportId: 'r2' },
      { ...fix, fixId: 'f2' },
      { origin: fix.origin, reportId: 'r1\0f1', fixId: '' },
    ])
      assert.equal(reviews.check(other, 'p'), 'not-previewed');
    reviews.clear();
    assert.equal(reviews.check(fix, 'p'), 'not-previewed');
  });
});
