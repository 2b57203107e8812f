// Launches code-server (the real VS Code extension host) a few times with the benchmark's
// extension-tests entry (out/bench/editor/index.js) and collects what each launch measured.
// Shared by the tree case and the activation case.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import * as path from 'node:path';
import { installScript } from '../../tools/editor/codeServer';
import { runTestsInEditor } from '../../tools/editor/runner';
import { REPO_ROOT, type BenchContext } from '../lib/context';
import { readProfile, summarizeProfile, type ProfileSummary } from '../lib/profile';
import type { EditorRunResult } from '../editor/types';

export interface EditorBenchResults {
  launches: EditorRunResult[];
  /** Launch to results, per launch (editor start-up included). */
  launchMs: number[];
  /** The whole profiled pass. */
  profile?: ProfileSummary;
  /** Expanding loaded 1,000-item ranges only. */
  levelsProfile?: ProfileSummary;
}

const TREE_RUNS_PER_LAUNCH = 2;

export async function runEditorBench(ctx: BenchContext, launches: number): Promise<EditorBenchResults> {
  installEditor(ctx);
  const results: EditorBenchResults = { launches: [], launchMs: [] };
  for (let i = 0; i < launches; i++) {
    const dir = await mkdtemp(path.join(ctx.tmpDir, `editor-${i}-`));
    const workspace = await mkdtemp(path.join(ctx.tmpDir, `workspace-${i}-`));
    const outFile = path.join(dir, 'result.json');
    const log: string[] = [];
    const started = performance.now();
    ctx.log(`editor launch ${i + 1}/${launches}…`);
    const code = await runTestsInEditor({
      extensionDevelopmentPath: REPO_ROOT,
      extensionTestsPath: path.join(REPO_ROOT, 'out', 'bench', 'editor', 'index.js'),
      workspace,
      userSettings: {
        'securityFixReports.baseURL': ctx.sandbox.baseUrl,
        // Every issue in one go (the default pauses at 20,000 with "Load more").
        'securityFixReports.issuesPerLoad': 1_000_000,
        // The tree passes measure the service path; the warm-start pass turns the cache on.
        'securityFixReports.cache.enabled': false,
      },
      env: {
        SFR_BENCH_OUT: outFile,
        SFR_BENCH_SANDBOX: JSON.stringify(ctx.sandbox),
        SFR_BENCH_TREE_RUNS: String(TREE_RUNS_PER_LAUNCH),
        SFR_BENCH_PROFILE: ctx.profile && i === 0 ? '1' : '0',
      },
      timeoutMs: 5 * 60_000,
      onLog: (line) => void log.push(line),
    });
    results.launchMs.push(performance.now() - started);
    if (!existsSync(outFile)) {
      throw new Error(`editor launch ${i + 1} wrote no results (exit ${code}). Last log lines:\n${log.slice(-25).join('\n')}`);
    }
    const result = JSON.parse(readFileSync(outFile, 'utf8')) as EditorRunResult;
    if (result.error) throw new Error(`editor launch ${i + 1}: ${result.error}`);
    if (result.profileFile && existsSync(result.profileFile)) results.profile = summarizeProfile(readProfile(result.profileFile));
    if (result.levelsProfileFile && existsSync(result.levelsProfileFile))
      results.levelsProfile = summarizeProfile(readProfile(result.levelsProfileFile));
    results.launches.push(result);
    ctx.log(`editor launch ${i + 1} done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  return results;
}

/** scripts/install-editor.sh is idempotent (a second run only checks); its output goes to stderr. */
function installEditor(ctx: BenchContext): void {
  ctx.log('checking the editor install (scripts/install-editor.sh)…');
  const result = spawnSync('bash', [installScript()], { stdio: ['ignore', 2, 2] });
  if (result.status !== 0)
    throw new Error(
      `scripts/install-editor.sh failed (exit ${result.status ?? result.signal}); the tree and activation cases need code-server`,
    );
}
