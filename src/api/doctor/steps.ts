// The doctor's steps as they run: each timed, each able to be skipped with the reason, and the
// rest skipped once the caller cancels. An unexpected exception in a step is that step's
// failure, never the end of the report.
import { errorMessage } from '../../common/errors';
import { oneLine } from '../../common/text';
import { ServiceError } from '../errors';
import type { Step, StepId } from './types';

export type Outcome = Omit<Step, 'id' | 'name' | 'ms'>;

export class StepLog {
  readonly steps: Step[] = [];

  constructor(
    private readonly signal: AbortSignal | undefined,
    private readonly onStep: ((name: string) => void) | undefined,
  ) {}

  async run(id: StepId, name: string, body: () => Outcome | Promise<Outcome>): Promise<Step> {
    if (this.signal?.aborted) return this.skip(id, name, 'cancelled');
    this.onStep?.(name);
    const started = performance.now();
    let outcome: Outcome;
    try {
      outcome = await body();
    } catch (e) {
      outcome = failure(e);
    }
    if (this.signal?.aborted && outcome.status === 'fail') outcome = { status: 'skipped', detail: 'cancelled' };
    return this.add({ id, name, ...outcome, ms: Math.round(performance.now() - started) });
  }

  skip(id: StepId, name: string, why: string): Step {
    return this.add({ id, name, status: 'skipped', detail: why, ms: 0 });
  }

  status(id: StepId): Step['status'] | undefined {
    return this.steps.find((s) => s.id === id)?.status;
  }

  private add(step: Step): Step {
    this.steps.push(step);
    return step;
  }
}

/** A thrown value as a failed step: a ServiceError keeps its kind (its message is already one clean line). */
export function failure(e: unknown): Outcome {
  if (e instanceof ServiceError) return { status: 'fail', detail: e.message, failure: e.kind };
  return { status: 'fail', detail: oneLine(errorMessage(e), 500), failure: 'network' };
}
