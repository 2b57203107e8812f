// Timed child processes: wall time from spawn to exit, output discarded, counted or kept.
import { spawn } from 'node:child_process';

export interface RunOptions {
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  /** 'discard': stdout goes to /dev/null (nothing in this process reads it, so it does not compete for CPU). */
  stdout?: 'discard' | 'count-lines' | 'capture';
}

export interface RunResult {
  ms: number;
  code: number | null;
  stdout: string;
  lines: number;
  stderr: string;
}

export function runTimed(argv: readonly string[], options: RunOptions = {}): Promise<RunResult> {
  const mode = options.stdout ?? 'capture';
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const [command, ...args] = argv;
    const child = spawn(command!, args, {
      cwd: options.cwd,
      env: options.env ?? process.env,
      stdio: ['ignore', mode === 'discard' ? 'ignore' : 'pipe', 'pipe'],
    });
    let stdout = '';
    let lines = 0;
    let stderr = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      if (mode === 'capture') stdout += chunk.toString('utf8');
      else for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      if (stderr.length < 8000) stderr += chunk.toString('utf8');
    });
    child.once('error', reject);
    child.once('close', (code) => resolve({ ms: performance.now() - started, code, stdout, lines, stderr }));
  });
}

/** Throws with the command's stderr when it failed. */
export function check(result: RunResult, what: string): RunResult {
  if (result.code !== 0) throw new Error(`${what} exited with ${result.code}: ${result.stderr.trim().slice(0, 1000)}`);
  return result;
}
