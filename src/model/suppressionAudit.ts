// The suppression comments in one text: every `(fp <uuid>)` marker that sits inside a comment
// token. A marker counts by the rule the suppression hover uses (views/suppressionHover.ts):
// the parser's comment node where the language has a tree-sitter grammar (model/proof, through
// a CommentLocator: the Prover, loaded by the caller), else a comment opened earlier on the same
// line. Plain Node and one text at a time, so the CLI runs it on files and the editor on a
// document's text. Whether a suppression is still current is model/suppressionAuditStatus.ts.
import { isGrammar, type CommentSyntax, type GrammarId } from './commentSyntax';

/** What a file must contain to hold a marker: the byte prefilter (as ripgrep would search). */
export const MARKER_PREFIX = '(fp ';

/** The marker the suppression templates write (model/suppression.ts, common/scanners.ts), on one line. */
const MARKER = /\(fp ([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\)/iy;

/**
 * How much text the parser may read for one text, in code units: each marker outside the
 * comments found so far costs one parse of the whole text, so a file crafted with thousands of
 * markers in strings would otherwise cost thousands of parses. 16 Mi is 8 parses of a 2 MB file
 * (0.35–0.55 s each, measured on TypeScript) and about 2,000 of an 8 KB one. Markers past it are
 * checked by the same-line rule.
 */
const PARSE_BUDGET = 16 * 1024 * 1024;

/** A position as tree-sitter gives it: 0-based row, column in UTF-16 code units. */
interface TextPoint {
  readonly row: number;
  readonly column: number;
}

/** Finds the comment token around a position (model/proof's Prover is one). */
export interface CommentLocator {
  commentAt(grammar: GrammarId, text: string, row: number, column: number): Promise<{ start: TextPoint; end: TextPoint } | undefined>;
}

/** A marker's text on a line: the fpId lower-cased, the position of its `(`. */
export interface Marker extends TextPoint {
  readonly fpId: string;
}

/** A marker inside a comment, and which rule said so. */
export interface FoundSuppression extends Marker {
  readonly checkedBy: 'parser' | 'line';
}

export interface TextScan {
  readonly suppressions: FoundSuppression[];
  /** Markers that are not inside a comment (strings, code). */
  readonly outsideComments: number;
  /** Markers checked by the same-line rule because the parser budget of the text was spent. */
  readonly overBudget: number;
  /** The parser failed on this text (its message); the markers from there on were checked by the same-line rule. */
  readonly parserError?: string;
}

/**
 * Every marker of `text`, in order. Rows split at `\n` (a `\r` before it is part of no column
 * that matters: markers are ASCII and end before it), which is how tree-sitter counts rows. A
 * marker split across lines is not one: the templates write it on one line, and line-oriented
 * tools (grep, ripgrep) could not find it either.
 */
export function findMarkers(text: string): Marker[] {
  const markers: Marker[] = [];
  let row = 0;
  let lineStart = 0;
  let counted = 0; // rows are counted up to here
  for (let at = text.indexOf(MARKER_PREFIX); at !== -1; at = text.indexOf(MARKER_PREFIX, at + 1)) {
    MARKER.lastIndex = at;
    const match = MARKER.exec(text);
    if (!match) continue;
    for (let nl = text.indexOf('\n', counted); nl !== -1 && nl < at; nl = text.indexOf('\n', nl + 1)) {
      row++;
      lineStart = nl + 1;
    }
    counted = at;
    markers.push({ row, column: at - lineStart, fpId: match[1]!.toLowerCase() });
  }
  return markers;
}

/**
 * The markers of `text` that are suppressions in a file of this language. With a locator and a
 * grammar for the language, each marker is checked by the parser (one parse covers every
 * marker inside the comment it finds); otherwise, or past the parse budget, or when the parser
 * fails, by the same-line rule.
 */
export async function scanText(
  text: string,
  syntax: CommentSyntax,
  locator: CommentLocator | undefined,
  markers: readonly Marker[] = findMarkers(text),
): Promise<TextScan> {
  const suppressions: FoundSuppression[] = [];
  let outsideComments = 0;
  let overBudget = 0;
  let parserError: string | undefined;
  const grammar = locator && isGrammar(syntax.parser) ? syntax.parser : undefined;
  let parses = grammar ? Math.max(1, Math.floor(PARSE_BUDGET / Math.max(1, text.length))) : 0;
  // Markers come in order and comments do not overlap, so only the last comment found can hold the next marker.
  let comment: { start: TextPoint; end: TextPoint } | undefined;
  const lines = new LineReader(text);
  for (const marker of markers) {
    let inComment: boolean | undefined;
    if (grammar && parserError === undefined) {
      if (comment && within(marker, comment)) inComment = true;
      else if (parses > 0) {
        parses--;
        try {
          const found = await locator!.commentAt(grammar, text, marker.row, marker.column);
          if (found) comment = found;
          inComment = found !== undefined;
        } catch (e) {
          parserError = e instanceof Error ? e.message : String(e);
        }
      } else overBudget++;
    }
    const checkedBy = inComment === undefined ? 'line' : 'parser';
    if (inComment === undefined) inComment = commentOnLine(lines.line(marker.row), syntax, marker.column);
    if (inComment) suppressions.push({ ...marker, checkedBy });
    else outsideComments++;
  }
  return parserError === undefined
    ? { suppressions, outsideComments, overBudget }
    : { suppressions, outsideComments, overBudget, parserError };
}

/**
 * The same-line rule: a comment of the language opened earlier on the line and not closed
 * before `column`. In a language whose comments only start a line (properties, ini, batch,
 * Dockerfile, makefile), only an opener with nothing but white space before it counts.
 */
export function commentOnLine(line: string, syntax: CommentSyntax, column: number): boolean {
  for (const form of syntax.forms) {
    const open = line.lastIndexOf(form.open, column);
    if (open < 0) continue;
    if (!syntax.endOfLine && line.slice(0, open).trim() !== '') continue;
    if (form.kind === 'line') return true;
    const close = line.indexOf(form.close, open + form.open.length);
    if (close === -1 || close > column) return true;
  }
  return false;
}

function within(p: TextPoint, range: { start: TextPoint; end: TextPoint }): boolean {
  const after = p.row > range.start.row || (p.row === range.start.row && p.column >= range.start.column);
  const before = p.row < range.end.row || (p.row === range.end.row && p.column < range.end.column);
  return after && before;
}

/** Lines of a text by row, found on demand from the last one asked for (markers come in order). */
class LineReader {
  private row = 0;
  private start = 0;

  constructor(private readonly text: string) {}

  line(row: number): string {
    if (row < this.row) {
      this.row = 0;
      this.start = 0;
    }
    while (this.row < row) {
      const nl = this.text.indexOf('\n', this.start);
      if (nl === -1) return '';
      this.start = nl + 1;
      this.row++;
    }
    const end = this.text.indexOf('\n', this.start);
    const line = this.text.slice(this.start, end === -1 ? undefined : end);
    return line.endsWith('\r') ? line.slice(0, -1) : line;
  }
}
