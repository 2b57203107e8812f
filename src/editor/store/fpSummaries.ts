// False-positive summaries, fetched once per fpId and kept for hovers that cannot wait, and the
// false-positive issues of the loaded reports they describe.
import type { FpSummary } from '../../api/client';
import type { FalsePositiveRef, ReportEntry } from './types';

export class FpSummaries {
  private readonly summaries = new Map<string, Promise<FpSummary>>();
  private readonly known = new Map<string, FpSummary>();

  constructor(private readonly fetch: (fpId: string) => Promise<FpSummary>) {}

  /** The FP summary, fetched once per fpId (a failure is asked again next time). */
  get(fpId: string): Promise<FpSummary> {
    let pending = this.summaries.get(fpId);
    if (!pending) {
      pending = this.fetch(fpId);
      this.summaries.set(fpId, pending);
      pending.then(
        (summary) => this.known.set(fpId, summary),
        () => this.summaries.delete(fpId),
      );
    }
    return pending;
  }

  /** A summary already fetched, without a request. */
  knownSummary(fpId: string): FpSummary | undefined {
    return this.known.get(fpId);
  }

  clear(): void {
    this.summaries.clear();
    this.known.clear();
  }
}

/** False-positive issues of every loaded report. */
export function* falsePositivesOf(entries: Iterable<ReportEntry>): Generator<FalsePositiveRef> {
  for (const entry of entries) {
    if (!entry.model) continue;
    const vendor = entry.model.report.vulnerabilityReport?.vendor ?? entry.summary.vulnerabilityReport?.vendor ?? '';
    for (const issue of entry.model.falsePositives) yield { issue, report: entry.summary, vendor };
  }
}
