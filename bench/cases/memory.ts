// Case 2: memory while a ReportModel holds the 100k-issue report (10k fixes), each run in a
// fresh process so that one run's garbage never counts in the next.
import { rm } from 'node:fs/promises';
import * as path from 'node:path';
import type { BenchContext } from '../lib/context';
import { heapBreakdown } from '../lib/heapSnapshot';
import { check, runTimed } from '../lib/proc';
import { atMost, variant, type CaseResult } from '../lib/result';
import { summarize } from '../lib/stats';
import type { MemoryFigures } from './memoryProbe';

const MB = 1024 * 1024;

export async function memoryCase(ctx: BenchContext): Promise<CaseResult> {
  const runs: MemoryFigures[] = [];
  for (let i = 0; i < ctx.runs; i++) runs.push(await probe(ctx));
  for (const r of runs) {
    if (r.issues !== ctx.sandbox.issues) throw new Error(`the model holds ${r.issues} issues, expected ${ctx.sandbox.issues}`);
  }
  const mb = (pick: (r: MemoryFigures) => number) => summarize(runs.map((r) => pick(r) / MB));
  const held = mb((r) => r.heldHeap);
  const peak = mb((r) => r.peakHeap);
  const issuesOnly = mb((r) => r.heldHeap - r.detailHeap);
  const perIssue = summarize(runs.map((r) => r.bytesPerIssue));
  const result: CaseResult = {
    id: 'memory',
    title: `2. Memory: a model holding ${ctx.sandbox.issues.toLocaleString('en-US')} issues and ${runs[0]!.fixes.toLocaleString('en-US')} fixes`,
    variants: [
      variant('heap held (after GC)', 'MB', held, 'whole process heap with the model alive'),
      variant('  of which the issues', 'MB', issuesOnly, 'held heap minus heap with only the fixes loaded'),
      variant(
        '  of which fixes + runtime',
        'MB',
        mb((r) => r.detailHeap),
      ),
      variant('peak heap (sampled per page)', 'MB', peak),
      variant(
        'RSS held (after GC)',
        'MB',
        mb((r) => r.heldRss),
      ),
      variant(
        'peak RSS (maxRSS)',
        'MB',
        mb((r) => r.peakRss),
        'includes the Node runtime and freed-but-kept pages',
      ),
      variant('bytes per issue', 'B', perIssue),
      variant('load time (detail + 100 pages + model)', 'ms', summarize(runs.map((r) => r.loadMs))),
      variant('  of which ReportModel.addIssues (every page)', 'ms', summarize(runs.map((r) => r.addIssuesMs))),
    ],
    targets: [
      atMost('heap held', held.median, 150, '≤ 150 MB', 'MB'),
      atMost('peak heap', peak.median, 150, '≤ 150 MB', 'MB'),
      atMost('bytes per issue', perIssue.median, 400, '≤ 400 B', 'B'),
    ],
    details: {
      issueStringCharsPerIssue: Math.round(runs[0]!.issueStringChars / runs[0]!.issues),
      explanationCharsPerIssueNotKept: Math.round(runs[0]!.explanationChars / runs[0]!.issues),
      baselineHeapMB: Math.round((runs[0]!.baselineHeap / MB) * 10) / 10,
    },
  };
  if (ctx.profile) await addBreakdown(ctx, result);
  return result;
}

async function probe(ctx: BenchContext, snapshot?: string): Promise<MemoryFigures> {
  const argv = [process.execPath, '--expose-gc', path.join(__dirname, 'memoryProbe.js'), ...(snapshot ? [snapshot] : [])];
  const r = check(await runTimed(argv, { env: { ...process.env, BENCH_SANDBOX: JSON.stringify(ctx.sandbox) } }), 'memory probe');
  return JSON.parse(r.stdout.trim().split('\n').pop()!) as MemoryFigures;
}

/** One more run that writes a heap snapshot with the model held: what the heap is made of. */
async function addBreakdown(ctx: BenchContext, result: CaseResult): Promise<void> {
  const file = path.join(ctx.tmpDir, 'model.heapsnapshot');
  const figures = await probe(ctx, file);
  const breakdown = heapBreakdown(file);
  await rm(file, { force: true });
  const pct = (bytes: number) => `${Math.round((bytes / breakdown.totalBytes) * 100)}%`;
  const mb = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;
  result.details['heapSnapshot'] = breakdown;
  const chars = Math.round(figures.issueStringChars / figures.issues);
  result.dominates = [
    `Heap snapshot with the model held (${mb(breakdown.totalBytes)}): ${breakdown.byType
      .slice(0, 5)
      .map((t) => `${t.name} ${mb(t.bytes)} (${pct(t.bytes)})`)
      .join(', ')}.`,
    `Largest object kinds: ${breakdown.byConstructor
      .slice(0, 5)
      .map((c) => `${c.name} ${mb(c.bytes)} (${c.count.toLocaleString('en-US')})`)
      .join(', ')}.`,
    `Each held issue's own strings hold ${chars} characters on average (id, fingerprint, the encoded data-flow trace, the fpId of false positives); rule ids, types, states, tags and file paths are shared, and the explanations (${Math.round(figures.explanationChars / figures.issues)} characters per issue on the wire) stay on the service until shown. The rest of the ${figures.bytesPerIssue} bytes per issue are the HeldIssue objects, boxed timestamps, the model's map and arrays.`,
  ];
}
