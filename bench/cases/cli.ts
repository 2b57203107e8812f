// Case 6: the CLI end to end (`issues --fix-report … --format jsonl` over 100k issues, output
// to /dev/null) against its floor, a bare undici.request + JSON.parse + one-write-per-page
// process printing the same lines (bareJsonl.ts), and the curl + jq loop a user would write.
import * as path from 'node:path';
import { REPO_ROOT, type BenchContext } from '../lib/context';
import { check, runTimed } from '../lib/proc';
import { readProfile, summarizeProfile } from '../lib/profile';
import { atMost, variant, withRatios, type CaseResult } from '../lib/result';
import { summarize } from '../lib/stats';
import { CURL_JQ_SCRIPT, onlyFile, pagingPairs } from './paging';

const CLI = 'security-fix-reports issues --format jsonl';
const BARE = 'bare undici.request + JSON.parse + one write per page';
const CURL_JQ = 'curl + jq loop (jsonl)';
const STARTUP = 'CLI start-up only (--help)';
const PAIRED = 'CLI / bare jsonl process, run by run (wall)';

export async function cliCase(ctx: BenchContext): Promise<CaseResult> {
  const { sandbox } = ctx;
  const cli = path.join(REPO_ROOT, 'dist', 'cli.js');
  const cliArgv = [process.execPath, cli, 'issues', '--fix-report', sandbox.reportId, '--format', 'jsonl'];
  const env = {
    ...process.env,
    SECURITY_FIX_REPORTS_URL: sandbox.baseUrl,
    SECURITY_FIX_REPORTS_KEY: sandbox.key,
    BASE_URL: sandbox.baseUrl,
    KEY: sandbox.key,
    REPORT: sandbox.reportId,
  };
  const curlArgv = ['bash', CURL_JQ_SCRIPT, 'jsonl'];
  const bareArgv = [process.execPath, path.join(__dirname, 'bareJsonl.js')];
  const bareEnv = { ...env, BENCH_SANDBOX: JSON.stringify(sandbox) };

  // Once each with the lines counted (untimed): all must print every issue.
  for (const [what, argv] of [
    ['CLI', cliArgv],
    ['curl + jq loop', curlArgv],
    ['bare jsonl process', bareArgv],
  ] as const) {
    const r = check(await runTimed(argv, { env: bareEnv, stdout: 'count-lines' }), what);
    if (r.lines !== sandbox.issues) throw new Error(`${what} printed ${r.lines} lines, expected ${sandbox.issues}`);
  }
  const timedRuns = async (argv: readonly string[], runs: number, what: string) => {
    const ms: number[] = [];
    for (let i = 0; i < runs; i++) ms.push(check(await runTimed(argv, { env, stdout: 'discard' }), what).ms);
    return summarize(ms);
  };
  // The CLI and its floor in back-to-back pairs, alternating which goes first (as case 1).
  const bare: number[] = [];
  const cliMs: number[] = [];
  const once = async (argv: readonly string[], what: string) => check(await runTimed(argv, { env: bareEnv, stdout: 'discard' }), what).ms;
  for (let i = 0; i < pagingPairs(ctx.runs); i++) {
    if (i % 2 === 0) {
      bare.push(await once(bareArgv, 'bare jsonl process'));
      cliMs.push(await once(cliArgv, 'CLI'));
    } else {
      cliMs.push(await once(cliArgv, 'CLI'));
      bare.push(await once(bareArgv, 'bare jsonl process'));
    }
  }
  const pairs = summarize(
    cliMs.map((ms, i) => ms / bare[i]!),
    3,
  );
  const curlRuns = await timedRuns(curlArgv, ctx.slowRuns, 'curl + jq loop');
  const startup = await timedRuns([process.execPath, cli, '--help'], ctx.runs, 'CLI --help');
  const variants = withRatios(
    [
      variant(BARE, 'ms', summarize(bare), 'bench/cases/bareJsonl.ts: the floor, checking and escaping nothing'),
      variant(CLI, 'ms', summarize(cliMs), 'dist/cli.js, a fresh Node process each run'),
      variant(CURL_JQ, 'ms', curlRuns, 'curl per page, jq for the lines and for the cursor'),
      variant(STARTUP, 'ms', startup),
    ],
    BARE,
  );
  variants.push(variant(PAIRED, 'x', pairs, 'CLI run / the bare run next to it'));
  const result: CaseResult = {
    id: 'cli',
    title: `6. CLI: ${sandbox.issues.toLocaleString('en-US')} issues as JSON lines`,
    baseline: BARE,
    variants,
    targets: [atMost('CLI / bare jsonl process (wall, whole process, median of the pairs)', pairs.median, 1.1, '≤ 1.10×', 'x')],
    details: { output: '/dev/null', issues: sandbox.issues },
  };
  if (ctx.profile) {
    // The tsc output (same sources, readable names) rather than the minified bundle.
    const dir = path.join(ctx.tmpDir, 'cli-profile');
    const main = path.join(REPO_ROOT, 'out', 'src', 'cli', 'main.js');
    check(
      await runTimed([process.execPath, '--cpu-prof', `--cpu-prof-dir=${dir}`, main, ...cliArgv.slice(2)], { env, stdout: 'discard' }),
      'profiling the CLI',
    );
    const p = summarizeProfile(readProfile(await onlyFile(dir)));
    result.profile = p;
    result.dominates = [
      `CLI process (one run, out/src/cli/main.js): ${p.busyMs} ms busy, ${p.idleMs} ms waiting. Busy time: ${p.categories
        .slice(0, 5)
        .map((c) => `${c.name} ${c.pct}%`)
        .join(', ')}.`,
      `Hottest functions: ${p.functions
        .slice(0, 4)
        .map((f) => `${f.name} (${f.pct}%)`)
        .join(', ')}.`,
    ];
  }
  return result;
}
