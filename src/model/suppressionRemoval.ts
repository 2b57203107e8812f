// The removal of one suppression comment: the inverse of Insert Suppression Comment
// (model/insertion), proven by the same parser run backwards — the text as it is must be the
// reduced text plus only a comment. The comment is found as the audit finds it
// (model/suppressionAudit): the parser's comment token where the language has a grammar, else a
// comment opened earlier on the marker's line. Plain Node: the editor and the CLI pass the text
// and the Prover.
import { isGrammar, type CommentForm, type CommentSyntax, type ParserId } from './commentSyntax';
import type { EditRows, Proof } from './proof/prover';
import { findMarkers, type CommentLocator } from './suppressionAudit';

/** The part of model/proof's Prover the proof needs (the prover itself is loaded lazily). */
interface ProverLike {
  prove(parser: ParserId, before: string, after: string, rows: EditRows): Promise<Proof>;
}

export interface RemovalInput {
  /** The whole document as the editor holds it (LF or CRLF, kept as it is). */
  text: string;
  /** The marker's `(`, 0-based, the column in UTF-16 code units (as findMarkers and scanText give it). */
  row: number;
  column: number;
  /** The false positive whose marker must be there. */
  fpId: string;
  syntax: CommentSyntax;
  /** Finds the comment token (the Prover); used where the language has a tree-sitter grammar. */
  locator?: CommentLocator;
  /** Proves the removal; absent: no proof (the caller says "not parser-checked"). */
  prover?: ProverLike;
}

type RemovalShape = 'line' | 'end-of-line' | 'inline';

export type RemovalPlan =
  | {
      kind: 'remove';
      /** Offsets into the text: [start, end) goes. */
      start: number;
      end: number;
      /** The text without it. */
      after: string;
      /** The comment had its own line(s), ended a line of code, or had code after it. */
      shape: RemovalShape;
      /** The parser that proved it; undefined: not parser-checked. */
      checkedBy: string | undefined;
    }
  | { kind: 'refuse'; reason: string };

/** A comment's extent in the text, and the form it was written in when one matches. */
interface Span {
  start: number;
  end: number;
  form: CommentForm | undefined;
}

interface Line {
  /** Offset of the line's first character. */
  start: number;
  /** Offset of its end, before `\r\n` or `\n`. */
  end: number;
  /** Offset after its line break; `end` of the text for the last line. */
  next: number;
}

const refuse = (reason: string): RemovalPlan => ({ kind: 'refuse', reason });

export async function planRemoval(input: RemovalInput): Promise<RemovalPlan> {
  const { text, row, column, syntax } = input;
  const fpId = input.fpId.toLowerCase();
  const line = lineAtRow(text, row);
  const marker = line && findMarkers(text.slice(line.start, line.end)).find((m) => m.column === column);
  if (!line || !marker) {
    return refuse(
      `the comment moved or changed: line ${row + 1} no longer holds a suppression marker at column ${column + 1}; scan the file again`,
    );
  }
  if (marker.fpId !== fpId) {
    return refuse(
      `the comment moved or changed: the marker on line ${row + 1} is now that of another false positive (fp ${marker.fpId}), not (fp ${fpId}); scan the file again`,
    );
  }
  const located = await locate(input, line);
  if ('reason' in located) return refuse(located.reason);

  const reasons: string[] = [];
  for (const span of located) {
    const other = findMarkers(text.slice(span.start, span.end)).find((m) => m.fpId !== fpId);
    if (other) {
      reasons.push(
        `the comment also holds the marker of another false positive (fp ${other.fpId}), which removing it would unsuppress; edit the comment by hand`,
      );
      continue;
    }
    const removal = rangeOf(text, span, syntax);
    const after = text.slice(0, removal.start) + text.slice(removal.end);
    const plan = { kind: 'remove' as const, start: removal.start, end: removal.end, after, shape: removal.shape };
    if (!syntax.parser || !input.prover) {
      if (removal.touching) {
        reasons.push(
          `code touches the comment on both sides (line ${row + 1}), and without a parser nothing proves that removing it keeps them apart; remove it by hand`,
        );
        continue;
      }
      return { ...plan, checkedBy: undefined };
    }
    let proof: Proof;
    try {
      proof = await input.prover.prove(syntax.parser, after, text, removal.rows);
    } catch (e) {
      return refuse(`the file could not be checked (${e instanceof Error ? e.message : String(e)}), so nothing was removed`);
    }
    if (proof.ok) return { ...plan, checkedBy: proof.parser };
    // Nothing but white space is left, so no code can have changed; the grammars read an empty
    // program differently from one holding only a comment, so the proof cannot say so.
    if (after.trim() === '') return { ...plan, checkedBy: undefined };
    reasons.push(`removing the comment cannot be proven to leave the code as it is: ${proof.reason}`);
  }
  return refuse(reasons[0] ?? notInComment(fpId, row));
}

