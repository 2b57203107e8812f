// pickText is cleanText for QuickPick items (see test/unit/common/cleanText.test.ts), plus the
// escaping of $( that QuickPick would otherwise draw as a codicon.
import { strict as assert } from 'node:assert';
import { iconSafeText } from '../../../src/common/text';
import { pickText, submissionPick } from '../../../src/views/pickText';

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

describe('submissionPick (Open Pull Request, several submissions)', () => {
  it("shows a pull request's id, status and branch as text, never as icons or extra lines", () => {
    assert.deepEqual(submissionPick({ prId: '42', prStatus: 'MERGED', branch: 'security-fix/sqli' }), {
      label: 'PR #42',
      description: 'MERGED · security-fix/sqli',
    });
    assert.deepEqual(submissionPick({ prId: null, prStatus: null, branch: 'main' }), { label: 'Commit', description: 'main' });
    const item = submissionPick({
      prId: '$(pass-filled) 7\nApproved',
      prStatus: '$(check) MERGED \u202eyb devorppa',
      branch: 'fix/$(verified)\u2028https://evil.example',
    });
    for (const text of [item.label, item.description]) {
      assert.doesNotMatch(text, /(^|[^\\])\$\(/, text);
      assert.doesNotMatch(text, /[\n\u2028\u202e]/, text);
    }
    assert.equal(item.label, 'PR #\\$(pass-filled) 7 Approved');
  });
});
