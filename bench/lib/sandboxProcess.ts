// Starts and stops the benchmark's sandbox service (sandboxMain.js) as a child process.
import { spawn, type ChildProcess } from 'node:child_process';
import * as path from 'node:path';
import { createInterface } from 'node:readline';

export interface SandboxInfo {
  baseUrl: string;
  key: string;
  /** 100k issues, 10k fixes. */
  reportId: string;
  /** 100k false positives, no fixes. */
  fpReportId: string;
  /** Another report like `reportId`. */
  thirdReportId: string;
  issues: number;
  fixes: number;
  fpIssues: number;
  thirdIssues: number;
  reports: number;
  pageSize: number;
  /** Time to generate and cache the data. */
  warmMs: number;
}

export interface SandboxProcess {
  info: SandboxInfo;
  pid: number;
  stop(): Promise<void>;
}

/** `latencyMs`: the service waits this long before every answer (SandboxOptions.latencyMs). */
export async function startSandboxProcess(options: { issues?: number; seed?: number; latencyMs?: number } = {}): Promise<SandboxProcess> {
  const entry = path.join(__dirname, 'sandboxMain.js');
  const child = spawn(process.execPath, [entry], {
    stdio: ['pipe', 'pipe', 'inherit'],
    env: {
      ...process.env,
      BENCH_ISSUES: String(options.issues ?? 100_000),
      BENCH_SEED: String(options.seed ?? 11),
      BENCH_LATENCY_MS: String(options.latencyMs ?? 0),
    },
  });
  const info = await firstLine(child);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    info,
    pid: child.pid!,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

function firstLine(child: ChildProcess): Promise<SandboxInfo> {
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    const onExit = (code: number | null) => reject(new Error(`the bench sandbox exited (${code}) before it was ready`));
    child.once('exit', onExit);
    child.once('error', reject);
    lines.once('line', (line) => {
      child.off('exit', onExit);
      lines.close();
      try {
        resolve(JSON.parse(line) as SandboxInfo);
      } catch (e) {
        reject(new Error(`the bench sandbox printed ${line.slice(0, 200)}: ${String(e)}`));
      }
    });
  });
}
