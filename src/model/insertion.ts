// Where and in which form the suppression comment goes, for one line of one file: the first
// comment form (of the language, or of a context inside it such as JSX children or <script>)
// whose edit passes the line rules (planInsertion), the file's encoding (strayAsciiByte) and,
// for a language with a parser, the proof that the file's code is unchanged (model/proof).
// Editor-free: the editor passes the text, the encoder and the prover.
import type { CommentSyntax, ParserId } from './commentSyntax';
import type { EditRows, Proof } from './proof/prover';
import { planInsertion, type CommentCandidate } from './suppression';
import { describeCodePoint } from '../common/text';

/** The part of model/proof's Prover this needs (the prover itself is loaded lazily). */
interface ProverLike {
  prove(parser: ParserId, before: string, after: string, rows: EditRows): Promise<Proof>;
}

export interface InsertionInput {
  /** The whole document. */
  text: string;
  /** 0-based line of the finding. */
  line: number;
  eol: '\n' | '\r\n';
  syntax: CommentSyntax;
  candidates: readonly CommentCandidate[];
  /** Absent: no parser proof (the caller says so to the user). */
  prover?: ProverLike;
  /** The bytes a text becomes when the document is saved (its encoding), when not UTF-8/16. */
  encode?: (text: string) => Promise<Uint8Array>;
  /** The document's encoding, for messages. */
  encoding?: string;
  /** The false positive's id: a comment holding it on the line or above means "already done". */
  fpId?: string;
}

export type InsertionChoice =
  | { kind: 'insert-above' | 'append'; text: string; candidate: CommentCandidate; checkedBy: string | undefined; after: string }
  | { kind: 'refuse'; reason: string; summaryRefused: boolean };

export async function chooseInsertion(input: InsertionInput): Promise<InsertionChoice> {
  const { text, line, syntax } = input;
  const lines = lineOffsets(text);
  const range = lines[line];
  if (!range) return { kind: 'refuse', reason: `the document has no line ${line + 1}`, summaryRefused: false };
  const lineText = text.slice(range.start, range.end);
  const previousLineText = line > 0 ? text.slice(lines[line - 1]!.start, lines[line - 1]!.end) : undefined;

  // The same FP twice on a line helps nobody and hides which comment is current.
  if (input.fpId) {
    const done = [line, line - 1].find((n) => n >= 0 && lines[n] && text.slice(lines[n]!.start, lines[n]!.end).includes(input.fpId!));
    if (done !== undefined)
      return {
        kind: 'refuse',
        reason: `this false positive is already suppressed here: line ${done + 1} holds a comment with its id (${input.fpId})`,
        summaryRefused: false,
      };
  }
  const reasons: string[] = [];
  let summaryRefused = false;
  for (const candidate of input.candidates) {
    const plan = planInsertion(lineText, candidate, {
      previousLineText,
      continuation: syntax.continuation,
      gap: syntax.endOfLineGap,
    });
    if (plan.kind === 'refuse') {
      reasons.push(plan.reason);
      continue;
    }
    // cgo reads the comment right above `import "C"` as C code (its preamble).
    if (plan.kind === 'insert-above' && syntax.languageId === 'go' && /^\s*import\s+"C"\s*$/.test(lineText)) {
      reasons.push('a comment right above import "C" becomes part of the cgo preamble, which is compiled as C');
      continue;
    }
    if (input.encode) {
      const stray = await strayAsciiByte(candidate.line, input.encode);
      if (stray) {
        reasons.push(
          `in the file's encoding (${input.encoding ?? 'legacy'}), ${describeCodePoint(stray.codePoint)} is saved with the byte 0x${stray.byte.toString(16).toUpperCase()} ('${String.fromCharCode(stray.byte)}'), which compilers and shells read as that ASCII character (a '\\' at the end continues the line)`,
        );
        summaryRefused = true;
        continue;
      }
    }
    const edited =
      plan.kind === 'insert-above'
        ? text.slice(0, range.start) + plan.text.replace(/\n$/, input.eol) + text.slice(range.start)
        : text.slice(0, range.end) + plan.text + text.slice(range.end);
    if (!syntax.parser || !input.prover) return { kind: plan.kind, text: plan.text, candidate, checkedBy: undefined, after: edited };
    const rows: EditRows =
      plan.kind === 'insert-above'
        ? { before: line, after: [line, line + 1] }
        : { before: line, after: [line, line], appendedAt: lineText.length };
    const proof = await input.prover.prove(syntax.parser, text, edited, rows);
    if (proof.ok) return { kind: plan.kind, text: plan.text, candidate, checkedBy: proof.parser, after: edited };
    reasons.push(`as ${describeForm(candidate)}, ${proof.reason}`);
  }
  return { kind: 'refuse', reason: [...new Set(reasons)].join('; '), summaryRefused };
}

function describeForm(candidate: CommentCandidate): string {
  const { form } = candidate;
  return form.kind === 'line' ? `a '${form.open}' comment` : `a '${form.open} … ${form.close}' comment`;
}

/** Start and end (before the line break) of each line. */
function lineOffsets(text: string): { start: number; end: number }[] {
  const out: { start: number; end: number }[] = [];
  const re = /\r\n|\n|\r/g;
  let start = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    out.push({ start, end: m.index });
    start = m.index + m[0].length;
  }
  out.push({ start, end: text.length });
  return out;
}

/**
 * The first non-ASCII character of `text` whose bytes in the document's encoding include an
 * ASCII byte other than a letter or digit, or undefined. In Shift-JIS '表' is 0x95 0x5C: a
 * backslash to gcc, make or cmd, which splices the next line into a `//` comment; a character
 * the encoding cannot represent is saved as '?'. An allowlist, like the text's: only letters
 * and digits may appear as such stray bytes. Pass only encodings that are not UTF-8/UTF-16.
 */
async function strayAsciiByte(
  text: string,
  encode: (text: string) => Promise<Uint8Array>,
): Promise<{ codePoint: number; byte: number } | undefined> {
  const seen = new Set<string>();
  for (const ch of text) {
    const codePoint = ch.codePointAt(0)!;
    if (codePoint < 0x80 || seen.has(ch)) continue;
    seen.add(ch);
    for (const byte of await encode(ch)) {
      if (byte < 0x80 && !/[A-Za-z0-9]/.test(String.fromCharCode(byte))) return { codePoint, byte };
    }
  }
  return undefined;
}