const notInComment = (fpId: string, row: number) =>
  `the marker (fp ${fpId}) on line ${row + 1} is not inside a comment (it is in a string or in code), so there is no suppression comment to remove`;

const notClosed = (form: Extract<CommentForm, { kind: 'block' }>, fpId: string, row: number) =>
  `the comment holding (fp ${fpId}) on line ${row + 1} is not closed ('${form.close}' is missing), so where it ends is unknown; fix or remove it by hand`;

/** The comment holding the marker: its possible extents, the likeliest first, or why there is none. */
async function locate(input: RemovalInput, line: Line): Promise<Span[] | { reason: string }> {
  const { text, row, column, syntax, locator } = input;
  const fpId = input.fpId.toLowerCase();
  const onLine = sameLine(text, line, line.start + column, syntax);
  if (!locator || !isGrammar(syntax.parser)) {
    if (onLine.spans.length > 0) return onLine.spans;
    return { reason: onLine.unclosed ? notClosed(onLine.unclosed, fpId, row) : notInComment(fpId, row) };
  }
  let found: Awaited<ReturnType<CommentLocator['commentAt']>>;
  try {
    found = await locator.commentAt(syntax.parser, text, row, column);
  } catch (e) {
    return {
      reason: `the ${syntax.parser} parser failed on the file (${e instanceof Error ? e.message : String(e)}), so the comment cannot be found`,
    };
  }
  // A grammar reads an unclosed block comment as an error, not as a comment.
  if (!found) return { reason: onLine.unclosed ? notClosed(onLine.unclosed, fpId, row) : notInComment(fpId, row) };
  const start = offsetOf(text, found.start.row, found.start.column);
  let end = offsetOf(text, found.end.row, found.end.column);
  // Some grammars end a line comment after the `\r` of a CRLF line break.
  while (end > start && (text[end - 1] === '\r' || text[end - 1] === '\n')) end--;
  const token = text.slice(start, end);
  const form = [...syntax.forms]
    .sort((a, b) => b.open.length - a.open.length)
    .find((f) => token.startsWith(f.open) && (f.kind === 'line' || token.endsWith(f.close)));
  return [...wrapped(text, start, end, syntax), { start, end, form }];
}

/**
 * The extents a block form wraps around the grammar's token: JSX's `{/* … *\/}` is a comment
 * node inside an expression container, and the braces went in with it.
 */
function wrapped(text: string, start: number, end: number, syntax: CommentSyntax): Span[] {
  const spans: Span[] = [];
  for (const form of syntax.forms) {
    if (form.kind !== 'block') continue;
    for (let i = 1; i < form.open.length && i <= start; i++) {
      if (text.slice(start - i, start) !== form.open.slice(0, i) || !text.startsWith(form.open.slice(i), start)) continue;
      for (let j = 1; j < form.close.length; j++) {
        const inner = form.close.slice(0, form.close.length - j);
        if (text.slice(end - inner.length, end) === inner && text.slice(end, end + j) === form.close.slice(-j)) {
          spans.push({ start: start - i, end: end + j, form });
        }
      }
    }
  }
  return spans;
}

/**
 * The same-line rule, as extents: the comment a left-to-right reading of the line opens before
 * the marker (skipping block comments closed before it), then the last opener of each form
 * before the marker, as model/suppressionAudit's commentOnLine takes it. A line comment ends
 * with its line, a block comment at its closer searched from the marker on. Neither reading
 * knows strings ('http://' in an attribute): with a parser, the proof picks the right one.
 */
function sameLine(
  text: string,
  line: Line,
  markerAt: number,
  syntax: CommentSyntax,
): { spans: Span[]; unclosed?: Extract<CommentForm, { kind: 'block' }> } {
  const lineText = text.slice(line.start, line.end);
  const column = markerAt - line.start;
  // Where comments only start a line (ini, batch, Dockerfile), an opener after code is text.
  const opensAt = (at: number) => syntax.endOfLine || lineText.slice(0, at).trim() === '';
  const spans: Span[] = [];
  let unclosed: Extract<CommentForm, { kind: 'block' }> | undefined;
  // A block closed before the marker: where reading resumes.
  const holding = (form: CommentForm, at: number): { resume: number } | 'open' | Span => {
    if (form.kind === 'line') return { start: line.start + at, end: line.end, form };
    const close = lineText.indexOf(form.close, at + form.open.length);
    if (close !== -1 && close < column) return { resume: close + form.close.length };
    const end = text.indexOf(form.close, markerAt);
    if (end === -1) {
      unclosed ??= form;
      return 'open';
    }
    return { start: line.start + at, end: end + form.close.length, form };
  };
  const longestFirst = [...syntax.forms].sort((a, b) => b.open.length - a.open.length);
  for (let at = 0; at < column; at++) {
    const form = longestFirst.find((f) => lineText.startsWith(f.open, at) && opensAt(at));
    if (!form) continue;
    const found = holding(form, at);
    if (found !== 'open' && 'resume' in found) {
      at = found.resume - 1;
      continue;
    }
    if (found !== 'open') spans.push(found);
    break;
  }
  for (const form of syntax.forms) {
    const at = lineText.lastIndexOf(form.open, column);
    if (at < 0 || !opensAt(at)) continue;
    const found = holding(form, at);
    if (found !== 'open' && 'start' in found && !spans.some((s) => s.start === found.start && s.end === found.end)) spans.push(found);
  }
  return { spans, unclosed };
}

