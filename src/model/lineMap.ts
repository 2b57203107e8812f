// Where the lines of the file as it was scanned are in its text now. The two texts are compared
// line by line, runs of whitespace ignored so a formatter's re-indent does not count as a change:
// the common head and tail set aside, lines found once on each side matched in order (as patience
// diff does), and the gaps between them compared by the diff library. A line that is still there
// maps to its new number; a line that was deleted or rewritten is "changed" and maps to where its
// replacement (or the deletion) is now. Editor-free, used on opening a file.
import { diffArrays } from 'diff';
import type { LineRange } from './anchors';

/** Past this the comparison gives up and calls every differing line changed. */
const DIFF_TIMEOUT_MS = 40;

export interface MappedRange {
  readonly range: LineRange;
  /** Some line of the range was deleted or rewritten since the scan. */
  readonly changed: boolean;
}

export class LineMap {
  private constructor(
    /** The current line of each scanned line. */
    private readonly to: Int32Array,
    /** 1 where the scanned line was deleted or rewritten. */
    private readonly gone: Uint8Array,
    private readonly currentLines: number,
  ) {}

  /** Compares the scanned text with the current one. */
  static between(scanned: string, current: string): LineMap {
    const before = lines(scanned);
    const after = lines(current);
    const to = new Int32Array(before.length);
    const gone = new Uint8Array(before.length);
    let head = 0;
    while (head < before.length && head < after.length && before[head] === after[head]) {
      to[head] = head;
      head++;
    }
    let tail = 0;
    while (
      tail < before.length - head &&
      tail < after.length - head &&
      before[before.length - 1 - tail] === after[after.length - 1 - tail]
    ) {
      to[before.length - 1 - tail] = after.length - 1 - tail;
      tail++;
    }
    mapSpan(before, after, head, before.length - tail, head, after.length - tail, to, gone);
    return new LineMap(to, gone, after.length);
  }

  /** How many lines the scanned text had. */
  get scannedLines(): number {
    return this.to.length;
  }

  /** The range now, or undefined when it starts past the scanned text's end. */
  map(range: LineRange): MappedRange | undefined {
    if (range.startLine >= this.to.length) return undefined;
    const endLine = Math.min(range.endLine, this.to.length - 1);
    let changed = false;
    for (let line = range.startLine; line <= endLine && !changed; line++) changed = this.gone[line] === 1;
    const startLine = Math.min(this.to[range.startLine]!, Math.max(this.currentLines - 1, 0));
    const mappedEnd = Math.max(startLine, Math.min(this.to[endLine]!, Math.max(this.currentLines - 1, 0)));
    return {
      range: { startLine, startCharacter: range.startCharacter, endLine: mappedEnd, endCharacter: range.endCharacter },
      changed,
    };
  }
}

type Part = { value: string[]; added: boolean; removed: boolean; count: number };

/**
 * Maps old lines [o0, o1) onto new lines [n0, n1). Lines found exactly once on each side are
 * matched first, in order (the longest increasing run of them, as patience diff does), so a
 * file with many scattered edits is split into small gaps; each gap goes to the diff library.
 */
function mapSpan(
  before: string[],
  after: string[],
  o0: number,
  o1: number,
  n0: number,
  n1: number,
  to: Int32Array,
  gone: Uint8Array,
): void {
  const anchors = uniqueAnchors(before, after, o0, o1, n0, n1);
  let oldAt = o0;
  let newAt = n0;
  for (const [oldLine, newLine] of [...anchors, [o1, n1] as const]) {
    mapGap(before, after, oldAt, oldLine, newAt, newLine, to, gone);
    if (oldLine < o1) to[oldLine] = newLine;
    oldAt = oldLine + 1;
    newAt = newLine + 1;
  }
}

/** Old and new line numbers of lines that occur once on each side, in an order both sides share. */
function uniqueAnchors(before: string[], after: string[], o0: number, o1: number, n0: number, n1: number): [number, number][] {
  const seen = new Map<string, { old: number; new: number; oldLine: number; newLine: number }>();
  for (let i = o0; i < o1; i++) {
    const entry = seen.get(before[i]!);
    if (entry) entry.old++;
    else seen.set(before[i]!, { old: 1, new: 0, oldLine: i, newLine: -1 });
  }
  for (let j = n0; j < n1; j++) {
    const entry = seen.get(after[j]!);
    if (!entry) continue;
    entry.new++;
    entry.newLine = j;
  }
  const pairs: [number, number][] = [];
  for (const entry of seen.values()) if (entry.old === 1 && entry.new === 1) pairs.push([entry.oldLine, entry.newLine]);
  pairs.sort((a, b) => a[0] - b[0]);
  return longestIncreasing(pairs);
}

/** The longest run of pairs whose new line numbers increase (pairs come sorted by old line). */
function longestIncreasing(pairs: readonly [number, number][]): [number, number][] {
  const tails: number[] = []; // index into pairs of the smallest tail of each run length
  const previous = new Int32Array(pairs.length).fill(-1);
  for (let i = 0; i < pairs.length; i++) {
    const value = pairs[i]![1];
    let lo = 0;
    let hi = tails.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (pairs[tails[mid]!]![1] < value) lo = mid + 1;
      else hi = mid;
    }
    if (lo > 0) previous[i] = tails[lo - 1]!;
    tails[lo] = i;
  }
  const run: [number, number][] = [];
  for (let i = tails.length ? tails[tails.length - 1]! : -1; i !== -1; i = previous[i]!) run.push(pairs[i]!);
  return run.reverse();
}

/** Maps old lines [o0, o1) onto new lines [n0, n1) with the diff library (or all changed). */
function mapGap(before: string[], after: string[], o0: number, o1: number, n0: number, n1: number, to: Int32Array, gone: Uint8Array): void {
  if (o1 <= o0) return;
  const oldLines = before.slice(o0, o1);
  const newLines = after.slice(n0, n1);
  const parts = newLines.length === 0 ? undefined : diffArrays(oldLines, newLines, { timeout: DIFF_TIMEOUT_MS });
  if (parts) return mapParts(parts, o0, n0, to, gone);
  // Deleted, or too different to compare in time: all changed, spread over what stands there now.
  for (let i = 0; i < oldLines.length; i++) {
    to[o0 + i] = n0 + Math.min(Math.floor((i * newLines.length) / oldLines.length), Math.max(newLines.length - 1, 0));
    gone[o0 + i] = 1;
  }
}

function mapParts(parts: readonly Part[], oldStart: number, newStart: number, to: Int32Array, gone: Uint8Array): void {
  let oldLine = oldStart;
  let newLine = newStart;
  for (let p = 0; p < parts.length; p++) {
    const part = parts[p]!;
    if (part.added) {
      newLine += part.count;
    } else if (part.removed) {
      // Rewritten when added lines follow: each old line maps into the new block.
      const next = parts[p + 1];
      const added = next?.added ? next.count : 0;
      for (let i = 0; i < part.count; i++) {
        to[oldLine + i] = newLine + (added ? Math.min(i, added - 1) : 0);
        gone[oldLine + i] = 1;
      }
      oldLine += part.count;
    } else {
      for (let i = 0; i < part.count; i++) to[oldLine + i] = newLine + i;
      oldLine += part.count;
      newLine += part.count;
    }
  }
}

/** The lines of a text, whitespace runs collapsed and ends trimmed (layout is not code). */
function lines(text: string): string[] {
  return text.split(/\r\n|\r|\n/).map((line) => line.replace(/\s+/g, ' ').trim());
}
