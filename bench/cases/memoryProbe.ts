// Child process: `node --expose-gc out/bench/cases/memoryProbe.js [heap-snapshot-file]` with
// BENCH_SANDBOX in the environment. Loads the big report (detail + every issue page) into a
// ReportModel, as the editor does, and prints one JSON line of memory figures. With a file
// argument it also writes a heap snapshot while the model is held.
import { writeHeapSnapshot } from 'node:v8';
import { FixReportsClient } from '../../src/api/client';
import { ReportModel } from '../../src/model/report';
import type { SandboxInfo } from '../lib/sandboxProcess';

export interface MemoryFigures {
  issues: number;
  fixes: number;
  /** heapUsed after GC before anything was loaded. */
  baselineHeap: number;
  /** heapUsed after GC with the report detail (fixes) in the model. */
  detailHeap: number;
  /** heapUsed after GC with every issue in the model. */
  heldHeap: number;
  heldRss: number;
  /** Highest heapUsed seen (sampled before and after each page is added). */
  peakHeap: number;
  /** The kernel's maximum resident set size of the process. */
  peakRss: number;
  /** (heldHeap − detailHeap) / issues. */
  bytesPerIssue: number;
  /** Characters of the strings each held issue has of its own (its fields, not the texts it shares), summed. */
  issueStringChars: number;
  /** Characters of fpDescription on the wire (what the model no longer keeps), summed. */
  explanationChars: number;
  loadMs: number;
  /** Of loadMs, the time spent in model.addIssues. */
  addIssuesMs: number;
  snapshot?: string;
}

const gc = (globalThis as { gc?: () => void }).gc;

async function main(): Promise<void> {
  if (!gc) throw new Error('run with --expose-gc');
  const info = JSON.parse(process.env['BENCH_SANDBOX'] ?? '') as SandboxInfo;
  const snapshotFile = process.argv[2];
  let peakHeap = 0;
  const sample = () => {
    peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
  };
  const settled = () => {
    gc();
    gc();
    return process.memoryUsage();
  };

  const baseline = settled();
  const started = performance.now();
  const client = new FixReportsClient({ baseUrl: info.baseUrl, key: info.key });
  const detail = await client.getReport(info.reportId);
  sample();
  const model = new ReportModel(detail);
  sample();
  const afterDetail = settled();
  let explanationChars = 0;
  let addIssuesMs = 0;
  for await (const page of client.issuePages({ fixReportId: info.reportId })) {
    sample();
    for (const issue of page.issues) explanationChars += issue.fpDescription?.length ?? 0;
    const adding = performance.now();
    model.addIssues(page.issues);
    addIssuesMs += performance.now() - adding;
    sample();
  }
  const loadMs = performance.now() - started;
  await client.close();
  const held = settled();

  let chars = 0;
  for (const group of [model.falsePositives, model.otherIssues, ...model.fixes.map((f) => model.issuesOfFix(f.id))]) {
    // Own fields only: the held issue's getters read texts shared by many issues (model/heldIssue.ts).
    for (const issue of group) {
      for (const value of Object.values(issue)) if (typeof value === 'string') chars += value.length;
    }
  }
  const figures: MemoryFigures = {
    issues: model.issueCount,
    fixes: model.fixes.length,
    baselineHeap: baseline.heapUsed,
    detailHeap: afterDetail.heapUsed,
    heldHeap: held.heapUsed,
    heldRss: held.rss,
    peakHeap,
    peakRss: process.resourceUsage().maxRSS * 1024,
    bytesPerIssue: Math.round((held.heapUsed - afterDetail.heapUsed) / Math.max(1, model.issueCount)),
    issueStringChars: chars,
    explanationChars,
    loadMs: Math.round(loadMs),
    addIssuesMs: Math.round(addIssuesMs),
  };
  if (snapshotFile) figures.snapshot = writeHeapSnapshot(snapshotFile);
  process.stdout.write(`${JSON.stringify(figures)}\n`);
  // Keeps the model reachable until here, so the snapshot and the figures include it.
  void model;
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
