// The one comment line that marks a finding as a false positive in the user's source, and
// where it goes. Every value filled into the template is server text and is checked; the
// template (user text) is checked too; then the finished comment is checked against the
// language's hazards and against how the scanner will read it. Anything doubtful is
// refused with a reason; nothing is quietly altered.
import { commentSyntaxFor, findHazard, renderComment, type CommentSyntax, type Hazard } from './commentSyntax';
import { checkServerText, SUMMARY_MAX_CODE_POINTS } from './sanitize';

export type Placement = 'line-above' | 'end-of-line';

export interface SuppressionFields {
  summary: string;
  vendor: string;
  issueType: string;
  vendorIssueId: string;
  fpId: string;
}

export interface SuppressionStyle {
  template: string;
  placement: Placement;
}

/** User configuration, all optional. */
export interface SuppressionSettings {
  byVendor?: Record<string, Partial<SuppressionStyle>>;
  /** Per language id; wins over byVendor. */
  byLanguage?: Record<string, Partial<SuppressionStyle>>;
  /** For scanners without an inline suppression syntax of their own (see SCANNERS). */
  default?: Partial<SuppressionStyle>;
}

export type SuppressionComment = { ok: true; line: string; placement: Placement } | { ok: false; reason: string };

type Field = keyof SuppressionFields;
const FIELDS: Readonly<Record<Field, { label: string; max: number }>> = {
  summary: { label: 'summary', max: SUMMARY_MAX_CODE_POINTS },
  vendor: { label: 'vendor', max: 100 },
  issueType: { label: 'issue type', max: 200 },
  vendorIssueId: { label: 'vendor issue id', max: 200 },
  fpId: { label: 'false-positive id', max: 200 },
};
const TEMPLATE_MAX_CODE_POINTS = 500;
const PLACEHOLDER = /\{([^{}]*)\}/g;

// ---- Scanner syntax: the only place that knows how each scanner reads its comment. ----

