// Other work on the machine (someone's build or editor on the same 2 cores) slows whichever
// run it overlaps, and ratios of a few percent drown in that. On Linux, the CPU time the
// machine spent outside this process and its children (the sandbox, a CLI run) is read from
// /proc around each run, so that a disturbed run can be run again.
import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks of /proc (USER_HZ): 100 per second on Linux. */
const TICK_MS = 10;

/** Busy ticks of the whole machine (user, nice, system, irq, softirq, steal), or undefined without /proc. */
function machineBusyTicks(): number | undefined {
  try {
    const f = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]!.trim().split(/\s+/).slice(1).map(Number);
    return f[0]! + f[1]! + f[2]! + f[5]! + f[6]! + (f[7] ?? 0);
  } catch {
    return undefined;
  }
}

/** CPU ticks of this process and every descendant: living ones' own time, and the reaped ones' through their parents. */
function ourTicks(): number {
  const procs = new Map<number, { ppid: number; ticks: number }>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${name}/stat`, 'utf8');
    } catch {
      continue; // exited meanwhile
    }
    // After the command's closing parenthesis: state ppid … utime(12) stime(13) cutime(14) cstime(15).
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    procs.set(Number(name), { ppid: Number(f[1]), ticks: Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]) });
  }
  let ticks = 0;
  for (const [pid, p] of procs) {
    for (let at: number | undefined = pid; at !== undefined && at > 1; at = procs.get(at)?.ppid) {
      if (at === process.pid) {
        ticks += p.ticks;
        break;
      }
    }
  }
  return ticks;
}

/** Starts counting; the function returned gives the milliseconds of CPU others used since (undefined without /proc). */
function otherCpu(): () => number | undefined {
  const machine = machineBusyTicks();
  if (machine === undefined) return () => undefined;
  const ours = ourTicks();
  return () => ((machineBusyTicks() ?? machine) - machine - (ourTicks() - ours)) * TICK_MS;
}

/** Others may use this share of one core during a run (and the moment before it) for the run to count as quiet. */
const QUIET_SHARE = 0.1;

/**
 * Waits until others used at most QUIET_SHARE of a core for `windowMs` (at most `maxWaitMs`).
 * False if the machine never got quiet.
 */
async function untilQuiet(windowMs = 500, maxWaitMs = 30_000): Promise<boolean> {
  const deadline = performance.now() + maxWaitMs;
  do {
    const others = otherCpu();
    await new Promise((resolve) => setTimeout(resolve, windowMs));
    const used = others();
    if (used === undefined || used <= QUIET_SHARE * windowMs) return true;
  } while (performance.now() < deadline);
  return false;
}

export interface Quiet<T> {
  value: T;
  /** Others used at most QUIET_SHARE of a core while the kept run ran (always true without /proc). */
  quiet: boolean;
  /** Runs discarded because others used more meanwhile. */
  retries: number;
}

/**
 * Waits for a quiet moment, then runs `run` (which returns its own wall time) and checks that
 * others used at most QUIET_SHARE of a core meanwhile; a disturbed run is run again, up to
 * `maxTries` times in all, after which the last one is kept and marked as not quiet.
 */
export async function quietly<T extends { ms: number }>(run: () => Promise<T>, maxTries = 5): Promise<Quiet<T>> {
  for (let retries = 0; ; retries++) {
    await untilQuiet();
    const others = otherCpu();
    const value = await run();
    const used = others();
    const quiet = used === undefined || used <= QUIET_SHARE * value.ms;
    if (quiet || retries + 1 >= maxTries) return { value, quiet, retries };
  }
}
