// Runs the extension (and optionally its mocha tests) inside a real VS Code: code-server
// serves the workbench, Debian's chromium drives it through playwright-core, and the
// workbench URL's `payload` carries extensionDevelopmentPath/extensionTestsPath (the
// mechanism @vscode/test-web uses). Install both with scripts/install-editor.sh.
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import { format } from 'node:util';
import { chromium, type Browser, type Page } from 'playwright-core';
import {
  assertInstalled,
  codeServerEnv,
  editorDirs,
  freePort,
  installVsix,
  registerLanguagePacks,
  seedDirs,
  startCodeServer,
  waitForHealthy,
  xdgEnv,
  type CodeServerProcess,
} from './codeServer';

export interface EditorSession {
  url: string;
  page: Page;
  browser: Browser;
  codeServerPort: number;
  userDataDir: string;
  /** Resolves with the code the workbench reports through codeAutomationExit (tests done). */
  exit: Promise<number>;
  /** Resolves when code-server exits; before close() that means the session is dead. */
  serverExited: Promise<number | string>;
  close(): Promise<void>;
}

export interface StartEditorOptions {
  extensionDevelopmentPath?: string;
  extensionTestsPath?: string;
  /** Folder opened in the workbench (absolute path). */
  workspace: string;
  vsixPaths?: string[];
  userSettings?: Record<string, unknown>;
  /** Added to code-server's environment; the extension host inherits it. */
  env?: Record<string, string>;
  onLog?: (line: string) => void;
  headless?: boolean;
  /** Keep workspace trust on: the folder opens in Restricted Mode until the user trusts it. */
  workspaceTrust?: boolean;
  /**
   * The display language (code-server's --locale). VS Code uses it only when an installed
   * extension contributes that locale (a language pack), else it stays English.
   */
  locale?: string;
}

export interface RunTestsOptions {
  extensionDevelopmentPath: string;
  extensionTestsPath: string;
  workspace: string;
  userSettings?: Record<string, unknown>;
  env?: Record<string, string>;
  /** Whole run, startup included. Default 10 minutes. */
  timeoutMs?: number;
  onLog?: (line: string) => void;
  headless?: boolean;
}

export const CHROMIUM_PATH = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

const HEALTHZ_TIMEOUT_MS = 30_000;
const DEFAULT_RUN_TIMEOUT_MS = 10 * 60_000;

/** Cleanups of every editor started and not yet closed, for closeAllEditors(). */
const openEditors = new Set<() => Promise<void>>();

/**
 * Closes every editor this process started (browser, code-server group, temp folders).
 * For signal handlers: the process 'exit' hooks only kill processes, they cannot await.
 */
export async function closeAllEditors(): Promise<void> {
  await Promise.all(Array.from(openEditors, (close) => close()));
}

/** The workbench URL; remote paths are `vscode-remote://<host:port><absolute path>`. */
export function workbenchUrl(port: number, workspace: string, payload: Array<[string, string]>): string {
  const authority = `127.0.0.1:${port}`;
  const query = new URLSearchParams({ folder: workspace });
  if (payload.length > 0) query.set('payload', JSON.stringify(payload));
  return `http://${authority}/?${query.toString()}`;
}

function remoteUri(port: number, absolutePath: string): string {
  return `vscode-remote://127.0.0.1:${port}${path.resolve(absolutePath).split(path.sep).map(encodeURIComponent).join('/')}`;
}

function devPayload(port: number, opts: StartEditorOptions): Array<[string, string]> {
  const payload: Array<[string, string]> = [];
  if (opts.extensionDevelopmentPath) {
    payload.push(['extensionDevelopmentPath', remoteUri(port, opts.extensionDevelopmentPath)]);
  }
  if (opts.extensionTestsPath) payload.push(['extensionTestsPath', remoteUri(port, opts.extensionTestsPath)]);
  return payload;
}

/**
 * codeAutomationLog gets the extension host's console arguments unformatted (mocha logs
 * `('%s%s', indent, title)`), so apply printf-style formatting here.
 */
function formatLogArgs(args: unknown): string {
  const list: unknown[] = Array.isArray(args) ? args : [args];
  return format(...list);
}

function checkPaths(opts: StartEditorOptions): void {
  const paths: Array<[string, string | undefined]> = [
    ['workspace', opts.workspace],
    ['extensionDevelopmentPath', opts.extensionDevelopmentPath],
    ['extensionTestsPath', opts.extensionTestsPath],
    ...(opts.vsixPaths ?? []).map((p): [string, string] => ['vsix', p]),
  ];
  for (const [name, p] of paths) {
    if (p === undefined) continue;
    if (!path.isAbsolute(p)) throw new Error(`${name} must be an absolute path: ${p}`);
    if (!existsSync(p)) throw new Error(`${name} does not exist: ${p}`);
  }
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`${CHROMIUM_PATH} not found: run scripts/install-editor.sh (or set CHROMIUM_PATH)`);
  }
}

