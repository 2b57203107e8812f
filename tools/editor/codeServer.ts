// code-server (VS Code 1.100.3 with a Node extension host) as a child process: where the
// install lives, how to start it isolated from the user's own editor, and how to stop it
// with everything it spawned. Installed, at the version pinned there, by scripts/install-editor.sh.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import * as path from 'node:path';
import { createInterface } from 'node:readline';

/** out/tools/editor/*.js -> repository root. */
export const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');

function codeServerBin(): string {
  const cache = process.env['EDITOR_CACHE_DIR'] ?? path.join(REPO_ROOT, '.cache', 'code-server');
  return path.join(cache, 'node_modules', '.bin', 'code-server');
}

export function installScript(): string {
  return path.join(REPO_ROOT, 'scripts', 'install-editor.sh');
}

/** Per-run folders, so runs never see the user's ~/.config or each other's state. */
export interface EditorDirs {
  root: string;
  userData: string;
  extensions: string;
  xdgConfig: string;
  xdgData: string;
  xdgCache: string;
  /** TMPDIR for code-server: VS Code leaves vscode-ipc-*.sock / vscode-git-*.sock there. */
  tmp: string;
}

export function editorDirs(root: string): EditorDirs {
  return {
    root,
    userData: path.join(root, 'user-data'),
    extensions: path.join(root, 'extensions'),
    xdgConfig: path.join(root, 'xdg-config'),
    xdgData: path.join(root, 'xdg-data'),
    xdgCache: path.join(root, 'xdg-cache'),
    tmp: path.join(root, 'tmp'),
  };
}

const DETERMINISTIC_SETTINGS = {
  'workbench.startupEditor': 'none',
  'telemetry.telemetryLevel': 'off',
  'extensions.autoUpdate': false,
  'extensions.autoCheckUpdates': false,
  'update.mode': 'none',
  'workbench.enableExperiments': false,
  'workbench.tips.enabled': false,
  // A container with several views puts each view's title actions in its pane header, shown only
  // on hover unless this is set: the UI tests click them as they are.
  'workbench.view.alwaysShowHeaderActions': true,
};

export async function seedDirs(dirs: EditorDirs, userSettings: Record<string, unknown> = {}): Promise<void> {
  for (const dir of [dirs.userData, dirs.extensions, dirs.xdgConfig, dirs.xdgData, dirs.xdgCache, dirs.tmp]) {
    await mkdir(dir, { recursive: true });
  }
  await mkdir(path.join(dirs.userData, 'User'), { recursive: true });
  const settings = { ...DETERMINISTIC_SETTINGS, ...userSettings };
  await writeFile(path.join(dirs.userData, 'User', 'settings.json'), JSON.stringify(settings, null, 2));
}

/**
 * The environment code-server (and so the extension host) runs with. VSCODE_* variables
 * from a surrounding VS Code terminal would make the CLI talk to that editor instead.
 */
export function codeServerEnv(dirs: EditorDirs, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (!key.startsWith('VSCODE_') && key !== 'ELECTRON_RUN_AS_NODE') env[key] = value;
  }
  return { ...env, ...extra, ...xdgEnv(dirs), TMPDIR: dirs.tmp };
}

/**
 * Keeps code-server (config.yaml, deviceid) and chromium (crash reports, dconf) out of the
 * user's ~/.config and ~/.cache.
 */
export function xdgEnv(dirs: EditorDirs): Record<string, string> {
  return { XDG_CONFIG_HOME: dirs.xdgConfig, XDG_DATA_HOME: dirs.xdgData, XDG_CACHE_HOME: dirs.xdgCache };
}

export function assertInstalled(): void {
  if (!existsSync(codeServerBin())) {
    throw new Error(`code-server is not installed at ${codeServerBin()}: run scripts/install-editor.sh`);
  }
}

export function installVsix(dirs: EditorDirs, vsix: string, env: NodeJS.ProcessEnv): void {
  const result = spawnSync(
    codeServerBin(),
    ['--install-extension', vsix, '--extensions-dir', dirs.extensions, '--user-data-dir', dirs.userData],
    { env, encoding: 'utf8', timeout: 120_000 },
  );
  if (result.status !== 0) {
    const output = `${result.stdout ?? ''}${result.stderr ?? ''}`.trim();
    throw new Error(`installing ${vsix} failed (exit ${result.status ?? result.signal}): ${output}`);
  }
}

/**
 * Writes user-data/languagepacks.json for the installed extensions that contribute a locale, as
 * VS Code's own language pack cache does when a pack is installed from a running workbench.
 * `--install-extension` does not write it, and without it code-server resolves every --locale
 * to English (its getNLSConfiguration reads only this file). Returns the locales registered.
 */
