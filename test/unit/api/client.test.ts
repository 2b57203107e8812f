// The client against the sandbox service over loopback: every endpoint, headers, envelopes,
// tolerant decoding and structural decode errors.
import { strict as assert } from 'node:assert';
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { BODY_CAPS, FixReportsClient, type Endpoint } from '../../../src/api/client';
import { parseBaseUrl } from '../../../src/api/baseUrl';
import type { FaultRoute } from '../../../tools/sandbox/faults';
import { startSandbox, type Sandbox } from '../../../tools/sandbox/server';
import { observe } from '../../support/evidence';
import { captureLog, clientFor, collect, rejectsWith, useSandbox } from '../helpers';

describe('client: endpoints against the sandbox', () => {
  let sandbox: Sandbox;
  let client: FixReportsClient;
  useSandbox({ seed: 7 }, {}, (s, c) => ((sandbox = s), (client = c)));

  it('lists every fix report with its fields decoded', async () => {
    const reports = await client.listReports();
    assert.deepEqual(
      reports.map((r) => r.id),
      sandbox.dataset.reports.map((r) => r.id),
    );
    const first = reports[0]!;
    const wire = sandbox.dataset.reports[0]!;
    assert.equal(first.createdOn, wire.createdOn);
    assert.equal(first.vulnerabilityReport?.vendor, wire.vulnerabilityReport?.vendor);
    assert.equal(first.repo?.originalUrl ?? null, wire.repo?.originalUrl ?? null);
  });

  it('sends the key in x-service-key and asks for JSON on every request', async () => {
    const report = sandbox.dataset.reports[0]!;
    await client.listReports();
    await client.getReport(report.id);
    await collect(client.issues({ fixReportId: report.id }));
    assert.ok(sandbox.requests.length >= 3);
    for (const request of sandbox.requests) {
      assert.equal(request.headers['x-service-key'], sandbox.key);
      assert.equal(request.headers.accept, 'application/json');
      assert.equal(request.headers.authorization, undefined, 'the key travels in one header only');
    }
  });

  it('reads one fix report with all its fixes', async () => {
    const id = sandbox.dataset.reports[1]!.id;
    const detail = await client.getReport(id);
    const wire = sandbox.dataset.detail(id)!;
    assert.equal(detail.id, id);
    assert.equal(detail.fixes.length, wire.fixes.length);
    assert.deepEqual(
      detail.fixes.map((f) => [f.id, f.confidence, f.state, f.scmSubmitFixRequests.length, f.sharedState?.fixRatings.length]),
      wire.fixes.map((f) => [f.id, f.confidence, f.state, f.scmSubmitFixRequests.length, f.sharedState?.fixRatings.length]),
    );
  });

  it('reports an unknown fix report as not found, whether the service answers 404 or an empty list', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    sandbox.options.notFound = '404';
    await rejectsWith(client.getReport(unknown), 'not-found', /not found/);
    sandbox.options.notFound = 'empty';
    try {
      await rejectsWith(client.getReport(unknown), 'not-found', /not found/);
    } finally {
      sandbox.options.notFound = '404';
    }
  });

  it('refuses an id that would change the request path', async () => {
    await rejectsWith(client.getReport('../fix-reports'), 'bad-request');
    await rejectsWith(client.getReport('..'), 'bad-request');
    assert.equal(sandbox.requests.length, 0);
  });

  it('reads one issue by id', async () => {
    const report = sandbox.dataset.reports[0]!;
    const wire = sandbox.dataset.issueAt(report.id, 3);
    const issue = await client.getIssue(wire.id);
    assert.equal(issue.id, wire.id);
    assert.equal(issue.fingerprintHash, wire.fingerprintHash);
    assert.equal(sandbox.requests.at(-1)?.query.issueId, wire.id);
  });

  it('fetches an FP summary with fpId as a query parameter, in either envelope', async () => {
    const fp = firstFalsePositive(sandbox);
    const expected = sandbox.dataset.fpSummary(fp.fpId!)!;
    for (const envelope of ['top-level', 'wrapped'] as const) {
      sandbox.options.fpSummaryEnvelope = envelope;
      const summary = await client.fpSummary(fp.fpId!);
      assert.equal(summary.text, expected);
      assert.equal(summary.truncated, false);
    }
    sandbox.options.fpSummaryEnvelope = 'top-level';
    assert.equal(sandbox.requests.at(-1)?.query.fpId, fp.fpId);
    assert.match(sandbox.requests.at(-1)!.path, /\/api\/rest\/fp-summary$/);
  });

  it('treats an unknown fpId as not found and a 200 carrying "error" as an error', async () => {
    await rejectsWith(client.fpSummary('11111111-1111-4111-8111-111111111111'), 'not-found');
    sandbox.faults.add({ route: 'fp-summary', fault: { kind: 'error-envelope', message: 'summary service unavailable' } });
    const error = await rejectsWith(client.fpSummary(firstFalsePositive(sandbox).fpId!), 'service-error', /summary service unavailable/);
    assert.equal(error.status, 200);
  });

  it('cuts an over-long FP summary to 280 code points on a word boundary and logs it', async () => {
    const long = `${'Input is validated by the framework before reaching this sink. '.repeat(8)}End.`;
    sandbox.faults.add({ route: 'fp-summary', fault: { kind: 'status', status: 200, body: JSON.stringify({ fpDescriptionShort: long }) } });
    const log = captureLog();
    const logged = clientFor(sandbox, { logger: log });
    try {
      const summary = await logged.fpSummary(firstFalsePositive(sandbox).fpId!);
      assert.equal(summary.truncated, true);
      assert.ok(Array.from(summary.text).length <= 280);
      const kept = summary.text.replace(/…$/, '').trimEnd();
      assert.ok(long.startsWith(kept), 'the cut keeps a prefix of the original');
      assert.match(long.slice(kept.length), /^\s/, 'cut on a word boundary');
      assert.ok(log.lines.some((l) => l.startsWith('warn') && /more than the 280/.test(l)));
    } finally {
      await logged.close();
    }
  });
});

