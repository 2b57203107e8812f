// Checks text before it is written into a user's source file. The service is trusted no
// further than any other input, so server text in a comment is held to an allowlist of prose:
//
//   letters (L*), combining marks (M*) and numbers (N*) of any script, space separators (Zs),
//   punctuation of any script (P*), and the printable ASCII characters — minus the ASCII
//   characters the language's hazard table refuses (model/commentSyntax: `{ }` in JSX, `< >`
//   in HTML/PHP, `{ }` in YAML templates, `% ! ^ & |` in batch, `$` in make).
//
// Everything else is refused with the code point named, never stripped: controls and line
// breaks, every invisible or format character (bidi controls of Trojan Source, zero-width
// characters, tag characters), private-use and unassigned code points, and the symbols
// outside ASCII (emoji, arrows, math, currency, box drawing), which prose does not need and
// which only widen what a hostile service can do. A quietly edited justification would say
// something the service did not say, so nothing is altered. User text (templates) is held
// only to the "unsafe character" rule of common/text.
import { codePointLength, describeCodePoint, findUnsafe, SUMMARY_MAX_CODE_POINTS } from '../common/text';

/** Beyond this many UTF-16 units the text is refused before any per-character work. */
const HARD_MAX_UNITS = 100_000;

export type TextCheck = { ok: true; text: string } | { ok: false; reason: string; refusedText?: true };

export interface TextCheckOptions {
  /** Names the text in the reason, e.g. "summary" or "issue type". */
  field: string;
  /** Counted in code points after NFC. Default: {@link SUMMARY_MAX_CODE_POINTS}. */
  maxCodePoints?: number;
  /** Hold the text to the prose allowlist (server text); false checks only unsafe characters. */
  prose?: boolean;
  /** ASCII characters refused here, with why (the language's hazard table). */
  refused?: ReadonlyMap<string, string>;
}

export function checkServerText(text: string, options: TextCheckOptions): TextCheck {
  const { field } = options;
  const max = options.maxCodePoints ?? SUMMARY_MAX_CODE_POINTS;
  if (typeof text !== 'string') return refuse(`${field} is not text`);
  if (text.length > HARD_MAX_UNITS) {
    return refuse(`${field} is ${text.length} UTF-16 units long; at most ${max} code points are allowed`);
  }
  // Before normalising too: normalising ill-formed text (lone surrogates) is not meaningful.
  const normalized = text.normalize('NFC');
  const bad = findUnsafe(text) ?? findUnsafe(normalized);
  if (bad) return refuse(`${field} contains ${describeCodePoint(bad.codePoint)} at code point ${bad.index + 1}`);
  if (options.prose !== false) {
    const outside = findOutsideAllowlist(normalized, options.refused);
    if (outside)
      return refuse(
        `${field} contains ${describeCodePoint(outside.codePoint)} at code point ${outside.index + 1}${outside.why ? `: ${outside.why}` : ', which is not allowed in an inserted comment (letters, marks, digits, spaces and punctuation are)'}`,
      );
  }

  if (/^\p{Zs}*$/u.test(normalized)) return refuse(`${field} is empty`);

  const length = codePointLength(normalized);
  if (length > max) {
    return refuse(`${field} is ${length} code points long; at most ${max} are allowed`);
  }
  return { ok: true, text: normalized };
}

const refuse = (reason: string): TextCheck => ({ ok: false, reason, refusedText: true });

const PROSE = /^[\p{L}\p{M}\p{N}\p{Zs}\p{P}]$/u;
// U+FE0E/U+FE0F after a visible character pass findUnsafe (emoji); as marks they pass here.

/** The first code point outside the prose allowlist (or refused by `refused`), or undefined. */
function findOutsideAllowlist(
  text: string,
  refused?: ReadonlyMap<string, string>,
): { codePoint: number; index: number; why?: string } | undefined {
  let index = 0;
  for (const ch of text) {
    const cp = ch.codePointAt(0) ?? 0;
    if (cp >= 0x20 && cp < 0x7f) {
      const why = refused?.get(ch);
      if (why) return { codePoint: cp, index, why };
    } else if (!PROSE.test(ch)) {
      return { codePoint: cp, index };
    }
    index++;
  }
  return undefined;
}
