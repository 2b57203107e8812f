// A set of the most recent N ids. Paging dedupes against it so memory stays constant for
// any number of issues: with chronological results, a repeated id (an inclusive cursor, a
// boundary overlap) can only come from the last pages.
export class RecentIds {
  private readonly ids = new Set<string>();
  private readonly order: string[] = [];
  private head = 0;

  constructor(private readonly capacity: number) {}

  has(id: string): boolean {
    return this.ids.has(id);
  }

  add(id: string): void {
    if (this.ids.has(id)) return;
    this.ids.add(id);
    if (this.capacity === Infinity) return;
    this.order.push(id);
    if (this.ids.size > this.capacity) {
      this.ids.delete(this.order[this.head]!);
      this.head++;
      // Compact now and then so the array does not grow without bound.
      if (this.head > 4096 && this.head * 2 > this.order.length) {
        this.order.splice(0, this.head);
        this.head = 0;
      }
    }
  }
}
