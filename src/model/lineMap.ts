// Where the lines of the file as it was scanned are in its text now: the two texts are compared
// line by line (the diff library, after the common head and tail are set aside), with runs of
// whitespace ignored so a formatter's re-indent does not count as a change. A line that is
// still there maps to its new number; a line that was deleted or rewritten is "changed" and maps
// to where its replacement (or the deletion) is now. Editor-free, used on opening a file.
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
    const oldMiddle = before.slice(head, before.length - tail);
    const newMiddle = after.slice(head, after.length - tail);
    if (oldMiddle.length > 0) {
      const parts = newMiddle.length === 0 ? undefined : diffArrays(oldMiddle, newMiddle, { timeout: DIFF_TIMEOUT_MS });
      if (parts) mapMiddle(parts, head, to, gone);
      else {
        // Everything in between was deleted, or too different to compare in time: all changed,
        // spread over what stands there now.
        for (let i = 0; i < oldMiddle.length; i++) {
          to[head + i] = head + Math.min(Math.floor((i * newMiddle.length) / oldMiddle.length), Math.max(newMiddle.length - 1, 0));
          gone[head + i] = 1;
        }
      }
    }
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

function mapMiddle(parts: readonly Part[], head: number, to: Int32Array, gone: Uint8Array): void {
  let oldLine = head;
  let newLine = head;
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
