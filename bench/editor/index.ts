// Extension-tests entry of the benchmark (extensionTestsPath), run inside code-server's
// extension host by bench/cases/editorRuns.ts. Measures activation and the tree against the
// sandbox service, writes an EditorRunResult as JSON to $SFR_BENCH_OUT, and never fails the
// run itself: errors are reported in the result.
import { readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { ExtensionApi } from '../../src/extension';
import type { SandboxInfo } from '../lib/sandboxProcess';
import { findingsRun } from './findingsRun';
import { hostHeap } from './hostHeap';
import { loadedRepoFiles } from './moduleLoad';
import { profiledTreeRun } from './profiledRun';
import { treeRun } from './treeRun';
import { warmStartRun } from './warmStartRun';
import type { EditorRunResult } from './types';

/** out/bench/editor → repository root. */
const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');
const LEVEL_REPS = 5;

export async function run(): Promise<void> {
  const out = process.env['SFR_BENCH_OUT'];
  if (!out) throw new Error('SFR_BENCH_OUT is not set: run this through bench/cases/editorRuns');
  const result: EditorRunResult = { vscodeVersion: vscode.version, tree: [] };
  try {
    const sandbox = JSON.parse(process.env['SFR_BENCH_SANDBOX'] ?? '') as SandboxInfo;
    const treeRuns = Number(process.env['SFR_BENCH_TREE_RUNS'] ?? 2);

    const manifest = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { publisher: string; name: string };
    const extension = vscode.extensions.getExtension<ExtensionApi>(`${manifest.publisher}.${manifest.name}`);
    if (!extension) throw new Error(`${manifest.publisher}.${manifest.name} is not installed in this editor`);
    const wasActive = extension.isActive;
    const api = await extension.activate();
    const loaded = loadedRepoFiles(REPO_ROOT);
    result.activation = {
      activationMs: api.activationMs,
      wasActive,
      loaded,
      undiciLoadedAtActivation: loaded.some((f) => f.path.startsWith(`node_modules${path.sep}undici${path.sep}`)),
      loadedAfterRequests: [],
    };

    await connect(api, sandbox);
    const reports = { reportId: sandbox.reportId, fpReportId: sandbox.fpReportId, issues: sandbox.issues, fpIssues: sandbox.fpIssues };
    for (let i = 0; i < treeRuns; i++) result.tree.push(await treeRun(api.services.tree, api.services.store, reports, LEVEL_REPS));
    result.findings = await findingsRun(api, sandbox.reportId); // the last pass loaded the report
    api.services.store.reset(); // drop the models before the next pass
    result.hostHeap = await hostHeap(api.services.tree, api.services.store, [
      { id: sandbox.reportId, issues: sandbox.issues },
      { id: sandbox.fpReportId, issues: sandbox.fpIssues },
      { id: sandbox.thirdReportId, issues: sandbox.thirdIssues },
    ]);
    result.warmStart = await warmStartRun(api, sandbox.reportId);
    api.services.store.reset();
    const before = new Set(loaded.map((f) => f.path));
    result.activation.loadedAfterRequests = loadedRepoFiles(REPO_ROOT).filter((f) => !before.has(f.path));

    if (process.env['SFR_BENCH_PROFILE'] === '1') {
      result.profileFile = `${out}.cpuprofile`;
      result.levelsProfileFile = `${out}.levels.cpuprofile`;
      await profiledTreeRun(REPO_ROOT, sandbox, api, reports, result.profileFile, result.levelsProfileFile);
    }
  } catch (e) {
    result.error = e instanceof Error ? (e.stack ?? e.message) : String(e);
  } finally {
    writeFileSync(out, JSON.stringify(result));
  }
}

/** Stores the sandbox key for its origin (the base URL comes from user settings) and waits until the connection is ready. */
async function connect(api: ExtensionApi, sandbox: SandboxInfo): Promise<void> {
  const { connection, keys } = api.services;
  await api.ready;
  await keys.set(new URL(sandbox.baseUrl).origin, sandbox.key);
  const deadline = Date.now() + 15_000;
  // Re-read on every check: the key change reloads the connection asynchronously too.
  const state = (): string => connection.state.kind;
  while (state() !== 'ready') {
    if (Date.now() > deadline)
      throw new Error(
        `the extension did not connect: state ${state()}, base URL setting ${String(vscode.workspace.getConfiguration('securityFixReports').get('baseURL'))}`,
      );
    await connection.reload();
    if (state() !== 'ready') await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
