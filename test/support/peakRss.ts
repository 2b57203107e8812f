// Peak memory of a child process, read while it runs (load tests of the CLI's streaming output).
import { readFileSync } from 'node:fs';

/** Peak resident set (VmHWM) of a live process, in MB; undefined once it has exited. */
export function peakRss(pid: number): number | undefined {
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : undefined;
  } catch {
    return undefined;
  }
}
