// The two in-process ways of reading every issue of a report: the project's client, and the
// floor — a bare loop of undici.request + JSON.parse that checks nothing; and what the
// sandbox's modelled network alone costs for the same pages.
import { request } from 'undici';
import { FixReportsClient } from '../../src/api/client';
import { requestKey, roundTripMs, transferMs } from '../../tools/sandbox/latency';
import type { SandboxInfo } from '../lib/sandboxProcess';

interface BarePage {
  getIssuesApiV5: { vulnerability_report_issue: Array<{ id: string }>; hasNextPage: boolean };
}

/** Issues received. `onPage` (untimed runs only) sees each request's URL and the bytes of its body. */
export async function bareLoop(
  info: SandboxInfo,
  reportId = info.reportId,
  onPage?: (url: string, bytes: number) => void,
): Promise<number> {
  let cursor: string | undefined;
  let count = 0;
  for (;;) {
    const url = `${info.baseUrl}/api/rest/v5/issues?fixReportId=${reportId}${cursor ? `&issueId=${cursor}` : ''}`;
    const res = await request(url, { headers: { 'x-service-key': info.key, accept: 'application/json' } });
    const text = await res.body.text();
    onPage?.(url, Buffer.byteLength(text));
    const page = (JSON.parse(text) as BarePage).getIssuesApiV5;
    count += page.vulnerability_report_issue.length;
    if (!page.hasNextPage) return count;
    cursor = page.vulnerability_report_issue[page.vulnerability_report_issue.length - 1]!.id;
  }
}

/** The floor of expanding a report in the tree: its detail (request + JSON.parse), then every issue page. Issues received. */
export async function bareReportLoop(info: SandboxInfo, reportId: string): Promise<number> {
  const res = await request(`${info.baseUrl}/api/rest/fix-reports/${reportId}`, {
    headers: { 'x-service-key': info.key, accept: 'application/json' },
  });
  JSON.parse(await res.body.text());
  return bareLoop(info, reportId);
}

/**
 * What the modelled network alone costs to page a report (tools/sandbox/latency.ts): each
 * request's round trip, drawn from the seed and the request, plus its body at the rate. Walks
 * the pages once with the bare loop (untimed). Milliseconds, and the pages walked.
 */
export async function networkFloor(info: SandboxInfo, reportId = info.reportId): Promise<{ ms: number; pages: number }> {
  let ms = 0;
  let pages = 0;
  await bareLoop(info, reportId, (url, bytes) => {
    ms += roundTripMs(info.latency, info.seed, requestKey(new URL(url))) + transferMs(info.latency, bytes);
    pages++;
  });
  return { ms, pages };
}

/** Issues received, through FixReportsClient.issuePages (validation, dedupe, order checks). */
export async function clientLoop(info: SandboxInfo, reportId = info.reportId): Promise<number> {
  const client = new FixReportsClient({ baseUrl: info.baseUrl, key: info.key });
  try {
    let count = 0;
    for await (const page of client.issuePages({ fixReportId: reportId })) count += page.issues.length;
    return count;
  } finally {
    await client.close();
  }
}

/** Bytes of the report's first issue page as sent (for the reader of the results). */
export async function firstPageBytes(info: SandboxInfo, reportId = info.reportId): Promise<number> {
  const res = await request(`${info.baseUrl}/api/rest/v5/issues?fixReportId=${reportId}`, { headers: { 'x-service-key': info.key } });
  return (await res.body.arrayBuffer()).byteLength;
}
