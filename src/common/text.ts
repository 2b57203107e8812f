// The one home of "unsafe character", truncation and the 280 limit. Every place that shows,
// prints, copies or inserts server text uses these: the tree, QuickPicks and status bar
// (cleanText, iconSafeText), notifications (messageText), hovers (markdownLiteral), documents
// (cleanLines), the log and the terminal (escapeUnsafe), the clipboard (cleanText) and
// inserted comments (findUnsafe, then the allowlist in model/sanitize). Also the one way a
// count is written with its noun (counted). Ground floor: imports nothing of ours.

/** The service promises fp summaries of at most this many characters (read as code points). */
export const SUMMARY_MAX_CODE_POINTS = 280;

/**
 * Unsafe anywhere server text goes: controls (C0 with TAB/CR/LF, DEL, C1 with U+0085), format
 * characters (bidi controls of Trojan Source, zero-width characters, U+FEFF, tag characters
 * used for ASCII smuggling, U+00AD), line/paragraph separators, lone surrogates, private-use
 * and unassigned code points, and the other default-ignorable code points (Hangul fillers,
 * variation selectors used to smuggle bytes). One exception, see {@link findUnsafe}.
 */
const UNSAFE = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}]/u;
const UNSAFE_G = new RegExp(UNSAFE.source, 'gu');
/** U+FE0E/U+FE0F right after a visible character is how ordinary emoji (⚠️) are written. */
const PRESENTATION_SELECTORS = new Set([0xfe0e, 0xfe0f]);

export interface UnsafeHit {
  codePoint: number;
  /** 0-based index in code points. */
  index: number;
}

/** The first unsafe code point of `text`, or undefined. */
export function findUnsafe(text: string): UnsafeHit | undefined {
  if (!UNSAFE.test(text)) return undefined;
  let index = 0;
  let previousWasBase = false;
  for (const ch of text) {
    const cp = ch.codePointAt(0) ?? 0;
    if (UNSAFE.test(ch)) {
      if (!(PRESENTATION_SELECTORS.has(cp) && previousWasBase)) return { codePoint: cp, index };
      previousWasBase = false;
    } else {
      previousWasBase = true;
    }
    index++;
  }
  return undefined;
}

/** Text for one line of plain-text UI (tree rows, QuickPick, clipboard): every unsafe
 * character becomes a space, runs of whitespace fold to one, ends trimmed. */
export function cleanText(text: string): string {
  return blankUnsafe(text).replace(/\s+/g, ' ').trim();
}

/** Every unsafe character (but an emoji's presentation selector) as a space. */
function blankUnsafe(text: string): string {
  return UNSAFE.test(text)
    ? text.replace(UNSAFE_G, (ch, offset: number, whole: string) => (keepsSelector(ch, whole, offset) ? ch : ' '))
    : text;
}

/** What ends a line of server text: CRLF, CR, LF, NEL and the Unicode line and paragraph separators. */
const LINE_BREAK = /\r\n|[\n\r\u0085\u2028\u2029]/;

/**
 * Text of several lines for a plain-text document (an explanation's paragraphs): each line
 * break becomes `\n`, every other unsafe character a space (so no bidi control reorders a
 * line and no invisible one hides a word), trailing spaces dropped. Indentation is kept.
 */
export function cleanLines(text: string): string {
  return text
    .split(LINE_BREAK)
    .map((line) => blankUnsafe(line).trimEnd())
    .join('\n');
}

/**
 * Server text as markdown source that renders as exactly its cleaned text, line breaks as
 * paragraph breaks, and as nothing else: every ASCII punctuation character is backslash-escaped
 * (CommonMark lets any be, and an escaped one is only itself) and `<` is `&lt;`, so no link,
 * image, HTML, emphasis, heading, list or table comes from it. That also stops auto-links,
 * which MarkdownString.appendText lets through (it escapes neither `:` nor `.` nor `@`): GFM's
 * and linkify's need a literal `://`, `www.`, `@` or dot between name parts, and an escaped one
 * is a text piece of its own to the renderer. Whitespace folds to one space per line, so no
 * indentation makes a code block and no trailing spaces a hard break.
 */
