// Measures what the transport keeps per request made on one long-lived AbortSignal (an export or
// a paging loop hands the same signal to every request). Runs in a process of its own, so other
// tests do not disturb the heap figures:
//   node --expose-gc signalProbe.js <requests>
// Prints {"bytesPerRequest": heap growth after GC / requests, "listeners": abort listeners left
// on the signal} as one JSON line. The requests go to undici's MockAgent: no network, so the
// run is quick and only the transport's own bookkeeping is measured.
import { getEventListeners } from 'node:events';
import { MockAgent } from 'undici';
import { silentLogger } from '../../../src/api/log';
import { Transport, defaultRetry } from '../../../src/api/transport';

const ORIGIN = 'http://127.0.0.1:9';

async function main(): Promise<void> {
  const requests = Number(process.argv[2] ?? 20_000);
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('run with --expose-gc');
  const agent = new MockAgent();
  agent.disableNetConnect();
  agent
    .get(ORIGIN)
    .intercept({ path: () => true })
    .reply(200, '{}', { headers: { 'content-type': 'application/json' } })
    .persist();
  const transport = new Transport({
    key: 'probe-key',
    timeoutMs: 30_000,
    retry: defaultRetry,
    dispatcher: agent,
    logger: silentLogger,
    userAgent: 'probe',
  });
  const controller = new AbortController();
  const url = new URL(`${ORIGIN}/api/rest/fp-summary?fpId=x`);
  const limit = { maxBytes: 1024, what: 'a probe' };
  // Warm-up: undici's and the JIT's one-time allocations are not the transport's per request.
  for (let i = 0; i < 2_000; i++) await transport.get(url, limit, controller.signal);
  await settle(gc);
  const before = process.memoryUsage().heapUsed;
  for (let i = 0; i < requests; i++) await transport.get(url, limit, controller.signal);
  await settle(gc);
  const grown = process.memoryUsage().heapUsed - before;
  const listeners = getEventListeners(controller.signal, 'abort').length;
  process.stdout.write(`${JSON.stringify({ bytesPerRequest: grown / requests, listeners })}\n`);
  await agent.close();
}

/** Lets pending callbacks run, then collects twice (weak references clear on the second). */
async function settle(gc: () => void): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 50));
  gc();
  await new Promise((resolve) => setImmediate(resolve));
  gc();
}

if (require.main === module)
  main().catch((e: unknown) => {
    process.stderr.write(`${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    process.exit(1);
  });
