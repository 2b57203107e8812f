// `npm run demo`: builds the VSIX, starts the sandbox service with seeded data (seed 42 and a
// 100,000-issue report), and opens a real editor with the extension installed on a temp copy
// of the sample workspace: desktop VS Code when `code` is on PATH, code-server on 127.0.0.1
// otherwise. User settings point at the sandbox; the key is offered from
// SECURITY_FIX_REPORTS_KEY. Runs until Ctrl-C (or the VS Code window closes), then cleans up.
//
//   node out/scripts/demo.js [--no-build] [--code-server] [--port N] [--check]
//   --no-build     use the existing security-fix-reports.vsix
//   --code-server  use code-server even when `code` is on PATH
//   --port N       code-server port (default: a free one); the sandbox uses SANDBOX_PORT or a free one
//   --check        verify the demo in headless chromium (store the key, the tree lists the
//                  seeded reports), then stop: for CI and for checking a machine
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import {
  assertInstalled,
  codeServerEnv,
  editorDirs,
  freePort,
  installScript,
  installVsix,
  REPO_ROOT,
  seedDirs,
  startCodeServer,
  waitForHealthy,
  type CodeServerProcess,
  type EditorDirs,
} from '../tools/editor/codeServer';
import { CHROMIUM_PATH, workbenchUrl } from '../tools/editor/runner';
import { openViewContainer, viewPane, waitForWorkbench } from '../tools/editor/ui';
import { prepareWorkspace } from '../tools/editor/workspace';
import { startSandbox, type Sandbox } from '../tools/sandbox/server';

const VSIX = path.join(REPO_ROOT, 'security-fix-reports.vsix');
const SEED = 42;
const BIG_REPORT_ISSUES = 100_000;

type Cleanup = () => Promise<void> | void;
const cleanups: Cleanup[] = [];

