// The memory a CLI command takes, for the load tests' constant-memory checks: its peak RSS,
// read from /proc while it runs, and the heap it retains across full collections, both from the
// same run.
//
// Peak RSS is what a pipeline pays, but V8 sizes its heap by allocation rate and collection
// timing: identical plain runs of the SARIF export peaked at 147 to 213 MB. The retained-heap
// probe forces a full collection twice a second, which keeps the heap near what is live, so the
// peak it leaves is mostly what lies outside the heap (output and response bytes queued when
// backpressure is lost): the thing the peak is checked for. The small and the large run are
// measured alike. Noise only adds: a large run over its limit is run again and the lower figures
// kept. The tight check is the retained heap: a leak of a few bytes an issue shows there over
// 900,000 more issues.
import { strict as assert } from 'node:assert';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';

const PROBE = join(__dirname, 'retainedHeapProbe.js');
const MB = 1024 * 1024;

export interface CliCommand<T> {
  cli: string;
  args: readonly string[];
  env: NodeJS.ProcessEnv;
  /** Reads the whole of stdout (it must, or the CLI blocks on a full pipe) and says what it saw. */
  consume: (stdout: Readable) => Promise<T>;
  /** Throws (an assertion) when a run's output is not what it should be. */
  check: (output: T) => void;
}

export interface CliMemory {
  /** The lower peak RSS of the runs, in MB. */
  peakRssMb: number;
  /** Runs made: 2 when the first was over the limit, else 1. */
  runs: number;
  /** The largest heap in use after a full collection, in MB (the lower of the runs). */
  retainedHeapMb: number;
  /** The first run's wall-clock time. */
  seconds: number;
}

/**
 * Runs the command once, or twice when the first run's peak is over `peakLimitMb` (the limit the
 * peak will be held to); checks each output and measures.
 */
export async function cliMemory<T>(command: CliCommand<T>, peakLimitMb = Infinity): Promise<CliMemory> {
  const runs = [await runOnce(command)];
  if (runs[0]!.peakRssMb > peakLimitMb) runs.push(await runOnce(command));
  return {
    peakRssMb: Math.min(...runs.map((r) => r.peakRssMb)),
    runs: runs.length,
    retainedHeapMb: Math.min(...runs.map((r) => r.retainedHeapMb)),
    seconds: runs[0]!.seconds,
  };
}

interface Run {
  peakRssMb: number;
  retainedHeapMb: number;
  seconds: number;
}

async function runOnce<T>(command: CliCommand<T>): Promise<Run> {
  const dir = mkdtempSync(join(tmpdir(), 'sfr-retained-'));
  const file = join(dir, 'bytes');
  try {
    const started = Date.now();
    const child = spawn(process.execPath, ['--expose-gc', '-r', PROBE, command.cli, ...command.args], {
      env: { ...command.env, SFR_RETAINED_HEAP_FILE: file },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let peak = 0;
    const sample = () => (peak = Math.max(peak, peakRss(child.pid!) ?? 0));
    const timer = setInterval(sample, 50);
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    // The last sample once stdout ends: the process is still there, its high-water mark final.
    child.stdout.on('end', sample);
    const exited = new Promise<number | null>((resolve, reject) => {
      child.on('error', reject);
      child.on('close', resolve);
    });
    const [output, code] = await Promise.all([command.consume(child.stdout), exited]).finally(() => clearInterval(timer));
    if (code !== 0) throw new Error(`cli exited ${code}: ${stderr}`);
    command.check(output);
    return {
      peakRssMb: Math.round(peak),
      retainedHeapMb: Math.round((Number(readFileSync(file, 'utf8')) / MB) * 10) / 10,
      seconds: (Date.now() - started) / 1000,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Peak resident set (VmHWM) of a live process, in MB; undefined once it has exited. */
function peakRss(pid: number): number | undefined {
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** Counts line feeds in a stream: JSONL lines, or SARIF's one result per line. */
export function countLines(stdout: Readable): Promise<{ lines: number; tail: string }> {
  return new Promise((resolve, reject) => {
    let lines = 0;
    let tail = '';
    stdout.on('data', (chunk: Buffer) => {
      for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
      tail = (tail + chunk.toString('latin1')).slice(-16);
    });
    stdout.on('end', () => resolve({ lines, tail }));
    stdout.on('error', reject);
  });
}

/**
 * Constant memory from 100,000 to 1,000,000 issues. The retained heap may grow by 8 MB at most,
 * under 10 bytes for each further issue (one issue's own JSON is about 800 bytes, its SARIF
 * result about 1,100): that is the tight check, and it is stable to a tenth of a MB from run to
 * run. The peak RSS is there for what the heap does not show, output or response bytes queued
 * outside it when backpressure is lost, and moves by tens of MB between identical runs (V8 sizes
 * its heap by allocation rate): it may grow by 100 bytes for each further issue, a tenth of one
 * issue's output. A ratio to the small run's peak was tried and failed on noise alone.
 */
const PEAK_BYTES_PER_FURTHER_ISSUE = 100;

/** The peak RSS the large run (`largeCount` issues) may reach, given the small one's. */
export function peakLimit(small: CliMemory, smallCount: number, largeCount: number): number {
  return small.peakRssMb + ((largeCount - smallCount) * PEAK_BYTES_PER_FURTHER_ISSUE) / MB;
}

export function assertConstantMemory(small: CliMemory, large: CliMemory, smallCount: number, largeCount: number): void {
  const limit = peakLimit(small, smallCount, largeCount);
  assert.ok(large.peakRssMb <= limit, `peak RSS grew from ${small.peakRssMb} MB to ${large.peakRssMb} MB (limit ${Math.round(limit)} MB)`);
  assert.ok(
    large.retainedHeapMb <= small.retainedHeapMb + 8,
    `the heap retained across full collections grew from ${small.retainedHeapMb} MB to ${large.retainedHeapMb} MB`,
  );
}

/** What a measure says, for docs/reliability.md. */
export function describeMemory(what: string, m: CliMemory): string {
  const runs = m.runs === 1 ? 'one run' : 'the lower of two runs, the first over the limit';
  return `${what}: peak RSS ${m.peakRssMb} MB, retained heap ${m.retainedHeapMb} MB (${runs}; the first took ${m.seconds.toFixed(1)} s)`;
}
