// Case 7: whether each fast path of the client earns its place. The client is bundled once
// as it is and once per plain version swapped in for a fast path (bench/fastPaths/: a Set +
// ring for RecentIds, the valibot schema alone for issue pages, Chronology parsing every
// timestamp), then each bundle pages the 100k-issue report in a process of its own (its own
// JIT and heap), interleaved with the bare undici + JSON.parse loop, each run in a moment when
// the rest of the machine is quiet (bench/lib/quiet.ts). A fast path stays only if, without
// it, the client misses the paging target (≤ 1.15× the bare loop). The same swaps are
// measured over ~80 ms per request (fewer pages) and for the CLI (`issues --format jsonl`,
// whole process).
import { fork, type ChildProcess } from 'node:child_process';
import * as path from 'node:path';
import * as esbuild from 'esbuild';
import { REPO_ROOT, type BenchContext } from '../lib/context';
import { check, runTimed } from '../lib/proc';
import { atMost, variant, type CaseResult, type Variant } from '../lib/result';
import { startSandboxProcess, type SandboxInfo } from '../lib/sandboxProcess';
import { quietly } from '../lib/quiet';
import { summarize, type Summary } from '../lib/stats';
import type { WorkerRun } from './fastPathsProbe';

/** The fast paths of src/api and the module that replaces each (bench/fastPaths/<name>.ts). */
const FAST_PATHS = {
  recentIds: 'RecentIds: a Set + ring instead of the UUID hash table',
  issuePageDecoder: 'issue pages: the valibot schema alone instead of the hand-written decoder',
  chronology: 'Chronology: every timestamp parsed instead of same-shaped ones compared as text',
} as const;
type FastPath = keyof typeof FAST_PATHS;
const ALL = Object.keys(FAST_PATHS) as FastPath[];

interface Config {
  /** Short name, also the bundle's file name. */
  id: string;
  label: string;
  plain: readonly FastPath[];
}

const CONFIGS: readonly Config[] = [
  { id: 'as-is', label: 'client as it is (all fast paths)', plain: [] },
  { id: 'plain-recentIds', label: 'client, plain RecentIds (Set + ring)', plain: ['recentIds'] },
  { id: 'plain-issuePageDecoder', label: 'client, plain decoding (valibot schema alone)', plain: ['issuePageDecoder'] },
  { id: 'plain-chronology', label: 'client, plain Chronology (parse each timestamp)', plain: ['chronology'] },
  {
    id: 'plain-recentIds-chronology',
    label: 'client, plain RecentIds and Chronology (the decoder kept)',
    plain: ['recentIds', 'chronology'],
  },
  { id: 'all-plain', label: 'client, all three plain', plain: ALL },
];
const BARE = 'bare undici.request + JSON.parse';
const BARE_JSONL = 'bare undici.request + JSON.parse + one write per page (jsonl)';
/** Milliseconds the latency configuration's service waits before each answer. */
const LATENCY_MS = 80;
/** Issues of the latency configuration: 20 pages, ~1.8 s a run. */
const LATENCY_ISSUES = 20_000;

