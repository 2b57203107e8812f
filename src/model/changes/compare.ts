// Pages a report and the one it is compared with at the same time, through one client, into a
// ChangeMatcher: the time is that of the slower report's pages, and nothing but the unmatched
// issues is kept (changes/matcher). Plain Node, for the CLI and the editor alike.
import type { FixReportsClient } from '../../api/client';
import { ServiceError } from '../../api/errors';
import { ChangeMatcher, type ChangeSide, type ReportChanges } from './matcher';

export interface CompareOptions {
  signal?: AbortSignal;
  /** A paging anomaly that did not stop it, prefixed with the report it is about. */
  onWarning?: (message: string) => void;
  /** Called after each page is matched (progress). */
  onPage?: (side: ChangeSide, matcher: ChangeMatcher) => void;
}

/**
 * The changes of report `reportId` since report `sinceId`. A failure of either paging cancels
 * the other, and is thrown once both have stopped (nothing keeps running behind the caller).
 */
export async function compareReports(
  client: FixReportsClient,
  reportId: string,
  sinceId: string,
  options: CompareOptions = {},
): Promise<ReportChanges> {
  const matcher = new ChangeMatcher();
  const controller = new AbortController();
  const forward = () => controller.abort(options.signal?.reason);
  options.signal?.addEventListener('abort', forward, { once: true });
  const page = async (side: ChangeSide, fixReportId: string) => {
    try {
      const pages = client.issuePages(
        { fixReportId },
        { signal: controller.signal, onWarning: (m) => options.onWarning?.(`Report ${fixReportId}: ${m}`) },
      );
      for await (const { issues } of pages) {
        matcher.add(side, issues);
        options.onPage?.(side, matcher);
      }
    } catch (e) {
      controller.abort(e);
      throw e;
    }
  };
  try {
    const results = await Promise.allSettled([page('report', reportId), page('since', sinceId)]);
    // The first real failure, not the cancellation it caused in the other paging.
    const failures = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []));
    const cause = failures.find((e) => !(e instanceof ServiceError && e.kind === 'cancelled')) ?? failures[0];
    if (cause !== undefined) throw cause;
  } finally {
    options.signal?.removeEventListener('abort', forward);
  }
  return matcher.result();
}
