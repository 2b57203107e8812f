// Other tools' suppression directives, recognised by their shape rather than by name, so that
// server text (a false positive's summary, a rule id…) written into the user's source cannot
// silence a tool that no list names. Ground floor: imports nothing of ours.
//
// A directive is refused when the text has one of these shapes (verbs: ignore, disable, enable,
// suppress, skip, exclude; off-words: off, on, ok, allow, todo, fixme):
//  (a) bracket — a word holding a verb or a NO-word glued to `[…]`, or to `(…)` holding rule ids
//      (`ignore[attr-defined]`, `NOLINT(bugprone-*)`, `gsl::suppress("i.11")`); one holding allow,
//      off, todo or fixme before rule ids (`allow(clippy::x)`); any word glued to `[…]` holding only
//      rule ids (`codeql[js/xss]`, `x[CKV_AWS_20]`);
//  (b) joined — a word glued to a verb by `-`, `:`, `::` or nothing (`eslint-disable`, `checkov:skip`,
//      `rustfmt::skip`, `ggignore`; `:ns/ignore` for Clojure); by `: ` (`type: ignore`, `DevSkim:
//      ignore DS1`) unless sentence case ("Note: ignore the warning", "B107: Skip None"); by a
//      space after a word that cannot stand before a verb in English and with no noun after it
//      (`deepcode ignore`, `istanbul ignore next`, `shellcheck disable=SC2086`, not "browsers
//      ignore", "the ignore list"); a verb opening a token with a scope (`ignore:line`,
//      `disable-next-line`, `ignore_for_file`) or after `#` (`#disable`); an off-word after `:`
//      (`scalastyle:off`, `gitleaks:allow`), `_off` (`lint_off`), `: off` (`fmt: off`), ` off`
//      after a linter's name (`clang-format off`), `-off` after capitals (`BSLLS-off`); a linter's
//      name and a colon (`luacheck:`);
//  (c) NO-word — an all-caps run starting NO anywhere (`NOSONAR`, `reviewedNOPMD`) or a lower-case
//      word starting no (`nosec`, `noqa1`, `noopengrep`), unless an English or technical word
//      (NOTE, NONE, nonce, node, noopener, nosniff, NOPASSWD…);
//  (d) annotation — `@` before a verb, a NO-word, `ts-` or `lint` (`@SuppressWarnings`, `@ts-ignore`,
//      `@psalm-suppress`, `@codeCoverageIgnore`; not `@JsonIgnore`), `Suppress…`/`…From…` names
//      (`[SuppressMessage]`, `[ExcludeFromCodeCoverage]`), `$Flow…`, splint's `@-x@`;
//  (e) pragma — `#pragma`, `_Pragma(`, `pragma:`, `#[attr]`, `{-#`, `Style.Rule = NO`, `:reek:Smell`,
//      `LCOV_EXCL_LINE`;
//  (f) switch — `-V501`, `-V:MACRO:501`, `-W117` (PVS-Studio, JSHint).
// Shape (b) is told in common/directiveVerbs, from pieces all shapes share (common/directiveScan).
// How it was measured, on real directives and on written justifications: docs/security.md.
import {
  type DirectiveMatch,
  type Detector,
  OFF_WORDS,
  VERBS,
  directiveWord,
  hit,
  idLike,
  isNoWord,
  scan,
  segments,
} from './directiveScan';
import { JOINED_DETECTORS } from './directiveVerbs';

/** A directive known by name (common/scanners FOREIGN_DIRECTIVES): a second, specific layer. */
interface NamedDirective {
  readonly pattern: RegExp;
  readonly name: string;
}

/**
 * The first foreign directive in `text`, by shape or by one of `names`, or undefined. A name
 * that matches where a shape does labels it with the tool ("eslint-disable (ESLint)").
 */
