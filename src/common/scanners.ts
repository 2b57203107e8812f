// The one scanner table: each scanner's display name, the names the service sends for it,
// and its inline suppression syntax when it has one; plus the directives of other tools that
// server text must never smuggle into a comment. Ground floor: imports only the text module.
import { cleanText, truncate } from './text';

export type Placement = 'line-above' | 'end-of-line';

export interface SuppressionSyntax {
  /** The syntax's family, as messages name it ("Semgrep" for Semgrep and Opengrep). */
  readonly label: string;
  readonly preferred: Placement;
  /** A default template for each placement where the scanner honours its directive. */
  readonly templates: Partial<Record<Placement, string>>;
  /** The same without the summary, for when the summary is refused. */
  readonly bareTemplates: Partial<Record<Placement, string>>;
  /** Where the directive is present at all (case-insensitive, to catch near misses). */
  readonly marker: RegExp;
  /** The ids the scanner would read from a comment line placed like this, or undefined
   * when it would not recognise the directive there. */
  read(line: string, placement: Placement): string[] | undefined;
  readonly unreadable: string;
  readonly validId: RegExp;
  readonly strayId: string;
}

/**
 * Confirmed syntax (see the README):
 * - SonarQube: `NOSONAR` (capitals) anywhere in a comment suppresses its own line.
 * - Semgrep/Opengrep: ` nosem[grep][:=] ids` on the finding's line, or a comment starting
 *   with it on the line before. Everything after the colon is split on commas and the first
 *   word of each piece is a rule id, so the justification goes before the marker.
 * - Snyk Code: `deepcode ignore <ruleId>: <reason>` on the line above.
 * - CodeQL: `codeql[query-id]` anywhere in a comment that starts its line; covers the next line.
 */
const SYNTAX = {
  sonar: {
    label: 'SonarQube',
    preferred: 'end-of-line',
    templates: { 'end-of-line': 'NOSONAR: {summary} (fp {fpId})' },
    bareTemplates: { 'end-of-line': 'NOSONAR: false positive (fp {fpId})' },
    marker: /nosonar/i,
    read: (line) => (line.includes('NOSONAR') ? [] : undefined),
    unreadable: "SonarQube only recognises 'NOSONAR' in capitals",
    validId: /^$/,
    strayId: '',
  },
  semgrep: {
    label: 'Semgrep',
    preferred: 'line-above',
    templates: {
      'end-of-line': 'False positive: {summary} (fp {fpId}) nosemgrep: {vendorIssueId}',
      'line-above': 'nosemgrep: {vendorIssueId} - false positive: {summary} (fp {fpId})',
    },
    bareTemplates: {
      'end-of-line': 'False positive (fp {fpId}) nosemgrep: {vendorIssueId}',
      'line-above': 'nosemgrep: {vendorIssueId} - false positive (fp {fpId})',
    },
    marker: /nosem/i,
    read: readSemgrepIds,
    unreadable: "Semgrep only reads 'nosemgrep' on the line above when it is the first word of the comment",
    validId: /^[A-Za-z0-9._-]+$/,
    strayId:
      "Semgrep reads the first word after each comma following 'nosemgrep:' as a rule id; " +
      'put the summary before the marker (end-of-line placement does) or leave it out',
  },
  snyk: {
    label: 'Snyk Code',
    preferred: 'line-above',
    templates: { 'line-above': 'deepcode ignore {vendorIssueId}: {summary} (fp {fpId})' },
    bareTemplates: { 'line-above': 'deepcode ignore {vendorIssueId}: false positive (fp {fpId})' },
    marker: /deepcode\s*ignore/i,
    read: (line) => {
      const m = /\bdeepcode ignore ([^\s:]+):/.exec(line);
      return m?.[1] === undefined ? undefined : [m[1]];
    },
    unreadable: "Snyk Code expects 'deepcode ignore <ruleId>: <reason>'",
    validId: /^[^\s:]+$/,
    strayId: "Snyk Code would read a different rule id after 'deepcode ignore'",
  },
  codeql: {
    label: 'CodeQL',
    preferred: 'line-above',
    templates: { 'line-above': 'codeql[{vendorIssueId}] {summary} (fp {fpId})' },
    bareTemplates: { 'line-above': 'codeql[{vendorIssueId}] false positive (fp {fpId})' },
    marker: /\bcodeql\s*\[/i,
    read: (line) => {
      const ids = [...line.matchAll(/\bcodeql\s*\[([^\]]*)\]/gi)].map((m) => m[1] ?? '');
      return ids.length > 0 ? ids : undefined;
    },
    unreadable: "CodeQL expects 'codeql[query-id]' with a closing bracket",
    validId: /^[\w./-]+$/,
    strayId: "CodeQL would read a different query id inside 'codeql[…]'",
  },
} satisfies Record<string, SuppressionSyntax>;

