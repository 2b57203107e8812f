// Directive shape (b), the joined ones: a word joined to a verb (`eslint-disable`, `checkov:skip`,
// `type: ignore`, `deepcode ignore`), a verb opening a scope (`disable-next-line`), `#disable`, an
// off-word (`scalastyle:off`, `fmt: off`), a linter's name and a colon (`luacheck:`). What each
// declines, and why, is beside it: the prose these shapes meet in justifications. Ground floor.
import { type Detector, OFF_WORDS, SCOPES, V, hit, idLike, inflected, scan, toolName } from './directiveScan';

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

/** In the order common/directives runs them (a tie on position goes to the first). */
export const JOINED_DETECTORS: readonly Detector[] = [joined, colonSpace, spaced, verbFirst, hashVerb, offWord, toolColon];
