// The one comment line that marks a finding as a false positive in the user's source, and
// where it goes. Every value filled into the template is server text and is checked; the
// template (user text) is checked too; then the finished comment is checked against the
// language's hazards and against how the scanner will read it. Anything doubtful is
// refused with a reason; nothing is quietly altered.
import { describeDirective, findDirective } from '../common/directives';
import { FOREIGN_DIRECTIVES, scannerFor, SYNTAXES, type Placement } from '../common/scanners';
import { SUMMARY_MAX_CODE_POINTS } from '../common/text';
import { commentSyntaxFor, findHazard, renderComment, type CommentForm, type CommentSyntax, type Hazard } from './commentSyntax';
import { checkServerText } from './sanitize';

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
  /** For scanners without an inline suppression syntax of their own (see common/scanners). */
  default?: Partial<SuppressionStyle>;
}

/** One way to write the comment: a form of the language (or of a context inside it, such as
 * JSX children or a <script> block). The editor tries them in order and keeps the first one
 * the parser proves harmless at the line (model/proof). */
export interface CommentCandidate {
  line: string;
  placement: Placement;
  form: CommentForm;
}

export type SuppressionComment =
  | { ok: true; line: string; placement: Placement; candidates: CommentCandidate[] }
  | {
      ok: false;
      reason: string;
      /** The refusal is about server text: the comment may still be written without the summary. */
      summaryRefused?: true;
    };

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

/** For scanners without inline syntax (Checkmarx, Fortify, Veracode, …) and unknown ones. */
export const NEUTRAL_STYLE: SuppressionStyle = {
  template: 'False positive ({vendor} {vendorIssueId}): {summary} (fp {fpId})',
  placement: 'line-above',
};
const NEUTRAL_BARE = 'False positive ({vendor} {vendorIssueId}) (fp {fpId})';

/** When no vendor is known at all (the CLI given only an fpId): the neutral comment without the
 * placeholders nothing could fill. No scanner reads it; a person does, and the fpId leads back. */
export const VENDORLESS_STYLE: SuppressionStyle = {
  template: 'False positive: {summary} (fp {fpId})',
  placement: NEUTRAL_STYLE.placement,
};
const VENDORLESS_BARE = 'False positive (fp {fpId})';

/**
 * The template without `{summary}`, for "insert without the summary": the scanner's own bare
 * form for its defaults, else the summary placeholder replaced by plain words (and the fpId
 * added when the template lacks it, so the comment still leads back to the record).
 */
function withoutSummary(template: string, vendor: string, placement: Placement): string {
  const scanner = scannerFor(vendor)?.syntax;
  if (scanner && scanner.templates[placement] === template) return scanner.bareTemplates[placement] ?? template;
  if (template === NEUTRAL_STYLE.template) return NEUTRAL_BARE;
  if (template === VENDORLESS_STYLE.template) return VENDORLESS_BARE;
  if (!template.includes('{summary}')) return template;
  return template.replace(/\{summary\}/g, template.includes('{fpId}') ? 'false positive' : 'false positive {fpId}');
}

// ---- Style resolution ----

export function resolveStyle(vendor: string, languageId: string, settings: SuppressionSettings = {}): SuppressionStyle {
  const scanner = scannerFor(vendor)?.syntax;
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

/**
 * The styles to try, in order: the resolved one and, when the line above is the scanner's own
 * default (not the user's choice), the scanner's end-of-line form. Semgrep reads every comma after
 * `nosemgrep:` on the line above as another rule id, so a summary with commas fits only at the
 * end of the line; the line above keeps a long comment from pushing the code out of view.
 */
export function resolveStyles(vendor: string, languageId: string, settings: SuppressionSettings = {}): SuppressionStyle[] {
  const style = resolveStyle(vendor, languageId, settings);
  const scanner = scannerFor(vendor)?.syntax;
  const chosen =
    placementOf(ownEntry(settings.byLanguage, languageId)) ??
    placementOf(ownEntry(settings.byVendor, vendor) ?? ownEntryIgnoringCase(settings.byVendor, vendor)) ??
    templateOf(ownEntry(settings.byLanguage, languageId)) ??
    templateOf(ownEntry(settings.byVendor, vendor) ?? ownEntryIgnoringCase(settings.byVendor, vendor));
  const endOfLine = scanner?.templates['end-of-line'];
  if (chosen !== undefined || style.placement !== 'line-above' || !endOfLine || commentSyntaxFor(languageId)?.endOfLine === false)
    return [style];
  return [style, { template: endOfLine, placement: 'end-of-line' }];
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
  /** Write the comment without the summary (scanner directive, rule id, fpId). */
  omitSummary?: boolean;
}): SuppressionComment {
  const { languageId, fields } = input;
  const syntax = commentSyntaxFor(languageId);
  if (!syntax) return fail(`No comment syntax is known for language '${languageId}'`);
  const { placement } = input.style;
  if (placement !== 'line-above' && placement !== 'end-of-line') return fail(`Unknown placement '${String(placement)}'`);
  if (placement === 'end-of-line' && !syntax.endOfLine) {
    return fail(`Comments in ${languageId} must start a line, so this one cannot go at the end of the line; use placement 'line-above'`);
  }
  const rawTemplate = input.omitSummary ? withoutSummary(input.style.template, fields.vendor, placement) : input.style.template;

  const template = checkServerText(rawTemplate, { field: 'The template', maxCodePoints: TEMPLATE_MAX_CODE_POINTS, prose: false });
  if (!template.ok) return fail(template.reason);
  const used = placeholdersIn(template.text);
  const unknown = used.filter((name) => !isField(name));
  if (unknown.length > 0) {
    const known = Object.keys(FIELDS)
      .map((f) => `{${f}}`)
      .join(', ');
    return fail(`The template has unknown placeholder(s) ${[...new Set(unknown)].map((n) => `{${n}}`).join(', ')}; known: ${known}`);
  }

  const values: Partial<Record<Field, string>> = {};
  for (const name of new Set(used.filter(isField))) {
    const { label, max } = FIELDS[name];
    const checked = checkServerText(fields[name], { field: `The ${label}`, maxCodePoints: max, refused: syntax.refused });
    if (!checked.ok) return { ok: false, reason: checked.reason, ...(name === 'summary' ? { summaryRefused: true as const } : {}) };
    const foreign = findDirective(checked.text, FOREIGN_DIRECTIVES);
    if (foreign) {
      return {
        ok: false,
        reason: `The ${label} contains ${describeDirective(foreign)}`,
        ...(name === 'summary' ? { summaryRefused: true as const } : {}),
      };
    }
    values[name] = checked.text;
  }

  const text = template.text.replace(PLACEHOLDER, (_, name: string) => values[name as Field] ?? '');
  if (text.normalize('NFC') !== text) {
    return fail('A value starts with a combining character that would merge with the template text');
  }
  // Defence in depth: the parts were checked, the whole must pass too.
  const whole = checkServerText(text, { field: 'The comment', maxCodePoints: Number.MAX_SAFE_INTEGER, prose: false });
  if (!whole.ok) return fail(whole.reason);

  const written = writeComment(syntax, text, placement, template.text, values.vendorIssueId);
  if (!written.ok && used.includes('summary') && !input.omitSummary) return { ...written, summaryRefused: true };
  return written;
}

