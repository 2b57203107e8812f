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
// Measured (test/unit/common/directives.test.ts): all 352 directives of 125 tools in the corpus
// (test/fixtures/directives/corpus.json) are refused, 342 by shape alone; the other 10 are bare
// words or spaced brackets (`lgtm`, `codeql [id]`, `skipcq`, `no critic`, `vale off`,
// `ReSharper restore`) that the name list of common/scanners catches. No sandbox summary, rule id or issue type, and none of ~160 written
// justifications is refused: calls such as `validate_id()`, `execute(sql, params)`,
// `query.Skip(10)`, "the author disabled", "trade-off", "re-enable", "allow-list", ".gitignore",
// "noopener", "NOTE:" pass. Refused although prose (accepted): a singular noun before a bare verb
// ("an inline ignore"), a lower-case label before a verb ("fix: ignore empty literals"),
// "Debug: off", a linter's name before a colon ("after eslint: no issues"), unlisted no-words
// ("nogit"), `@Ignore`-like annotations.

type DirectiveShape = 'bracket' | 'joined' | 'no-word' | 'annotation' | 'pragma' | 'switch' | 'name';

interface DirectiveMatch {
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

const VERBS = ['ignore', 'disable', 'enable', 'suppress', 'skip', 'exclude'];
const OFF_WORDS = ['off', 'on', 'ok', 'allow', 'todo', 'fixme', 'выкл'];
/** Words after a verb that scope a directive: `disable-next-line`, `ignore_for_file`, `ignore start`. */
const SCOPES = ['next', 'line', 'file', 'start', 'end', 'begin', 'once', 'for', 'check'];
/** A linter's name: hyphenated (`clang-format`, `kics-scan`) or ending like one (`luacheck`, `yamllint`). */
function toolName(word: string): boolean {
  return /\p{L}-\p{L}/u.test(word) || /^[\p{L}\p{N}]{2,}(?:lint|check|cop|scan|hint|critic|fmt|format)$/iu.test(word);
}

const V = VERBS.join('|');

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

type Detector = (text: string) => DirectiveMatch | undefined;

const hit = (shape: DirectiveShape, m: RegExpExecArray, why: string, offset = 0, length?: number): DirectiveMatch => ({
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
function scan(re: RegExp, text: string, accept: (m: RegExpExecArray) => DirectiveMatch | undefined): DirectiveMatch | undefined {
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
function inflected(text: string, end: number): boolean {
  const next = text[end];
  if (next === undefined || !/[\p{L}\p{N}]/u.test(next)) return false;
  const last = text[end - 1] ?? '';
  if (/\p{N}/u.test(next)) return true;
  const isUpper = (c: string) => c !== c.toLowerCase();
  return isUpper(last) === isUpper(next);
}

/** The words of an identifier: split at punctuation and camelCase, lower-cased. */
function segments(token: string): string[] {
  return token
    .split(/[^\p{L}\p{N}]+/u)
    .flatMap((part) => part.split(/(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])/))
    .filter((s) => s !== '')
    .map((s) => s.toLowerCase());
}

/** A rule id rather than a word: digits, `_ - . / : *`, an inner capital, or all capitals. */
function idLike(token: string): boolean {
  const t = token.replace(/^["'`]+|["'`,;)\]]+$/g, '');
  if (t === '') return /^["'`]/.test(token);
  return /[\d_./:*-]/.test(t) || /^.+[A-Z]/.test(t) || /^[A-Z]{2,}$/.test(t) || /^["'`]/.test(token);
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

/**
 * Words that make a following verb part of a serialisation or mapping name, not a directive:
 * `@JsonIgnore`, `@JsonIgnoreProperties(ignoreUnknown = true)`, `@ToString.Exclude`, `XmlIgnore`.
 */
const MAPPING_WORDS = new Set(
  'json jsonb xml bson yaml csv proto avro to string equals hash api schema mapping column field property'.split(' '),
);

/** The first verb or NO-word among an identifier's words, unless a mapping word names it (`JsonIgnore`). */
function directiveWord(words: readonly string[]): string | undefined {
  return words.find((w, i) => (VERBS.includes(w) && !MAPPING_WORDS.has(words[i - 1] ?? '')) || isNoWord(w));
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

// ---- (b) joined ----

/** `eslint-disable`, `checkov:skip`, `rustfmt::skip`, `clj-kondo/ignore`, and `ggignore` (glued). */
const JOINED = new RegExp(`(?<![\\p{L}\\p{N}])([\\p{L}\\p{N}]+)(-|::|:|\\/|)(${V})`, 'giu');
/** Ignore files, not directives: `.gitignore`, `dockerignore`. */
const IGNORE_FILES =
  /^(?:git|docker|npm|helm|slug|vercel|gcloud|eslint|prettier|stylelint|cf|hg|bzr|cvs|svn|gitleaks|semgrep|trivy)ignore$/i;
const NOT_A_TOOL_PREFIX = new Set(['re', 'pre', 'un', 'non', 'auto', 'self', 'opt', 'co', 'de']);

const joined: Detector = (text) =>
  scan(JOINED, text, (m) => {
    const [, word = '', sep = '', verb = ''] = m;
    const end = m.index + m[0].length;
    if (inflected(text, end) || !/\p{L}/u.test(word)) return undefined;
    // camelCase identifiers (`shouldSkipValidation`, `ACREnableZoneRedundancy`) are code, not directives.
    if (/^\p{Lu}\p{Ll}/u.test(verb) && (sep === '' || /\p{Lu}/u.test(text[end] ?? ''))) return undefined;
    if (NOT_A_TOOL_PREFIX.has(word.toLowerCase()) && (sep === '-' || sep === '')) return undefined;
    // `ratchet:exclude` only: "force-exclude", "include/exclude" are options and prose.
    if (verb.toLowerCase() === 'exclude' && sep !== ':') return undefined;
    // A namespaced keyword (`:clj-kondo/ignore`), not a path ("include/ignore", "user/enable-x").
    const start = keywordStart(text, m.index);
    if (sep === '/' && !start.startsWith(':')) return undefined;
    // A file name: `.git-blame-ignore-revs`.
    if (sep === '-' && start.startsWith('.')) return undefined;
    if (sep === '') {
      // Glued: the whole token must be word+verb, not a longer word that happens to end so.
      const before = text[m.index - 1] ?? '';
      if (/[\p{L}\p{N}]/u.test(before) || word.length < 2) return undefined;
      if (before === '.' || IGNORE_FILES.test(word + verb)) return undefined;
      return hit('joined', m, `a word joined to '${verb.toLowerCase()}'`);
    }
    return hit('joined', m, `a word joined to '${verb.toLowerCase()}' by '${sep}'`);
  });

/** The hyphenated word that ends at `index`, with the character before it (`:clj-`, `.git-blame-`). */
function keywordStart(text: string, index: number): string {
  let i = index;
  while (i > 0 && /[\p{L}\p{N}-]/u.test(text[i - 1] ?? '')) i--;
  return text.slice(Math.max(0, i - 1), index);
}

/** `type: ignore`, `HLint: ignore`, `DevSkim: ignore DS1`: a colon and one space, then a verb. */
const COLON_SPACE = /(?<![\p{L}\p{N}_-])([\p{L}\p{N}][\p{L}\p{N}_-]*): (ignore|disable|suppress|skip)/giu;

const colonSpace: Detector = (text) =>
  scan(COLON_SPACE, text, (m) => {
    const [, word = '', verb = ''] = m;
    const end = m.index + m[0].length;
    if (inflected(text, end) || identifierGoesOn(text, end)) return undefined;
    // "B107: Skip None values" is a sentence after a label.
    if (/^\p{Lu}\p{Ll}+$/u.test(verb)) return undefined;
    // "Note: ignore the warning" is prose: a capitalised word, then the verb and its object.
    const next = /^ +([\p{L}]+)/u.exec(text.slice(end))?.[1]?.toLowerCase();
    if (/^\p{Lu}\p{Ll}+$/u.test(word) && next !== undefined && PROSE_OBJECTS.has(next)) return undefined;
    return hit('joined', m, `a word joined to '${verb.toLowerCase()}' by ': '`);
  });

/** What follows a verb in prose ("ignore the warning", "skip this step"), never a rule id. */
const PROSE_OBJECTS = new Set(
  'the this that these those a an it them its their our your my his her such every each both either any whatever everything anything'.split(
    ' ',
  ),
);

/**
 * Words that can be the subject (or stand before the verb) in English prose: "we ignore", "safe to
 * skip", "browsers ignore it", "should not disable", "intentionally suppress".
 */
const PROSE_BEFORE_VERB = new Set(
  (
    'a an the to and or but nor so then than that this these those which who whom whose what when where while why how ' +
    'for in from of on at by into onto about after before under over between through during within against toward ' +
    'towards upon like unlike near out up down therefore thus hence otherwise dont doesnt didnt cant wont ' +
    'add remove use make set get fix handle support allow ensure honor honour respect parse rename update apply keep ' +
    'need want see create delete check validate read write load show hide trigger call run configure implement ' +
    'introduce provide require treat mark list include move avoid prevent refactor omit drop stop start enable ' +
    'if unless because since as though although whether we you they i he she it one us them me my our your their its ' +
    'can could will would shall should may might must do does did not never always also just only even still simply ' +
    'please often usually rarely cannot let lets per via with without never ever already yet both either neither each ' +
    'every any some all no none most many few several other others such same own anyone everyone someone nobody ' +
    'here there now then later first finally again once ok okay safe free easy fine better best rather instead'
  ).split(' '),
);

/** Nouns a verb can qualify: "ignore list", "skip logic", "disable flag". Never scopes (file, line, next). */
const ADJUNCT_NOUNS = new Set(
  (
    'list lists rule rules flag flags pattern patterns option options comment comments directive directives setting ' +
    'settings mode logic path paths entry entries config configuration behaviour behavior message messages warning ' +
    'warnings button buttons switch toggle feature features support command commands value values parameter ' +
    'parameters argument arguments condition conditions check checks test tests state status field fields'
  ).split(' '),
);

/** Whether a snake_case or kebab identifier goes on after a verb (`skip_magic_trailing_comma`). */
function identifierGoesOn(text: string, end: number): boolean {
  return /^_\p{L}/u.test(text.slice(end));
}

/** `deepcode ignore`, `istanbul ignore next`, `shellcheck disable=SC2086`, `ReSharper disable once`. */
const SPACED = /(?<![\p{L}\p{N}])([\p{L}][\p{L}\p{N}-]*) (ignore|disable|suppress|skip)/giu;

const spaced: Detector = (text) =>
  scan(SPACED, text, (m) => {
    const [, word = '', verb = ''] = m;
    const end = m.index + m[0].length;
    const before = text[m.index - 1] ?? '';
    if (/[\p{L}\p{N}'’]/u.test(before) || inflected(text, end)) return undefined;
    const lower = word.toLowerCase();
    // A capitalised verb is a name or a sentence ("LINQ Skip(10)", "Reviewed. Ignore…"), not a directive.
    if (PROSE_BEFORE_VERB.has(lower) || identifierGoesOn(text, end) || /^\p{Lu}\p{Ll}+$/u.test(verb)) return undefined;
    // Plural subjects, adverbs, participles and contractions: "parsers ignore", "safely skip".
    if (/(?:[^s]s|ly|ed|ing|n't)$/.test(lower)) return undefined;
    // A noun after the verb makes it a noun adjunct: "the ignore list", "an LSP disable comment".
    const next = /^ +(\p{L}+)(?=$|[\s,.;)])/u.exec(text.slice(end))?.[1]?.toLowerCase();
    if (next !== undefined && ADJUNCT_NOUNS.has(next)) return undefined;
    return hit('joined', m, `'${word}' followed by '${verb.toLowerCase()}'`);
  });

/** `ignore:line`, `disable-next-line`, `ignore_for_file`, `ignore: unused_var`. */
const VERB_FIRST = new RegExp(`(?<![\\p{L}\\p{N}])(${V})(:(?=[\\p{L}\\p{N}_\\[])|: (?=\\S)|[-_](?=[a-z]))`, 'giu');

const verbFirst: Detector = (text) =>
  scan(VERB_FIRST, text, (m) => {
    const [, verb = '', sep = ''] = m;
    const end = m.index + m[0].length;
    const rest = text.slice(end);
    const next = /^[\p{L}\p{N}_./:*[\]-]*/u.exec(rest)?.[0] ?? '';
    if (sep === ':') return hit('joined', m, `'${verb.toLowerCase()}' followed by ':'`, 0, m[0].length + next.length);
    if (sep === ': ') return idLike(next) ? hit('joined', m, `'${verb.toLowerCase()}' followed by a rule id`) : undefined;
    const scope = /^[a-z]+/i.exec(rest)?.[0]?.toLowerCase() ?? '';
    return SCOPES.includes(scope) && !inflected(rest, scope.length)
      ? hit('joined', m, `'${verb.toLowerCase()}' with a scope`, 0, m[0].length + scope.length)
      : undefined;
  });

/** `#disable`, `#Disable Warning` (a hash glued to a verb, with nothing after it). */
const HASH_VERB = new RegExp(`(?<![\\p{L}\\p{N}#])#(${V})`, 'giu');

const hashVerb: Detector = (text) =>
  scan(HASH_VERB, text, (m) =>
    inflected(text, m.index + m[0].length) ? undefined : hit('joined', m, `'#' joined to '${(m[1] ?? '').toLowerCase()}'`),
  );

/** Off-words: `scalastyle:off`, `scalafix:ok`, `gitleaks:allow`, `lint_off`, `fmt: off`, `BSLLS-off`. */
const OFF = new RegExp(
  `(?<![\\p{L}\\p{N}_-])([\\p{L}\\p{N}][\\p{L}\\p{N}_-]*?)(::|:|_|-|: | |\\.)(${OFF_WORDS.join('|')})(?=$|[^\\p{L}\\p{N}])`,
  'giu',
);

const offWord: Detector = (text) =>
  scan(OFF, text, (m) => {
    const [, word = '', sep = '', off = ''] = m;
    const o = off.toLowerCase();
    const before = text[m.index - 1] ?? '';
    if (/[\p{L}\p{N}]/u.test(before) || !/\p{L}/u.test(word)) return undefined;
    const why = `'${word}' joined to '${o}'`;
    if (sep === ':' || sep === '::') return hit('joined', m, why);
    if (o === 'выкл') return sep === '-' || sep === ':' ? hit('joined', m, why) : undefined;
    if (o === 'fixme') return sep === '-' ? hit('joined', m, why) : undefined;
    if (o !== 'off') return undefined;
    if (sep === '_') return hit('joined', m, why);
    if (sep === ': ') return hit('joined', m, why);
    // `CHECKSTYLE.OFF: X`
    if (sep === '.') return /^\s*:/.test(text.slice(m.index + m[0].length)) ? hit('joined', m, why) : undefined;
    // `BSLLS-off`, `CognitiveComplexity-off` — not "trade-off", "back-off", "Kick-off".
    if (sep === '-') return /^[A-Z0-9]{2,}$/.test(word) || /^.+[A-Z]/.test(word) ? hit('joined', m, why) : undefined;
    // `clang-format off`, `// flowlint off`: a tool-like word, then a space.
    return toolName(word) ? hit('joined', m, why) : undefined;
  });

/** `luacheck: globals g1`, `shellcheck:`: a linter's name glued to a colon. */
const TOOL_COLON = /(?<![\p{L}\p{N}])([\p{L}][\p{L}\p{N}]{1,}(?:lint|check|cop|scan|hint|critic|fmt)):(?!:)/giu;

const toolColon: Detector = (text) => scan(TOOL_COLON, text, (m) => hit('joined', m, `a linter's name ('${m[1] ?? ''}') followed by ':'`));

// ---- (c) NO-words ----

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
function isNoWord(word: string): boolean {
  if (!/^NO[A-Z0-9]{2,}$/.test(word) && !/^no[a-z0-9]{2,}$/.test(word)) return false;
  const lower = word.toLowerCase();
  return !LOWER_NO_PREFIXES.test(lower) && !NO_WORDS.has(lower) && !NO_WORDS.has(lower.replace(/\d+$/, ''));
}

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

const DETECTORS: readonly Detector[] = [
  bracket,
  joined,
  colonSpace,
  spaced,
  verbFirst,
  hashVerb,
  offWord,
  toolColon,
  noWord,
  annotation,
  capitalVerb,
  dollar,
  splint,
  pragma,
  switches,
];
