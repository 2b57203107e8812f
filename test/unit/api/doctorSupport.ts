// What the doctor's unit tests share: an input as the CLI would build it, and a step by id.
import { strict as assert } from 'node:assert';
import type { DoctorInput, DoctorReport, Step, StepId } from '../../../src/api/doctor/types';

export function doctorInput(baseUrl: string | undefined, key: string | undefined, over: Partial<DoctorInput> = {}): DoctorInput {
  return {
    baseUrl: { value: baseUrl, source: 'the test' },
    key: { value: key, source: 'the test' },
    network: {},
    proxySource: 'the test',
    howTo: { baseUrl: 'Set the base URL.', key: 'Set the key.', caFile: 'CA_FILE=…', proxy: 'HTTPS_PROXY' },
    environment: [['Product', 'doctor unit test']],
    stepTimeoutMs: 5_000,
    userAgent: 'doctor-test',
    ...over,
  };
}

export function step(report: DoctorReport, id: StepId): Step {
  const found = report.steps.find((s) => s.id === id);
  assert.ok(found, `the report has a ${id} step`);
  return found;
}

/** `id: status` of every step, in order: the shape of a run at a glance. */
export function statuses(report: DoctorReport): string[] {
  return report.steps.map((s) => `${s.id}: ${s.status}`);
}
