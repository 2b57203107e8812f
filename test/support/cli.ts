// The built CLI (dist/cli.js, or $SFR_CLI) run as a pipeline would: a child process with only
// PATH and the variables given, stdin closed, stdout and stderr collected as text.
import { spawn } from 'node:child_process';
import { join } from 'node:path';

export const CLI = process.env.SFR_CLI ?? join(__dirname, '..', '..', '..', 'dist', 'cli.js');

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function runCli(args: readonly string[], env: Record<string, string>): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], { env: { PATH: process.env.PATH, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
