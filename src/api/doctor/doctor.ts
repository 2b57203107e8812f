// The connection doctor: for the configured origin, step by step, whether the URL is allowed,
// the key present, the CA file readable, which proxy is used, and whether DNS, TCP, the
// proxy's tunnel, TLS, the key and each endpoint work, with timings. Runs in plain Node (the
// CLI's `doctor`, the editor's Check Connection); every step is bounded by a deadline, and the
// report holds no key (see report.ts).
import { arch, release, type } from 'node:os';
import { checkConnection } from './connectionSteps';
import { checkEndpoints, skipEndpoints } from './endpointSteps';
import { StepLog } from './steps';
import type { DoctorInput, DoctorReport, Step, Verdict } from './types';

const DEFAULT_STEP_TIMEOUT_MS = 10_000;

export async function runDoctor(input: DoctorInput): Promise<DoctorReport> {
  const timeoutMs = input.stepTimeoutMs ?? DEFAULT_STEP_TIMEOUT_MS;
  const log = new StepLog(input.signal, input.onStep);
  const reached = await checkConnection(input, log, timeoutMs);
  if (input.signal?.aborted) skipEndpoints(log, 'cancelled');
  else if (reached.blocked) skipEndpoints(log, reached.blocked);
  else if (!reached.key) skipEndpoints(log, 'no usable service key');
  else if (reached.url) await checkEndpoints(input, log, reached.url, reached.key, timeoutMs);
  return {
    environment: [
      ...input.environment,
      ['OS', `${type()} ${release()} (${arch()})`],
      ['Node.js', process.version],
      ['Time', new Date().toISOString()],
      ['Step deadline', `${timeoutMs / 1000} s`],
    ],
    origin: reached.url?.origin,
    verdict: input.signal?.aborted
      ? { status: 'fail', summary: 'CANCELLED before every step ran', failure: 'cancelled' }
      : verdictOf(log.steps),
    steps: log.steps,
  };
}

/** The first failure decides (configuration comes before the network, the network before the endpoints); else any warning. */
function verdictOf(steps: readonly Step[]): Verdict {
  const first = steps.find((s) => s.status === 'fail');
  // A list refused for the key: the key's step says which refusal it was (401 or 403).
  const failed = first?.id === 'list' ? (steps.find((s) => s.id === 'key-accepted' && s.status === 'fail') ?? first) : first;
  if (failed) return { status: 'fail', summary: `FAILED at ${failed.name}: ${failed.detail}`, failure: failed.failure ?? 'network' };
  const warned = steps.filter((s) => s.status === 'warn');
  if (warned.length > 0) return { status: 'warn', summary: `OK, with warnings at ${warned.map((s) => s.name).join(', ')}` };
  return { status: 'ok', summary: 'OK: every check passed' };
}
