import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { codePointLength, truncateOnWordBoundary } from '../../../src/common/text';
import { checkServerText } from '../../../src/model/sanitize';

const field = 'The summary';
const reject = (text: string, max?: number): string => {
  const r = checkServerText(text, { field, maxCodePoints: max });
  assert.equal(r.ok, false, `expected ${JSON.stringify(text)} to be rejected`);
  return r.ok ? '' : r.reason;
};
const accept = (text: string, max?: number): string => {
  const r = checkServerText(text, { field, maxCodePoints: max });
  assert.ok(r.ok, `expected ${JSON.stringify(text)} to be accepted: ${r.ok ? '' : r.reason}`);
  return r.text;
};

/** The code points the brief names, with the name the reason must carry. */
const NAMED: [number, string][] = [
  [0x00, 'NULL'],
  [0x09, 'CHARACTER TABULATION'],
  [0x0a, 'LINE FEED'],
  [0x0d, 'CARRIAGE RETURN'],
  [0x1b, 'ESCAPE'],
  [0x7f, 'DELETE'],
  [0x85, 'NEXT LINE'],
  [0xad, 'SOFT HYPHEN'],
  [0x061c, 'ARABIC LETTER MARK'],
  [0x180e, 'MONGOLIAN VOWEL SEPARATOR'],
  [0x200b, 'ZERO WIDTH SPACE'],
  [0x200c, 'ZERO WIDTH NON-JOINER'],
  [0x200d, 'ZERO WIDTH JOINER'],
  [0x200e, 'LEFT-TO-RIGHT MARK'],
  [0x200f, 'RIGHT-TO-LEFT MARK'],
  [0x2028, 'LINE SEPARATOR'],
  [0x2029, 'PARAGRAPH SEPARATOR'],
  [0x202a, 'LEFT-TO-RIGHT EMBEDDING'],
  [0x202b, 'RIGHT-TO-LEFT EMBEDDING'],
  [0x202c, 'POP DIRECTIONAL FORMATTING'],
  [0x202d, 'LEFT-TO-RIGHT OVERRIDE'],
  [0x202e, 'RIGHT-TO-LEFT OVERRIDE'],
  [0x2060, 'WORD JOINER'],
  [0x2066, 'LEFT-TO-RIGHT ISOLATE'],
  [0x2067, 'RIGHT-TO-LEFT ISOLATE'],
  [0x2068, 'FIRST STRONG ISOLATE'],
  [0x2069, 'POP DIRECTIONAL ISOLATE'],
  [0x3164, 'HANGUL FILLER'],
  [0xfeff, 'ZERO WIDTH NO-BREAK SPACE'],
];

const hex = (cp: number) => `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`;

