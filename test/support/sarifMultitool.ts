// Microsoft's SARIF Multitool as a validator for tests: `validate --rule-kind "Sarif;Ghas"`
// runs the SARIF rules and GitHub Advanced Security's ingestion rules (the ones behind
// https://sarifweb.azurewebsites.net). scripts/install-sarif-multitool.sh installs it into
// .cache/ on first use; ensureMultitool() runs that script once per process and returns the binary.
// The binary is called directly: the npm launcher (bin.js) passes arguments through a shell.
import { execFile, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The repository root: the folder above this file that holds the install script. */
function repoRoot(): string {
  for (let dir = __dirname; dir !== dirname(dir); dir = dirname(dir))
    if (existsSync(join(dir, 'scripts', 'install-sarif-multitool.sh'))) return dir;
  throw new Error(`scripts/install-sarif-multitool.sh not found above ${__dirname}`);
}

/** No .NET telemetry, and no dependency on libicu (validation compares no culture-specific text). */
const ENV = { ...process.env, DOTNET_SYSTEM_GLOBALIZATION_INVARIANT: '1', DOTNET_CLI_TELEMETRY_OPTOUT: '1' };

let installed: { binary: string; seconds: number } | undefined;

/**
 * The Multitool's binary, installed on first use, and how long that call took (the install
 * itself on a fresh machine, a check otherwise); throws with the script's output when it cannot.
 */
export function ensureMultitool(): { binary: string; seconds: number } {
  if (installed) return installed;
  const script = join(repoRoot(), 'scripts', 'install-sarif-multitool.sh');
  const started = Date.now();
  const result = spawnSync('bash', [script], { encoding: 'utf8', env: ENV, timeout: 600_000 });
  const binary = result.stdout?.trim().split('\n').pop() ?? '';
  if (result.status !== 0 || !existsSync(binary))
    throw new Error(
      `The SARIF Multitool could not be installed (bash ${script}, exit ${result.status ?? result.signal}): ` +
        `${(result.stderr ?? '').trim() || result.error?.message}\nThese tests need it (npm registry access on first run).`,
    );
  installed = { binary, seconds: (Date.now() - started) / 1000 };
  return installed;
}

interface Finding {
  ruleId: string;
  level: string;
  /** The Multitool's message id and its first argument (a JSON path into the log). */
  message: string;
}

/** What `validate --rule-kind "Sarif;Ghas"` reports for the SARIF file at `path`. */
async function validateSarif(path: string): Promise<Finding[]> {
  const dir = mkdtempSync(join(tmpdir(), 'sfr-multitool-'));
  try {
    const out = join(dir, 'validation.sarif');
    // The file comes first: `--log` takes several values and would read the file as one. Files
    // over 10,000 KB are skipped unless the limit is raised (GitHub's own is on the gzipped size).
    const args = ['validate', path, '--rule-kind', 'Sarif;Ghas', '--max-file-size-in-kb', String(1024 * 1024)];
    await run(ensureMultitool().binary, [...args, '--output', out, '--log', 'ForceOverwrite'], {
      env: ENV,
      maxBuffer: 64 * 1024 * 1024,
      timeout: 600_000,
    });
    const log = JSON.parse(readFileSync(out, 'utf8')) as {
      runs: { results?: { ruleId: string; level?: string; message: { id?: string; text?: string; arguments?: string[] } }[] }[];
    };
    return (log.runs[0]?.results ?? []).map((r) => ({
      ruleId: r.ruleId,
      // SARIF's default level is warning.
      level: r.level ?? 'warning',
      message: `${r.message.id ?? r.message.text ?? ''} ${r.message.arguments?.[0] ?? ''}`.trim(),
    }));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The findings at level error, as lines (an empty list means the file passes). */
export async function sarifErrors(path: string): Promise<string[]> {
  return (await validateSarif(path)).filter((f) => f.level === 'error').map((f) => `${f.ruleId} ${f.message}`);
}
