// Display text derived from service values: issue types, languages, scanners, dates.
// Everything here is pure and locale-independent so tests and the CLI print the same text.
// Server text stays untrusted: these helpers drop control and bidi characters, but views
// must still escape what they render (MarkdownString.appendText and friends).
import { cleanText, truncate } from '../common/text';

/** Acronyms kept upper-case in readable names. */
const ACRONYMS = new Set([
  'API',
  'AWS',
  'CORS',
  'CRLF',
  'CSP',
  'CSRF',
  'CSV',
  'CWE',
  'DOM',
  'HSTS',
  'HTML',
  'HTTP',
  'HTTPS',
  'ID',
  'IDOR',
  'JNDI',
  'JSON',
  'JWT',
  'LDAP',
  'MD5',
  'OGNL',
  'OS',
  'PII',
  'RCE',
  'SAML',
  'SHA1',
  'SQL',
  'SSH',
  'SSL',
  'SSRF',
  'SSTI',
  'TLS',
  'URI',
  'URL',
  'XML',
  'XSLT',
  'XSS',
  'XXE',
]);

/** Words with a conventional mixed case. */
const SPECIAL_WORDS: ReadonlyMap<string, string> = new Map([
  ['nosql', 'NoSQL'],
  ['xpath', 'XPath'],
  ['dos', 'DoS'],
  ['redos', 'ReDoS'],
  ['oauth', 'OAuth'],
  ['graphql', 'GraphQL'],
  ['javascript', 'JavaScript'],
  ['typescript', 'TypeScript'],
]);

/** Short words left lower-case inside a title ("Use of Hardcoded Password"). */
const MINOR_WORDS = new Set([
  'a',
  'an',
  'and',
  'as',
  'at',
  'by',
  'for',
  'from',
  'in',
  'into',
  'of',
  'on',
  'or',
  'the',
  'to',
  'via',
  'with',
]);

const MAX_NAME_LENGTH = 80;

/**
 * A readable issue category: `SQL_Injection` → "SQL Injection", `Path_Traversal` →
 * "Path Traversal", `java/sql-injection` → "SQL Injection", `SqlInjection` → "SQL Injection".
 * Rule ids (`lang/rule`) keep only the rule part, the language is shown elsewhere. Text that
 * mixes cases keeps the author's casing; single-case text is title-cased. Known acronyms are
 * upper-cased either way.
 */
export function readableIssueType(type: string | null | undefined): string {
  if (typeof type !== 'string') return 'Unknown issue type';
  let text = cleanText(type);
  if (text.includes('/'))
    text =
      text
        .split('/')
        .filter((s) => s.trim() !== '')
        .pop() ?? '';
  let words = text.split(/[\s_\-.:]+/).filter((w) => w !== '');
  // A single camelCase token ("SqlInjection", "XMLExternalEntity") is split at case changes;
  // tokens from separated text are not, so "NoSQL_Injection" stays intact.
  if (words.length === 1) words = words[0]!.split(/(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])/);
  if (words.length === 0) return 'Unknown issue type';

  const letters = words.join('');
  const singleCase = letters === letters.toLowerCase() || letters === letters.toUpperCase();
  const out = words.map((word, i) => {
    const lower = word.toLowerCase();
    const special = SPECIAL_WORDS.get(lower);
    if (special) return special;
    if (ACRONYMS.has(word.toUpperCase())) return word.toUpperCase();
    if (!singleCase) return i === 0 ? capitalize(word) : word;
    return i > 0 && MINOR_WORDS.has(lower) ? lower : capitalize(lower);
  });
  return truncate(out.join(' '), MAX_NAME_LENGTH);
}

const LANGUAGES: ReadonlyMap<string, string> = new Map([
  ['c', 'C'],
  ['cpp', 'C++'],
  ['c++', 'C++'],
  ['csharp', 'C#'],
  ['c#', 'C#'],
  ['go', 'Go'],
  ['golang', 'Go'],
  ['java', 'Java'],
  ['javascript', 'JavaScript'],
  ['js', 'JavaScript'],
  ['kotlin', 'Kotlin'],
  ['objc', 'Objective-C'],
  ['php', 'PHP'],
  ['python', 'Python'],
  ['ruby', 'Ruby'],
  ['rust', 'Rust'],
  ['scala', 'Scala'],
  ['sql', 'SQL'],
  ['swift', 'Swift'],
  ['typescript', 'TypeScript'],
  ['ts', 'TypeScript'],
  ['xml', 'XML'],
  ['yaml', 'YAML'],
]);

/** A readable programming language name (`csharp` → "C#"); unknown names are capitalised. */
export function readableLanguage(language: string | null | undefined): string {
  const text = typeof language === 'string' ? cleanText(language) : '';
  if (text === '') return 'Unknown language';
  return LANGUAGES.get(text.toLowerCase()) ?? truncate(capitalize(text), MAX_NAME_LENGTH);
}

/**
 * The URL if it is an absolute http(s) URL, else null. Server links are untrusted: a
 * `javascript:` or `command:` link must never become clickable.
 */
export function httpUrl(text: string | null | undefined): string | null {
  if (typeof text !== 'string') return null;
  const trimmed = text.trim();
  if (!/^https?:\/\//i.test(trimmed)) return null;
  try {
    return new URL(trimmed).href;
  } catch {
    return null;
  }
}

function capitalize(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}
