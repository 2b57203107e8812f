// Child process for profiling: `node --cpu-prof out/bench/cases/pagingProbe.js client|bare <runs>`
// with BENCH_SANDBOX (SandboxInfo JSON) in the environment.
import type { SandboxInfo } from '../lib/sandboxProcess';
import { bareLoop, clientLoop } from './pagingLoops';

async function main(): Promise<void> {
  const info = JSON.parse(process.env['BENCH_SANDBOX'] ?? '') as SandboxInfo;
  const mode = process.argv[2];
  const runs = Number(process.argv[3] ?? 3);
  const loop = mode === 'bare' ? bareLoop : clientLoop;
  for (let i = 0; i < runs; i++) await loop(info);
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
