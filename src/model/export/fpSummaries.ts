// The short false-positive summaries an export puts in SARIF suppressions: fetched a page at a
// time with at most `concurrency` requests in flight, memoised by fpId (a bounded memo, so a
// million-issue export stays in constant memory), and, when a request fails or summaries are
// off, the first 280 code points of the issue's own fpDescription instead.
import type { Issue } from '../../api/schemas';
import { SUMMARY_MAX_CODE_POINTS } from '../../common/text';
import { errorMessage } from '../../common/errors';

export type FpSummaryFetcher = (fpId: string, signal?: AbortSignal) => Promise<string>;

export interface FpSummaryOptions {
  /** Undefined: no requests, every justification is the fallback. */
  fetch?: FpSummaryFetcher;
  /** Requests in flight at once (default 4). */
  concurrency?: number;
  /** fpIds remembered (default 10,000); the oldest are forgotten first. */
  memoSize?: number;
  signal?: AbortSignal;
  warn?: (message: string) => void;
}

const DEFAULT_FP_SUMMARY_CONCURRENCY = 4;
const DEFAULT_MEMO_SIZE = 10_000;
/** Failures reported one by one; the rest are counted in `finish`. */
const WARNINGS_SHOWN = 5;

/** The first 280 code points of the full explanation: what stands in for a summary. */
export function fallbackSummary(issue: Pick<Issue, 'fpDescription'>): string {
  const text = issue.fpDescription ?? '';
  if (text.length <= SUMMARY_MAX_CODE_POINTS) return text;
  return Array.from(text).slice(0, SUMMARY_MAX_CODE_POINTS).join('');
}

export class FpSummaries {
  private readonly memo = new Map<string, string>();
  private readonly concurrency: number;
  private readonly memoSize: number;
  private failures = 0;

  constructor(private readonly options: FpSummaryOptions) {
    this.concurrency = Math.max(1, Math.floor(options.concurrency ?? DEFAULT_FP_SUMMARY_CONCURRENCY));
    this.memoSize = Math.max(1, options.memoSize ?? DEFAULT_MEMO_SIZE);
  }

  /** Fetches the summaries of these issues' fpIds that are not remembered yet, `concurrency` at a time. */
  async load(issues: readonly Issue[]): Promise<void> {
    const fetch = this.options.fetch;
    if (!fetch) return;
    const wanted = new Map<string, Issue>();
    for (const issue of issues) {
      if (issue.fpId && !this.memo.has(issue.fpId) && !wanted.has(issue.fpId)) wanted.set(issue.fpId, issue);
    }
    const queue = [...wanted];
    if (queue.length === 0) return;
    const signal = this.options.signal;
    let next = 0;
    const worker = async () => {
      while (next < queue.length) {
        const [fpId, issue] = queue[next++]!;
        this.remember(fpId, await this.fetchOne(fetch, fpId, issue, signal));
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.concurrency, queue.length) }, worker));
  }

  /** The justification for a false positive: its summary when loaded, else the fallback. */
  justification(issue: Issue): string {
    return (issue.fpId ? this.memo.get(issue.fpId) : undefined) ?? fallbackSummary(issue);
  }

  /** Reports the failures not reported one by one. */
  finish(): void {
    const unreported = this.failures - WARNINGS_SHOWN;
    if (unreported > 0)
      this.options.warn?.(
        `${unreported} more false-positive summaries could not be fetched; their justifications are the first ${SUMMARY_MAX_CODE_POINTS} characters of fpDescription.`,
      );
  }

  private async fetchOne(fetch: FpSummaryFetcher, fpId: string, issue: Issue, signal: AbortSignal | undefined): Promise<string> {
    try {
      return await fetch(fpId, signal);
    } catch (e) {
      if (this.options.signal?.aborted) throw e;
      this.failures++;
      if (this.failures <= WARNINGS_SHOWN)
        this.options.warn?.(
          `The summary of false positive ${fpId} could not be fetched (${errorMessage(e)}); using the first ${SUMMARY_MAX_CODE_POINTS} characters of its fpDescription.`,
        );
      return fallbackSummary(issue);
    }
  }

  private remember(fpId: string, text: string): void {
    if (this.memo.size >= this.memoSize) this.memo.delete(this.memo.keys().next().value!);
    this.memo.set(fpId, text);
  }
}