function run(command: string, args: string[], env?: NodeJS.ProcessEnv): void {
  const result = spawnSync(command, args, { stdio: 'inherit', cwd: REPO_ROOT, env: env ?? process.env });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (exit ${result.status ?? result.signal})`);
}

function onPath(command: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

let cleaning: Promise<void> | undefined;
/** Set once Ctrl-C arrived: the signal handler decides the exit, not main(). */
let stopping = false;

/** Runs the cleanups once, newest first; every caller waits for the same run. */
function cleanUp(): Promise<void> {
  cleaning ??= (async () => {
    while (cleanups.length > 0) {
      const cleanup = cleanups.pop()!;
      await Promise.resolve(cleanup()).catch((e: unknown) => console.error(`[demo] cleanup: ${String(e)}`));
    }
  })();
  return cleaning;
}

function userSettings(s: Sandbox): Record<string, unknown> {
  return { 'securityFixReports.baseURL': s.baseUrl, 'workbench.startupEditor': 'none' };
}

function banner(lines: string[]): void {
  const width = Math.max(...lines.map((l) => l.length));
  console.log(`\n${'─'.repeat(width)}\n${lines.join('\n')}\n${'─'.repeat(width)}\n`);
}

/** Desktop VS Code with its own profile folders, so the user's editor and settings stay untouched. */
async function startDesktop(s: Sandbox, workspace: string): Promise<ChildProcess> {
  const dirs = editorDirs(await mkdtemp(path.join(os.tmpdir(), 'sfr-demo-vscode-')));
  cleanups.push(() => rm(dirs.root, { recursive: true, force: true, maxRetries: 3 }));
  await seedDirs(dirs, userSettings(s));
  const profile = ['--user-data-dir', dirs.userData, '--extensions-dir', dirs.extensions];
  run('code', [...profile, '--install-extension', VSIX, '--force']);
  const env = { ...process.env, SECURITY_FIX_REPORTS_KEY: s.key };
  // --wait: the CLI returns when the window closes, which ends the demo too.
  const child = spawn('code', [...profile, '--new-window', '--disable-workspace-trust', '--wait', workspace], { stdio: 'inherit', env });
  cleanups.push(() => {
    if (child.exitCode === null) child.kill('SIGTERM');
  });
  banner([
    'Security Fix Reports demo: desktop VS Code (its own profile) is opening the sample workspace.',
    `Sandbox service: ${s.baseUrl}`,
    `Demo key:        ${s.key}`,
    'The extension offers to store the key from SECURITY_FIX_REPORTS_KEY: click "Store Key".',
    'Close the window or press Ctrl-C to stop.',
  ]);
  return child;
}

async function startServer(
  s: Sandbox,
  workspace: string,
  port: number,
): Promise<{ server: CodeServerProcess; url: string; dirs: EditorDirs }> {
  const dirs = editorDirs(await mkdtemp(path.join(os.tmpdir(), 'sfr-demo-editor-')));
  cleanups.push(() => rm(dirs.root, { recursive: true, force: true, maxRetries: 3 }));
  await seedDirs(dirs, userSettings(s));
  const env = codeServerEnv(dirs, { SECURITY_FIX_REPORTS_KEY: s.key });
  installVsix(dirs, VSIX, env);
  const server = startCodeServer(dirs, port, env, (line) => {
    if (process.env['DEMO_VERBOSE']) console.log(line);
  });
  cleanups.push(() => server.stop());
  await waitForHealthy(server, 30_000);
  return { server, url: workbenchUrl(port, workspace, []), dirs };
}

/** Opens the demo like a user would and checks the tree lists the seeded reports. */
async function check(url: string, s: Sandbox, dirs: EditorDirs): Promise<void> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run', '--disable-background-networking'],
    env: { ...process.env, XDG_CONFIG_HOME: dirs.xdgConfig, XDG_CACHE_HOME: dirs.xdgCache },
  });
  cleanups.push(() => browser.close());
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  await page.goto(url);
  await waitForWorkbench(page);
  const toast = page.locator('.notifications-toasts .notification-list-item', { hasText: 'SECURITY_FIX_REPORTS_KEY' }).first();
  await toast.waitFor({ state: 'visible', timeout: 60_000 });
  await toast.locator('.monaco-button', { hasText: 'Store Key' }).first().click();
  const sidebar = viewPane(await openViewContainer(page, 'Security Fix Reports', 30_000), 'Security Fix Reports');
  const rows = sidebar.locator('.monaco-list-row');
  const deadline = Date.now() + 30_000;
  while ((await rows.count()) < s.dataset.reports.length && Date.now() < deadline) await page.waitForTimeout(200);
  const labels = await rows.allInnerTexts();
  const projects = new Set(s.dataset.reports.map((r) => r.vulnerabilityReport?.project?.name ?? r.id));
  if (labels.length !== s.dataset.reports.length || !labels.every((l) => [...projects].some((p) => l.startsWith(p)))) {
    throw new Error(`the tree shows ${labels.length} rows, expected the ${s.dataset.reports.length} seeded reports: ${labels.join(' | ')}`);
  }
  console.log(`[demo] check passed: the tree lists the ${labels.length} seeded reports (first: ${labels[0]})`);
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      'no-build': { type: 'boolean', default: false },
      'code-server': { type: 'boolean', default: false },
      port: { type: 'string' },
      check: { type: 'boolean', default: false },
    },
  });
  const stop = (code: number) => {
    if (stopping) process.exit(code);
    stopping = true;
    console.log('\n[demo] stopping…');
    void cleanUp().finally(() => process.exit(code));
  };
  process.on('SIGINT', () => stop(130));
  process.on('SIGTERM', () => stop(143));

  if (!values['no-build']) {
    console.log('[demo] building the VSIX (npm run package)…');
    run('npm', ['run', '--silent', 'package']);
  }
  if (!existsSync(VSIX)) throw new Error(`${VSIX} not found: run \`npm run package\``);

  const sandboxPort = Number(process.env['SANDBOX_PORT'] ?? 0);
  const s = await startSandbox({ dataset: { seed: SEED, bigReportIssues: BIG_REPORT_ISSUES }, port: sandboxPort });
  cleanups.push(() => s.close());
  const workspace = await prepareWorkspace();
  cleanups.push(() => rm(workspace, { recursive: true, force: true }));
  console.log(
    `[demo] sandbox: ${s.baseUrl} (${s.dataset.reports.length} reports, one with ${BIG_REPORT_ISSUES.toLocaleString('en-US')} issues)`,
  );
  console.log(`[demo] workspace: ${workspace} (git remote: github.com/acme/payments-api)`);

  if (onPath('code') && !values['code-server'] && !values.check) {
    const child = await startDesktop(s, workspace);
    await new Promise<void>((resolve) => child.once('exit', () => resolve()));
    if (stopping) return new Promise<number>(() => undefined);
    await cleanUp();
    return 0;
  }

  console.log('[demo] checking code-server (scripts/install-editor.sh)…');
  run('bash', [installScript()]);
  assertInstalled();
  const port = values.port ? Number(values.port) : await freePort();
  const { server, url, dirs } = await startServer(s, workspace, port);
  banner([
    `Security Fix Reports demo: open ${url}`,
    `Sandbox service: ${s.baseUrl}`,
    `Demo key:        ${s.key}`,
    'The extension offers to store the key from SECURITY_FIX_REPORTS_KEY: click "Store Key",',
    'then open the Security Fix Reports view (shield icon in the activity bar).',
    'Ctrl-C stops the editor and the sandbox.',
  ]);
  if (values.check) {
    await check(url, s, dirs);
    await cleanUp();
    return 0;
  }
  const code = await server.exited;
  if (stopping) return new Promise<number>(() => undefined); // the signal handler exits
  console.error(`[demo] code-server exited (${code})`);
  await cleanUp();
  return 1;
}

main().then(
  (code) => process.exit(code),
  async (e: unknown) => {
    console.error(`[demo] ${e instanceof Error ? e.message : String(e)}`);
    await cleanUp();
    process.exit(1);
  },
);
