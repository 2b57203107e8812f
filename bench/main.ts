// `npm run bench [-- options]`: every case against the sandbox service on loopback, one JSON
// line per case on stdout, then a table; `--docs` also writes out/performance.md (the full tables;
// docs/performance.md is their hand-kept summary). Paging and
// the tree run a second time against a sandbox that models a remote network (--latency).
import { mkdtemp, rm } from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { activationCase } from './cases/activation';
import { changesCase } from './cases/changes';
import { cliCase } from './cases/cli';
import { runEditorBench, type EditorBenchResults } from './cases/editorRuns';
import { findingsCase } from './cases/findings';
import { memoryCase } from './cases/memory';
import { mcpCase } from './cases/mcp';
import { metricsCase } from './cases/metrics';
import { pagingCase, pagingLatencyCase } from './cases/paging';
import { pickerCase } from './cases/picker';
import { sizeCase } from './cases/size';
import { suppressionsCase } from './cases/suppressions';
import { trackingCase } from './cases/tracking';
import { treeCase, treeLatencyCase } from './cases/tree';
import { warmStartCase } from './cases/warmStart';
import type { BenchContext } from './lib/context';
import { REPO_ROOT } from './lib/context';
import { writeDocs, type RunInfo } from './lib/docs';
import { jsonLine, textTable } from './lib/report';
import { failedCase, type CaseResult } from './lib/result';
import { startSandboxProcess, type SandboxProcess } from './lib/sandboxProcess';
import { ensureTools } from './lib/tools';

const CASES = [
  'paging',
  'memory',
  'tree',
  'size',
  'activation',
  'cli',
  'mcp',
  'picker',
  'warmstart',
  'findings',
  'metrics',
  'tracking',
  'changes',
  'suppressions',
] as const;
type CaseId = (typeof CASES)[number];

