// pickText is cleanText for QuickPick items (see test/unit/common/cleanText.test.ts), plus the
// escaping of $( that QuickPick would otherwise draw as a codicon.
import { strict as assert } from 'node:assert';
import { pickText } from '../../../src/views/pickText';

describe('pickText (QuickPick items)', () => {
  it('escapes $( so server text cannot draw codicons, and cleans and cuts like cleanText', () => {
    assert.equal(pickText('Verified $(check) by $(shield)'), 'Verified \\$(check) by \\$(shield)');
    assert.equal(pickText('a\u202eb\nc'), 'a b c');
    assert.equal(Array.from(pickText('x'.repeat(500), 200)).length, 200);
  });
});
