// Checks server text before it is written into a user's source file. The service is
// trusted no further than any other input: a summary could carry a line break that ends a
// comment, bidi controls that make code read differently from how it runs (Trojan Source,
// CVE-2021-42574) or invisible characters that hide text. Such text is rejected with a
// reason naming the code point, never silently stripped: a quietly edited justification
// would say something the service did not say.
//
// Rejected (after NFC normalisation):
// - every control character, C0 (TAB included: a one-line summary has no use for one, and
//   one rule for all of C0 is easier to reason about), DEL and C1 (U+0085 NEXT LINE included);
// - line and paragraph separators U+2028, U+2029;
// - every format character (category Cf): bidi controls, zero-width characters, U+2060 WORD
//   JOINER, U+FEFF, U+00AD SOFT HYPHEN, U+180E, tag characters (ASCII smuggling), …;
// - every other default-ignorable code point (Hangul fillers, U+034F, variation selectors
//   used to smuggle bytes), except a single U+FE0E/U+FE0F right after a visible character,
//   which is how ordinary emoji such as ⚠️ are written;
// - lone surrogates, private-use and unassigned code points (unknown rendering).
// Kept: letters of every script (right-to-left ones too: they reorder only within the
// comment, unlike bidi controls), combining marks, emoji, all Zs spaces, punctuation.

export const SUMMARY_MAX_CODE_POINTS = 280;
/** Beyond this many UTF-16 units the text is refused before any per-character work. */
const HARD_MAX_UNITS = 100_000;

export type TextCheck = { ok: true; text: string } | { ok: false; reason: string };

export interface TextCheckOptions {
  /** Names the text in the reason, e.g. "summary" or "issue type". */
  field: string;
  /** Counted in code points after NFC. Default: {@link SUMMARY_MAX_CODE_POINTS}. */
  maxCodePoints?: number;
}

export function checkServerText(text: string, options: TextCheckOptions): TextCheck {
  const { field } = options;
  const max = options.maxCodePoints ?? SUMMARY_MAX_CODE_POINTS;
  if (typeof text !== 'string') return { ok: false, reason: `${field} is not text` };
  if (text.length > HARD_MAX_UNITS) {
    return { ok: false, reason: `${field} is ${text.length} UTF-16 units long; at most ${max} code points are allowed` };
  }
  // Lone surrogates first: normalising ill-formed text is not meaningful.
  const lone = findLoneSurrogate(text);
  if (lone) return { ok: false, reason: `${field} contains ${describeCodePoint(lone.codePoint)} at code point ${lone.index + 1}` };

  const normalized = text.normalize('NFC');
  const bad = findForbiddenCodePoint(normalized);
  if (bad) return { ok: false, reason: `${field} contains ${describeCodePoint(bad.codePoint)} at code point ${bad.index + 1}` };

  if (/^\p{Zs}*$/u.test(normalized)) return { ok: false, reason: `${field} is empty` };

  const length = codePointLength(normalized);
  if (length > max) {
    return { ok: false, reason: `${field} is ${length} code points long; at most ${max} are allowed` };
  }
  return { ok: true, text: normalized };
}

/** Length in code points (a surrogate pair counts once). */
export function codePointLength(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

export interface ForbiddenHit {
  codePoint: number;
  /** 0-based index in code points. */
  index: number;
}

const ALWAYS_FORBIDDEN =
  /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}]/u;
const PRESENTATION_SELECTORS = new Set([0xfe0e, 0xfe0f]);

/** The first code point {@link checkServerText} rejects, or undefined. Does not normalise. */
export function findForbiddenCodePoint(text: string): ForbiddenHit | undefined {
  let index = 0;
  let previousWasBase = false;
  for (const ch of text) {
    const cp = ch.codePointAt(0) ?? 0;
    if (ALWAYS_FORBIDDEN.test(ch)) {
      // ⚠️ is U+26A0 U+FE0F: one presentation selector after a visible character is fine,
      // a run of selectors (a known way to hide bytes) is not.
      if (!(PRESENTATION_SELECTORS.has(cp) && previousWasBase)) return { codePoint: cp, index };
      previousWasBase = false;
    } else {
      previousWasBase = true;
    }
    index++;
  }
  return undefined;
}

function findLoneSurrogate(text: string): ForbiddenHit | undefined {
  let index = 0;
  for (const ch of text) {
    const cp = ch.codePointAt(0) ?? 0;
    if (cp >= 0xd800 && cp <= 0xdfff) return { codePoint: cp, index };
    index++;
  }
  return undefined;
}

