// curl and jq for the "what a user would script" baselines. Never assumed: missing ones are
// installed with apt-get (package lists refreshed only if the first install fails).
import { spawnSync } from 'node:child_process';

export interface ToolInfo {
  /** Tools that had to be installed by this run. */
  installed: string[];
  versions: Record<string, string>;
}

const PACKAGE_OF: Record<string, string> = { curl: 'curl', jq: 'jq' };

export function ensureTools(names: readonly string[], log: (line: string) => void): ToolInfo {
  const missing = names.filter((n) => !onPath(n));
  if (missing.length > 0) {
    const packages = missing.map((n) => PACKAGE_OF[n] ?? n);
    log(`installing ${packages.join(' ')} with apt-get (missing from PATH)`);
    if (!aptInstall(packages)) {
      log('apt-get install failed; running apt-get update and retrying once');
      run(asRoot(['apt-get', 'update', '-q']));
      if (!aptInstall(packages))
        throw new Error(`could not install ${packages.join(', ')} with apt-get; install them and run the bench again`);
    }
    const still = missing.filter((n) => !onPath(n));
    if (still.length > 0) throw new Error(`${still.join(', ')} still missing after apt-get install`);
  }
  const versions: Record<string, string> = {};
  for (const name of names) versions[name] = firstLine(run([name, '--version']).stdout);
  return { installed: missing, versions };
}

function aptInstall(packages: string[]): boolean {
  return run(asRoot(['apt-get', 'install', '-y', '-q', '--no-install-recommends', ...packages])).status === 0;
}

function asRoot(argv: string[]): string[] {
  return process.getuid?.() === 0 || !onPath('sudo') ? argv : ['sudo', ...argv];
}

function onPath(name: string): boolean {
  return run(['sh', '-c', `command -v ${name}`]).status === 0;
}

function run(argv: string[]): { status: number | null; stdout: string } {
  const [command, ...args] = argv;
  const result = spawnSync(command!, args, {
    encoding: 'utf8',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return { status: result.status, stdout: result.stdout ?? '' };
}

function firstLine(text: string): string {
  return text.split('\n')[0]?.trim() ?? '';
}
