// The two in-process ways of reading every issue of a report: the project's client, and the
// floor — a bare loop of undici.request + JSON.parse that checks nothing.
import { request } from 'undici';
import { FixReportsClient } from '../../src/api/client';
import type { SandboxInfo } from '../lib/sandboxProcess';

interface BarePage {
  getIssuesApiV5: { vulnerability_report_issue: Array<{ id: string }>; hasNextPage: boolean };
}

/** Issues received. */
export async function bareLoop(info: SandboxInfo, reportId = info.reportId): Promise<number> {
  let cursor: string | undefined;
  let count = 0;
  for (;;) {
    const url = `${info.baseUrl}/api/rest/v5/issues?fixReportId=${reportId}${cursor ? `&issueId=${cursor}` : ''}`;
    const res = await request(url, { headers: { 'x-service-key': info.key, accept: 'application/json' } });
    const page = (JSON.parse(await res.body.text()) as BarePage).getIssuesApiV5;
    count += page.vulnerability_report_issue.length;
    if (!page.hasNextPage) return count;
    cursor = page.vulnerability_report_issue[page.vulnerability_report_issue.length - 1]!.id;
  }
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