describe('client: base URL and key', () => {
  it('keeps a path prefix of the base URL', async () => {
    const sandbox = await startSandbox({ seed: 3, pathPrefix: '/tenant-a' });
    const client = clientFor(sandbox);
    try {
      assert.match(sandbox.baseUrl, /\/tenant-a\/?$/);
      const reports = await client.listReports();
      assert.ok(reports.length > 0);
      assert.ok(sandbox.requests.every((r) => r.path.startsWith('/tenant-a/api/rest/')));
    } finally {
      await client.close();
      await sandbox.close();
    }
  });

  it('refuses plain http to a non-loopback host, and credentials or queries in the URL', () => {
    assert.throws(() => parseBaseUrl('http://fixes.example.com'), /plain http/);
    assert.throws(() => parseBaseUrl('https://user:pw@fixes.example.com'), /user name or password/);
    assert.throws(() => parseBaseUrl('https://fixes.example.com/?a=1'), /query string/);
    assert.throws(() => parseBaseUrl('ftp://fixes.example.com'), /https/);
    assert.throws(() => parseBaseUrl('not a url'), /not a valid URL/);
    for (const ok of ['https://fixes.example.com', 'http://127.0.0.1:8080', 'http://localhost:1', 'http://[::1]:9', 'http://127.1.2.3']) {
      assert.doesNotThrow(() => parseBaseUrl(ok), ok);
    }
    assert.equal(parseBaseUrl('https://h.example/prefix').pathname, '/prefix/');
  });

  it('refuses to send a missing or malformed key, before any request', async () => {
    const sandbox = await startSandbox({ seed: 1 });
    try {
      assert.throws(() => new FixReportsClient({ baseUrl: sandbox.baseUrl, key: '' }), /No service key/);
      assert.throws(() => new FixReportsClient({ baseUrl: sandbox.baseUrl, key: 'abc\r\nx-evil: 1' }), /line breaks/);
      assert.equal(sandbox.requests.length, 0);
    } finally {
      await sandbox.close();
    }
  });
});

