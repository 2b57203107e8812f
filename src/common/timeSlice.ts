// Long loops in the extension host (placing 10,000 findings, publishing their diagnostics) run
// in slices: after a few milliseconds of work they yield to the event loop, so the host keeps
// answering the workbench (hovers, completions, other extensions) while they run.

/** The default work per slice: well under a 16 ms frame, long enough that yields stay rare. */
const SLICE_MS = 8;

export class TimeSlicer {
  private sliceStart = performance.now();
  private yields = 0;

  constructor(private readonly budgetMs = SLICE_MS) {}

  /** Whether this slice has used its budget (cheap: call it every iteration). */
  get due(): boolean {
    return performance.now() - this.sliceStart >= this.budgetMs;
  }

  /** Lets every pending event run (setImmediate: after I/O), then starts a new slice. */
  async yield(): Promise<void> {
    await new Promise<void>((resolve) => setImmediate(resolve));
    this.yields++;
    this.sliceStart = performance.now();
  }

  /** How many times the loop yielded so far (for logs and the bench). */
  get yieldCount(): number {
    return this.yields;
  }
}