/** One esbuild bundle per configuration, with the plain versions swapped in for src/api's imports. */
async function bundle(ctx: BenchContext, config: Config, kind: 'loops' | 'cli'): Promise<string> {
  // Under out/ (not the temp folder) so that the loops' external require('undici') resolves
  // to the repository's node_modules, the one the bare loop uses.
  const outfile =
    kind === 'loops'
      ? path.join(REPO_ROOT, 'out', 'bench', 'fastPathBundles', `${config.id}.js`)
      : path.join(ctx.tmpDir, `cli-${config.id}.js`);
  const api = path.join(REPO_ROOT, 'src', 'api');
  const swapped = new Set<string>();
  const result = await esbuild.build({
    entryPoints: [
      kind === 'loops' ? path.join(REPO_ROOT, 'bench', 'cases', 'pagingLoops.ts') : path.join(REPO_ROOT, 'src', 'cli', 'main.ts'),
    ],
    outfile,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    // As esbuild.mjs builds dist/cli.js; the loops keep undici external (shared with the bare loop).
    minify: kind === 'cli',
    external: kind === 'loops' ? ['undici'] : [],
    define: { PACKAGE_VERSION: JSON.stringify('bench') },
    logLevel: 'silent',
    plugins: [
      {
        name: 'plain-versions',
        setup(build) {
          build.onResolve({ filter: new RegExp(`^\\./(${ALL.join('|')})$`) }, (args) => {
            const name = args.path.slice(2) as FastPath;
            if (path.resolve(args.resolveDir) !== api || !config.plain.includes(name)) return undefined;
            swapped.add(name);
            return { path: path.join(REPO_ROOT, 'bench', 'fastPaths', `${name}.ts`) };
          });
        },
      },
    ],
  });
  if (result.errors.length > 0) throw new Error(`bundling ${config.id}: ${result.errors.map((e) => e.text).join('; ')}`);
  const missing = config.plain.filter((name) => !swapped.has(name));
  if (missing.length > 0) throw new Error(`bundling ${config.id}: src/api no longer imports ./${missing.join(', ./')}`);
  return outfile;
}

interface Timing {
  ms: number;
  /** CPU time of the loop's own process (paging loops only; 0 for the CLI runs). */
  cpuMs: number;
  /** Others used at most a tenth of a core meanwhile (bench/lib/quiet.ts). */
  quiet: boolean;
  retries: number;
}

type Run = () => Promise<{ ms: number; cpuMs: number }>;

/** A paging loop in a child process of its own (fastPathsProbe.ts), run when asked. */
class LoopWorker {
  private readonly child: ChildProcess;
  private readonly exited: Promise<void>;

