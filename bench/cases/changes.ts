// Case 13: what changed between two 100,000-issue scans of one repository and branch
// (model/changes: both reports paged at once, matched by fingerprintHash in a table of 64-bit
// hashes that holds only what waits for its pair), against paging both reports at once with the
// same client and doing nothing else. Memory from fresh processes: peak RSS of each, the heap the
// result keeps, and the most the matcher can hold (every issue waiting).
import { spawn, type ChildProcess } from 'node:child_process';
import { strict as assert } from 'node:assert';
import * as path from 'node:path';
import { createInterface } from 'node:readline';
import { FixReportsClient } from '../../src/api/client';
import { compareReports } from '../../src/model/changes/compare';
import { collectGarbage, type BenchContext } from '../lib/context';
import { check, runTimed } from '../lib/proc';
import { atMost, variant, withRatios, type CaseResult } from '../lib/result';
import { summarize } from '../lib/stats';
import type { ChangesServiceInfo } from './changesService';
import type { ProbeFigures } from './changesProbe';
import { pagingPairs } from './paging';

const BASELINE = 'both reports paged at once, nothing kept';
const COMPARE = 'compareReports: paged at once and matched';
const BASELINE_CPU = 'paging both, CPU time of the process';
const COMPARE_CPU = 'compareReports, CPU time of the process';
const PAIRED = 'compareReports / paging both, run by run (wall)';
/** Fresh processes per mode for the memory figures. */
const MEMORY_RUNS = 3;
const MB = 1024 * 1024;

interface Timing {
  ms: number;
  cpuMs: number;
}

export async function changesCase(ctx: BenchContext): Promise<CaseResult> {
  const service = await startService();
  try {
    const { info } = service;
    ctx.log(`changes: two scans of ${info.issues.toLocaleString('en-US')} issues served at ${info.baseUrl} (ready in ${info.warmMs} ms)`);
    // Warm-up of both, and the check that the comparison is the one the data gives.
    await pageBoth(info);
    assert.deepEqual((await compare(info)).counts, info.expected, 'compareReports gives the counts of the generated data');

    const baseline: Timing[] = [];
    const measured: Timing[] = [];
    const runBaseline = async () => baseline.push(await timed(() => pageBoth(info).then((n) => assert.equal(n, 2 * info.issues))));
    const runCompare = async () => measured.push(await timed(() => compare(info).then((r) => assert.deepEqual(r.counts, info.expected))));
    const pairs = pagingPairs(ctx.runs);
    // Alternating which goes first (ABBA…): drift on the machine hits both alike.
    for (let i = 0; i < pairs; i++) {
      for (const run of i % 2 === 0 ? [runBaseline, runCompare] : [runCompare, runBaseline]) {
        collectGarbage();
        await run();
      }
    }
    const ratios = summarize(
      measured.map((m, i) => m.ms / baseline[i]!.ms),
      3,
    );

    const probes = { paging: [] as ProbeFigures[], changes: [] as ProbeFigures[], waiting: [] as ProbeFigures[] };
    for (let i = 0; i < MEMORY_RUNS; i++)
      for (const mode of ['paging', 'changes', 'waiting'] as const) probes[mode].push(await probe(info, mode));
    const mb = (list: ProbeFigures[], pick: (f: ProbeFigures) => number) => summarize(list.map((f) => pick(f) / MB));
    const waitingBytes = summarize(probes.waiting.map((f) => f.heldHeap / Math.max(1, f.kept)));
    const { expected } = info;

    const variants = [
      ...withRatios(
        [
          variant(BASELINE, 'ms', summarize(baseline.map((t) => t.ms)), 'one client, two issuePages loops, counting'),
          variant(COMPARE, 'ms', summarize(measured.map((t) => t.ms)), 'the same paging, each page matched, new and fixed kept'),
        ],
        BASELINE,
      ),
      variant(PAIRED, 'x', ratios, 'each compare run over the paging run next to it'),
      ...withRatios(
        [
          variant(BASELINE_CPU, 'ms', summarize(baseline.map((t) => t.cpuMs))),
          variant(COMPARE_CPU, 'ms', summarize(measured.map((t) => t.cpuMs))),
        ],
        BASELINE_CPU,
      ),
      variant(
        'peak RSS: paging both (fresh process)',
        'MB',
        mb(probes.paging, (f) => f.peakRss),
        'Node runtime included',
      ),
      variant(
        'peak RSS: compareReports (fresh process)',
        'MB',
        mb(probes.changes, (f) => f.peakRss),
      ),
      variant(
        'peak heap: paging both',
        'MB',
        mb(probes.paging, (f) => f.peakHeap),
        'sampled after each page',
      ),
      variant(
        'peak heap: compareReports',
        'MB',
        mb(probes.changes, (f) => f.peakHeap),
      ),
      variant(
        'heap held by the result',
        'MB',
        mb(probes.changes, (f) => f.heldHeap),
        `${(expected.new + expected.fixed).toLocaleString('en-US')} new and fixed issues`,
      ),
      variant(
        'worst case: 200,000 issues all waiting, peak RSS',
        'MB',
        mb(probes.waiting, (f) => f.peakRss),
        'no fingerprint in common, one report after the other',
      ),
      variant('worst case: heap per waiting issue', 'B', waitingBytes, 'table slot + compact record + its trace'),
    ];
    return {
      id: 'changes',
      title: `13. Changes: two ${info.issues.toLocaleString('en-US')}-issue scans compared by fingerprint`,
      baseline: BASELINE,
      variants,
      targets: [atMost('compareReports / paging both (wall, median of the pairs)', ratios.median, 1.2, '≤ 1.20×', 'x')],
      details: {
        issues: info.issues,
        pages: 2 * Math.ceil(info.issues / info.pageSize),
        counts: expected,
        pairs,
        memoryRuns: MEMORY_RUNS,
      },
    };
  } finally {
    await service.stop();
  }
}

