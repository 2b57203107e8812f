// Display text derived from service values: issue types, languages, scanners, dates.
// Everything here is pure and locale-independent so tests and the CLI print the same text.
// Server text stays untrusted: these helpers drop control and bidi characters, but views
// must still escape what they render (MarkdownString.appendText and friends).
import { cleanText, counted, formatCount, truncate } from '../common/text';

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

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const MONTH = 30.44 * DAY;
const YEAR = 365.25 * DAY;

/** Each unit is used until the next one would round to 1 (moment.js-style thresholds). */
const UNITS: ReadonlyArray<{ name: string; size: number; below: number }> = [
  { name: 'minute', size: MINUTE, below: 45 * MINUTE },
  { name: 'hour', size: HOUR, below: 22 * HOUR },
  { name: 'day', size: DAY, below: 26 * DAY },
  { name: 'month', size: MONTH, below: 320 * DAY },
  { name: 'year', size: YEAR, below: Infinity },
];

/** "just now", "5 minutes ago", "in 2 hours", "3 days ago", "1 year ago". */
export function relativeTime(ms: number, nowMs: number): string {
  const diff = ms - nowMs;
  if (!Number.isFinite(diff)) return 'at an unknown time';
  const abs = Math.abs(diff);
  if (abs < 45 * SECOND) return 'just now';
  const unit = UNITS.find((u) => abs < u.below) ?? UNITS[UNITS.length - 1]!;
  const n = Math.max(1, Math.round(abs / unit.size));
  const phrase = counted(n, unit.name);
  return diff < 0 ? `${phrase} ago` : `in ${phrase}`;
}

/** A span of time in hours below a day ("0.5 h", "5 h", "13 h"), else in days ("1 day", "3.2 days", "45 days"); one decimal below ten. */
export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return 'unknown';
  const oneDecimal = (n: number) => formatCount(n < 9.95 ? Math.round(n * 10) / 10 : Math.round(n));
  if (ms < DAY - 0.5 * HOUR) return `${oneDecimal(ms / HOUR)} h`;
  const days = oneDecimal(ms / DAY);
  return `${days} ${days === '1' ? 'day' : 'days'}`;
}

/** "2024-01-02 03:04:05 UTC": absolute, UTC, the same on every machine. */
export function formatDate(ms: number): string {
  const d = new Date(ms);
  if (Number.isNaN(d.getTime())) return 'unknown date';
  const iso = d.toISOString(); // 2024-01-02T03:04:05.678Z (or ±YYYYYY-… for extreme years)
  const t = iso.indexOf('T');
  return `${iso.slice(0, t)} ${iso.slice(t + 1, t + 9)} UTC`;
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