const NAMES: ReadonlyMap<number, string> = new Map([
  [0x00, 'NULL'],
  [0x09, 'CHARACTER TABULATION'],
  [0x0a, 'LINE FEED'],
  [0x0b, 'LINE TABULATION'],
  [0x0c, 'FORM FEED'],
  [0x0d, 'CARRIAGE RETURN'],
  [0x1b, 'ESCAPE'],
  [0x7f, 'DELETE'],
  [0x85, 'NEXT LINE'],
  [0xad, 'SOFT HYPHEN'],
  [0x034f, 'COMBINING GRAPHEME JOINER'],
  [0x061c, 'ARABIC LETTER MARK'],
  [0x115f, 'HANGUL CHOSEONG FILLER'],
  [0x1160, 'HANGUL JUNGSEONG FILLER'],
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
  [0x2061, 'FUNCTION APPLICATION'],
  [0x2062, 'INVISIBLE TIMES'],
  [0x2063, 'INVISIBLE SEPARATOR'],
  [0x2064, 'INVISIBLE PLUS'],
  [0x2066, 'LEFT-TO-RIGHT ISOLATE'],
  [0x2067, 'RIGHT-TO-LEFT ISOLATE'],
  [0x2068, 'FIRST STRONG ISOLATE'],
  [0x2069, 'POP DIRECTIONAL ISOLATE'],
  [0x3164, 'HANGUL FILLER'],
  [0xfe0e, 'VARIATION SELECTOR-15'],
  [0xfe0f, 'VARIATION SELECTOR-16'],
  [0xfeff, 'ZERO WIDTH NO-BREAK SPACE (byte order mark)'],
  [0xffa0, 'HALFWIDTH HANGUL FILLER'],
]);

const BIDI = new Set([0x061c, 0x200e, 0x200f, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069]);
const LINE_BREAKS = new Set([0x0a, 0x0d, 0x85, 0x2028, 0x2029]);

/** "U+202E RIGHT-TO-LEFT OVERRIDE (bidi control, Trojan Source)" and the like. */
export function describeCodePoint(cp: number): string {
  const hex = `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`;
  const name = NAMES.get(cp);
  const label = name ? `${hex} ${name}` : hex;
  return `${label} (${kindOf(cp)})`;
}

function kindOf(cp: number): string {
  if (BIDI.has(cp)) return 'bidi control, Trojan Source';
  if (LINE_BREAKS.has(cp)) return 'line break, would end the comment';
  if (cp >= 0xd800 && cp <= 0xdfff) return 'lone surrogate, not valid text';
  if (cp >= 0xe0000 && cp <= 0xe007f) return 'invisible tag character, can hide text';
  const ch = String.fromCodePoint(cp);
  if (/\p{Cc}/u.test(ch)) return 'control character';
  if (/\p{Co}/u.test(ch)) return 'private-use character, unknown rendering';
  if (/\p{Cn}/u.test(ch)) return 'unassigned code point';
  if (/\p{Default_Ignorable_Code_Point}/u.test(ch) && /\p{Mn}/u.test(ch)) return 'invisible variation or joining mark, can hide text';
  return 'invisible character, can hide text';
}

const ELLIPSIS = '…';
/** How far back from the limit a word boundary is looked for. */
const WORD_WINDOW = 40;

/**
 * Shortens `text` to at most `maxCodePoints` code points: at the last whitespace within the
 * final {@link WORD_WINDOW} code points before the limit if there is one, else hard, and
 * marks the cut with '…' (counted in the limit). Never splits a surrogate pair. Text that
 * fits is returned unchanged. The result without its '…' is always a prefix of `text`.
 */
export function truncateOnWordBoundary(text: string, maxCodePoints: number): string {
  const max = Math.floor(maxCodePoints);
  const points = Array.from(text);
  if (points.length <= max) return text;
  if (!(max >= 1)) return '';
  const budget = max - ELLIPSIS.length; // '…' is one code point
  let cut = budget;
  for (let i = budget; i >= Math.max(1, budget - WORD_WINDOW); i--) {
    if (/\s/u.test(points[i] ?? '')) {
      cut = i;
      break;
    }
  }
  let end = cut;
  while (end > 0 && /\s/u.test(points[end - 1] ?? '')) end--;
  // All whitespace before the boundary: fall back to the hard cut rather than lose it all.
  if (end === 0) end = budget;
  return points.slice(0, end).join('') + ELLIPSIS;
}
