// Child process of case 13 for memory: `node --expose-gc out/bench/cases/changesProbe.js MODE`
// with BENCH_CHANGES (ChangesServiceInfo) in the environment, in a fresh process per run so
// that the kernel's peak RSS is this run's. Modes:
// - paging: both reports paged at once through one client, nothing kept (the baseline);
// - changes: compareReports, the result held;
// - waiting: no service; 100,000 + 100,000 issues with no fingerprint in common, decoded
//   through the client's schema a page at a time, added to a ChangeMatcher one report after
//   the other, so every issue waits: the most the matcher can hold.
// Prints one JSON line (ProbeFigures).
import * as v from 'valibot';
import { FixReportsClient } from '../../src/api/client';
import { IssueSchema } from '../../src/api/schemas';
import { compareReports } from '../../src/model/changes/compare';
import { ChangeMatcher, type ReportChanges } from '../../src/model/changes/matcher';
import type { ChangesServiceInfo } from './changesService';

export interface ProbeFigures {
  mode: string;
  ms: number;
  issues: number;
  /** heapUsed after two GCs before anything was done. */
  baselineHeap: number;
  /** heapUsed after two GCs at the end, the result (or the matcher) still held, minus the baseline. */
  heldHeap: number;
  /** Highest heapUsed seen (sampled after each page). */
  peakHeap: number;
  /** The kernel's maximum resident set size of the process. */
  peakRss: number;
  /** New and fixed issues listed (changes), or issues waiting (waiting). */
  kept: number;
}

const gc = (globalThis as { gc?: () => void }).gc;
const settled = () => {
  gc!();
  gc!();
  return process.memoryUsage().heapUsed;
};

async function main(): Promise<void> {
  if (!gc) throw new Error('run with --expose-gc');
  const mode = process.argv[2] ?? '';
  let peakHeap = 0;
  const sample = () => {
    peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
  };
  const baselineHeap = settled();
  const started = performance.now();
  let issues = 0;
  let kept = 0;
  let held: ReportChanges | ChangeMatcher | undefined;
  if (mode === 'waiting') {
    const matcher = new ChangeMatcher();
    for (const side of ['report', 'since'] as const) {
      for (let page = 0; page < 100; page++) {
        const batch = Array.from({ length: 1000 }, (_, k) => syntheticIssue(side, page * 1000 + k));
        matcher.add(side, batch);
        issues += batch.length;
        sample();
      }
    }
    kept = matcher.counts().new + matcher.counts().fixed;
    held = matcher;
  } else {
    const info = JSON.parse(process.env['BENCH_CHANGES'] ?? '') as ChangesServiceInfo;
    const client = new FixReportsClient({ baseUrl: info.baseUrl, key: info.key });
    try {
      if (mode === 'paging') {
        const page = async (fixReportId: string) => {
          for await (const p of client.issuePages({ fixReportId })) {
            issues += p.issues.length;
            sample();
          }
        };
        await Promise.all([page(info.reportId), page(info.sinceId)]);
      } else if (mode === 'changes') {
        const result = await compareReports(client, info.reportId, info.sinceId, { onPage: () => sample() });
        const { counts } = result;
        issues = counts.new + counts.fixed + 2 * counts.unchanged + counts.unmatched + counts.unmatchedSince;
        kept = result.newIssues.length + result.fixedIssues.length;
        held = result;
      } else throw new Error(`unknown mode ${mode}`);
    } finally {
      await client.close();
    }
  }
  const ms = performance.now() - started;
  const figures: ProbeFigures = {
    mode,
    ms: Math.round(ms),
    issues,
    baselineHeap,
    heldHeap: settled() - baselineHeap,
    peakHeap,
    peakRss: process.resourceUsage().maxRSS * 1024,
    kept,
  };
  process.stdout.write(`${JSON.stringify(figures)}\n`);
  void held; // reachable until the figures are taken
}

/** An issue as the client decodes it, about the sandbox's size: a two-node trace, a 64-character fingerprint. */
function syntheticIssue(side: string, n: number) {
  const hex = n.toString(16).padStart(8, '0');
  return v.parse(IssueSchema, {
    id: `${side === 'report' ? 'a' : 'b'}${hex}-0000-4000-8000-000000000000`,
    vendorInstanceId: null,
    vendorIssueId: 'java/sql-injection',
    issueType: 'SQL_Injection',
    severity: 'error',
    issueLanguage: 'java',
    state: 'Open',
    createdAt: '2026-10-01T00:00:00.000000+00:00',
    fingerprintHash: `${side}${hex}`.padEnd(64, '0'),
    vulnerabilityReportIssueTags: [],
    fix: null,
    codeNodes: [
      {
        path: 'src/main/java/com/acme/payments/OrderRepository.java',
        startLine: 40 + (n % 300),
        endLine: 40 + (n % 300),
        startCol: 5,
        endCol: 30,
        index: 0,
      },
      { path: 'src/main/java/com/acme/payments/OrderRepository.java', startLine: 12, endLine: 12, startCol: 9, endCol: 21, index: 1 },
    ],
  });
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