export interface Scanner {
  /** How the editor and the CLI name it. */
  readonly name: string;
  /** Vendor names as the service sends them (compared trimmed and lower-cased). */
  readonly aliases: readonly string[];
  /** Its inline suppression syntax; without one, the neutral comment is used (model/suppression). */
  readonly syntax?: SuppressionSyntax;
  /**
   * The rule's documentation, when the scanner has a public page per rule id: a fixed https
   * origin with the id as one encoded path segment, so server text never picks the target.
   */
  readonly ruleUrl?: (ruleId: string) => ParsedUri;
}

/** The parts of a URI the editor needs (vscode.Uri satisfies it; this module imports nothing). */
interface ParsedUri {
  readonly scheme: string;
  readonly authority: string;
  readonly path: string;
}

export const SCANNERS: readonly Scanner[] = [
  { name: 'Bandit', aliases: ['bandit'] },
  { name: 'Black Duck', aliases: ['blackduck'] },
  { name: 'Brakeman', aliases: ['brakeman'] },
  { name: 'Checkmarx', aliases: ['checkmarx'] },
  { name: 'CodeQL', aliases: ['codeql', 'github codeql', 'github-codeql'], syntax: SYNTAX.codeql },
  { name: 'Fortify', aliases: ['fortify'] },
  { name: 'GitHub', aliases: ['github'] },
  { name: 'GitLab', aliases: ['gitlab'] },
  { name: 'gosec', aliases: ['gosec'] },
  { name: 'Opengrep', aliases: ['opengrep'], syntax: SYNTAX.semgrep },
  {
    name: 'Semgrep',
    aliases: ['semgrep'],
    syntax: SYNTAX.semgrep,
    ruleUrl: (id) => ({ scheme: 'https', authority: 'semgrep.dev', path: `/r/${encodeURIComponent(id)}` }),
  },
  { name: 'Snyk', aliases: ['snyk', 'snyk code', 'snyk-code', 'snyk_code', 'snykcode', 'deepcode'], syntax: SYNTAX.snyk },
  { name: 'SonarQube', aliases: ['sonarqube', 'sonar', 'sonarcloud', 'sonarqube cloud'], syntax: SYNTAX.sonar },
  { name: 'Veracode', aliases: ['veracode'] },
];

/** Each suppression syntax once, for checking a finished line against every scanner's reading. */
export const SYNTAXES: readonly SuppressionSyntax[] = Object.values(SYNTAX);

const BY_ALIAS: ReadonlyMap<string, Scanner> = new Map(SCANNERS.flatMap((s) => s.aliases.map((alias) => [alias, s] as const)));

export function scannerFor(vendor: string | null | undefined): Scanner | undefined {
  return typeof vendor === 'string' ? BY_ALIAS.get(vendor.trim().toLowerCase()) : undefined;
}

const MAX_NAME_LENGTH = 80;

/** A readable scanner name (the service sends lower-case names, docs/service-interface.md §2.1); unknown ones cleaned and cut. */
export function readableVendor(vendor: string | null | undefined): string {
  const text = typeof vendor === 'string' ? cleanText(vendor) : '';
  if (text === '') return 'Unknown scanner';
  return scannerFor(text)?.name ?? truncate(text, MAX_NAME_LENGTH);
}

// Emulates semgrep's Nosemgrep.ml (nosem_inline_re / nosem_previous_line_re, then the split
// into ids). PCRE's \s without UCP is ASCII whitespace, hence the explicit class.
const SEMGREP_IDS = '(?:[:=][ \\t\\n\\r\\f\\v]?([^, \\t\\n\\r\\f\\v][\\s\\S]*))?';
const SEMGREP_SAME_LINE = new RegExp(` nosem(?:grep)?${SEMGREP_IDS}`, 'i');
const SEMGREP_LINE_ABOVE = new RegExp(`^[^a-zA-Z0-9]* *nosem(?:grep)?${SEMGREP_IDS}`, 'i');

function readSemgrepIds(line: string, placement: Placement): string[] | undefined {
  const m = (placement === 'line-above' ? SEMGREP_LINE_ABOVE : SEMGREP_SAME_LINE).exec(line);
  if (!m) return undefined;
  const ids = m[1];
  if (ids === undefined) return [];
  return ids.split(',').map((piece) => {
    const word = piece.replace(/^ +| +$/g, '').split(' ')[0] ?? '';
    return word.replace(/^"+|"+$/g, '');
  });
}

