// Where the places of a report's findings are in a document while the user edits it: each
// place's range follows every change (typing, paste, formatter, undo, our own insertions),
// applied in the order the editor reports them. Text inserted at a place's start pushes it
// down or right; text inserted at its end stays outside it; a change that deletes or replaces
// any of its text, or inserts inside it, marks the place changed. Positions live in typed
// arrays so a change costs one pass over the places, with no allocation. Editor-free.

/** A range in the editor's terms: 0-based lines, UTF-16 characters, the end exclusive. */
export interface LineRange {
  readonly startLine: number;
  readonly startCharacter: number;
  readonly endLine: number;
  readonly endCharacter: number;
}

/** One content change: the range it replaced (in the text before it) and the new text. */
export interface TextChange {
  readonly range: LineRange;
  readonly text: string;
}

export class Anchors {
  private readonly at: Int32Array;
  private readonly changedFlags: Uint8Array;

  constructor(ranges: readonly LineRange[], changed?: readonly boolean[]) {
    this.at = new Int32Array(ranges.length * 4);
    this.changedFlags = new Uint8Array(ranges.length);
    ranges.forEach((r, i) => {
      this.at.set([r.startLine, r.startCharacter, r.endLine, r.endCharacter], i * 4);
      if (changed?.[i]) this.changedFlags[i] = 1;
    });
  }

  get size(): number {
    return this.changedFlags.length;
  }

  range(i: number): LineRange {
    const o = i * 4;
    return { startLine: this.at[o]!, startCharacter: this.at[o + 1]!, endLine: this.at[o + 2]!, endCharacter: this.at[o + 3]! };
  }

  /** Whether the place's text was deleted, replaced or inserted into since it was placed. */
  changed(i: number): boolean {
    return this.changedFlags[i] === 1;
  }

  /** Applies the changes one after another, as the editor applied them. */
  apply(changes: readonly TextChange[]): void {
    for (const change of changes) this.applyOne(change);
  }

  private applyOne({ range, text }: TextChange): void {
    const { startLine: sl, startCharacter: sc, endLine: el, endCharacter: ec } = range;
    let newlines = 0;
    let lastBreak = -1;
    for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) {
      newlines++;
      lastBreak = i;
    }
    // Where the end of the replaced range is now.
    const nl = sl + newlines;
    const nc = newlines === 0 ? sc + text.length : text.length - lastBreak - 1;
    const lineDelta = nl - el;
    const at = this.at;
    for (let o = 0, i = 0; o < at.length; o += 4, i++) {
      const asl = at[o]!;
      const asc = at[o + 1]!;
      const ael = at[o + 2]!;
      const aec = at[o + 3]!;
      // Entirely before the change (an insertion at the place's end stays outside it).
      if (ael < sl || (ael === sl && aec <= sc)) continue;
      // Entirely after: shift (an insertion at the place's start pushes it).
      if (asl > el || (asl === el && asc >= ec)) {
        at[o] = asl + lineDelta;
        if (asl === el) at[o + 1] = nc + (asc - ec);
        at[o + 2] = ael + lineDelta;
        if (ael === el) at[o + 3] = nc + (aec - ec);
        continue;
      }
      // Overlapping, or an insertion strictly inside: the place's code changed.
      this.changedFlags[i] = 1;
      if (asl > sl || (asl === sl && asc > sc)) {
        at[o] = sl;
        at[o + 1] = sc;
      }
      if (ael > el || (ael === el && aec > ec)) {
        at[o + 2] = ael + lineDelta;
        if (ael === el) at[o + 3] = nc + (aec - ec);
      } else {
        at[o + 2] = nl;
        at[o + 3] = nc;
      }
    }
  }
}