/** Starts code-server and a browser on its workbench. Always call close(), even on failure paths. */
export async function startEditor(opts: StartEditorOptions): Promise<EditorSession> {
  const onLog = opts.onLog ?? ((line: string) => console.log(line));
  assertInstalled();
  checkPaths(opts);

  const dirs = editorDirs(await mkdtemp(path.join(os.tmpdir(), 'sfr-editor-')));
  let server: CodeServerProcess | undefined;
  let browser: Browser | undefined;
  let launching: Promise<Browser> | undefined;
  // Memoised: a signal handler and the normal path may both close, and both must wait.
  let closing: Promise<void> | undefined;
  const close = (): Promise<void> => {
    closing ??= (async () => {
      // A launch in flight would leave chromium and its profile folder behind: wait for it.
      browser ??= await launching?.catch(() => undefined);
      await browser?.close().catch((err: unknown) => onLog(`[harness] closing the browser: ${String(err)}`));
      await server?.stop();
      await rm(dirs.root, { recursive: true, force: true, maxRetries: 3 });
      openEditors.delete(close);
    })();
    return closing;
  };
  // close() may run mid-startup (a signal): stop before starting anything it would miss.
  const ensureOpen = () => {
    if (closing) throw new Error('the editor was closed while it was starting');
  };
  openEditors.add(close);
  try {
    await seedDirs(dirs, opts.userSettings);
    const env = codeServerEnv(dirs, opts.env);
    for (const vsix of opts.vsixPaths ?? []) installVsix(dirs, vsix, env);
    if (opts.locale) {
      const locales = await registerLanguagePacks(dirs);
      if (!locales.includes(opts.locale))
        throw new Error(
          `--locale ${opts.locale}: no installed extension contributes it (installed packs: ${locales.join(', ') || 'none'})`,
        );
    }

    const port = await freePort();
    ensureOpen();
    server = startCodeServer(dirs, port, env, onLog, opts.workspaceTrust ?? false, opts.locale);
    await waitForHealthy(server, HEALTHZ_TIMEOUT_MS);
    ensureOpen();

    launching = chromium.launch({
      executablePath: CHROMIUM_PATH,
      headless: opts.headless ?? true,
      args: CHROMIUM_ARGS,
      timeout: 60_000,
      // Signals are the caller's (see closeAllEditors); Playwright still kills chromium on exit.
      handleSIGINT: false,
      handleSIGTERM: false,
      handleSIGHUP: false,
      env: { ...process.env, ...xdgEnv(dirs) },
    });
    browser = await launching;
    ensureOpen();
    // Clipboard permissions: the tests read what Copy FP Summary put there.
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 }, permissions: ['clipboard-read', 'clipboard-write'] });

    let reportExit: (code: number) => void = () => undefined;
    const exit = new Promise<number>((resolve) => {
      reportExit = resolve;
    });
    // Both must exist before the workbench loads: it looks them up once tests finish.
    await page.exposeFunction('codeAutomationLog', (type: unknown, args: unknown) => {
      onLog(type === 'info' || type === 'log' ? formatLogArgs(args) : `[${String(type)}] ${formatLogArgs(args)}`);
    });
    await page.exposeFunction('codeAutomationExit', (code: unknown) => {
      reportExit(typeof code === 'number' ? code : 1);
    });
    page.on('pageerror', (err) => onLog(`[browser] page error: ${err.message}`));

    const url = workbenchUrl(port, opts.workspace, devPayload(port, opts));
    await page.goto(url);
    return {
      url,
      page,
      browser,
      codeServerPort: port,
      userDataDir: dirs.userData,
      exit,
      serverExited: server.exited,
      close,
    };
  } catch (err) {
    await close();
    throw err;
  }
}

class EditorTimeoutError extends Error {
  constructor(ms: number) {
    super(`integration tests did not finish within ${ms} ms`);
    this.name = 'EditorTimeoutError';
  }
}

/**
 * Runs the mocha entry at extensionTestsPath inside the editor and resolves with its exit code
 * (0 = all passed). Rejects when the harness itself fails (install missing, server crash,
 * timeout), so callers can tell "tests failed" from "could not run tests".
 */
export async function runTestsInEditor(opts: RunTestsOptions): Promise<number> {
  const timeoutMs = opts.timeoutMs ?? DEFAULT_RUN_TIMEOUT_MS;
  const started = Date.now();
  const onLog = opts.onLog ?? ((line: string) => process.stdout.write(`${line}\n`));
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new EditorTimeoutError(timeoutMs)), timeoutMs);
  });
  const starting = startEditor({ ...opts, onLog });
  let session: EditorSession | undefined;
  try {
    session = await Promise.race([starting, timeout]);
    onLog(`[harness] editor up in ${Date.now() - started} ms: ${session.url}`);
    const serverDied = session.serverExited.then((code): never => {
      throw new Error(`code-server exited (${code}) while the tests were running`);
    });
    const code = await Promise.race([session.exit, serverDied, timeout]);
    onLog(`[harness] tests finished with exit code ${code} after ${Date.now() - started} ms`);
    return code;
  } finally {
    clearTimeout(timer);
    // If the timeout won during startup, startup still settles (every step has its own
    // timeout) and what it started must be closed.
    session ??= await starting.catch(() => undefined);
    await session?.close();
  }
}