/**
 * Directives known by name, the second layer after the shapes of common/directives (which refuse
 * any tool's directive by its form): these add the case-insensitive spellings of bare words that
 * tools read with no punctuation (`lgtm`, `skipcq`, `Nosec`, `vale off`, `no critic`) and the tool's
 * name for the refusal message.
 */
export const FOREIGN_DIRECTIVES: readonly { pattern: RegExp; name: string }[] = [
  { pattern: /nosonar/i, name: 'NOSONAR (SonarQube)' },
  { pattern: /nosem/i, name: 'nosemgrep (Semgrep)' },
  { pattern: /deepcode\s*ignore/i, name: 'deepcode ignore (Snyk Code)' },
  { pattern: /\bcodeql\s*\[/i, name: 'codeql[…] (CodeQL)' },
  { pattern: /\blgtm/i, name: 'lgtm (CodeQL)' },
  { pattern: /\bnosec/i, name: 'nosec (Bandit, gosec)' },
  { pattern: /\bnoqa/i, name: 'noqa (flake8, Ruff)' },
  { pattern: /nolint/i, name: 'NOLINT (clang-tidy, golangci-lint)' },
  { pattern: /nopmd/i, name: 'NOPMD (PMD)' },
  { pattern: /eslint-(?:disable|enable)/i, name: 'eslint-disable (ESLint)' },
  { pattern: /@ts-(?:ignore|nocheck|expect-error)/i, name: '@ts-ignore (TypeScript)' },
  { pattern: /\btype:\s*ignore/i, name: 'type: ignore (mypy)' },
  { pattern: /shellcheck\s+disable/i, name: 'shellcheck disable' },
  { pattern: /rubocop:\s*(?:disable|todo)/i, name: 'rubocop:disable' },
  { pattern: /phpcs:(?:ignore|disable)/i, name: 'phpcs:ignore' },
  { pattern: /noinspection/i, name: 'noinspection (JetBrains)' },
  {
    pattern: /checkov:skip|tfsec:ignore|trivy:ignore|gitleaks:allow|kics-scan\s*ignore|hadolint\s+ignore/i,
    name: 'an IaC/secret scanner skip',
  },
  { pattern: /cppcheck-suppress/i, name: 'cppcheck-suppress' },
  { pattern: /flawfinder:\s*ignore/i, name: 'flawfinder: ignore' },
  { pattern: /bearer:\s*disable/i, name: 'bearer:disable (Bearer)' },
  { pattern: /devskim:\s*ignore/i, name: 'devskim: ignore (DevSkim)' },
  { pattern: /njsscan-ignore/i, name: 'njsscan-ignore' },
  { pattern: /skipcq/i, name: 'skipcq (DeepSource)' },
  {
    pattern: /lint:\s*ignore|lint-ignore|biome-ignore|deno-lint-ignore|stylelint-disable|jshint\s+ignore|jscs:\s*disable/i,
    name: 'a linter ignore directive',
  },
  { pattern: /@phpstan-ignore/i, name: '@phpstan-ignore (PHPStan)' },
  { pattern: /@psalm-suppress/i, name: '@psalm-suppress (Psalm)' },
  { pattern: /resharper\s+(?:disable|restore)/i, name: 'ReSharper disable' },
  { pattern: /checkstyle:\s*(?:off|on)|checkstyle:\s*suppress/i, name: 'CHECKSTYLE:OFF (Checkstyle)' },
  { pattern: /istanbul\s+ignore|c8\s+ignore|v8\s+ignore|pragma:\s*no\s*cover|lcov_excl/i, name: 'a coverage ignore directive' },
  {
    pattern: /prettier-ignore|clang-format\s+off|fmt:\s*(?:off|skip)|isort:\s*skip|yapf:\s*disable|rustfmt::skip/i,
    name: 'a formatter directive',
  },
  { pattern: /@ts-nocheck|@ts-check|\bpyright:\s*ignore|\bmypy:\s*ignore/i, name: 'a type-checker directive' },
  { pattern: /pylint:\s*(?:disable|skip)|pyre-(?:ignore|fixme)|\bsourcery\s+skip/i, name: 'a Python linter directive' },
  { pattern: /\bno\s+critic\b/i, name: 'no critic (Perl::Critic)' },
  { pattern: /\bvale\s+(?:off|on)\b/i, name: 'vale off (Vale)' },
];