export function markdownLiteral(text: string): string {
  return cleanLines(text)
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter((line) => line !== '')
    .map((line) => line.replace(/[!-\/:-@[-`{-~]/g, (ch) => (ch === '<' ? '&lt;' : `\\${ch}`)))
    .join('\n\n');
}

function keepsSelector(ch: string, whole: string, offset: number): boolean {
  if (!PRESENTATION_SELECTORS.has(ch.codePointAt(0) ?? 0) || offset === 0) return false;
  const before = whole.codePointAt(offset - 1) ?? 0;
  // The character before may be the low half of a surrogate pair.
  const base =
    before >= 0xdc00 && before <= 0xdfff && offset >= 2
      ? String.fromCodePoint(whole.codePointAt(offset - 2) ?? 0)
      : String.fromCharCode(before);
  return !UNSAFE.test(base) && !/\s/.test(base);
}

/**
 * Text for a terminal or a JSON line: every unsafe character (ESC of ANSI sequences, bidi
 * controls, line breaks) as `\uXXXX` per UTF-16 unit, so JSON stays valid and means the same.
 * The common case (nothing to escape) costs one scan, not a rebuild.
 */
export function escapeUnsafe(text: string): string {
  return UNSAFE.test(text) ? text.replace(UNSAFE_G, escapeUnits) : text;
}

/**
 * `value` as JSON text with every unsafe character escaped, as escapeUnsafe(JSON.stringify(value))
 * gives it (still valid JSON, the same value). JSON.stringify leaves no C0 control and no lone
 * surrogate in its text, so when that text is all ASCII (checked natively, by encoding it) only
 * DEL could be unsafe, and the scan with escapeUnsafe's regex is skipped: a third of its cost
 * on the CLI's JSON lines. The check is on our own stringify's output, never on given text.
 */
export function escapedJson(value: unknown): string {
  // JSON.stringify(undefined) (or a function) is no text at all; written as JSON's nothing.
  return escapedJsonText((JSON.stringify(value) as string | undefined) ?? 'null');
}

/** escapedJson for JSON text already written with JSON.stringify's escaping (model/export/sarifJson builds it piece by piece). */
export function escapedJsonText(json: string): string {
  return isAsciiWithoutDel(json) ? json : escapeUnsafe(json);
}

const encoder = new TextEncoder();
/** Scratch for the ASCII check; text longer than this takes escapeUnsafe's scan. */
const scratch = new Uint8Array(64 * 1024);

/** Every code unit below U+007F: UTF-8 writes exactly one byte per character then. */
function isAsciiWithoutDel(text: string): boolean {
  if (text.length > scratch.length) return false;
  const { read, written } = encoder.encodeInto(text, scratch);
  return read === text.length && written === text.length && !text.includes('\x7f');
}

const escapeUnits = (ch: string): string => {
  let out = '';
  for (let i = 0; i < ch.length; i++) out += `\\u${ch.charCodeAt(i).toString(16).padStart(4, '0')}`;
  return out;
};

/** A count with its noun in the right number: "1 download", "2 downloads", "0 fixes". */
export function counted(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : plural}`;
}

/** Length in code points (a surrogate pair counts once). */
export function codePointLength(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

const ELLIPSIS = '…';

/** At most `max` code points, cut hard and marked with '…' (counted in `max`). Never splits a
 * surrogate pair. Text that fits is returned unchanged. */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text; // UTF-16 length ≥ code points
  const points = Array.from(text);
  if (points.length <= max) return text;
  if (!(max >= 1)) return '';
  return points.slice(0, max - 1).join('') + ELLIPSIS;
}

/**
 * Text for an editor notification: cleaned, and with markdown link syntax broken up, since
 * notifications render `[label](target)` as a link and a `command:` target runs any command.
 */
export function messageText(text: string): string {
  return cleanText(text).replace(/\]\s*\(/g, '] (');
}

/**
 * Text for places that render `$(name)` as an icon (QuickPick items, status bar messages):
 * cleaned, cut to `max`, and every `$(` escaped as VS Code reads it (`\$(`), so a service
 * cannot draw codicons (a fake "verified" check) into the editor's chrome.
 */
export function iconSafeText(text: string, max: number): string {
  return truncate(cleanText(text), max).replace(/\$\(/g, '\\$(');
}

/** Server text shown in a one-line message (errors, logs): cleaned, then cut to `max`. */
export function oneLine(text: string, max: number): string {
  return truncate(cleanText(text), max);
}

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

/** Replaces every occurrence of `secret` (when non-empty) with «redacted». Call it before
 * cutting or cleaning text: a cut first would leave all but the secret's tail. */
export function redact(text: string, secret: string | undefined): string {
  return secret ? text.split(secret).join('«redacted»') : text;
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
  // Printable characters that the comment allowlist refuses in some contexts.
  [0x20, 'SPACE'],
  [0x21, 'EXCLAMATION MARK'],
  [0x22, 'QUOTATION MARK'],
  [0x23, 'NUMBER SIGN'],
  [0x24, 'DOLLAR SIGN'],
  [0x25, 'PERCENT SIGN'],
  [0x26, 'AMPERSAND'],
  [0x27, 'APOSTROPHE'],
  [0x28, 'LEFT PARENTHESIS'],
  [0x29, 'RIGHT PARENTHESIS'],
  [0x2a, 'ASTERISK'],
  [0x2b, 'PLUS SIGN'],
  [0x2c, 'COMMA'],
  [0x2d, 'HYPHEN-MINUS'],
  [0x2e, 'FULL STOP'],
  [0x2f, 'SOLIDUS'],
  [0x3a, 'COLON'],
  [0x3b, 'SEMICOLON'],
  [0x3c, 'LESS-THAN SIGN'],
  [0x3d, 'EQUALS SIGN'],
  [0x3e, 'GREATER-THAN SIGN'],
  [0x3f, 'QUESTION MARK'],
  [0x40, 'COMMERCIAL AT'],
  [0x5b, 'LEFT SQUARE BRACKET'],
  [0x5c, 'REVERSE SOLIDUS'],
  [0x5d, 'RIGHT SQUARE BRACKET'],
  [0x5e, 'CIRCUMFLEX ACCENT'],
  [0x5f, 'LOW LINE'],
  [0x60, 'GRAVE ACCENT'],
  [0x7b, 'LEFT CURLY BRACKET'],
  [0x7c, 'VERTICAL LINE'],
  [0x7d, 'RIGHT CURLY BRACKET'],
  [0x7e, 'TILDE'],
]);

const BIDI = new Set([0x061c, 0x200e, 0x200f, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069]);
const LINE_BREAKS = new Set([0x0a, 0x0d, 0x85, 0x2028, 0x2029]);

/** "U+202E RIGHT-TO-LEFT OVERRIDE (bidi control, Trojan Source)" and the like. */
export function describeCodePoint(cp: number): string {
  const hex = `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`;
  const name = NAMES.get(cp);
  const ch = String.fromCodePoint(cp);
  // A visible character is shown as itself too; an invisible one only by number and name.
  const shown = name || UNSAFE.test(ch) || /\s/u.test(ch) ? '' : ` '${ch}'`;
  const label = name ? `${hex} ${name}` : `${hex}${shown}`;
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
  if (UNSAFE.test(ch)) return 'invisible character, can hide text';
  if (cp < 0x80) return 'ASCII';
  if (/\p{S}/u.test(ch)) return 'symbol, not prose';
  if (/\p{Zs}/u.test(ch)) return 'space';
  return /\p{P}/u.test(ch) ? 'punctuation' : 'character';
}

/** A number with thousands separators, the same in every locale: "10,000". */
export function formatCount(n: number): string {
  return n.toLocaleString('en-US');
}
