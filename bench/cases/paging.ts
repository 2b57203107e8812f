// Case 1: all 100k issues of one report (100 pages) through the project's client, the bare
// undici + JSON.parse loop (the floor), and a curl + jq loop (what a user would script); case
// 1b: the client and the bare loop again, against a sandbox that models a remote network.
import { readdir } from 'node:fs/promises';
import * as path from 'node:path';
import { REPO_ROOT, collectGarbage, type BenchContext } from '../lib/context';
import { check, runTimed } from '../lib/proc';
import { readProfile, summarizeProfile } from '../lib/profile';
import { atMost, variant, withRatios, type CaseResult } from '../lib/result';
import type { SandboxInfo } from '../lib/sandboxProcess';
import { summarize } from '../lib/stats';
import { bareLoop, clientLoop, firstPageBytes, networkFloor } from './pagingLoops';

export const CURL_JQ_SCRIPT = path.join(REPO_ROOT, 'bench', 'curl-jq.sh');
const BARE = 'bare undici.request + JSON.parse';
const CLIENT = 'FixReportsClient.issuePages';
const CURL_JQ = 'curl + jq loop';
const BARE_CPU = 'bare loop, CPU time of the process';
const CLIENT_CPU = 'client, CPU time of the process';
const PAIRED = 'client / bare loop, run by run (wall)';

/** Pairs of runs: the cheapest and noisiest case gets twice the runs of the others, plus one. */
export function pagingPairs(runs: number): number {
  return 2 * runs + 1;
}

/** `pairs` back-to-back runs of the bare loop and the client, after one warm-up each (unless `warm`). */
async function pairedRuns(sandbox: SandboxInfo, pairs: number, warm = false): Promise<{ bare: Timing[]; client: Timing[] }> {
  const expect = (what: string, n: number) => {
    if (n !== sandbox.issues) throw new Error(`${what} returned ${n} issues, expected ${sandbox.issues}`);
  };
  // Warm-up: JIT, connection pool, the service's caches.
  if (!warm) expect('bare loop', await bareLoop(sandbox));
  expect('client', await clientLoop(sandbox));
  const bare: Timing[] = [];
  const client: Timing[] = [];
  // Interleaved, so that drift on the machine hits both alike, and in alternating order
  // (ABBA…): whichever loop runs second in a pair was measured up to 5% slower.
  const runBare = async () => bare.push(await timeLoop(() => bareLoop(sandbox), expect.bind(null, 'bare loop')));
  const runClient = async () => client.push(await timeLoop(() => clientLoop(sandbox), expect.bind(null, 'client')));
  for (let i = 0; i < pairs; i++) {
    for (const run of i % 2 === 0 ? [runBare, runClient] : [runClient, runBare]) {
      collectGarbage();
      await run();
    }
  }
  return { bare, client };
}

const wall = (t: Timing[]) => summarize(t.map((x) => x.ms));
const cpu = (t: Timing[]) => summarize(t.map((x) => x.cpuMs));
/** Each client run's wall time over that of the bare run next to it. */
const paired = (client: Timing[], bare: Timing[]) =>
  summarize(
    client.map((c, i) => c.ms / bare[i]!.ms),
    3,
  );

export async function pagingCase(ctx: BenchContext): Promise<CaseResult> {
  const { sandbox } = ctx;
  const pageBytes = await firstPageBytes(sandbox);
  const { bare, client } = await pairedRuns(sandbox, pagingPairs(ctx.runs));

  const curlJq: number[] = [];
  const env = { ...process.env, BASE_URL: sandbox.baseUrl, KEY: sandbox.key, REPORT: sandbox.reportId };
  for (let i = 0; i < ctx.slowRuns; i++) {
    const r = check(await runTimed(['bash', CURL_JQ_SCRIPT, 'pages'], { env }), 'curl + jq loop');
    const pages = Number(r.stdout.trim());
    if (pages !== Math.ceil(sandbox.issues / sandbox.pageSize)) throw new Error(`curl + jq loop fetched ${pages} pages`);
    curlJq.push(r.ms);
  }

  const variants = [
    ...withRatios(
      [
        variant(BARE, 'ms', wall(bare), 'the floor: no validation, no checks'),
        variant(CLIENT, 'ms', wall(client), 'decode + validate + dedupe + order check'),
        variant(CURL_JQ, 'ms', summarize(curlJq), 'one curl and one jq process per page'),
      ],
      BARE,
    ),
    // CPU time of this process only (the service runs in its own): less disturbed by other load on the machine.
    ...withRatios([variant(BARE_CPU, 'ms', cpu(bare)), variant(CLIENT_CPU, 'ms', cpu(client))], BARE_CPU),
  ];
  // Each client run's wall time over that of the bare run next to it: drift on the machine
  // (other load, CPU frequency) hits both runs of a pair alike, so these vary less than the
  // ratio of the two medians, which is in the table beside them.
  const pairs = paired(client, bare);
  variants.push(variant(PAIRED, 'x', pairs, 'client run / the bare run next to it'));
  const clientCpuRatio = variants.find((v) => v.name === CLIENT_CPU)?.vsBaseline;
  const result: CaseResult = {
    id: 'paging',
    title: `1. Paging: ${sandbox.issues.toLocaleString('en-US')} issues, ${Math.ceil(sandbox.issues / sandbox.pageSize)} pages`,
    baseline: BARE,
    variants,
    // The issue's target is on wall time; the CPU ratio is reported beside it (details).
    targets: [atMost('client / bare loop (wall, median of the pairs)', pairs.median, 1.15, '≤ 1.15×', 'x')],
    details: {
      clientCpuRatio,
      pageBytes,
      issues: sandbox.issues,
      pages: Math.ceil(sandbox.issues / sandbox.pageSize),
      perPageMs: {
        bare: Math.round((wall(bare).median / (sandbox.issues / sandbox.pageSize)) * 100) / 100,
        client: Math.round((wall(client).median / (sandbox.issues / sandbox.pageSize)) * 100) / 100,
      },
    },
  };
  if (ctx.profile) await addProfiles(ctx, result, pageBytes);
  return result;
}