describe('client: tolerant decoding, strict structure', () => {
  let sandbox: Sandbox;
  let client: FixReportsClient;
  useSandbox({ seed: 11 }, {}, (s, c) => ((sandbox = s), (client = c)));

  const serve = (route: 'fix-reports' | 'fix-report' | 'issues' | 'fp-summary', body: unknown) => {
    sandbox.faults.clear();
    return sandbox.faults.add({ route, fault: { kind: 'status', status: 200, body: JSON.stringify(body) } });
  };

  it('accepts nulls, missing arrays, unknown fields and unknown enum values', async () => {
    serve('fix-reports', {
      getReportsApiV2: {
        fixReport: [
          {
            id: 'r1',
            createdOn: '2026-01-02T03:04:05.123456+00:00',
            expirationOn: null,
            createdByUser: null,
            repo: null,
            vulnerabilityReport: { vendor: 'brand-new-scanner', project: { id: 'p', name: 'P' } },
            somethingNew: { x: 1 },
          },
        ],
        totalCount: 1,
      },
    });
    const [report] = await client.listReports();
    assert.equal(report?.repo, null);
    assert.equal(report?.expirationOn, null);
    assert.equal(report?.vulnerabilityReport?.vendor, 'brand-new-scanner');
    assert.ok(!('somethingNew' in report!));

    serve('fix-report', {
      fixReport: [
        {
          id: 'r1',
          vulnerabilityReport: { vendor: 'snyk', project: null },
          fixes: [
            {
              id: 'f1',
              safeIssueType: 'SQL_Injection',
              state: 'SomeFutureState',
              confidence: 70,
              vulnerabilityReportIssues: [{ id: 'i1', vendorInstanceId: null, sharedState: null }],
            },
            {
              id: 'f2',
              scmSubmitFixRequests: null,
              sharedState: { isArchived: false, fixRatings: [{ voteScore: -1, fixRatingTag: 'NEW_TAG', comment: null, user: null }] },
            },
          ],
        },
      ],
    });
    const detail = await client.getReport('r1');
    assert.equal(detail.fixes[0]?.state, 'SomeFutureState');
    assert.deepEqual(detail.fixes[0]?.scmSubmitFixRequests, []);
    assert.equal(detail.fixes[0]?.sharedState, null);
    assert.deepEqual(detail.fixes[1]?.vulnerabilityReportIssues, []);
    assert.deepEqual(detail.fixes[1]?.sharedState?.downloadedBy, []);
    assert.equal(detail.fixes[1]?.sharedState?.fixRatings[0]?.fixRatingTag, 'NEW_TAG');

    serve('issues', {
      getIssuesApiV5: {
        vulnerability_report_issue: [{ id: 'i1', severity: null, fpId: null, fpDescription: null, fix: null, fingerprintHash: null }],
      },
    });
    const issues = await collect(client.issues({ fixReportId: 'r1' }));
    assert.equal(issues.length, 1, 'absent hasNextPage means no next page');
    assert.deepEqual(issues[0]?.vulnerabilityReportIssueTags, []);
  });

  it('accepts bodies without the named envelope', async () => {
    serve('fix-reports', { fixReport: [{ id: 'bare' }] });
    assert.equal((await client.listReports())[0]?.id, 'bare');
    serve('issues', { vulnerability_report_issue: [{ id: 'x' }], hasNextPage: false });
    assert.equal((await collect(client.issues()))[0]?.id, 'x');
  });

  it('names the JSON path of a structural error', async () => {
    serve('fix-reports', { getReportsApiV2: { fixReport: { id: 'not-an-array' } } });
    const e1 = await rejectsWith(client.listReports(), 'decode');
    assert.equal(e1.jsonPath, '$.getReportsApiV2.fixReport');

    serve('issues', { getIssuesApiV5: { vulnerability_report_issue: [{ id: 'ok' }, { id: 42 }], hasNextPage: false } });
    const e2 = await rejectsWith(collect(client.issues()), 'decode', /vulnerability_report_issue\[1\]\.id/);
    assert.equal(e2.jsonPath, '$.getIssuesApiV5.vulnerability_report_issue[1].id');

    serve('fix-report', { fixReport: [{ id: 'r9', fixes: [{ id: 'f', vulnerabilityReportIssues: 'nope' }] }] });
    const e3 = await rejectsWith(client.getReport('r9'), 'decode');
    assert.equal(e3.jsonPath, '$.fixReport[0].fixes[0].vulnerabilityReportIssues');

    serve('fix-reports', [1, 2, 3]);
    assert.equal((await rejectsWith(client.listReports(), 'decode')).jsonPath, '$');

    serve('issues', { getIssuesApiV5: null });
    await rejectsWith(collect(client.issues()), 'decode', /vulnerability_report_issue/);
  });

  it('rejects a detail that answers with another report', async () => {
    serve('fix-report', { fixReport: [{ id: 'someone-else' }] });
    await rejectsWith(client.getReport('r1'), 'decode', /someone-else/);
  });
});