describe('checkServerText', () => {
  it('rejects every listed control, bidi and invisible code point, naming it and where it is', () => {
    for (const [cp, name] of NAMED) {
      const reason = reject(`safe ${String.fromCodePoint(cp)} text`);
      assert.ok(reason.startsWith(`The summary contains ${hex(cp)} ${name}`), reason);
      assert.match(reason, /at code point 6$/);
    }
  });

  it('explains why a bidi control matters', () => {
    assert.equal(reject('a\u202Eb'), 'The summary contains U+202E RIGHT-TO-LEFT OVERRIDE (bidi control, Trojan Source) at code point 2');
    assert.match(reject('a\u2028b'), /LINE SEPARATOR \(line break, would end the comment\)/);
  });

  it('rejects C1 controls, tag characters, private use, unassigned code points and lone surrogates', () => {
    assert.match(reject('a\u0090b'), /U\+0090 \(control character\)/);
    assert.match(reject('a\u{E0041}b'), /U\+E0041 \(invisible tag character/);
    assert.match(reject('a\uE000b'), /U\+E000 \(private-use character/);
    assert.match(reject('a\u{10FFFF}b'), /U\+10FFFF \(unassigned code point\)/);
    assert.match(reject('a\uD800b'), /U\+D800 \(lone surrogate/);
    assert.match(reject('a\uDC00'), /U\+DC00 \(lone surrogate/);
  });

  it('refuses symbols outside ASCII (emoji, arrows, math, currency): not prose, named in the reason', () => {
    assert.match(
      reject('Warning ⚠️ checked'),
      /U\+26A0 '⚠' \(symbol, not prose\) at code point 9, which is not allowed in an inserted comment/,
    );
    assert.match(reject('a → b'), /U\+2192 '→' \(symbol, not prose\)/);
    assert.match(reject('costs 5 €'), /U\+20AC/);
    assert.match(reject('😀'), /U\+1F600/);
  });

  it('keeps printable ASCII unless the language refuses it, naming the character and why', () => {
    const ascii = Array.from({ length: 0x5f }, (_, i) => String.fromCharCode(0x20 + i)).join('');
    assert.equal(accept(`x${ascii}`), `x${ascii}`);
    const refused = new Map([['{', "'{' opens a JSX expression"]]);
    const r = checkServerText('see {x}', { field, refused });
    assert.equal(r.ok, false);
    assert.equal(
      r.ok ? '' : r.reason,
      "The summary contains U+007B LEFT CURLY BRACKET (ASCII) at code point 5: '{' opens a JSX expression",
    );
    assert.equal(checkServerText('see (x)', { field, refused }).ok, true);
  });

  it('holds user text (prose: false) only to the unsafe-character rule', () => {
    assert.equal(checkServerText('→ {summary} ⚠️', { field, prose: false }).ok, true);
    assert.equal(checkServerText('a\u202Eb', { field, prose: false }).ok, false);
  });

  it('rejects a run of presentation selectors and a leading one (invisible characters)', () => {
    assert.match(reject('⚠\uFE0F\uFE0F'), /U\+FE0F VARIATION SELECTOR-16/);
    assert.match(reject('\uFE0Fx'), /U\+FE0F/);
    assert.match(reject('a\uFE01b'), /U\+FE01/);
  });

  it('keeps other scripts, astral characters, spaces and punctuation', () => {
    const text = 'Входные данные проверены; 入力は検証済み — مدخلات آمنة, שלום «x» 𝒜 a\u00A0b "q" <x> & #1 // ok、です。';
    assert.equal(accept(text), text);
  });

  it('normalises to NFC and counts code points after that', () => {
    assert.equal(accept('Cafe\u0301'), 'Café');
    // 280 decomposed pairs are 560 code points before NFC and 280 after.
    assert.equal(codePointLength(accept('e\u0301'.repeat(280))), 280);
    assert.match(reject('e\u0301'.repeat(281)), /281 code points long; at most 280/);
  });

  it('enforces the limit at 280 by default, counting astral characters once', () => {
    accept('a'.repeat(280));
    accept('𝒜'.repeat(280));
    assert.equal(reject('𝒜'.repeat(281)), 'The summary is 281 code points long; at most 280 are allowed');
    accept('a'.repeat(200), 200);
    reject('a'.repeat(201), 200);
  });

  it('rejects empty and whitespace-only text', () => {
    assert.equal(reject(''), 'The summary is empty');
    assert.equal(reject('   \u00A0 '), 'The summary is empty');
  });

  it('never returns text with a forbidden code point, over the limit, or not in NFC (property)', () => {
    const forbidden = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\u00AD\u180E\u200B-\u200F\u202A-\u202E\u2060\u2066-\u2069\uFEFF]/u;
    const nasty = fc.constantFrom(...NAMED.map(([cp]) => String.fromCodePoint(cp)), '\uD800', '\uDFFF', '\u{E0041}', '\uFE0F');
    const text = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 300 }),
      fc.array(fc.oneof(fc.string({ unit: 'grapheme', maxLength: 8 }), nasty), { maxLength: 60 }).map((a) => a.join('')),
    );
    fc.assert(
      fc.property(text, fc.integer({ min: 1, max: 300 }), (input, max) => {
        const r = checkServerText(input, { field, maxCodePoints: max });
        if (!r.ok) {
          assert.ok(r.reason.startsWith('The summary '));
          return;
        }
        assert.equal(r.text, input.normalize('NFC'));
        assert.ok(codePointLength(r.text) <= max);
        assert.ok(!/[\uFE0E\uFE0F]{2}/u.test(r.text));
        assert.ok(!forbidden.test(r.text.replace(/(?<=[^\uFE0E\uFE0F])[\uFE0E\uFE0F]/gu, '')), JSON.stringify(r.text));
        // The prose allowlist, independently: letters, marks, numbers, Zs, punctuation, printable ASCII.
        assert.ok(
          Array.from(r.text).every((ch) => /^[\p{L}\p{M}\p{N}\p{Zs}\p{P}\x20-\x7e]$/u.test(ch)),
          JSON.stringify(r.text),
        );
      }),
      { numRuns: 3000 },
    );
  });
});

describe('truncateOnWordBoundary', () => {
  it('returns text that fits unchanged', () => {
    assert.equal(truncateOnWordBoundary('short text', 10), 'short text');
  });

  it('cuts at the last space before the limit and appends an ellipsis within it', () => {
    assert.equal(truncateOnWordBoundary('hello world this is long', 14), 'hello world…');
    assert.equal(truncateOnWordBoundary('one two   three', 10), 'one two…');
  });

  it('cuts hard when the last 40 code points hold no space', () => {
    const long = `start ${'x'.repeat(100)}`;
    assert.equal(truncateOnWordBoundary(long, 50), `start ${'x'.repeat(43)}…`);
  });

  it('never splits a surrogate pair', () => {
    assert.equal(truncateOnWordBoundary('😀😀😀😀', 3), '😀😀…');
    assert.equal(truncateOnWordBoundary('abc', 1), '…');
    assert.equal(truncateOnWordBoundary('abc', 0), '');
  });

  it('stays within the limit, keeps a prefix and whole code points (property)', () => {
    const isWellFormed = (s: string) => !/\p{Cs}/u.test(s);
    const text = fc.oneof(
      fc.string({ unit: 'grapheme', maxLength: 400 }),
      fc.string({ unit: 'binary', maxLength: 400 }),
      fc.array(fc.constantFrom('word', ' ', '😀', 'é', '  ', '𝒜𝒜', 'long-compound-word'), { maxLength: 150 }).map((a) => a.join('')),
    );
    fc.assert(
      fc.property(text, fc.integer({ min: 0, max: 420 }), (input, max) => {
        const out = truncateOnWordBoundary(input, max);
        assert.ok(codePointLength(out) <= max);
        if (codePointLength(input) <= max) {
          assert.equal(out, input);
          return;
        }
        if (max === 0) {
          assert.equal(out, '');
          return;
        }
        assert.ok(out.endsWith('…'));
        const kept = out.slice(0, -1);
        assert.ok(input.startsWith(kept));
        if (isWellFormed(input)) assert.ok(isWellFormed(out));
        // Either a hard cut at the limit or a cut just before whitespace.
        const next = Array.from(input)[codePointLength(kept)] ?? '';
        assert.ok(codePointLength(kept) === max - 1 || /\s/u.test(next), JSON.stringify({ input, out }));
      }),
      { numRuns: 3000 },
    );
  });
});
