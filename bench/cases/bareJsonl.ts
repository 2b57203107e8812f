// Child process, the floor of the CLI's `issues --format jsonl`: undici.request + JSON.parse
// per page and one write per page of JSON lines, checking and escaping nothing. Reads
// BENCH_SANDBOX (SandboxInfo JSON) from the environment; writes to stdout.
import { request } from 'undici';
import type { SandboxInfo } from '../lib/sandboxProcess';

interface BarePage {
  getIssuesApiV5: { vulnerability_report_issue: Array<{ id: string }>; hasNextPage: boolean };
}

async function main(): Promise<void> {
  const info = JSON.parse(process.env['BENCH_SANDBOX'] ?? '') as SandboxInfo;
  let cursor: string | undefined;
  for (;;) {
    const url = `${info.baseUrl}/api/rest/v5/issues?fixReportId=${info.reportId}${cursor ? `&issueId=${cursor}` : ''}`;
    const res = await request(url, { headers: { 'x-service-key': info.key, accept: 'application/json' } });
    const page = (JSON.parse(await res.body.text()) as BarePage).getIssuesApiV5;
    const items = page.vulnerability_report_issue;
    let text = '';
    for (const item of items) text += `${JSON.stringify(item)}\n`;
    if (!process.stdout.write(text)) await new Promise((resolve) => process.stdout.once('drain', resolve));
    if (!page.hasNextPage || items.length === 0) return;
    cursor = items[items.length - 1]!.id;
  }
}

// Exits at once, as a CLI does, instead of waiting for idle keep-alive sockets to close.
main().then(
  () => process.exit(0),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
