// A set of the most recent N ids. Paging dedupes against it so memory stays constant for
// any number of issues: with chronological results, a repeated id (an inclusive cursor, a
// boundary overlap) can only come from the last pages. The ids are in a Set, their order of
// arrival in a ring that says which one to forget.

export class RecentIds {
  /** How many distinct ids are remembered: the capacity, floored (Infinity: all). */
  private readonly limit: number;
  private readonly ids = new Set<string>();
  /** Remembered ids in order of arrival; once full, `next` is the oldest, overwritten next. */
  private readonly ring: string[] = [];
  private next = 0;

  constructor(capacity: number) {
    // As a Set evicting whenever its size exceeds the capacity: a fractional capacity keeps
    // its floor, a negative one nothing, a NaN one (nothing exceeds it) all.
    this.limit = capacity >= 0 ? Math.floor(capacity) : Number.isNaN(capacity) ? Infinity : 0;
  }

  has(id: string): boolean {
    return this.ids.has(id);
  }

  /** Adds `id` and says whether it was new. */
  addIfNew(id: string): boolean {
    if (this.ids.has(id)) return false;
    if (this.limit === 0) return true;
    if (this.limit !== Infinity) {
      if (this.ring.length < this.limit) this.ring.push(id);
      else {
        this.ids.delete(this.ring[this.next]!);
        this.ring[this.next] = id;
        this.next = this.next + 1 === this.limit ? 0 : this.next + 1;
      }
    }
    this.ids.add(id);
    return true;
  }
}
