// Every error class of the client, produced by a real server on loopback: the kind, a message
// a user can act on, bounded retries, and no key leaking anywhere.
import { strict as assert } from 'node:assert';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FixReportsClient } from '../../../src/api/client';
import type { ServiceErrorKind } from '../../../src/api/errors';
import type { Sandbox } from '../../../tools/sandbox/server';
import { observe } from '../../support/evidence';
import { captureLog, clientFor, collect, fastRetry, rejectsWith, useSandbox } from '../helpers';

describe('errors: typed, actionable, bounded', () => {
  let sandbox: Sandbox;
  let client: FixReportsClient;
  const log = captureLog();
  const attempts = () => sandbox.requests.length;

  useSandbox({ seed: 21 }, { logger: log, timeoutMs: 1_500 }, (s, c) => ((sandbox = s), (client = c)));
  afterEach(() => {
    for (const line of log.lines) assert.ok(!line.includes(sandbox.key), `the key appeared in a log line: ${line}`);
  });

  it('401 without a key and with a wrong key: auth, not retried, says to set a valid key', async () => {
    const wrong = new FixReportsClient({ baseUrl: sandbox.baseUrl, key: 'not-the-key', retry: fastRetry });
    try {
      const error = await rejectsWith(wrong.listReports(), 'auth', /Set a valid key/);
      assert.equal(error.status, 401);
      assert.equal(attempts(), 1);
      assert.ok(!error.message.includes('not-the-key'));
    } finally {
      await wrong.close();
    }
    const raw = await fetch(`${sandbox.baseUrl.replace(/\/$/, '')}/api/rest/fix-reports`);
    assert.equal(raw.status, 401, 'the sandbox refuses a request without the header');
  });

  it('403: auth', async () => {
    sandbox.faults.add({ route: 'any', fault: { kind: 'status', status: 403, body: '{"error":"key lacks scope"}' } });
    const error = await rejectsWith(client.listReports(), 'auth', /key lacks scope/);
    assert.equal(error.status, 403);
    assert.equal(attempts(), 1);
  });

  it('404 and other 4xx: not retried', async () => {
    sandbox.faults.add({ route: 'fix-reports', times: 1, fault: { kind: 'status', status: 404 } });
    await rejectsWith(client.listReports(), 'not-found');
    sandbox.faults.add({
      route: 'fix-reports',
      times: 1,
      fault: { kind: 'status', status: 400, body: '{"error":"bad parameter fixReportId"}' },
    });
    await rejectsWith(client.listReports(), 'bad-request', /bad parameter fixReportId/);
    assert.equal(attempts(), 2);
  });

  for (const status of [502, 503, 504]) {
    it(`${status}: retried with backoff, then succeeds`, async () => {
      sandbox.faults.add({ route: 'fix-reports', times: 2, fault: { kind: 'status', status } });
      const reports = await client.listReports();
      assert.equal(reports.length, sandbox.dataset.reports.length);
      assert.equal(attempts(), 3);
      observe(`correct result after ${attempts()} attempts (2 × HTTP ${status}, then 200)`);
    });
  }

  it('500: a server error, not retried', async () => {
    sandbox.faults.add({ route: 'fix-reports', fault: { kind: 'status', status: 500 } });
    const error = await rejectsWith(client.listReports(), 'server', /HTTP 500.*try again later/);
    assert.equal(attempts(), 1);
    assert.equal(error.status, 500);
  });

  it('503 forever: gives up after the bounded number of retries', async () => {
    sandbox.faults.add({ route: 'fix-reports', fault: { kind: 'status', status: 503 } });
    const error = await rejectsWith(client.listReports(), 'server', /gave up after 4 attempts/);
    assert.equal(attempts(), 4);
    assert.equal(error.attempts, 4);
  });

  it('429 with Retry-After in seconds: waits that long, then succeeds', async () => {
    sandbox.faults.add({ route: 'fix-reports', times: 1, fault: { kind: 'status', status: 429, retryAfter: '1' } });
    const started = Date.now();
    await client.listReports();
    assert.ok(Date.now() - started >= 950, 'honoured Retry-After');
    assert.equal(attempts(), 2);
    observe(`correct result after waiting ${Date.now() - started} ms for Retry-After: 1`);
  });

  it('429 with Retry-After as an HTTP date: honoured', async () => {
    const at = new Date(Date.now() + 2_000).toUTCString();
    sandbox.faults.add({ route: 'fix-reports', times: 1, fault: { kind: 'status', status: 429, retryAfter: at } });
    const started = Date.now();
    await client.listReports();
    assert.ok(Date.now() - started >= 500, 'waited for the date');
    assert.equal(attempts(), 2);
    observe(`correct result after waiting ${Date.now() - started} ms for an HTTP-date Retry-After`);
  });

  it('429 with a Retry-After beyond the cap: fails at once and says when to retry', async () => {
    sandbox.faults.add({ route: 'fix-reports', fault: { kind: 'status', status: 429, retryAfter: '3600' } });
    const error = await rejectsWith(client.listReports(), 'rate-limited', /Retry in 3600 s/);
    assert.equal(error.retryAfterMs, 3_600_000);
    assert.equal(attempts(), 1);
  });

  it('429 without Retry-After: bounded retries, then rate-limited', async () => {
    sandbox.faults.add({ route: 'fix-reports', fault: { kind: 'status', status: 429 } });
    await rejectsWith(client.listReports(), 'rate-limited', /Wait a moment/);
    assert.equal(attempts(), 4);
  });

  it('429 with a Retry-After that is neither seconds nor a date: treated as absent', async () => {
    sandbox.faults.add({ route: 'fix-reports', fault: { kind: 'status', status: 429, retryAfter: 'soon' } });
    const error = await rejectsWith(client.listReports(), 'rate-limited', /Wait a moment/);
    assert.equal(error.retryAfterMs, undefined);
    assert.equal(attempts(), 4);
  });

  it('408: retried, then a timeout error', async () => {
    sandbox.faults.add({ route: 'fix-reports', fault: { kind: 'status', status: 408 } });
    await rejectsWith(client.listReports(), 'timeout', /HTTP 408/);
    assert.equal(attempts(), 4);
  });

  it('connection reset: retried, then succeeds', async () => {
    sandbox.faults.add({ route: 'fix-reports', times: 1, fault: { kind: 'reset' } });
    await client.listReports();
    assert.equal(attempts(), 2);
    observe('correct result after a reset and 1 retry');
  });

  it('connection reset mid-body, every time: a network error after bounded retries', async () => {
    sandbox.faults.add({ route: 'fix-reports', fault: { kind: 'reset', afterBytes: 100 } });
    await rejectsWith(client.listReports(), 'network', /closed mid-way/);
    assert.equal(attempts(), 4);
  });

  it('connection refused: a network error naming the host', async () => {
    const port = await closedPort();
    const refused = new FixReportsClient({ baseUrl: `http://127.0.0.1:${port}`, key: 'k', retry: fastRetry });
    try {
      await rejectsWith(refused.listReports(), 'network', new RegExp(`Nothing is listening at 127.0.0.1:${port}`));
    } finally {
      await refused.close();
    }
  });

  it('headers that never arrive: a timeout within the configured time', async () => {
    sandbox.faults.add({ route: 'fix-reports', fault: { kind: 'slow-headers', ms: 30_000 } });
    const quick = clientFor(sandbox, { timeoutMs: 300, retry: { retries: 0 } });
    const started = Date.now();
    try {
      await rejectsWith(quick.listReports(), 'timeout', /within 0.3 s/);
    } finally {
      await quick.close();
    }
    assert.ok(Date.now() - started < 3_000);
  });

  it('a body that stalls: a timeout, not a hang', async () => {
    sandbox.faults.add({ route: 'fix-reports', fault: { kind: 'stall-body', afterBytes: 50 } });
    const quick = clientFor(sandbox, { timeoutMs: 400, retry: { retries: 0 } });
    try {
      await rejectsWith(quick.listReports(), 'timeout');
    } finally {
      await quick.close();
    }
  });

  it('a body over the size cap, with and without Content-Length: too-large', async () => {
    const capped = clientFor(sandbox, { maxBodyBytes: { reportList: 64 * 1024 } });
    try {
      sandbox.faults.add({ route: 'fix-reports', times: 1, fault: { kind: 'oversized', bytes: 10 * 1024 * 1024, contentLength: true } });
      await rejectsWith(capped.listReports(), 'too-large', /is 10 MiB, more than the 64 KiB limit/);
      sandbox.faults.add({ route: 'fix-reports', times: 1, fault: { kind: 'oversized', bytes: 10 * 1024 * 1024, contentLength: false } });
      await rejectsWith(capped.listReports(), 'too-large', /more than the 64 KiB limit/);
    } finally {
      await capped.close();
    }
  });

  it('truncated JSON: decode error', async () => {
    sandbox.faults.add({ route: 'fix-reports', fault: { kind: 'truncated' } });
    await rejectsWith(client.listReports(), 'decode', /not valid JSON.*truncated or malformed/);
  });

  it('malformed JSON: decode error saying so', async () => {
    sandbox.faults.add({ route: 'fix-reports', fault: { kind: 'malformed-json' } });
    await rejectsWith(client.listReports(), 'decode', /not valid JSON/);
  });

  it('malformed JSON: the message never quotes the body (it may hold a key)', async () => {
    sandbox.faults.add({
      route: 'fix-reports',
      fault: { kind: 'status', status: 200, body: '{"echo": sk_live_ABCDEFGHIJKLMNOP}', contentType: 'application/json' },
    });
    const error = await rejectsWith(client.listReports(), 'decode', /not valid JSON \(a syntax error( at character \d+)?\)/);
    assert.doesNotMatch(error.message, /sk_live/);
    observe(`${error.kind}: ${error.message}`);
  });

  it('an HTML error page: decode error pointing at the base URL', async () => {
    sandbox.faults.add({ route: 'fix-reports', fault: { kind: 'html' } });
    await rejectsWith(client.listReports(), 'decode', /HTML page instead of JSON.*Check the base URL/);
  });

  it('valid JSON with a wrong content type: accepted', async () => {
    sandbox.faults.add({ route: 'fix-reports', fault: { kind: 'wrong-content-type' } });
    assert.equal((await client.listReports()).length, sandbox.dataset.reports.length);
    observe('correct result: JSON served as text/plain is decoded');
  });

  it('invalid UTF-8: decode error', async () => {
    sandbox.faults.add({ route: 'fix-reports', fault: { kind: 'invalid-utf8' } });
    await rejectsWith(client.listReports(), 'decode', /not valid UTF-8/);
  });

  it('HTTP 200 with an error envelope: service-error with the service text', async () => {
    sandbox.faults.add({ route: 'fix-reports', fault: { kind: 'error-envelope', message: 'index rebuilding' } });
    await rejectsWith(client.listReports(), 'service-error', /index rebuilding/);
  });

  it('a cross-origin redirect: refused, naming the target, and the key never reaches it', async () => {
    const trap = await listen((req, res) => {
      trap.hits.push(req.headers);
      res.end('{}');
    });
    try {
      sandbox.faults.add({ route: 'fix-reports', fault: { kind: 'redirect', location: `${trap.origin}/steal`, status: 302 } });
      const error = await rejectsWith(client.listReports(), 'redirect', new RegExp(`redirecting to ${trap.origin.replace(/\./g, '\\.')}`));
      assert.equal(error.redirectOrigin, trap.origin);
      assert.equal(trap.hits.length, 0, 'the redirect target was never contacted');
      assert.equal(attempts(), 1);
      observe('the redirect target received 0 requests (the key never left the origin)');
    } finally {
      await trap.close();
    }
  });

  it('server error text in messages is reduced to one plain line', async () => {
    sandbox.faults.add({
      route: 'fix-reports',
      fault: { kind: 'status', status: 400, body: JSON.stringify({ error: 'bad\r\n\u001b[31mred\u202e' }) },
    });
    const error = await rejectsWith(client.listReports(), 'bad-request');
    assert.ok(!/[\r\n\u001b\u202e]/.test(error.message), error.message);
  });

  it('a key echoed back is redacted before the text is cut, even where it straddles the cut', async () => {
    // Each echo puts the key across the cut of that place in a message (200 characters for the
    // service's error text and report ids, 80 for a value or a name), 14 characters before it.
    const echo = (cut: number) => `${'x'.repeat(cut - 16)} ${sandbox.key} is not a valid parameter`;
    const leak = (text: string) => pieces(sandbox.key, 8).find((piece) => text.includes(piece));
    const status200 = (body: unknown) => ({ kind: 'status', status: 200, body: JSON.stringify(body) }) as const;
    const cases: [string, Parameters<typeof sandbox.faults.add>[0], () => Promise<unknown>, ServiceErrorKind][] = [
      [
        'an HTTP 400 error body',
        { route: 'fix-reports', fault: { kind: 'status', status: 400, body: JSON.stringify({ error: echo(200) }) } },
        () => client.listReports(),
        'bad-request',
      ],
      [
        'an HTTP 200 error envelope',
        { route: 'fix-reports', fault: { kind: 'error-envelope', message: echo(200) } },
        () => client.listReports(),
        'service-error',
      ],
      [
        'a value of the wrong type',
        { route: 'fix-reports', fault: status200({ getReportsApiV2: { fixReport: echo(80) } }) },
        () => client.listReports(),
        'decode',
      ],
      [
        'an envelope named after it',
        { route: 'fix-reports', fault: status200({ [echo(80)]: { fixReport: 1 } }) },
        () => client.listReports(),
        'decode',
      ],
      [
        'another report id',
        { route: 'fix-report', fault: status200({ fixReport: [{ id: echo(200) }] }) },
        () => client.getReport('r1'),
        'decode',
      ],
    ];
    for (const [what, fault, call, kind] of cases) {
      sandbox.faults.clear();
      log.lines.length = 0;
      sandbox.faults.add({ ...fault, times: 1 });
      const error = await rejectsWith(call(), kind);
      assert.equal(leak(error.message), undefined, `${what}: a piece of the key in "${error.message}"`);
      assert.equal(leak(log.lines.join('\n')), undefined, `${what}: a piece of the key in the log`);
      assert.match(error.message, /«redacted»/, `${what}: the redaction is shown`);
      observe(`${what}: the key shows as «redacted», no 8-character piece of it in the message or the log`);
    }
  });

  it('an AbortSignal cancels a request waiting for a retry', async () => {
    sandbox.faults.add({ route: 'fix-reports', fault: { kind: 'status', status: 429, retryAfter: '2' } });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const started = Date.now();
    await rejectsWith(client.listReports(controller.signal), 'cancelled');
    assert.ok(Date.now() - started < 1_500);
  });

  it('lists the issues of a report after transient failures on a later page', async () => {
    const report = sandbox.dataset.reports[0]!;
    sandbox.faults.add({ route: 'issues', times: 2, fault: { kind: 'status', status: 502 } });
    const issues = await collect(client.issues({ fixReportId: report.id }));
    assert.equal(issues.length, sandbox.dataset.issueCount(report.id));
    observe(`correct result: all ${issues.length} issues after 2 × HTTP 502`);
  });
});

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function listen(
  handler: Parameters<typeof createServer>[1],
): Promise<{ origin: string; hits: unknown[]; close: () => Promise<void>; server: Server }> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    hits: [],
    server,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Every substring of `text` with `length` characters. */
function pieces(text: string, length: number): string[] {
  return Array.from({ length: text.length - length + 1 }, (_, i) => text.slice(i, i + length));
}