/** How the latency case's service models the network, for titles and notes: "80 ms ± 20 ms round trip, 12,500 bytes/ms". */
export function describeLatency(info: SandboxInfo): string {
  const { rttMs, jitterMs, bytesPerMs } = info.latency;
  const rate = bytesPerMs > 0 ? `, ${bytesPerMs.toLocaleString('en-US')} bytes/ms` : '';
  return `${rttMs} ms${jitterMs > 0 ? ` ± ${jitterMs} ms` : ''} round trip${rate}`;
}

/**
 * Case 1b: the same report from a sandbox that models a remote service (round trip ± jitter
 * per request, drawn from the seed and the request, and a body rate). The floor is the bare
 * loop against the same delays; the modelled network alone (Σ round trip + bytes / rate over
 * the pages) is shown beside it.
 */
export async function pagingLatencyCase(ctx: BenchContext, slow: SandboxInfo): Promise<CaseResult> {
  const pages = Math.ceil(slow.issues / slow.pageSize);
  // The walk that sums the modelled network is the bare loop's warm-up too.
  const network = await networkFloor(slow);
  if (network.pages !== pages) throw new Error(`the bare loop walked ${network.pages} pages, expected ${pages}`);
  const { bare, client } = await pairedRuns(slow, ctx.runs, true);
  const pairs = paired(client, bare);
  const variants = withRatios(
    [
      variant(BARE, 'ms', wall(bare), 'the floor at this latency: the same delays, no checks'),
      variant(CLIENT, 'ms', wall(client), 'the next request leaves as soon as a page names its last id'),
      variant('the modelled network alone (Σ round trip + bytes / rate)', 'ms', summarize([network.ms]), 'computed, not run'),
    ],
    BARE,
  );
  variants.push(
    variant(PAIRED, 'x', pairs, 'client run / the bare run next to it'),
    ...withRatios([variant(BARE_CPU, 'ms', cpu(bare)), variant(CLIENT_CPU, 'ms', cpu(client))], BARE_CPU),
  );
  return {
    id: 'paging-latency',
    title: `1b. Paging at ${describeLatency(slow)}: ${slow.issues.toLocaleString('en-US')} issues, ${pages} pages`,
    baseline: BARE,
    variants,
    targets: [atMost('client / bare loop at this latency (wall, median of the pairs)', pairs.median, 1.05, '≤ 1.05×', 'x')],
    details: {
      latency: slow.latency,
      seed: slow.seed,
      pages,
      networkMs: Math.round(network.ms),
      perPageMs: {
        network: Math.round((network.ms / pages) * 100) / 100,
        bare: Math.round((wall(bare).median / pages) * 100) / 100,
        client: Math.round((wall(client).median / pages) * 100) / 100,
      },
    },
  };
}

interface Timing {
  ms: number;
  /** User + system CPU time of this process. */
  cpuMs: number;
}

async function timeLoop(loop: () => Promise<number>, check: (n: number) => void): Promise<Timing> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const n = await loop();
  const ms = performance.now() - started;
  const used = process.cpuUsage(cpu);
  check(n);
  return { ms, cpuMs: (used.user + used.system) / 1000 };
}

/** CPU profiles of 3 client runs and 3 bare runs, each in a fresh process. */
async function addProfiles(ctx: BenchContext, result: CaseResult, pageBytes: number): Promise<void> {
  const probe = path.join(__dirname, 'pagingProbe.js');
  const summaries: Record<string, ReturnType<typeof summarizeProfile>> = {};
  for (const mode of ['client', 'bare'] as const) {
    const dir = path.join(ctx.tmpDir, `paging-profile-${mode}`);
    check(
      await runTimed([process.execPath, '--cpu-prof', `--cpu-prof-dir=${dir}`, probe, mode, '3'], {
        env: { ...process.env, BENCH_SANDBOX: JSON.stringify(ctx.sandbox) },
      }),
      `profiling the ${mode} loop`,
    );
    summaries[mode] = summarizeProfile(readProfile(await onlyFile(dir)));
  }
  const client = summaries['client']!;
  const bare = summaries['bare']!;
  result.profile = client;
  result.details['profileBare'] = bare;
  result.dominates = [
    `Profiles of 3 runs each in a fresh process (start-up and warm-up included). Client: ${client.busyMs} ms busy, ${client.idleMs} ms waiting for the service; busy time: ${client.categories
      .slice(0, 5)
      .map((c) => `${c.name} ${c.pct}%`)
      .join(', ')}.`,
    `Bare loop: ${bare.busyMs} ms busy, ${bare.idleMs} ms waiting; busy time: ${bare.categories
      .slice(0, 4)
      .map((c) => `${c.name} ${c.pct}%`)
      .join(', ')}.`,
    `Both are dominated by what neither can skip (UTF-8 decoding and JSON.parse of ${(pageBytes / 1024).toFixed(0)} KB per page, the HTTP exchange). Hottest client functions: ${client.functions
      .slice(0, 5)
      .map((f) => `${f.name} (${f.pct}%)`)
      .join(', ')}.`,
  ];
}

export async function onlyFile(dir: string): Promise<string> {
  const files = (await readdir(dir)).filter((f) => f.endsWith('.cpuprofile'));
  if (files.length !== 1) throw new Error(`expected one .cpuprofile in ${dir}, found ${files.length}`);
  return path.join(dir, files[0]!);
}
