// The pieces every directive shape is told by (common/directives): the verbs and off-words, the
// words of an identifier, what reads as a rule id, NO-words, and a regex scan that does not let a
// declined match hide an overlapping one. Ground floor: imports nothing of ours.

export type DirectiveShape = 'bracket' | 'joined' | 'no-word' | 'annotation' | 'pragma' | 'switch' | 'name';

export interface DirectiveMatch {
  readonly shape: DirectiveShape;
  /** The text that has the shape, as it appears. */
  readonly text: string;
  /** Where it starts (UTF-16 index). */
  readonly index: number;
  /** The shape in words, for a refusal: "a word joined to 'disable'". */
  readonly why: string;
  /** The tool, when a known name matches too: "eslint-disable (ESLint)". */
  readonly tool?: string;
}

export const VERBS = ['ignore', 'disable', 'enable', 'suppress', 'skip', 'exclude'];
export const OFF_WORDS = ['off', 'on', 'ok', 'allow', 'todo', 'fixme', 'выкл'];
/** Words after a verb that scope a directive: `disable-next-line`, `ignore_for_file`, `ignore start`. */
export const SCOPES = ['next', 'line', 'file', 'start', 'end', 'begin', 'once', 'for', 'check'];
/** A linter's name: hyphenated (`clang-format`, `kics-scan`) or ending like one (`luacheck`, `yamllint`). */
export function toolName(word: string): boolean {
  return /\p{L}-\p{L}/u.test(word) || /^[\p{L}\p{N}]{2,}(?:lint|check|cop|scan|hint|critic|fmt|format)$/iu.test(word);
}

export const V = VERBS.join('|');

export type Detector = (text: string) => DirectiveMatch | undefined;

export const hit = (shape: DirectiveShape, m: RegExpExecArray, why: string, offset = 0, length?: number): DirectiveMatch => ({
  shape,
  text: m[0].slice(offset, length === undefined ? undefined : offset + length),
  index: m.index + offset,
  why,
});

/**
 * Runs `re` (global) over `text` and returns the first match `accept` keeps. After a match it
 * declines, the search goes on from the next character, so prose cannot hide a directive that
 * overlaps it ("to skip deepcode ignore").
 */
export function scan(re: RegExp, text: string, accept: (m: RegExpExecArray) => DirectiveMatch | undefined): DirectiveMatch | undefined {
  re.lastIndex = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const found = accept(m);
    if (found) return found;
    // One code point on: a /u regex started inside a surrogate pair backs up to its start.
    re.lastIndex = m.index + ((text.codePointAt(m.index) ?? 0) > 0xffff ? 2 : 1);
  }
  return undefined;
}

/**
 * Whether the word ending at `end` goes on as an inflection ("disabled", "ignores", "skipping"):
 * a lower-case letter after a lower-case one, a capital after a capital, or a digit. A capital
 * after a lower-case letter is a camelCase boundary (`ignoreStart`).
 */
export function inflected(text: string, end: number): boolean {
  const next = text[end];
  if (next === undefined || !/[\p{L}\p{N}]/u.test(next)) return false;
  const last = text[end - 1] ?? '';
  if (/\p{N}/u.test(next)) return true;
  const isUpper = (c: string) => c !== c.toLowerCase();
  return isUpper(last) === isUpper(next);
}

/** The words of an identifier: split at punctuation and camelCase, lower-cased. */
export function segments(token: string): string[] {
  return token
    .split(/[^\p{L}\p{N}]+/u)
    .flatMap((part) => part.split(/(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])/))
    .filter((s) => s !== '')
    .map((s) => s.toLowerCase());
}

/** A rule id rather than a word: digits, `_ - . / : *`, an inner capital, or all capitals. */
export function idLike(token: string): boolean {
  const t = token.replace(/^["'`]+|["'`,;)\]]+$/g, '');
  if (t === '') return /^["'`]/.test(token);
  return /[\d_./:*-]/.test(t) || /^.+[A-Z]/.test(t) || /^[A-Z]{2,}$/.test(t) || /^["'`]/.test(token);
}

/**
 * Words that make a following verb part of a serialisation or mapping name, not a directive:
 * `@JsonIgnore`, `@JsonIgnoreProperties(ignoreUnknown = true)`, `@ToString.Exclude`, `XmlIgnore`.
 */
const MAPPING_WORDS = new Set(
  'json jsonb xml bson yaml csv proto avro to string equals hash api schema mapping column field property'.split(' '),
);

/** The first verb or NO-word among an identifier's words, unless a mapping word names it (`JsonIgnore`). */
export function directiveWord(words: readonly string[]): string | undefined {
  return words.find((w, i) => (VERBS.includes(w) && !MAPPING_WORDS.has(words[i - 1] ?? '')) || isNoWord(w));
}

/** English and technical words starting with "no" (in any case) that are not directives. */
const NO_WORDS = new Set(
  (
    'none note notes noted nothing notice noticed notify notion noon noop noops noodle noodles noose nose nosy nosql ' +
    'nostalgia nostril nosniff nosuid nosnippet noexec noexcept noerror noatime noauto noarch noarchive nocache nocase ' +
    'nocookie nocturnal nofollow nohup noindex noinline noinput noise noisy noisily nokia nolock nomodule nopasswd ' +
    'nopass noopener noreply noreferrer noreturn nodiscard nothrow notnull noscript nowrap nowait nowhere nowadays ' +
    'nostore noload nomatch nofile nobr noble nobody noblesse nod nodes nodding nominal nomad nominee nominate nomination ' +
    'nope nook nosh nosey noauth nogroup nologin noassertion nochange noresult nomatch'
  ).split(' '),
);
/** Prefixes of English words that no tool uses for a NO-directive. */
const LOWER_NO_PREFIXES = /^(?:non|not|nor|nov|nob|nom|nou|nox|noz|nod)/;

/** Whether a word in capitals or in lower case is a NO-directive word: `nosec`, `NOLINT`, `noqa1`, `noopengrep`. */
export function isNoWord(word: string): boolean {
  if (!/^NO[A-Z0-9]{2,}$/.test(word) && !/^no[a-z0-9]{2,}$/.test(word)) return false;
  const lower = word.toLowerCase();
  return !LOWER_NO_PREFIXES.test(lower) && !NO_WORDS.has(lower) && !NO_WORDS.has(lower.replace(/\d+$/, ''));
}