/** Issues received from both reports, paged at the same time through one new client. */
async function pageBoth(info: ChangesServiceInfo): Promise<number> {
  const client = new FixReportsClient({ baseUrl: info.baseUrl, key: info.key });
  try {
    let count = 0;
    const page = async (fixReportId: string) => {
      for await (const p of client.issuePages({ fixReportId })) count += p.issues.length;
    };
    await Promise.all([page(info.reportId), page(info.sinceId)]);
    return count;
  } finally {
    await client.close();
  }
}

async function compare(info: ChangesServiceInfo) {
  const client = new FixReportsClient({ baseUrl: info.baseUrl, key: info.key });
  try {
    return await compareReports(client, info.reportId, info.sinceId);
  } finally {
    await client.close();
  }
}

async function timed(run: () => Promise<unknown>): Promise<Timing> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  await run();
  const ms = performance.now() - started;
  const used = process.cpuUsage(cpu);
  return { ms, cpuMs: (used.user + used.system) / 1000 };
}

async function probe(info: ChangesServiceInfo, mode: string): Promise<ProbeFigures> {
  const argv = [process.execPath, '--expose-gc', path.join(__dirname, 'changesProbe.js'), mode];
  const r = check(await runTimed(argv, { env: { ...process.env, BENCH_CHANGES: JSON.stringify(info) } }), `changes probe (${mode})`);
  return JSON.parse(r.stdout.trim().split('\n').pop()!) as ProbeFigures;
}

/** The service in a process of its own, so serving pages does not compete with the measured client for its event loop. */
async function startService(): Promise<{ info: ChangesServiceInfo; stop(): Promise<void> }> {
  const child = spawn(process.execPath, [path.join(__dirname, 'changesService.js')], { stdio: ['pipe', 'pipe', 'inherit'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const info = await firstLine(child);
  return {
    info,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

function firstLine(child: ChildProcess): Promise<ChangesServiceInfo> {
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    const onExit = (code: number | null) => reject(new Error(`the changes bench service exited (${code}) before it was ready`));
    child.once('exit', onExit);
    child.once('error', reject);
    lines.once('line', (line) => {
      child.off('exit', onExit);
      lines.close();
      try {
        resolve(JSON.parse(line) as ChangesServiceInfo);
      } catch (e) {
        reject(new Error(`the changes bench service printed ${line.slice(0, 200)}: ${String(e)}`));
      }
    });
  });
}