export async function registerLanguagePacks(dirs: EditorDirs): Promise<string[]> {
  const packs: Record<string, unknown> = {};
  for (const folder of await readdir(dirs.extensions, { withFileTypes: true })) {
    if (!folder.isDirectory()) continue;
    const root = path.join(dirs.extensions, folder.name);
    let manifest: ExtensionManifest;
    try {
      manifest = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8')) as ExtensionManifest;
    } catch {
      continue; // not an extension folder
    }
    for (const localization of manifest.contributes?.localizations ?? []) {
      const main = localization.translations?.find((t) => t.id === 'vscode');
      if (!main) continue;
      packs[localization.languageId] = {
        hash: createHash('sha256').update(`${manifest.publisher}.${manifest.name}@${manifest.version}`).digest('hex').slice(0, 32),
        extensions: [{ extensionIdentifier: { id: `${manifest.publisher}.${manifest.name}` }, version: manifest.version }],
        translations: { vscode: path.join(root, main.path) },
        label: localization.localizedLanguageName ?? localization.languageName,
      };
    }
  }
  await writeFile(path.join(dirs.userData, 'languagepacks.json'), JSON.stringify(packs));
  return Object.keys(packs);
}

interface ExtensionManifest {
  publisher: string;
  name: string;
  version: string;
  contributes?: {
    localizations?: {
      languageId: string;
      languageName?: string;
      localizedLanguageName?: string;
      translations?: { id: string; path: string }[];
    }[];
  };
}

/** Asks the OS for a free loopback port (a tiny race remains until code-server binds it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('could not get a free port'));
      });
    });
  });
}

export interface CodeServerProcess {
  child: ChildProcess;
  port: number;
  /** Resolves when the process exits, with its code (or signal name). */
  exited: Promise<number | string>;
  stop(): Promise<void>;
}

export function startCodeServer(
  dirs: EditorDirs,
  port: number,
  env: NodeJS.ProcessEnv,
  onLog: (line: string) => void,
  workspaceTrust = false,
  locale?: string,
): CodeServerProcess {
  const args = [
    ...(locale ? ['--locale', locale] : []),
    '--auth',
    'none',
    '--disable-telemetry',
    '--disable-update-check',
    // Otherwise Restricted Mode until the user trusts the folder (a check asks for exactly that).
    ...(workspaceTrust ? [] : ['--disable-workspace-trust']),
    '--disable-getting-started-override',
    '--ignore-last-opened',
    '--bind-addr',
    `127.0.0.1:${port}`,
    '--user-data-dir',
    dirs.userData,
    '--extensions-dir',
    dirs.extensions,
  ];
  // detached: its own process group, so stop() also reaches the extension host and watchers.
  // The guard kills that group if this process dies without running any exit hook.
  const guard = path.join(__dirname, 'processGuard.js');
  const child = spawn(process.execPath, [guard, codeServerBin(), ...args], {
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  const exited = new Promise<number | string>((resolve) => {
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown'));
    child.once('error', (err) => {
      onLog(`[code-server] failed to start: ${err.message}`);
      resolve('spawn-error');
    });
  });
  for (const stream of [child.stdout, child.stderr]) {
    if (!stream) continue;
    createInterface({ input: stream }).on('line', (line) => {
      if (line.trim() !== '') onLog(`[code-server] ${line}`);
    });
  }
  const killGroup = (signal: NodeJS.Signals) => {
    if (child.pid === undefined) return;
    try {
      process.kill(-child.pid, signal);
    } catch {
      // ESRCH: the group is already gone.
    }
  };
  // Last resort if the harness exits without stop() (uncaught error, process.exit in a
  // signal handler). Kept until stop(): group members may outlive the leader.
  const onExit = () => killGroup('SIGKILL');
  process.on('exit', onExit);
  return {
    child,
    port,
    exited,
    stop: async () => {
      killGroup('SIGTERM');
      const stopped = await Promise.race([exited.then(() => true), delay(5000).then(() => false)]);
      killGroup('SIGKILL');
      if (!stopped) await Promise.race([exited, delay(2000)]);
      process.removeListener('exit', onExit);
    },
  };
}

/** Polls GET /healthz until it answers 200, failing early if code-server exits. */
export async function waitForHealthy(server: CodeServerProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exitedWith: number | string | undefined;
  void server.exited.then((code) => {
    exitedWith = code;
  });
  while (Date.now() < deadline) {
    if (exitedWith !== undefined) throw new Error(`code-server exited (${exitedWith}) before it was ready`);
    try {
      const res = await fetch(`http://127.0.0.1:${server.port}/healthz`, { signal: AbortSignal.timeout(1000) });
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await delay(100);
  }
  throw new Error(`code-server did not answer /healthz on port ${server.port} within ${timeoutMs} ms`);
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
