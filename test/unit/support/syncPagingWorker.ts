// Worker thread for paging.test.ts: pages a report with a consumer that does synchronous work,
// as the CLI and the tree do, by blocking this thread (Atomics.wait) while it holds one page;
// or fetches a report's detail whose decoding is held the same way, asking for its first issue
// page once the detail's body is in (as the tree does). The sandbox runs on the parent thread,
// whose event loop stays free to take requests and to note when each arrived, so the parent can
// tell whether a request left before the work ended.
import { parentPort, workerData } from 'node:worker_threads';
import { FixReportsClient } from '../../../src/api/client';

export interface SyncPagingJob {
  /** `pages` (default): block on page `holdPage`; `detail`: block while the detail is parsed. */
  kind?: 'pages' | 'detail';
  baseUrl: string;
  key: string;
  reportId: string;
  /** The page held while blocked, 1-based. */
  holdPage: number;
  holdMs: number;
}

export interface SyncPagingResult {
  pages: number;
  issues: number;
  /** Date.now() when the synchronous work on `holdPage` began and ended. */
  heldFrom: number;
  heldUntil: number;
}

async function run(job: SyncPagingJob): Promise<SyncPagingResult> {
  return job.kind === 'detail' ? detail(job) : pages(job);
}

async function pages(job: SyncPagingJob): Promise<SyncPagingResult> {
  const client = new FixReportsClient({ baseUrl: job.baseUrl, key: job.key });
  const blocker = new Int32Array(new SharedArrayBuffer(4));
  const result: SyncPagingResult = { pages: 0, issues: 0, heldFrom: 0, heldUntil: 0 };
  try {
    for await (const page of client.issuePages({ fixReportId: job.reportId })) {
      result.pages++;
      result.issues += page.issues.length;
      if (page.page !== job.holdPage) continue;
      result.heldFrom = Date.now();
      Atomics.wait(blocker, 0, 0, job.holdMs);
      result.heldUntil = Date.now();
    }
  } finally {
    await client.close();
  }
  return result;
}

async function detail(job: SyncPagingJob): Promise<SyncPagingResult> {
  const client = new FixReportsClient({ baseUrl: job.baseUrl, key: job.key });
  const blocker = new Int32Array(new SharedArrayBuffer(4));
  const result: SyncPagingResult = { pages: 0, issues: 0, heldFrom: 0, heldUntil: 0 };
  // The detail's decoding starts with JSON.parse of its body: held there, as a large detail holds it.
  const parse = JSON.parse;
  JSON.parse = (text: string, reviver?: Parameters<typeof parse>[1]): unknown => {
    if (result.heldFrom === 0 && text.includes('"fixReport"')) {
      result.heldFrom = Date.now();
      Atomics.wait(blocker, 0, 0, job.holdMs);
      result.heldUntil = Date.now();
    }
    return parse(text, reviver);
  };
  let first: Promise<unknown> | undefined;
  try {
    await client.getReport(job.reportId, undefined, () => {
      first = client.issuePages({ fixReportId: job.reportId }).next();
    });
    await first;
    result.pages = 1;
  } finally {
    JSON.parse = parse;
    await client.close();
  }
  return result;
}

run(workerData as SyncPagingJob).then(
  (result) => parentPort!.postMessage({ result }),
  (e: unknown) => parentPort!.postMessage({ error: e instanceof Error ? (e.stack ?? e.message) : String(e) }),
);