export function findDirective(text: string, names: readonly NamedDirective[] = []): DirectiveMatch | undefined {
  let shape: DirectiveMatch | undefined;
  for (const detect of DETECTORS) {
    const found = detect(text);
    if (found && (!shape || found.index < shape.index)) shape = found;
  }
  let tool: string | undefined;
  let name: DirectiveMatch | undefined;
  for (const named of names) {
    const m = new RegExp(named.pattern.source, named.pattern.flags.replace('g', '')).exec(text);
    if (!m) continue;
    const overlaps = shape !== undefined && m.index < shape.index + shape.text.length && shape.index < m.index + m[0].length;
    if (overlaps) tool ??= named.name;
    else if (!name || m.index < name.index) name = { shape: 'name', text: m[0], index: m.index, why: named.name, tool: named.name };
  }
  if (shape && (!name || shape.index <= name.index)) return tool === undefined ? shape : { ...shape, tool };
  return name;
}

/** "eslint-disable, which has the shape of a tool's suppression directive (…) and would act as one", for a refusal. */
export function describeDirective(d: DirectiveMatch): string {
  if (d.shape === 'name') return `${d.text}, a suppression directive (${d.why}) that would act as one`;
  const known = d.tool === undefined ? '' : `; known as ${d.tool}`;
  return `${d.text}, which has the shape of a tool's suppression directive (${d.why}${known}) and would act as one`;
}

