// A report's first issue page, asked for as soon as the report's detail has arrived and before
// that detail is decoded and modelled (a third of a second for a 10,000-fix detail): the page's
// round trip overlaps that work instead of following it. Asked only after the detail's last
// byte, so the two never share the link. The paging is handed to the store once its model
// exists, or closed when the detail fails or the report is dropped meanwhile.
import type { IssuePage } from '../api/paging';

/** A report's issue paging, opened but not yet pumped; `first` is its first page on its way. */
export interface OpenedPaging {
  iterator: AsyncGenerator<IssuePage>;
  controller: AbortController;
  first?: Promise<IteratorResult<IssuePage>>;
}

export class EarlyPages {
  private readonly started = new Map<string, OpenedPaging>();

  constructor(private readonly open: (reportId: string) => OpenedPaging) {}

  /** Opens the report's paging and asks for its first page (once per report until taken). */
  start(reportId: string): void {
    if (this.started.has(reportId)) return;
    const opened = this.open(reportId);
    opened.first = opened.iterator.next();
    opened.first.catch(() => {}); // seen by whoever takes it; dropped, it is not unhandled
    this.started.set(reportId, opened);
  }

  /** The paging started for this report, now the caller's to pump or close. */
  take(reportId: string): OpenedPaging | undefined {
    const opened = this.started.get(reportId);
    this.started.delete(reportId);
    return opened;
  }

  /** Cancels the report's early paging, if any. */
  drop(reportId: string): void {
    const opened = this.take(reportId);
    if (opened) closePaging(opened);
  }

  dropAll(): void {
    for (const opened of this.started.values()) closePaging(opened);
    this.started.clear();
  }
}

/** Cancels a paging's request on its way and ends its iteration. */
export function closePaging(paging: OpenedPaging): void {
  paging.controller.abort();
  void paging.iterator.return(undefined).catch(() => undefined);
}
