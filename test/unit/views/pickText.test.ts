// pickText is cleanText for QuickPick items (see test/unit/common/cleanText.test.ts), plus the
// escaping of $( that QuickPick would otherwise draw as a codicon.
import { strict as assert } from 'node:assert';
import { iconSafeText } from '../../../src/common/text';
import { pickText } from '../../../src/views/pickText';

describe('pickText (QuickPick items)', () => {
  it('escapes $( so server text cannot draw codicons, and cleans and cuts like cleanText', () => {
    assert.equal(pickText('Verified $(check) by $(shield)'), 'Verified \\$(check) by \\$(shield)');
    assert.equal(pickText('a\u202eb\nc'), 'a b c');
    assert.equal(Array.from(pickText('x'.repeat(500), 200)).length, 200);
  });
});

describe('iconSafeText (status bar messages)', () => {
  it('escapes every $( and cleans and cuts', () => {
    assert.equal(iconSafeText('id-$(check)-$(x', 80), 'id-\\$(check)-\\$(x');
    assert.equal(iconSafeText('a\u202eb', 80), 'a b');
    assert.equal(Array.from(iconSafeText('y'.repeat(100), 10)).length, 10);
  });
});
