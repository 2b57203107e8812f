// escapeUnsafe and escapedJson skip their rebuild (and escapedJson even the regex scan) when
// nothing needs escaping; these check that the shortcuts never change a single output, against
// a reference that rebuilds every string, on text made mostly of the common case.
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { escapedJson, escapeUnsafe } from '../../../src/common/text';

/** The slow path: every unsafe character replaced, whatever the text holds (text.ts's class, written again). */
const UNSAFE_G = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}]/gu;
function reference(text: string): string {
  return text.replace(UNSAFE_G, (ch) =>
    Array.from({ length: ch.length }, (_, i) => `\\u${ch.charCodeAt(i).toString(16).padStart(4, '0')}`).join(''),
  );
}

/** Characters weighted toward printable ASCII (the common case), with every kind of trouble mixed in. */
const unit = fc.oneof(
  { weight: 20, arbitrary: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)) },
  { weight: 2, arbitrary: fc.constantFrom('\x7f', '\x00', '\x1b', '\n', '\r', '\t', '\x85', '\xad', '\xa0', 'é', '\u200b', '\u2028') },
  { weight: 2, arbitrary: fc.constantFrom('\u202e', '\u2066', '\u061c', '\ufeff', '\ufe0f', '\u{e0041}', '\u{f0000}', '😀', '表') },
  // Lone surrogates, and any UTF-16 unit at all.
  { weight: 1, arbitrary: fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c)) },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)) },
);
const text = fc.string({ unit, maxLength: 200 });
/** JSON-shaped values whose strings (keys too) are such text, as issues are. */
const value = fc.letrec((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    text,
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('node'), { maxLength: 5 }),
    fc.dictionary(text, tie('node'), { maxKeys: 5 }),
  ),
})).node;

describe('escaping: the fast paths equal the slow path', () => {
  it('escapeUnsafe(text) is the reference rebuild, whether or not anything needed escaping', () => {
    fc.assert(
      fc.property(text, (s) => assert.equal(escapeUnsafe(s), reference(s))),
      { numRuns: 5_000 },
    );
  });

  it('escapedJson(value) is escapeUnsafe(JSON.stringify(value)), and the same value once parsed', () => {
    let ascii = 0;
    fc.assert(
      fc.property(value, (v) => {
        const json = JSON.stringify(v);
        if (/^[\x20-\x7e]*$/.test(json)) ascii++;
        const escaped = escapedJson(v);
        assert.equal(escaped, reference(json));
        assert.deepEqual(JSON.parse(escaped), JSON.parse(json));
      }),
      { numRuns: 3_000 },
    );
    assert.ok(ascii > 300 && ascii < 2_700, `both paths taken: ${ascii} of 3,000 values were printable ASCII`);
  });

  it('takes the ASCII shortcut only where it is exact: DEL, lone surrogates and long text still escape', () => {
    assert.equal(escapedJson({ a: 'plain ascii' }), '{"a":"plain ascii"}');
    assert.equal(escapedJson('a\x7fb'), '"a\\u007fb"');
    assert.equal(escapedJson('\u202e'), '"\\u202e"');
    assert.equal(escapedJson('\x1b[31m'), '"\\u001b[31m"', 'JSON.stringify escapes C0 itself');
    assert.equal(escapedJson('\ud800'), '"\\ud800"', 'JSON.stringify escapes a lone surrogate itself');
    const long = `${'x'.repeat(70_000)}\u2066`;
    assert.equal(escapedJson(long), `"${'x'.repeat(70_000)}\\u2066"`, 'longer than the scratch buffer');
    assert.equal(escapedJson(`${'x'.repeat(70_000)}`), `"${'x'.repeat(70_000)}"`);
    assert.equal(escapedJson(undefined), 'null');
  });
});