describe('client: a size cap per endpoint', () => {
  let sandbox: Sandbox;
  let client: FixReportsClient;
  useSandbox({ seed: 13 }, {}, (s, c) => ((sandbox = s), (client = c)));

  const MiB = 1024 * 1024;
  const calls: Record<Endpoint, [FaultRoute, (c: FixReportsClient) => Promise<unknown>]> = {
    reportList: ['fix-reports', (c) => c.listReports()],
    report: ['fix-report', (c) => c.getReport(sandbox.dataset.reports[0]!.id)],
    issuePage: ['issues', (c) => collect(c.issues({ fixReportId: sandbox.dataset.reports[0]!.id }))],
    fpSummary: ['fp-summary', (c) => c.fpSummary(firstFalsePositive(sandbox).fpId!)],
  };

  it('refuses a body just over its endpoint cap, with and without Content-Length, and says what to do', async () => {
    for (const [endpoint, [route, call]] of Object.entries(calls) as [Endpoint, (typeof calls)[Endpoint]][]) {
      for (const contentLength of [true, false]) {
        sandbox.faults.clear();
        sandbox.faults.add({ route, fault: { kind: 'oversized', bytes: BODY_CAPS[endpoint] + 1024, contentLength } });
        const error = await rejectsWith(
          call(client),
          'too-large',
          /more than the [\d.,]+ (KiB|MiB|bytes) limit for .*report it to the service's operators/,
        );
        assert.ok(!error.message.includes(sandbox.key));
      }
    }
  });

  it('the largest responses of the sandbox (its 1,000,000-issue report) pass well under the caps', async () => {
    const big = await startSandbox({ dataset: { seed: 9, reports: 1, issuesPerReport: [600, 600], bigReportIssues: 1_000_000 } });
    const log = captureLog();
    const sized = clientFor(big, { logger: log });
    try {
      for (const report of big.dataset.reports) await sized.getReport(report.id);
      for await (const page of sized.issuePages({ fixReportId: big.dataset.bigReportId! })) if (page.page === 3) break;
    } finally {
      await sized.close();
      await big.close();
    }
    const largest = (path: RegExp) =>
      Math.max(...log.lines.filter((l) => path.test(l)).map((l) => Number(/\((\d+) bytes/.exec(l)?.[1] ?? 0)));
    const report = largest(/fix-reports\//);
    const page = largest(/v5\/issues/);
    assert.ok(report > 10 * MiB && report < BODY_CAPS.report / 1.5, `report ${report} bytes`);
    assert.ok(page > 0 && page < BODY_CAPS.issuePage / 8, `page ${page} bytes`);
    observe(
      `largest report ${mib(report)} MiB of a ${mib(BODY_CAPS.report)} MiB cap; largest page ${mib(page)} MiB of ${mib(BODY_CAPS.issuePage)} MiB`,
    );
  });

  it('decoding the worst body at each cap (`[],` repeats) stays within a heap bound', async function () {
    this.timeout(120_000);
    for (const endpoint of Object.keys(calls) as Endpoint[]) {
      const cap = BODY_CAPS[endpoint];
      // Measured: ~14.3 bytes of heap per byte of `[],` (a 40-byte array object per 3 bytes, plus the text).
      const bound = 16 * cap + 8 * MiB;
      const { heapBytes, outcome } = await probeHeap(endpoint, cap, bound + 64 * MiB);
      assert.ok(heapBytes <= bound, `${endpoint}: ${size(heapBytes)} of heap for a ${size(cap)} body, more than ${size(bound)}`);
      observe(
        `${endpoint}: cap ${size(cap)} → peak heap growth ${size(heapBytes)} (${(heapBytes / cap).toFixed(1)}× the body; bound ${size(bound)}), decoder: ${outcome}`,
      );
    }
  });
});

const PROBE = join(__dirname, '..', 'support', 'heapProbe.js');
const mib = (bytes: number) => +(bytes / (1024 * 1024)).toFixed(1);
const size = (bytes: number) => (bytes < 1024 * 1024 ? `${+(bytes / 1024).toFixed(1)} KiB` : `${mib(bytes)} MiB`);

/** Runs support/heapProbe in a process whose heap stops at `limitBytes`: a runaway decoder fails there. */
async function probeHeap(endpoint: Endpoint, bytes: number, limitBytes: number): Promise<{ heapBytes: number; outcome: string }> {
  const args = ['--expose-gc', `--max-old-space-size=${Math.ceil(limitBytes / (1024 * 1024))}`, PROBE, endpoint, String(bytes)];
  try {
    const { stdout } = await promisify(execFile)(process.execPath, args, { maxBuffer: 1024 * 1024 });
    return JSON.parse(stdout) as { heapBytes: number; outcome: string };
  } catch (e) {
    throw new Error(
      `${endpoint}: decoding a ${mib(bytes)} MiB body did not fit in a ${mib(limitBytes)} MiB heap: ${(e as Error).message.slice(0, 300)}`,
    );
  }
}

function firstFalsePositive(sandbox: Sandbox) {
  for (const report of sandbox.dataset.reports) {
    const count = sandbox.dataset.issueCount(report.id);
    for (let i = 0; i < count; i++) {
      const issue = sandbox.dataset.issueAt(report.id, i);
      if (issue.fpId) return issue;
    }
  }
  throw new Error('the dataset has no false positive');
}