function writeComment(
  syntax: CommentSyntax,
  text: string,
  placement: Placement,
  template: string,
  vendorIssueId: string | undefined,
): SuppressionComment {
  let firstHazard: Hazard | undefined;
  const candidates: CommentCandidate[] = [];
  for (const form of syntax.forms) {
    const hazard = findHazard(syntax, form, text);
    if (hazard) {
      firstHazard ??= hazard;
      continue;
    }
    const line = renderComment(form, text);
    const problem = scannerProblem(line, placement, template, vendorIssueId);
    if (problem) return fail(problem);
    candidates.push({ line, placement, form });
  }
  const first = candidates[0];
  if (!first) return fail(`The text cannot be written as a ${syntax.languageId} comment: ${firstHazard?.why ?? 'no comment form fits'}`);
  return { ok: true, line: first.line, placement, candidates };
}

/** What is wrong with the line as its scanner(s) will read it, if anything. */
function scannerProblem(line: string, placement: Placement, template: string, vendorIssueId: string | undefined): string | undefined {
  for (const scanner of SYNTAXES) {
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

export type InsertionPlan = { kind: 'insert-above'; text: string } | { kind: 'append'; text: string } | { kind: 'refuse'; reason: string };

/** How a line continues onto the next (commentSyntax's `continuation`). */
export interface Continuation {
  pattern: RegExp;
  name: string;
}

const BACKSLASH_CONTINUATION: Continuation = { pattern: /\\[ \t]*$/, name: 'a trailing backslash (\\)' };

/**
 * The edit for `comment` at the finding's line: above it with the same indentation (spaces
 * and tabs as they are) and a '\n', or appended after the language's gap (one space unless
 * given; none for a `tight` form such as the brace-wrapped block comment of JSX, where the
 * space would be a text child). Refuses where the comment would
 * break the code around it: a line continued onto the next (appending ends the continuation;
 * inserting between continued lines joins the comment to the command — cmd runs what follows
 * '&' in a REM line joined by '^'), a shebang or XML declaration that must stay first.
 * Strings, templates, heredocs and embedded languages are the parser's to prove (model/proof).
 */
export function planInsertion(
  lineText: string,
  comment: { line: string; placement: Placement; form?: CommentForm },
  context: { previousLineText?: string; continuation?: Continuation; gap?: string } = {},
): InsertionPlan {
  const continuation = context.continuation ?? BACKSLASH_CONTINUATION;
  if (comment.placement === 'end-of-line') {
    // '#!/bin/sh # x' passes '# x' to the interpreter as an argument.
    if (/^#!(?!\[)/.test(lineText)) return { kind: 'refuse', reason: 'The line is a shebang: text after it is passed to the interpreter' };
    if (continuation.pattern.test(lineText)) {
      return {
        kind: 'refuse',
        reason: `The line ends with a line continuation (${continuation.name}); a comment appended to it would break the statement`,
      };
    }
    const tight = comment.form?.kind === 'block' && comment.form.tight === true;
    return { kind: 'append', text: `${tight ? '' : (context.gap ?? ' ')}${comment.line}` };
  }
  if (context.previousLineText !== undefined && continuation.pattern.test(context.previousLineText)) {
    return {
      kind: 'refuse',
      reason: `The line above ends with a line continuation (${continuation.name}); a comment inserted here would be joined to that statement`,
    };
  }
  if (/^#!(?!\[)/.test(lineText) || /^\s*<\?xml\b/.test(lineText)) {
    return { kind: 'refuse', reason: 'The line is a shebang or XML declaration, which must stay first in the file' };
  }
  const indentation = /^[ \t]*/.exec(lineText)?.[0] ?? '';
  return { kind: 'insert-above', text: `${indentation}${comment.line}\n` };
}
