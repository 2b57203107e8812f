// Child process of bench/cases/fastPaths.ts: one paging loop in its own process (its own
// JIT and heap, so the bundles measured side by side do not disturb each other), run on
// request. `node --expose-gc fastPathsProbe.js bare|<bundle.js>`; each IPC message is a
// SandboxInfo to page through, each answer { ms, cpuMs, issues }.
import { createRequire } from 'node:module';
import type { SandboxInfo } from '../lib/sandboxProcess';
import { bareLoop } from './pagingLoops';

export interface WorkerRun {
  ms: number;
  /** CPU time of this process during the run (its GC and compiler threads included). */
  cpuMs: number;
  issues: number;
}

type Loop = (info: SandboxInfo) => Promise<number>;

const target = process.argv[2];
const loop: Loop = target === 'bare' ? (info) => bareLoop(info) : (createRequire(__filename)(target!) as { clientLoop: Loop }).clientLoop;

process.on('message', (info: SandboxInfo) => {
  (globalThis as { gc?: () => void }).gc?.();
  const cpu = process.cpuUsage();
  const started = performance.now();
  loop(info).then(
    (issues) => {
      const ms = performance.now() - started;
      const used = process.cpuUsage(cpu);
      process.send!({ ms, cpuMs: (used.user + used.system) / 1000, issues } satisfies WorkerRun);
    },
    (e: unknown) => {
      console.error(e);
      process.exit(1);
    },
  );
});
process.on('disconnect', () => process.exit(0));
