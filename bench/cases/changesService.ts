// Child process of case 13: the sandbox service over two 100,000-issue scans of one repository
// and branch (the big report and its earlier scan, tools/sandbox/generator.ts "Rescans"), every
// page generated before the first request so the timings measure the client. Prints one JSON
// line (ChangesServiceInfo) when ready, with the counts a comparison must give; exits on
// SIGTERM/SIGINT or when its stdin closes.
import { ChangeMatcher, type ChangeCounts } from '../../src/model/changes/matcher';
import { createDataset, type Dataset, type SandboxIssue } from '../../tools/sandbox/generator';
import { startSandbox } from '../../tools/sandbox/server';

export interface ChangesServiceInfo {
  baseUrl: string;
  key: string;
  /** The later scan (the big report) and the earlier one. */
  reportId: string;
  sinceId: string;
  issues: number;
  pageSize: number;
  /** What comparing the two must give (the matcher over the generated issues, in-process). */
  expected: ChangeCounts;
  warmMs: number;
}

const PAGE_SIZE = 1000;

/** The dataset with each report's pages kept once generated (the bench's own dataset does the same). */
function cachedPages(dataset: Dataset): Dataset {
  const pages = new Map<string, SandboxIssue[]>();
  return Object.assign(Object.create(dataset) as Dataset, {
    issueRange(reportId: string, start: number, count: number): SandboxIssue[] {
      const key = `${reportId.toLowerCase()}:${start}:${count}`;
      let page = pages.get(key);
      if (!page) pages.set(key, (page = dataset.issueRange(reportId, start, count)));
      return page.slice();
    },
  });
}

async function main(): Promise<void> {
  const started = performance.now();
  const issues = Number(process.env['BENCH_ISSUES'] ?? 100_000);
  const generated = createDataset({
    seed: Number(process.env['BENCH_SEED'] ?? 11),
    reports: 0,
    bigReportIssues: issues,
    bigReportRescans: 1,
  });
  const dataset = cachedPages(generated);
  const reportId = generated.bigReportId!;
  const sinceId = generated.reports.find((r) => r.id !== reportId)!.id;
  const matcher = new ChangeMatcher();
  for (const [side, id] of [
    ['report', reportId],
    ['since', sinceId],
  ] as const) {
    // Counts only: the traces (which the sandbox types wider than the client decodes them) are not read.
    for (let start = 0; start < dataset.issueCount(id); start += PAGE_SIZE)
      matcher.add(
        side,
        dataset.issueRange(id, start, PAGE_SIZE).map((i) => ({ ...i, codeNodes: null })),
      );
  }
  const sandbox = await startSandbox({ dataset, host: '127.0.0.1', pageSize: PAGE_SIZE });
  const info: ChangesServiceInfo = {
    baseUrl: sandbox.baseUrl,
    key: sandbox.key,
    reportId,
    sinceId,
    issues,
    pageSize: PAGE_SIZE,
    expected: matcher.counts(),
    warmMs: Math.round(performance.now() - started),
  };
  process.stdout.write(`${JSON.stringify(info)}\n`);
  const stop = () => void sandbox.close().then(() => process.exit(0));
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  process.stdin.on('end', stop).resume();
}

main().catch((e: unknown) => {
  process.stderr.write(`changes bench service: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  process.exit(1);
});
