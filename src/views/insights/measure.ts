// The dashboard's pass over a scope's reports, in the extension host: each report's fixes (from
// the store's model when it holds one, else a detail fetched for this pass) and the issues the
// store already paged, added to one MetricsBuilder in the scope's order. The details it fetches
// are not the store's: a memo of the panel's own keeps them, bounded and dropped with the panel,
// so "All reports" no longer leaves every detail in memory. The builder works synchronously per
// call; this loop yields between calls whenever its time slice is spent, so the host answers the
// workbench (and other extensions) meanwhile.
import type { FixReportDetail, FixReportSummary } from '../../api/schemas';
import { TimeSlicer } from '../../common/timeSlice';
import type { HeldIssue } from '../../model/heldIssue';
import { MetricsBuilder, type Metrics } from '../../model/metrics';
import { reportTitle } from '../../model/reportList';
import type { DetailMemo } from './detailMemo';
import { errorMessage } from '../../common/errors';

/** Details fetched at the same time, as the store's own loads. */
const DETAIL_CONCURRENCY = 4;
/** Issues added per builder call: a few milliseconds of work. */
const ISSUE_CHUNK = 250;
/** Fixes of one report's detail added between checks of the time slice. */
const FIX_CHUNK = 200;

/** What the pass reads of the store (ReportStore has it). */
export interface HeldReports {
  entry(reportId: string):
    | {
        readonly model?: { readonly report: FixReportDetail; issues(): Iterator<HeldIssue>; readonly issueCount: number };
        readonly issues?: { readonly kind: string };
      }
    | undefined;
}

export interface MeasureOptions {
  /** Fetches a detail the store does not hold. */
  readonly fetchDetail: (reportId: string, signal?: AbortSignal) => Promise<FixReportDetail>;
  readonly memo?: DetailMemo;
  /** The memo's bound: the scope's cap, so a redraw of the same scope fetches nothing again. */
  readonly memoMax?: number;
  /** Aborted: the pass stops and returns what it added so far. */
  readonly signal?: AbortSignal;
  /** After each report: how many of `total` are done. */
  readonly onProgress?: (done: number, total: number) => void;
  readonly slicer?: TimeSlicer;
}

export interface Measured {
  readonly metrics: Metrics;
  readonly withFixes: number;
  readonly withIssues: number;
  readonly issuesComplete: number;
  /** The reports whose issues were counted: the others' issue figures are unknown, not 0. */
  readonly withIssueIds: ReadonlySet<string>;
  readonly failed: { title: string; message: string }[];
  /** The pass was aborted before its last report. */
  readonly cancelled: boolean;
}

type Fetched = { readonly detail: FixReportDetail } | { readonly error: unknown };

export async function measureReports(store: HeldReports, reports: readonly FixReportSummary[], o: MeasureOptions): Promise<Measured> {
  const slicer = o.slicer ?? new TimeSlicer();
  const pause = async () => {
    if (slicer.due) await slicer.yield();
  };
  const builder = new MetricsBuilder();
  const failed: { title: string; message: string }[] = [];
  let withFixes = 0;
  let withIssues = 0;
  let issuesComplete = 0;
  const withIssueIds = new Set<string>();
  // Fetches run up to DETAIL_CONCURRENCY reports ahead of the one being added; each detail is
  // let go once added (unless the memo keeps it), so the pass itself holds a handful at a time.
  const ahead = new Map<number, Promise<Fetched>>();
  const fetch = (id: string): Promise<Fetched> =>
    o.fetchDetail(id, o.signal).then(
      (detail) => ({ detail }),
      (error: unknown) => ({ error }),
    );
  let started = 0;
  const startUpTo = (end: number) => {
    for (; started < Math.min(end, reports.length); started++) {
      const id = reports[started]!.id;
      if (!store.entry(id)?.model && !o.memo?.get(id)) ahead.set(started, fetch(id));
    }
  };
  let done = 0;
  for (; done < reports.length && !o.signal?.aborted; done++) {
    startUpTo(done + DETAIL_CONCURRENCY);
    const summary = reports[done]!;
    let fetched = await ahead.get(done);
    ahead.delete(done);
    if (o.signal?.aborted) break;
    // Read after the wait: the store may have loaded the report meanwhile, and its copy wins.
    const entry = store.entry(summary.id);
    const model = entry?.model;
    if (model) o.memo?.delete(summary.id);
    let detail = model?.report ?? o.memo?.get(summary.id);
    // Not fetched ahead because the store or the memo had it then, and neither has it now.
    if (!detail && !fetched) fetched = await fetch(summary.id);
    if (!detail && fetched) {
      if ('error' in fetched) {
        if (o.signal?.aborted) break;
        const e = fetched.error;
        failed.push({ title: reportTitle(summary), message: errorMessage(e) });
      } else {
        detail = fetched.detail;
        o.memo?.set(summary.id, detail, o.memoMax ?? reports.length);
      }
    }
    fetched = undefined;
    if (detail) {
      const steps = builder.reportSteps(detail, summary, FIX_CHUNK);
      while (!steps.next().done) await pause();
      withFixes++;
      detail = undefined;
      await pause();
    }
    if (model && entry?.issues) {
      await addHeldIssues(builder, summary, model, pause);
      withIssues++;
      withIssueIds.add(summary.id);
      if (entry.issues.kind === 'done') issuesComplete++;
    }
    o.onProgress?.(done + 1, reports.length);
  }
  // Fetches still on their way are not waited for: aborted with the signal, they settle unread.
  return { metrics: builder.result(), withFixes, withIssues, issuesComplete, withIssueIds, failed, cancelled: done < reports.length };
}

/** The issues the model held when the pass came to it, ISSUE_CHUNK per call; more may page in while it yields. */
async function addHeldIssues(
  builder: MetricsBuilder,
  summary: FixReportSummary,
  model: { issues(): Iterator<HeldIssue>; readonly issueCount: number },
  pause: () => Promise<void>,
): Promise<void> {
  let left = model.issueCount;
  const issues = model.issues();
  while (left > 0) {
    const chunk: HeldIssue[] = [];
    for (let r = issues.next(); !r.done; r = issues.next()) {
      chunk.push(r.value);
      if (chunk.length === ISSUE_CHUNK || chunk.length === left) break;
    }
    if (chunk.length === 0) return;
    left -= chunk.length;
    builder.addIssues(summary, chunk);
    await pause();
  }
}