/** Bracket content that can only be rule ids: `clippy::x`, `js/xss`, `CKV_AWS_20`, `SC2086`, `bugprone-*`. */
function strongIds(content: string): boolean {
  if (/^\s*["'`]/.test(content)) return false; // a string key: `headers["X-Id"]`
  return (
    /\w::\w/.test(content) ||
    /[A-Za-z]\/[A-Za-z]/.test(content) ||
    /\b[A-Z][A-Z0-9]*_[A-Z0-9_]*\d/.test(content) ||
    /\b[A-Z]{1,5}-?\d{2,}\b/.test(content) ||
    /\w-\*/.test(content)
  );
}

/** Bracket content that looks like a rule list (not prose, not a call's plain arguments). */
function ruleList(content: string): boolean {
  const pieces = content
    .split(/[,\s]+/)
    .map((p) => p.trim())
    .filter((p) => p !== '');
  return pieces.length > 0 && pieces.some(idLike);
}

// ---- (a) bracket ----

const BRACKET = /(?<![\p{L}\p{N}_$@.:-])([\p{L}\p{N}_$@.:-]*[\p{L}\p{N}_])(\s*)(\[|\()([^\][()]*)[\])]/gu;

const bracket: Detector = (text) =>
  scan(BRACKET, text, (m) => {
    const [, ident = '', space = '', open = '', content = ''] = m;
    // Spaced brackets are prose or markdown ("see [docs/x.md]"); CodeQL's `codeql [id]` is a known name.
    if (content.trim() === '' || space !== '') return undefined;
    const words = segments(ident);
    const verb = directiveWord(words);
    // `ignore[16]`, `NOLINT(bugprone-*)`; not a call such as `query.Skip(10)` or `Skip(offset)`.
    if (verb && (open === '[' || (ruleList(content) && !/^\s*\d+\s*$/.test(content)))) {
      return hit('bracket', m, `'${verb}' followed by a bracketed rule list`);
    }
    const off = words.find((w) => OFF_WORDS.includes(w) && w !== 'ok' && w !== 'on');
    if (off && ruleList(content)) return hit('bracket', m, `'${off}' followed by a bracketed rule list`);
    if (open === '[' && strongIds(content)) return hit('bracket', m, 'a word followed by a bracketed rule id');
    return undefined;
  });

// ---- (b) joined: common/directiveVerbs ----

// ---- (c) NO-words ----
/** Capital runs starting with NO anywhere (PMD and clang-tidy find `NOPMD`, `NOLINT` inside words). */
const UPPER_NO = /(?<![A-Z])NO[A-Z]{2,}[A-Z0-9]*/g;
/** Lower-case (or `No` + capitals) words starting with no. */
const LOWER_NO = /(?<![\p{L}\p{N}])(?:no[a-z0-9]{2,}|No[A-Z][A-Za-z0-9]+)(?![\p{L}\p{N}])/gu;

const noWord: Detector = (text) =>
  scan(UPPER_NO, text, (m) => (isNoWord(m[0]) ? hit('no-word', m, 'an all-caps NO… marker') : undefined)) ??
  scan(LOWER_NO, text, (m) => {
    const word = m[0];
    const lower = word.startsWith('No') ? word.toLowerCase() : word;
    return isNoWord(lower) ? hit('no-word', m, 'a no… marker') : undefined;
  });

// ---- (d) annotations ----

const AT = /(?<![\p{L}\p{N}_.@])@([\p{L}_][\p{L}\p{N}_.:-]*)/gu;

const annotation: Detector = (text) =>
  scan(AT, text, (m) => {
    const name = m[1] ?? '';
    const words = segments(name);
    if (/^ts-/i.test(name) || isNoWord(/^[\p{L}\p{N}]+/u.exec(name)?.[0]?.toLowerCase() ?? '') || /^lint\b/i.test(name)) {
      return hit('annotation', m, 'an @-annotation for a tool');
    }
    const w = directiveWord(words);
    return w ? hit('annotation', m, `an @-annotation holding '${w}'`) : undefined;
  });

/** `SuppressWarnings`, `[SuppressMessage(…)]`, `[ExcludeFromCodeCoverage]`, `IgnoreAntiforgeryToken`. */
const CAPITAL_VERB = /(?<![\p{L}\p{N}])(?:Suppress(?=[A-Z])|(?:Exclude|Ignore|Skip|Disable)From(?=[A-Z]))[\p{L}\p{N}]*/gu;

const capitalVerb: Detector = (text) => scan(CAPITAL_VERB, text, (m) => hit('annotation', m, 'a capitalised Suppress…/…From… name'));

/** `$FlowFixMe`, `$FlowIgnore`, `$FlowExpectedError`. */
const DOLLAR = /(?<![\p{L}\p{N}])\$([A-Z][\p{L}\p{N}]*)/gu;

const dollar: Detector = (text) =>
  scan(DOLLAR, text, (m) => {
    const words = segments(m[1] ?? '');
    return words[0] === 'flow' || words.some((w) => VERBS.includes(w) || w === 'fixme' || (w === 'fix' && words.includes('me')))
      ? hit('annotation', m, 'a $-marker for a type checker')
      : undefined;
  });

/** Splint's `/*@-mustfree@*\/`, `/*@ignore@*\/`. */
const SPLINT = /@[-+=]?[a-z]+@/g;

const splint: Detector = (text) =>
  scan(SPLINT, text, (m) =>
    /^@[-+=]/.test(m[0]) || VERBS.includes(m[0].slice(1, -1)) ? hit('annotation', m, 'a splint annotation') : undefined,
  );

// ---- (e) pragmas and attributes ----

const PRAGMA = /#\s*pragma\b|(?<![\p{L}\p{N}])_?pragma\s*(?::|\()|#!?\[[A-Za-z_]|\{-#/giu;
/** Case matters here: Vale's `Style.Rule = NO`, reek's `:reek:Smell`, lcov's `LCOV_EXCL_LINE`. */
const PRAGMA_CASED =
  /(?<![\p{L}\p{N}])[\p{L}\p{N}-]+\.[\p{L}\p{N}.-]+ ?= ?(?:NO|OFF)\b|(?<![\p{L}\p{N}:]):[a-z]+:[A-Z]|(?<![\p{L}\p{N}])[A-Z]+_EXCL_(?:BR_)?(?:LINE|START|STOP)\b/gu;

const pragma: Detector = (text) =>
  scan(PRAGMA, text, (m) => hit('pragma', m, 'a pragma or attribute')) ??
  scan(PRAGMA_CASED, text, (m) => hit('pragma', m, 'a pragma or marker'));

// ---- (f) switches ----

const SWITCH = /(?<![\p{L}\p{N}_-])[-+][VW](?:\d{3,}|::?[\p{L}\p{N}_])/gu;

const switches: Detector = (text) => scan(SWITCH, text, (m) => hit('switch', m, 'a warning-number switch'));

const DETECTORS: readonly Detector[] = [bracket, ...JOINED_DETECTORS, noWord, annotation, capitalVerb, dollar, splint, pragma, switches];