  constructor(
    private readonly name: string,
    target: string,
  ) {
    this.child = fork(path.join(__dirname, 'fastPathsProbe.js'), [target], {
      execArgv: ['--expose-gc'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    this.exited = new Promise((resolve) => this.child.once('exit', () => resolve()));
  }

  /** Pages through the report once; the wall and CPU time as the worker measured them. */
  run(info: SandboxInfo): Promise<{ ms: number; cpuMs: number }> {
    return new Promise((resolve, reject) => {
      const onExit = (code: number | null) => reject(new Error(`the ${this.name} worker exited (${code})`));
      this.child.once('exit', onExit);
      this.child.once('message', (m: WorkerRun) => {
        this.child.off('exit', onExit);
        if (m.issues !== info.issues) reject(new Error(`${this.name} returned ${m.issues} issues, expected ${info.issues}`));
        else resolve(m);
      });
      this.child.send(info);
    });
  }

  async stop(): Promise<void> {
    if (this.child.connected) this.child.disconnect();
    await this.exited;
  }
}

/**
 * `reps` rounds; in each, every run once (each in a quiet moment, see quietly), in an order
 * that rotates and reverses every other round so that no run always follows the same one.
 * Returns each run's timings by round.
 */
async function rounds(runs: ReadonlyMap<string, Run>, reps: number): Promise<Map<string, Timing[]>> {
  const names = [...runs.keys()];
  const timings = new Map(names.map((n) => [n, [] as Timing[]]));
  for (let r = 0; r < reps; r++) {
    const rotated = names.map((_, i) => names[(i + r) % names.length]!);
    for (const name of r % 2 === 0 ? rotated : rotated.reverse()) {
      const { value, quiet, retries } = await quietly(runs.get(name)!);
      timings.get(name)!.push({ ...value, quiet, retries });
    }
  }
  return timings;
}

/** Each run over the baseline's run of the same round (drift hits both alike), for the rounds where both were quiet. */
function perRound(runs: readonly Timing[], base: readonly Timing[], pick: (t: Timing) => number): Summary | undefined {
  const ratios = runs.flatMap((x, i) => (x.quiet && base[i]!.quiet ? [pick(x) / pick(base[i]!)] : []));
  return ratios.length === 0 ? undefined : summarize(ratios, 3);
}

interface Measured {
  variants: Variant[];
  /** Wall ratio to the baseline (median over the quiet rounds) by configuration id. */
  ratios: Record<string, number | null>;
  /** CPU ratio to the baseline, likewise (in-process loops only). */
  cpuRatios: Record<string, number | null>;
  /** Rounds (of all runs) kept as quiet / all rounds, and runs discarded as disturbed. */
  quietRounds: string;
  retries: number;
}

/** Variants for the table: the baseline's wall time, then each configuration as a ratio to it per round. */
function report(baseline: string, byRun: ReadonlyMap<string, Timing[]>, prefix: string, withCpu: boolean): Measured {
  const base = byRun.get(baseline)!;
  const quiet = base.filter((_, i) => [...byRun.values()].every((t) => t[i]!.quiet)).length;
  const wall = (t: Timing) => t.ms;
  const cpu = (t: Timing) => t.cpuMs;
  const against = baseline === BARE ? 'bare loop' : 'bare jsonl loop';
  const variants: Variant[] = [
    { ...variant(`${prefix}${baseline}`, 'ms', summarize(base.map(wall)), 'the floor, measured in the same rounds'), isBaseline: true },
  ];
  const ratios: Record<string, number | null> = {};
  const cpuRatios: Record<string, number | null> = {};
  const asIs = byRun.get('as-is')!;
  for (const config of CONFIGS) {
    const t = byRun.get(config.id)!;
    const r = perRound(t, base, wall);
    ratios[config.id] = r?.median ?? null;
    const vsAsIs = config.id === 'as-is' ? '' : `; ${perRound(t, asIs, wall)?.median.toFixed(3) ?? 'n/a'}× the client as it is`;
    if (r)
      variants.push(
        variant(`${prefix}${config.label} / ${against}`, 'x', r, `median ${Math.round(summarize(t.map(wall)).median)} ms${vsAsIs}`),
      );
    if (withCpu) cpuRatios[config.id] = perRound(t, base, cpu)?.median ?? null;
  }
  if (withCpu) {
    for (const config of CONFIGS) {
      const r = perRound(byRun.get(config.id)!, base, cpu);
      if (r) variants.push(variant(`${prefix}  CPU time of the process: ${config.label} / bare loop`, 'x', r));
    }
  }
  const retries = [...byRun.values()].flat().reduce((n, t) => n + t.retries, 0);
  return { variants, ratios, cpuRatios, quietRounds: `${quiet}/${base.length}`, retries };
}

export async function fastPathsCase(ctx: BenchContext): Promise<CaseResult> {
  const { sandbox } = ctx;
  // Every bundle first, so that the sources are read once, at the start.
  const workers = new Map<string, LoopWorker>([[BARE, new LoopWorker(BARE, 'bare')]]);
  const env = {
    ...process.env,
    SECURITY_FIX_REPORTS_URL: sandbox.baseUrl,
    SECURITY_FIX_REPORTS_KEY: sandbox.key,
    BENCH_SANDBOX: JSON.stringify(sandbox),
  };
  const argvs = new Map<string, string[]>([[BARE_JSONL, [process.execPath, path.join(__dirname, 'bareJsonl.js')]]]);
  let paging: Measured;
  let latency: Measured;
  try {
    for (const config of CONFIGS) {
      workers.set(config.id, new LoopWorker(config.id, await bundle(ctx, config, 'loops')));
      argvs.set(config.id, [
        process.execPath,
        await bundle(ctx, config, 'cli'),
        'issues',
        '--fix-report',
        sandbox.reportId,
        '--format',
        'jsonl',
      ]);
    }
    const paged = (info: SandboxInfo) => new Map([...workers].map(([name, worker]) => [name, () => worker.run(info)] as const));

    // 1. No added latency, 100 pages: the decision. Two warm-up runs each (JIT, connections).
    for (let i = 0; i < 2; i++) for (const run of paged(sandbox).values()) await run();
    const reps = 2 * ctx.runs + 1;
    paging = report(BARE, await rounds(paged(sandbox), reps), '', true);

    // 2. ~80 ms per request (the sandbox's own latency option), fewer pages.
    ctx.log(`fastpaths: a second sandbox with ${LATENCY_MS} ms per request and ${LATENCY_ISSUES.toLocaleString('en-US')} issues…`);
    const slow = await startSandboxProcess({ issues: LATENCY_ISSUES, latency: { rttMs: LATENCY_MS } });
    try {
      latency = report(BARE, await rounds(paged(slow.info), ctx.runs), `${LATENCY_MS} ms/request: `, false);
    } finally {
      await slow.stop();
    }
  } finally {
    await Promise.all([...workers.values()].map((w) => w.stop()));
  }

  // 3. The CLI, whole process: each configuration bundled as dist/cli.js is, against a bare jsonl loop.
  for (const [name, argv] of argvs) {
    const r = check(await runTimed(argv, { env, stdout: 'count-lines' }), name);
    if (r.lines !== sandbox.issues) throw new Error(`${name} printed ${r.lines} lines, expected ${sandbox.issues}`);
  }
  const processes = new Map(
    [...argvs].map(
      ([name, argv]) => [name, async () => ({ ms: check(await runTimed(argv, { env, stdout: 'discard' }), name).ms, cpuMs: 0 })] as const,
    ),
  );
  const cli = report(BARE_JSONL, await rounds(processes, ctx.runs), 'CLI: ', false);

  const x = (n: number | null | undefined) => (n === null || n === undefined ? 'n/a' : `${n.toFixed(3)}×`);
  const targets = CONFIGS.map((c) =>
    atMost(`paging, ${c.label} / bare loop (wall, median of the quiet rounds)`, paging.ratios[c.id], 1.15, '≤ 1.15×', 'x'),
  );
  const decisions = ALL.map((name) => {
    const without = paging.ratios[`plain-${name}`];
    const verdict =
      without === null || without === undefined
        ? 'not decided (no quiet round)'
        : without > 1.15
          ? 'earns its place: the plain version misses ≤ 1.15×'
          : 'does not earn its place: the plain version meets ≤ 1.15×';
    return (
      `${FAST_PATHS[name]}: without it the client pages at ${x(without)} the bare loop (${x(paging.ratios['as-is'])} with it; CPU ${x(paging.cpuRatios[`plain-${name}`])} vs ${x(paging.cpuRatios['as-is'])}; ` +
      `${x(latency.ratios[`plain-${name}`])} vs ${x(latency.ratios['as-is'])} at ${LATENCY_MS} ms/request; CLI ${x(cli.ratios[`plain-${name}`])} vs ${x(cli.ratios['as-is'])} the bare jsonl loop) → ${verdict}.`
    );
  });
  return {
    id: 'fastpaths',
    title: `7. Fast paths: ${sandbox.issues.toLocaleString('en-US')} issues with and without each`,
    baseline: BARE,
    variants: [...paging.variants, ...latency.variants, ...cli.variants],
    targets,
    details: {
      issues: sandbox.issues,
      latencyIssues: LATENCY_ISSUES,
      latencyMs: LATENCY_MS,
      quietRounds: { paging: paging.quietRounds, latency: latency.quietRounds, cli: cli.quietRounds },
      disturbedRunsRepeated: { paging: paging.retries, latency: latency.retries, cli: cli.retries },
      paging: { wall: paging.ratios, cpu: paging.cpuRatios },
      latency: latency.ratios,
      cli: cli.ratios,
    },
    dominates: decisions,
  };
}