export interface ScannerSyntax {
  readonly label: string;
  /** Vendor names as the service sends them (lowercase). */
  readonly names: readonly string[];
  readonly preferred: Placement;
  /** A default template for each placement where the scanner honours its directive. */
  readonly templates: Partial<Record<Placement, string>>;
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
export const SCANNERS: readonly ScannerSyntax[] = [
  {
    label: 'SonarQube',
    names: ['sonarqube', 'sonar', 'sonarcloud', 'sonarqube cloud'],
    preferred: 'end-of-line',
    templates: { 'end-of-line': 'NOSONAR: {summary}' },
    marker: /nosonar/i,
    read: (line) => (line.includes('NOSONAR') ? [] : undefined),
    unreadable: "SonarQube only recognises 'NOSONAR' in capitals",
    validId: /^$/,
    strayId: '',
  },
  {
    label: 'Semgrep',
    names: ['semgrep', 'opengrep'],
    preferred: 'end-of-line',
    templates: {
      'end-of-line': 'False positive: {summary} nosemgrep: {vendorIssueId}',
      'line-above': 'nosemgrep: {vendorIssueId} - false positive: {summary}',
    },
    marker: /nosem/i,
    read: readSemgrepIds,
    unreadable: "Semgrep only reads 'nosemgrep' on the line above when it is the first word of the comment",
    validId: /^[A-Za-z0-9._-]+$/,
    strayId:
      "Semgrep reads the first word after each comma following 'nosemgrep:' as a rule id; " +
      "put the summary before the marker (end-of-line placement does) or leave it out",
  },
  {
    label: 'Snyk Code',
    names: ['snyk', 'snyk code', 'snyk-code', 'snyk_code', 'snykcode', 'deepcode'],
    preferred: 'line-above',
    templates: { 'line-above': 'deepcode ignore {vendorIssueId}: {summary}' },
    marker: /deepcode\s*ignore/i,
    read: (line) => {
      const m = /\bdeepcode ignore ([^\s:]+):/.exec(line);
      return m?.[1] === undefined ? undefined : [m[1]];
    },
    unreadable: "Snyk Code expects 'deepcode ignore <ruleId>: <reason>'",
    validId: /^[^\s:]+$/,
    strayId: "Snyk Code would read a different rule id after 'deepcode ignore'",
  },
  {
    label: 'CodeQL',
    names: ['codeql', 'github codeql', 'github-codeql'],
    preferred: 'line-above',
    templates: { 'line-above': 'codeql[{vendorIssueId}] {summary}' },
    marker: /\bcodeql\s*\[/i,
    read: (line) => {
      const ids = [...line.matchAll(/\bcodeql\s*\[([^\]]*)\]/gi)].map((m) => m[1] ?? '');
      return ids.length > 0 ? ids : undefined;
    },
    unreadable: "CodeQL expects 'codeql[query-id]' with a closing bracket",
    validId: /^[\w./-]+$/,
    strayId: "CodeQL would read a different query id inside 'codeql[…]'",
  },
];

/** For scanners without inline syntax (Checkmarx, Fortify, Veracode, …) and unknown ones. */
export const NEUTRAL_STYLE: SuppressionStyle = {
  template: 'False positive ({vendor} {vendorIssueId}): {summary}',
  placement: 'line-above',
};

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

/** Server text must not smuggle in a directive for any tool, including ones we do not model. */
const FOREIGN_DIRECTIVES: readonly { pattern: RegExp; name: string }[] = [
  { pattern: /nosonar/i, name: 'NOSONAR (SonarQube)' },
  { pattern: /nosem/i, name: 'nosemgrep (Semgrep)' },
  { pattern: /deepcode\s*ignore/i, name: 'deepcode ignore (Snyk Code)' },
  { pattern: /\bcodeql\s*\[/i, name: 'codeql[…] (CodeQL)' },
  { pattern: /\blgtm\b/i, name: 'lgtm (CodeQL)' },
  { pattern: /\bnosec\b/i, name: 'nosec (Bandit, gosec)' },
  { pattern: /\bnoqa\b/i, name: 'noqa (flake8, Ruff)' },
  { pattern: /\bnolint\b/i, name: 'nolint (golangci-lint)' },
  { pattern: /\bnopmd\b/i, name: 'NOPMD (PMD)' },
  { pattern: /eslint-(?:disable|enable)/i, name: 'eslint-disable (ESLint)' },
  { pattern: /@ts-(?:ignore|nocheck|expect-error)/i, name: '@ts-ignore (TypeScript)' },
  { pattern: /\btype:\s*ignore\b/i, name: 'type: ignore (mypy)' },
  { pattern: /pylint:\s*disable/i, name: 'pylint: disable' },
  { pattern: /shellcheck\s+disable/i, name: 'shellcheck disable' },
  { pattern: /rubocop:\s*disable/i, name: 'rubocop:disable' },
  { pattern: /phpcs:(?:ignore|disable)/i, name: 'phpcs:ignore' },
  { pattern: /noinspection/i, name: 'noinspection (JetBrains)' },
  { pattern: /checkov:skip|tfsec:ignore|trivy:ignore|gitleaks:allow/i, name: 'an IaC/secret scanner skip' },
];

export function scannerFor(vendor: string): ScannerSyntax | undefined {
  const name = vendor.trim().toLowerCase();
  return SCANNERS.find((s) => s.names.includes(name));
}

// ---- Style resolution ----

export function resolveStyle(vendor: string, languageId: string, settings: SuppressionSettings = {}): SuppressionStyle {
  const scanner = scannerFor(vendor);
  const forLanguage = ownEntry(settings.byLanguage, languageId);
  const forVendor = ownEntry(settings.byVendor, vendor) ?? ownEntryIgnoringCase(settings.byVendor, vendor);
  const chosenPlacement = placementOf(forLanguage) ?? placementOf(forVendor);
  const chosenTemplate = templateOf(forLanguage) ?? templateOf(forVendor);
  // A scanner's own syntax beats the user's general default: the comment must work.
  const fallback = scanner ? undefined : settings.default;

  let placement = chosenPlacement ?? scanner?.preferred ?? placementOf(fallback) ?? NEUTRAL_STYLE.placement;
  const canAppend = commentSyntaxFor(languageId)?.endOfLine !== false;
  // Not the user's explicit choice and impossible here: move above when that still works.
  if (!chosenPlacement && placement === 'end-of-line' && !canAppend && (!scanner || scanner.templates['line-above'])) {
    placement = 'line-above';
  }
  const template =
    chosenTemplate ??
    (scanner
      ? (scanner.templates[placement] ?? scanner.templates[scanner.preferred] ?? NEUTRAL_STYLE.template)
      : (templateOf(fallback) ?? NEUTRAL_STYLE.template));
  return { template, placement };
}

function ownEntry<T>(record: Record<string, T> | undefined, key: string): T | undefined {
  if (!record || typeof record !== 'object') return undefined;
  return Object.prototype.hasOwnProperty.call(record, key) ? record[key] : undefined;
}

function ownEntryIgnoringCase<T>(record: Record<string, T> | undefined, key: string): T | undefined {
  if (!record || typeof record !== 'object') return undefined;
  const wanted = key.trim().toLowerCase();
  const match = Object.keys(record).find((k) => k.trim().toLowerCase() === wanted);
  return match === undefined ? undefined : record[match];
}

// Settings come from JSON the user edits: ignore values of the wrong type.
const placementOf = (s: Partial<SuppressionStyle> | undefined): Placement | undefined =>
  s?.placement === 'line-above' || s?.placement === 'end-of-line' ? s.placement : undefined;
const templateOf = (s: Partial<SuppressionStyle> | undefined): string | undefined =>
  typeof s?.template === 'string' ? s.template : undefined;

// ---- Building the comment ----

export function buildSuppressionComment(input: {
  languageId: string;
  fields: SuppressionFields;
  style: SuppressionStyle;
}): SuppressionComment {
  const { languageId, fields, style } = input;
  const syntax = commentSyntaxFor(languageId);
  if (!syntax) return fail(`No comment syntax is known for language '${languageId}'`);
  const { placement } = style;
  if (placement !== 'line-above' && placement !== 'end-of-line') return fail(`Unknown placement '${String(placement)}'`);
  if (placement === 'end-of-line' && !syntax.endOfLine) {
    return fail(`Comments in ${languageId} must start a line, so this one cannot go at the end of the line; use placement 'line-above'`);
  }

  const template = checkServerText(style.template, { field: 'The template', maxCodePoints: TEMPLATE_MAX_CODE_POINTS });
  if (!template.ok) return template;
  const used = placeholdersIn(template.text);
  const unknown = used.filter((name) => !isField(name));
  if (unknown.length > 0) {
    const known = Object.keys(FIELDS).map((f) => `{${f}}`).join(', ');
    return fail(`The template has unknown placeholder(s) ${[...new Set(unknown)].map((n) => `{${n}}`).join(', ')}; known: ${known}`);
  }

  const values: Partial<Record<Field, string>> = {};
  for (const name of new Set(used.filter(isField))) {
    const { label, max } = FIELDS[name];
    const checked = checkServerText(fields[name], { field: `The ${label}`, maxCodePoints: max });
    if (!checked.ok) return checked;
    const foreign = FOREIGN_DIRECTIVES.find((d) => d.pattern.test(checked.text));
    if (foreign) return fail(`The ${label} contains ${foreign.name}, which would act as a suppression directive`);
    values[name] = checked.text;
  }

  const text = template.text.replace(PLACEHOLDER, (_, name: string) => values[name as Field] ?? '');
  if (text.normalize('NFC') !== text) {
    return fail('A value starts with a combining character that would merge with the template text');
  }
  // Defence in depth: the parts were checked, the whole must pass too.
  const whole = checkServerText(text, { field: 'The comment', maxCodePoints: Number.MAX_SAFE_INTEGER });
  if (!whole.ok) return whole;

  return writeComment(syntax, text, placement, template.text, values.vendorIssueId);
}

function writeComment(
  syntax: CommentSyntax,
  text: string,
  placement: Placement,
  template: string,
  vendorIssueId: string | undefined,
): SuppressionComment {
  let firstHazard: Hazard | undefined;
  for (const form of syntax.forms) {
    const hazard = findHazard(syntax, form, text);
    if (hazard) {
      firstHazard ??= hazard;
      continue;
    }
    const line = renderComment(form, text);
    const problem = scannerProblem(line, placement, template, vendorIssueId);
    if (problem) return fail(problem);
    return { ok: true, line, placement };
  }
  return fail(`The text cannot be written as a ${syntax.languageId} comment: ${firstHazard?.why ?? 'no comment form fits'}`);
}

/** What is wrong with the line as its scanner(s) will read it, if anything. */
function scannerProblem(line: string, placement: Placement, template: string, vendorIssueId: string | undefined): string | undefined {
  for (const scanner of SCANNERS) {
    if (!scanner.marker.test(line)) continue;
    if (!scanner.templates[placement]) {
      const where = placement === 'end-of-line' ? 'at the end of the line' : 'on the line above';
      return `${scanner.label} does not honour its suppression comment ${where}; use placement '${scanner.preferred}'`;
    }
    const ids = scanner.read(line, placement);
    if (!ids) return scanner.unreadable;
    // Ids the user wrote into the template literally are theirs to choose. Placeholders
    // become NUL, which no checked value can contain, so they never count as literal.
    const literal = scanner.read(` ${template.replace(PLACEHOLDER, '\u0000')}`, 'end-of-line') ?? [];
    for (const id of ids) {
      if (id === '' || literal.includes(id)) continue;
      if (id !== vendorIssueId) return `${scanner.strayId} ('${id}')`;
      if (!scanner.validId.test(id)) return `The vendor issue id '${id}' is not a valid ${scanner.label} rule id`;
    }
  }
  return undefined;
}

/** The placeholder names a template uses, e.g. ['summary', 'vendorIssueId']. */
export function placeholdersIn(template: string): string[] {
  return [...template.matchAll(PLACEHOLDER)].map((m) => m[1] ?? '');
}

function isField(name: string): name is Field {
  return Object.prototype.hasOwnProperty.call(FIELDS, name);
}

const fail = (reason: string): { ok: false; reason: string } => ({ ok: false, reason });

// ---- Where the text goes ----

export type InsertionPlan =
  | { kind: 'insert-above'; text: string }
  | { kind: 'append'; text: string }
  | { kind: 'refuse'; reason: string };

/**
 * The edit for `comment` at the finding's line: above it with the same indentation (spaces
 * and tabs as they are) and a '\n', or appended after one space. Refuses the cases where the
 * comment would break the code around it: a line continued with a trailing backslash
 * (appending ends the continuation; inserting between continued lines splits the
 * statement), a shebang or XML declaration that must stay on the first line.
 */
export function planInsertion(
  lineText: string,
  comment: { line: string; placement: Placement },
  context: { previousLineText?: string } = {},
): InsertionPlan {
  if (comment.placement === 'end-of-line') {
    if (CONTINUED.test(lineText)) {
      return { kind: 'refuse', reason: 'The line ends with a line continuation (\\); a comment appended to it would break the statement' };
    }
    return { kind: 'append', text: ` ${comment.line}` };
  }
  if (context.previousLineText !== undefined && CONTINUED.test(context.previousLineText)) {
    return { kind: 'refuse', reason: 'The line above ends with a line continuation (\\); a comment inserted here would split the statement' };
  }
  if (/^#!(?!\[)/.test(lineText) || /^\s*<\?xml\b/.test(lineText)) {
    return { kind: 'refuse', reason: 'The line is a shebang or XML declaration, which must stay first in the file' };
  }
  const indentation = /^[ \t]*/.exec(lineText)?.[0] ?? '';
  return { kind: 'insert-above', text: `${indentation}${comment.line}\n` };
}

const CONTINUED = /\\[ \t]*$/;
