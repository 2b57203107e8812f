// cleanText is the one path for server text shown as plain text (tree labels, QuickPick
// items, error messages): no control, bidi or invisible character survives.
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { cleanText, oneLine } from '../../../src/common/text';

const DANGEROUS = [
  '\u0000',
  '\u0007',
  '\n',
  '\r',
  '\u001b',
  '\u0085',
  '\u061c',
  '\u200b',
  '\u200e',
  '\u200f',
  '\u2028',
  '\u2029',
  '\u202a',
  '\u202e',
  '\u2066',
  '\u2069',
  '\ufeff',
];
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/;

describe('cleanText and oneLine', () => {
  it('replace every control, bidi and invisible character and fold whitespace', () => {
    for (const ch of DANGEROUS) assert.equal(cleanText(`a${ch}b`), 'a b', JSON.stringify(ch));
    assert.equal(cleanText('  rule\u202e.id  \n next '), 'rule .id next');
  });

  it('never let one through, whatever the input (oneLine also caps the length)', () => {
    const text = fc.array(fc.oneof(fc.string(), fc.constantFrom(...DANGEROUS)), { maxLength: 20 }).map((parts) => parts.join(''));
    fc.assert(
      fc.property(text, (s) => {
        assert.ok(!UNSAFE.test(cleanText(s)));
        const line = oneLine(s, 50);
        assert.ok(!UNSAFE.test(line));
        assert.ok(Array.from(line).length <= 50);
      }),
      { numRuns: 2_000 },
    );
  });
});
