// What every case gets: the running sandbox, run counts, a scratch folder and a logger.
import * as path from 'node:path';
import type { SandboxInfo } from './sandboxProcess';

export interface BenchContext {
  sandbox: SandboxInfo;
  /** Runs of fast variants (≥ 5). */
  runs: number;
  /** Runs of slow variants (curl + jq, editor launches). */
  slowRuns: number;
  tmpDir: string;
  /** Take CPU profiles (separate runs, not timed). */
  profile: boolean;
  log: (line: string) => void;
}

/** out/bench/lib → repository root. */
export const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');

/** Frees memory between measured runs when node runs with --expose-gc. */
export function collectGarbage(): void {
  (globalThis as { gc?: () => void }).gc?.();
}