const USAGE = `Usage: node out/bench/main.js [options]   (npm run bench -- [options])

  --cases LIST     comma-separated subset of ${CASES.join(',')} (default: all)
  --runs N         runs of the fast variants (default 7, at least 5 recommended;
                   case 1 runs 2N+1 pairs)
  --slow-runs N    runs of curl + jq loops (default 3)
  --editor-runs N  code-server launches for the tree and activation cases (default 3)
  --latency MS     round trip of the second sandbox for the paging and tree cases (1b, 3b;
                   default 80; 0 skips them)
  --jitter MS      each request's round trip ± up to MS, drawn from the seed (default 20)
  --bytes-per-ms N body rate of that sandbox (default 12500, about 100 Mbit/s)
  --no-profile     skip the CPU profiles / heap snapshot (faster; no "what dominates")
  --docs [FILE]    write the results as Markdown (default out/performance.md; docs/performance.md
                   is the hand-kept summary, refreshed from it when a figure moves)
  --help`;

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      cases: { type: 'string' },
      runs: { type: 'string', default: '7' },
      'slow-runs': { type: 'string', default: '3' },
      'editor-runs': { type: 'string', default: '3' },
      latency: { type: 'string', default: '80' },
      jitter: { type: 'string', default: '20' },
      'bytes-per-ms': { type: 'string', default: '12500' },
      'no-profile': { type: 'boolean', default: false },
      docs: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
    // `--docs` alone means the default file.
    args: process.argv
      .slice(2)
      .flatMap((a, i, all) =>
        a === '--docs' && (all[i + 1] === undefined || all[i + 1]!.startsWith('--')) ? ['--docs', 'out/performance.md'] : [a],
      ),
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const selected = (values.cases?.split(',').map((c) => c.trim()) ?? [...CASES]) as CaseId[];
  const unknown = selected.filter((c) => !(CASES as readonly string[]).includes(c));
  if (unknown.length > 0) throw new Error(`unknown case(s) ${unknown.join(', ')}; known: ${CASES.join(', ')}`);
  const count = (name: string, text: string, min: number) => {
    const n = Number(text);
    if (!Number.isInteger(n) || n < min) throw new Error(`--${name} must be an integer ≥ ${min}`);
    return n;
  };

  const log = (line: string) => process.stderr.write(`[bench] ${line}\n`);
  const started = performance.now();
  const tools = selected.some((c) => c === 'paging' || c === 'cli') ? ensureTools(['curl', 'jq'], log) : { installed: [], versions: {} };
  const tmpDir = await mkdtemp(path.join(os.tmpdir(), 'sfr-bench-'));
  log('starting the sandbox service (generating 3 × 100k issues)…');
  const sandbox = await startSandboxProcess();
  log(`sandbox ready at ${sandbox.info.baseUrl} in ${sandbox.info.warmMs} ms (pid ${sandbox.pid})`);
  const ctx: BenchContext = {
    sandbox: sandbox.info,
    runs: count('runs', values.runs, 1),
    slowRuns: count('slow-runs', values['slow-runs'], 1),
    tmpDir,
    profile: !values['no-profile'],
    log,
  };
  const editorRuns = count('editor-runs', values['editor-runs'], 1);
  const latency = {
    rttMs: count('latency', values.latency, 0),
    jitterMs: count('jitter', values.jitter, 0),
    bytesPerMs: count('bytes-per-ms', values['bytes-per-ms'], 0),
  };
  const withLatency = latency.rttMs > 0;
  const results: CaseResult[] = [];
  let editor: Promise<EditorBenchResults> | undefined;
  const editorResults = () => (editor ??= runEditorBench(ctx, editorRuns));
  // The same dataset (seed, 100k issues) behind the modelled network, started when first needed.
  let slow: Promise<SandboxProcess> | undefined;
  const slowSandbox = async () => {
    slow ??= (async () => {
      log(`starting a second sandbox with ${latency.rttMs} ms ± ${latency.jitterMs} ms round trip, ${latency.bytesPerMs} bytes/ms…`);
      return startSandboxProcess({ latency });
    })();
    return (await slow).info;
  };
  const stopSlow = async () => {
    const started = slow;
    slow = undefined;
    await started?.then(
      (p) => p.stop(),
      () => undefined, // it failed to start: the case that needed it reported that
    );
  };
  const run = async (id: CaseId, title: string, body: () => Promise<CaseResult>, resultId: string = id) => {
    if (!selected.includes(id)) return;
    log(`case ${resultId}…`);
    const t = performance.now();
    let result: CaseResult;
    try {
      result = await body();
    } catch (e) {
      result = failedCase(resultId, title, e);
    }
    result.wallMs = Math.round(performance.now() - t);
    log(`case ${resultId} done in ${(result.wallMs / 1000).toFixed(1)} s${result.error ? ' (FAILED)' : ''}`);
    results.push(result);
    process.stdout.write(`${jsonLine(result)}\n`);
  };
  try {
    await run('paging', '1. Paging', () => pagingCase(ctx));
    if (withLatency)
      await run('paging', '1b. Paging at latency', async () => pagingLatencyCase(ctx, await slowSandbox()), 'paging-latency');
    await run('memory', '2. Memory', () => memoryCase(ctx));
    await run('tree', '3. Tree', async () => treeCase(ctx, await editorResults()));
    if (withLatency)
      await run(
        'tree',
        '3b. Tree at latency',
        async () => {
          const info = await slowSandbox();
          return treeLatencyCase(ctx, info, await runEditorBench({ ...ctx, sandbox: info, profile: false }, editorRuns));
        },
        'tree-latency',
      );
    await stopSlow();
    await run('size', '4. Size', () => sizeCase(ctx));
    await run('activation', '5. Activation', async () => activationCase(ctx, await editorResults()));
    await run('cli', '6. CLI', () => cliCase(ctx));
    await run('mcp', '7. MCP find_issues', () => mcpCase(ctx));
    await run('picker', '8. False-positive picker', () => pickerCase(ctx));
    await run('warmstart', '9. Warm start', async () => warmStartCase(ctx, await editorResults()));
    await run('findings', '10. Findings', async () => findingsCase(ctx, await editorResults()));
    await run('metrics', '11. Metrics', () => metricsCase(ctx));
    await run('tracking', '12. Tracking', () => trackingCase(ctx));
    await run('changes', '13. Changes', () => changesCase(ctx));
    await run('suppressions', '14. Suppressions', () => suppressionsCase(ctx));
  } finally {
    await stopSlow();
    await sandbox.stop();
    await rm(tmpDir, { recursive: true, force: true });
  }
  const totalMs = performance.now() - started;
  process.stdout.write(`\n${textTable(results)}\n`);
  log(`total ${(totalMs / 1000).toFixed(1)} s`);
  if (values.docs) {
    const info: RunInfo = {
      totalMs,
      tools: tools.versions,
      installedTools: tools.installed,
      runs: ctx.runs,
      slowRuns: ctx.slowRuns,
      editorRuns,
      sandbox: ctx.sandbox,
      latency: withLatency ? latency : undefined,
      argv: process.argv.slice(2),
      allCases: CASES.every((c) => selected.includes(c)),
    };
    const file = path.resolve(REPO_ROOT, values.docs);
    await writeDocs(file, results, info);
    log(`wrote ${path.relative(REPO_ROOT, file)}`);
  }
  return results.some((r) => r.error) ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(`[bench] ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
    process.exit(2);
  },
);
