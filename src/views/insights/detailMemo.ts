// The details Fix Insights fetched itself (the store does not keep them), held by its panel so a
// redraw does not fetch them again. Apart from measure.ts so the panel, in the extension bundle,
// does not load the metrics with it.
import type { FixReportDetail } from '../../api/schemas';

/** By report id, at most `max` (the least recently used go first); the panel clears it when the store's data is replaced. */
export class DetailMemo {
  private readonly details = new Map<string, FixReportDetail>();

  get(reportId: string): FixReportDetail | undefined {
    const detail = this.details.get(reportId);
    if (detail) {
      // Most recently used last, so the first key is the one to drop.
      this.details.delete(reportId);
      this.details.set(reportId, detail);
    }
    return detail;
  }

  set(reportId: string, detail: FixReportDetail, max: number): void {
    this.details.delete(reportId);
    this.details.set(reportId, detail);
    for (const id of this.details.keys()) {
      if (this.details.size <= max) break;
      this.details.delete(id);
    }
  }

  delete(reportId: string): void {
    this.details.delete(reportId);
  }

  clear(): void {
    this.details.clear();
  }

  get size(): number {
    return this.details.size;
  }
}
