// Starts and stops the benchmark's sandbox service (sandboxMain.js) as a child process.
import { spawn, type ChildProcess } from 'node:child_process';
import * as path from 'node:path';
import { createInterface } from 'node:readline';
import { NO_LATENCY, type LatencyModel } from '../../tools/sandbox/latency';

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
  /** Dataset seed, which also draws each request's jitter. */
  seed: number;
  /** The network the service models (tools/sandbox/latency.ts); all zero on plain loopback. */
  latency: LatencyModel;
  /** Time to generate and cache the data. */
  warmMs: number;
}

export interface SandboxProcess {
  info: SandboxInfo;
  pid: number;
  stop(): Promise<void>;
}

/** `latency`: the network the service models (round trip ± jitter, body rate); none by default. */
export async function startSandboxProcess(
  options: { issues?: number; seed?: number; latency?: Partial<LatencyModel> } = {},
): Promise<SandboxProcess> {
  const entry = path.join(__dirname, 'sandboxMain.js');
  const child = spawn(process.execPath, [entry], {
    stdio: ['pipe', 'pipe', 'inherit'],
    env: {
      ...process.env,
      BENCH_ISSUES: String(options.issues ?? 100_000),
      BENCH_SEED: String(options.seed ?? 11),
      BENCH_LATENCY: JSON.stringify({ ...NO_LATENCY, ...options.latency }),
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
