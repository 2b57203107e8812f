// Shared test helpers: a client bound to a sandbox with fast retries, a capturing logger,
// and an assertion for typed errors.
import { strict as assert } from 'node:assert';
import { FixReportsClient, type ClientOptions } from '../../src/api/client';
import { ServiceError, type ServiceErrorKind } from '../../src/api/errors';
import type { Logger } from '../../src/api/log';
import { startSandbox, type Sandbox, type SandboxOptions } from '../../tools/sandbox/server';
import { observe } from '../support/evidence';

export const fastRetry = { retries: 3, baseDelayMs: 5, maxDelayMs: 20, maxRetryAfterMs: 3_000 };

export interface CapturedLog extends Logger {
  lines: string[];
}

export function captureLog(): CapturedLog {
  const lines: string[] = [];
  const at = (level: string) => (message: string) => void lines.push(`${level} ${message}`);
  return { lines, debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}

export function clientFor(sandbox: Sandbox, overrides: Partial<ClientOptions> = {}): FixReportsClient {
  return new FixReportsClient({ baseUrl: sandbox.baseUrl, key: sandbox.key, retry: fastRetry, timeoutMs: 5_000, ...overrides });
}

/** Awaits `promise`, asserts it rejects with a ServiceError of `kind`, and returns the error. */
export async function rejectsWith(promise: Promise<unknown>, kind: ServiceErrorKind, message?: RegExp): Promise<ServiceError> {
  try {
    await promise;
  } catch (e) {
    assert.ok(e instanceof ServiceError, `expected a ServiceError, got ${String(e)}`);
    assert.equal(e.kind, kind, `expected kind ${kind}, got ${e.kind}: ${e.message}`);
    if (message) assert.match(e.message, message);
    observe(`${e.kind}${e.status ? ` (HTTP ${e.status})` : ''}${e.attempts ? ` after ${e.attempts} attempts` : ''}: ${e.message}`);
    return e;
  }
  assert.fail(`expected a ${kind} error, but the call succeeded`);
}

export async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const items: T[] = [];
  for await (const item of iterable) items.push(item);
  return items;
}

/**
 * Registers the hooks of a suite that shares one sandbox and one client: started before the
 * suite, closed after it, faults and recorded requests cleared before each test.
 */
export function useSandbox(
  options: SandboxOptions,
  clientOptions: Partial<ClientOptions>,
  bind: (sandbox: Sandbox, client: FixReportsClient) => void,
): void {
  let sandbox: Sandbox | undefined;
  let client: FixReportsClient | undefined;
  before(async () => {
    sandbox = await startSandbox(options);
    client = clientFor(sandbox, clientOptions);
    bind(sandbox, client);
  });
  after(async () => {
    await client?.close();
    await sandbox?.close();
  });
  beforeEach(() => {
    sandbox?.faults.clear();
    sandbox?.clearRequests();
  });
}
