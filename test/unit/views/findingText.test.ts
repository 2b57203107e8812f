// What the editor's chrome says about a finding: the status bar message of Next/Previous Finding
// draws `$(name)` as an icon, so a service's issue type must not; a quick fix's title shows a
// slice of the fpId, which must not carry a line break or a bidi control.
import { strict as assert } from 'node:assert';
import { findingPosition, fpActionName } from '../../../src/views/findingText';

describe('finding text in the status bar and quick fixes', () => {
  it('says where the finding is, with the issue type unable to draw icons', () => {
    assert.equal(findingPosition(2, 5, 'SQL_Injection', false), 'Finding 2 of 5: SQL Injection');
    assert.equal(findingPosition(1, 1, 'XSS', true), 'Finding 1 of 1: XSS (false positive)');
    const shown = findingPosition(1, 3, '$(pass-filled) Verified_Safe\n$(check)', false);
    assert.doesNotMatch(shown, /(^|[^\\])\$\(/, shown);
    assert.doesNotMatch(shown, /\n/);
    assert.ok(Array.from(findingPosition(1, 1, 'x'.repeat(500), false)).length < 140);
  });

  it('names a false positive among several by its type and a clean slice of its fpId', () => {
    assert.equal(fpActionName('SQL_Injection', '3f2b8c1e-4d5a-4e6f-8a9b-0c1d2e3f4a5b'), 'SQL Injection (fp 3f2b8c1e)');
    for (const fpId of ['ab\ncd\u202eefgh-1234', '\u200b\u200b\u200b\u200b\u200b\u200b\u200b\u200bz', '😀😀😀😀😀😀😀😀😀']) {
      const name = fpActionName('XSS', fpId);
      assert.doesNotMatch(name, /[\n\u202e\u200b]/, JSON.stringify(name));
      assert.doesNotMatch(name, /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/, 'no lone surrogate (a cut pair)');
    }
    assert.equal(fpActionName('XSS', 'ab\ncd\u202eefgh-1234'), 'XSS (fp ab cd ef)');
  });
});