/**
 * What goes with the comment so that removing an inserted one gives back the text before the
 * insertion: its whole line(s); or the language's gap before it (all the white space when the
 * gap is not there) and any white space after it; or, with code after it, the white space after
 * it (when code touches it on both sides, nothing but the comment, and `touching` says so).
 */
function rangeOf(
  text: string,
  span: Span,
  syntax: CommentSyntax,
): { start: number; end: number; shape: RemovalShape; rows: EditRows; touching: boolean } {
  const first = lineAround(text, span.start);
  const last = lineAround(text, span.end);
  const before = text.slice(first.start, span.start);
  const rest = text.slice(span.end, last.end);
  const firstRow = rowOf(text, span.start);
  const lastRow = firstRow + countBreaks(text, span.start, span.end);
  const blank = (s: string) => /^[ \t]*$/.test(s);

  if (blank(before) && blank(rest)) {
    const rows: EditRows = { before: firstRow, after: [firstRow, lastRow + 1] };
    if (last.next > last.end) return { start: first.start, end: last.next, shape: 'line', rows, touching: false };
    // The last line of the text, without a line break: the one before it goes instead.
    const start = first.start === 0 ? 0 : first.start - (text[first.start - 2] === '\r' ? 2 : 1);
    const eofRows: EditRows = { before: Math.max(0, firstRow - 1), after: [firstRow, lastRow] };
    return { start, end: text.length, shape: 'line', rows: eofRows, touching: false };
  }
  if (blank(rest)) {
    const gap = span.form?.kind === 'block' && span.form.tight === true ? '' : syntax.endOfLineGap;
    const cut = before.endsWith(gap) ? gap.length : before.length - before.trimEnd().length;
    const start = span.start - cut;
    const rows: EditRows = { before: firstRow, after: [firstRow, lastRow], appendedAt: start - first.start };
    return { start, end: last.end, shape: 'end-of-line', rows, touching: false };
  }
  // The white space after it goes unless it alone keeps two tokens apart ('a/* x */ b').
  const separated = blank(before) || SEPARATES_END.test(before);
  const spaceAfter = /^[ \t]*/.exec(rest)![0];
  const end = separated || SEPARATES_START.test(rest.slice(spaceAfter.length)) ? span.end + spaceAfter.length : span.end;
  const touching = !separated && spaceAfter === '' && !SEPARATES_START.test(rest);
  return { start: span.start, end, shape: 'inline', rows: { before: firstRow, after: [firstRow, lastRow] }, touching };
}

/** White space or punctuation no token continues through. */
const SEPARATES_END = /[ \t()[\]{},;]$/;
const SEPARATES_START = /^[ \t()[\]{},;]/;

/** The line `row` (split at `\n`, as findMarkers and tree-sitter count rows), or undefined. */
function lineAtRow(text: string, row: number): Line | undefined {
  if (!Number.isInteger(row) || row < 0) return undefined;
  let start = 0;
  for (let r = 0; r < row; r++) {
    const nl = text.indexOf('\n', start);
    if (nl === -1) return undefined;
    start = nl + 1;
  }
  return lineAround(text, start);
}

/** The line holding the offset (an offset at a line break belongs to the line it ends). */
function lineAround(text: string, offset: number): Line {
  const start = text.lastIndexOf('\n', offset - 1) + 1;
  const nl = text.indexOf('\n', offset);
  if (nl === -1) return { start, end: text.length, next: text.length };
  return { start, end: nl > start && text[nl - 1] === '\r' ? nl - 1 : nl, next: nl + 1 };
}

/** The offset of a point (row split at `\n`, column in UTF-16 code units, as tree-sitter gives them). */
function offsetOf(text: string, row: number, column: number): number {
  let start = 0;
  for (let r = 0; r < row; r++) start = text.indexOf('\n', start) + 1;
  return Math.min(text.length, start + column);
}

function rowOf(text: string, offset: number): number {
  return countBreaks(text, 0, offset);
}

function countBreaks(text: string, from: number, to: number): number {
  let n = 0;
  for (let nl = text.indexOf('\n', from); nl !== -1 && nl < to; nl = text.indexOf('\n', nl + 1)) n++;
  return n;
}
