// v5 paging against the sandbox: both cursor semantics, anomalies, cancellation.
import { strict as assert } from 'node:assert';
import { getEventListeners } from 'node:events';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { FixReportsClient } from '../../../src/api/client';
import { ServiceError } from '../../../src/api/errors';
import { pageIssues, type FetchedPage } from '../../../src/api/paging';
import type { Issue } from '../../../src/api/schemas';
import { createDataset } from '../../../tools/sandbox/generator';
import type { Sandbox } from '../../../tools/sandbox/server';
import { Chronology, compareTimestamps } from '../../../src/common/time';
import { observe } from '../../support/evidence';
import type { SyncPagingJob, SyncPagingResult } from '../support/syncPagingWorker';
import { captureLog, collect, rejectsWith, useSandbox } from '../helpers';

describe('paging: v5 issues', () => {
  let sandbox: Sandbox;
  let client: FixReportsClient;
  let reportId: string;
  let expected: string[];

  useSandbox({ dataset: { seed: 5, reports: 2, issuesPerReport: [40, 60], bigReportIssues: 2_500 } }, {}, (s, c) => {
    sandbox = s;
    client = c;
    reportId = sandbox.dataset.reports.find((r) => sandbox.dataset.issueCount(r.id) === 2_500)!.id;
    expected = Array.from({ length: 2_500 }, (_, i) => sandbox.dataset.issueAt(reportId, i).id);
  });
  beforeEach(() => {
    sandbox.options.cursor = 'exclusive';
  });

  for (const cursor of ['exclusive', 'inclusive'] as const) {
    it(`returns every issue exactly once, in order, with an ${cursor} cursor`, async () => {
      sandbox.options.cursor = cursor;
      const pages = await collect(client.issuePages({ fixReportId: reportId }));
      const ids = pages.flatMap((p) => p.issues.map((i) => i.id));
      assert.deepEqual(ids, expected);
      assert.equal(pages.length, 3);
      assert.deepEqual(
        pages.map((p) => p.hasNextPage),
        [true, true, false],
      );
      const requests = sandbox.requests.filter((r) => r.path.endsWith('/v5/issues'));
      assert.deepEqual(
        requests.map((r) => r.query.issueId),
        [undefined, expected[999], cursor === 'exclusive' ? expected[1999] : expected[1998]],
        'the next request repeats the query with issueId = the last id received',
      );
      assert.ok(requests.every((r) => r.query.fixReportId === reportId));
      observe(`correct result: ${ids.length} issues, each once, in ${pages.length} pages (${cursor} cursor)`);
    });
  }

  it('filters by fix report', async () => {
    const small = sandbox.dataset.reports.find((r) => r.id !== reportId)!;
    const issues = await collect(client.issues({ fixReportId: small.id }));
    assert.equal(issues.length, sandbox.dataset.issueCount(small.id));
    assert.equal(sandbox.requests.length, 1);
  });

  it('pages on from what the service sent, whatever the consumer does to the arrays it is given', async () => {
    for (const cursor of ['exclusive', 'inclusive'] as const) {
      sandbox.options.cursor = cursor;
      const ids: string[] = [];
      for await (const page of client.issuePages({ fixReportId: reportId })) {
        ids.push(...page.issues.map((i) => i.id));
        page.issues.reverse();
        page.issues.length = 0;
      }
      assert.deepEqual(ids, expected, `${cursor} cursor`);
    }
  });

  it('stops with a clear error when hasNextPage is true on an empty page', async () => {
    sandbox.faults.add({ route: 'issues', skip: 1, fault: { kind: 'empty-page-has-next' } });
    const seen: string[] = [];
    const error = await rejectsWith(
      (async () => {
        for await (const page of client.issuePages({ fixReportId: reportId })) seen.push(...page.issues.map((i) => i.id));
      })(),
      'stalled-cursor',
      /empty page/,
    );
    assert.match(error.message, /incomplete/);
    assert.equal(seen.length, 1000, 'the pages before the stall were delivered');
  });

  it('stops instead of looping when the cursor returns the same page forever', async () => {
    sandbox.faults.add({ route: 'issues', fault: { kind: 'repeat-page' } });
    await rejectsWith(collect(client.issues({ fixReportId: reportId })), 'stalled-cursor', /already received/);
    assert.ok(sandbox.requests.length <= 3, `stopped after ${sandbox.requests.length} requests`);
  });

  it('lists duplicates across pages once and warns', async () => {
    sandbox.faults.add({ route: 'issues', skip: 1, times: 1, fault: { kind: 'duplicate-ids', count: 25 } });
    const log = captureLog();
    const warnings: string[] = [];
    const ids = (await collect(client.issues({ fixReportId: reportId }, { logger: log, onWarning: (w) => warnings.push(w) }))).map(
      (i) => i.id,
    );
    assert.equal(ids.length, new Set(ids).size, 'no id twice');
    assert.deepEqual(new Set(ids), new Set(expected), 'nothing lost');
    assert.ok(
      warnings.some((w) => /repeated 25 issues already received/.test(w)),
      warnings.join('\n'),
    );
    observe(`correct result: ${ids.length} distinct issues; warning: ${warnings[0]}`);
    assert.ok(log.lines.some((l) => l.startsWith('warn')));
  });

  it('keeps issues of a page that goes back in time, and warns', async () => {
    sandbox.faults.add({ route: 'issues', skip: 1, times: 1, fault: { kind: 'back-in-time' } });
    const warnings: string[] = [];
    const ids = (await collect(client.issues({ fixReportId: reportId }, { onWarning: (w) => warnings.push(w) }))).map((i) => i.id);
    assert.equal(ids.length, new Set(ids).size);
    assert.ok(
      warnings.some((w) => /older than earlier ones/.test(w)),
      warnings.join('\n'),
    );
    observe(`correct result: ${ids.length} distinct issues; warning: ${warnings.find((w) => /older/.test(w))}`);
  });

  it('keeps a page of more than 1000 issues, and warns', async () => {
    sandbox.faults.add({ route: 'issues', times: 1, fault: { kind: 'oversized-page', items: 1_500 } });
    const warnings: string[] = [];
    const ids = (await collect(client.issues({ fixReportId: reportId }, { onWarning: (w) => warnings.push(w) }))).map((i) => i.id);
    assert.deepEqual(ids, expected);
    assert.ok(warnings.some((w) => /more than the 1000/.test(w)));
    observe(`correct result: ${ids.length} issues; warning: ${warnings.find((w) => /1000/.test(w))}`);
  });

  it('can be cancelled between pages', async () => {
    const controller = new AbortController();
    let pages = 0;
    await rejectsWith(
      (async () => {
        for await (const _ of client.issuePages({ fixReportId: reportId }, { signal: controller.signal })) {
          pages++;
          controller.abort();
        }
      })(),
      'cancelled',
    );
    assert.equal(pages, 1);
    assert.equal(sandbox.requests.length, 1, 'no request after cancellation');
    observe('stopped after page 1; no further request was sent');
  });

  it('can be cancelled while a page is in flight', async () => {
    sandbox.faults.add({ route: 'issues', skip: 1, fault: { kind: 'slow-headers', ms: 10_000 } });
    const controller = new AbortController();
    const started = Date.now();
    const run = collect(client.issues({ fixReportId: reportId }, { signal: controller.signal }));
    setTimeout(() => controller.abort(), 200);
    await rejectsWith(run, 'cancelled');
    assert.ok(Date.now() - started < 5_000, 'cancellation did not wait for the slow page');
  });
});

describe('paging: the next request overlaps the client’s work', () => {
  let sandbox: Sandbox;
  let client: FixReportsClient;
  let reportId: string;

  useSandbox({ dataset: { seed: 6, reports: 1, bigReportIssues: 3_000 } }, {}, (s, c) => {
    sandbox = s;
    client = c;
    reportId = sandbox.dataset.bigReportId!;
  });

  const issueRequests = () => sandbox.requests.filter((r) => r.path.endsWith('/v5/issues'));
  const until = async (what: string, ok: () => boolean) => {
    for (const started = Date.now(); !ok(); await new Promise((resolve) => setTimeout(resolve, 5)))
      if (Date.now() - started > 5_000) assert.fail(`waited 5 s for ${what}`);
  };

  it('asks for page 2 while the consumer still holds page 1, with page 1’s last id', async () => {
    const pages = client.issuePages({ fixReportId: reportId });
    const first = await pages.next();
    assert.equal(first.done, false);
    const last = first.value!.issues.at(-1)!.id;
    // Nothing asked for more yet: the request was sent when page 1's JSON named its last id.
    await until('the second request', () => issueRequests().length === 2);
    assert.equal(issueRequests()[1]!.query.issueId, last);
    const rest = [];
    for await (const page of { [Symbol.asyncIterator]: () => pages }) rest.push(page);
    assert.deepEqual(
      rest.map((p) => p.page),
      [2, 3],
    );
    assert.equal(issueRequests().length, 3, 'one request per page, none after the last');
    observe(`page 2 was requested (issueId ${last}) before the consumer asked for it`);
  });

  it('the next request is on the wire while a consumer does synchronous work on the page (as the CLI and the tree do)', async function () {
    this.timeout(20_000);
    // Page 2, not 1: the request for page 2 opens a second connection, which takes a turn of the
    // event loop to connect; from then on each request reuses an idle one.
    const job: SyncPagingJob = { baseUrl: sandbox.baseUrl, key: sandbox.key, reportId, holdPage: 2, holdMs: 1_500 };
    const result = await inWorker(job);
    assert.deepEqual({ pages: result.pages, issues: result.issues }, { pages: 3, issues: 3_000 });
    const third = issueRequests()[2]!;
    // Before the fix the request left only when the work ended (undici writes it from a setImmediate).
    const at = third.receivedAt - result.heldFrom;
    assert.ok(
      third.receivedAt < result.heldUntil,
      `page 3 was asked for ${at} ms after the consumer began ${result.heldUntil - result.heldFrom} ms of synchronous work on page 2`,
    );
    observe(`page 3 reached the service ${at} ms after the consumer began 1,500 ms of synchronous work on page 2 (before it: < 0)`);
  });

  it("a request sent when a report's detail is in leaves before the detail's decoding holds the thread (the tree's first page)", async function () {
    this.timeout(20_000);
    const job: SyncPagingJob = { kind: 'detail', baseUrl: sandbox.baseUrl, key: sandbox.key, reportId, holdPage: 0, holdMs: 1_500 };
    const result = await inWorker(job);
    assert.ok(result.heldFrom > 0, 'the detail was parsed');
    const first = issueRequests()[0]!;
    const at = first.receivedAt - result.heldFrom;
    assert.ok(
      first.receivedAt < result.heldUntil,
      `page 1 was asked for ${at} ms after decoding the detail began to hold the thread for ${result.heldUntil - result.heldFrom} ms`,
    );
    observe(`page 1 reached the service ${at} ms after the detail's decoding began 1,500 ms of work (before it ended: < 1,500)`);
  });

  it('cancelling while the consumer holds a page cancels the request ahead, at once', async () => {
    sandbox.faults.add({ route: 'issues', skip: 1, fault: { kind: 'slow-headers', ms: 10_000 } });
    const controller = new AbortController();
    const pages = client.issuePages({ fixReportId: reportId }, { signal: controller.signal });
    await pages.next();
    await until('the second request', () => issueRequests().length === 2);
    const started = Date.now();
    controller.abort();
    await rejectsWith(pages.next(), 'cancelled');
    assert.ok(Date.now() - started < 2_000, 'the cancel did not wait for the slow page');
    assert.equal(issueRequests().length, 2, 'no request after the cancel');
  });

  it('breaking out of the loop cancels the request ahead; the loop has settled when it ends', async () => {
    sandbox.faults.add({ route: 'issues', skip: 1, fault: { kind: 'slow-headers', ms: 10_000 } });
    const started = Date.now();
    for await (const page of client.issuePages({ fixReportId: reportId })) {
      assert.equal(page.page, 1);
      await until('the second request', () => issueRequests().length === 2);
      break;
    }
    assert.ok(Date.now() - started < 2_000, 'the break did not wait for the slow page');
  });
});

describe('paging: pipelining, step by step (scripted pages)', () => {
  const dataset = createDataset({ seed: 8, reports: 1, bigReportIssues: 30 });
  const reportId = dataset.bigReportId!;
  const issues = Array.from({ length: 30 }, (_, i) => dataset.issueAt(reportId, i) as unknown as Issue);

  /**
   * Pages of 10 from `issues`, each fetch and decode logged; `decodeError` fails that page's
   * decode; with `stall`, the page after the last sends page 2 again and says more follow.
   */
  function script(options: { decodeError?: number; stall?: boolean } = {}) {
    const log: string[] = [];
    const signals: AbortSignal[] = [];
    const fetchPage = async (cursor: string | undefined, signal: AbortSignal): Promise<FetchedPage> => {
      const start = cursor === undefined ? 0 : issues.findIndex((i) => i.id === cursor) + 1;
      const n = start / 10 + 1;
      log.push(`fetch ${n}`);
      signals.push(signal);
      // Each response arrives on a later turn of the event loop, as a real one does.
      await new Promise((resolve) => setTimeout(resolve, 1));
      if (signal.aborted) {
        log.push(`cancelled ${n}`);
        throw new ServiceError('cancelled', 'Cancelled.');
      }
      const stalled = options.stall === true && start >= issues.length;
      const items = stalled ? issues.slice(10, 20) : issues.slice(start, start + 10);
      const hasNextPage = start + 10 < issues.length || options.stall === true;
      return {
        nextCursor: hasNextPage ? items.at(-1)?.id : undefined,
        decode: () => {
          log.push(`decode ${n}`);
          if (options.decodeError === n) throw new ServiceError('decode', `page ${n} does not match the schema`);
          return { vulnerability_report_issue: [...items], hasNextPage };
        },
      };
    };
    return { log, signals, fetchPage };
  }

  it('sends each next request before decoding the page that named its cursor, and keeps the order', async () => {
    const { log, fetchPage } = script();
    const ids = (await collect(pageIssues(fetchPage))).flatMap((p) => p.issues.map((i) => i.id));
    assert.deepEqual(
      ids,
      issues.map((i) => i.id),
    );
    assert.deepEqual(log, ['fetch 1', 'fetch 2', 'decode 1', 'fetch 3', 'decode 2', 'decode 3']);
  });

  it('a page that fails to decode ends paging with its error, and the request ahead is cancelled, not orphaned', async () => {
    const { log, signals, fetchPage } = script({ decodeError: 2 });
    const received: number[] = [];
    const error = await rejectsWith(
      (async () => {
        for await (const page of pageIssues(fetchPage)) received.push(page.page);
      })(),
      'decode',
      /page 2/,
    );
    assert.ok(error);
    assert.deepEqual(received, [1]);
    assert.deepEqual(log, ['fetch 1', 'fetch 2', 'decode 1', 'fetch 3', 'decode 2', 'cancelled 3'], 'page 3 settled before the error');
    assert.equal(signals[2]!.aborted, true);
  });

  it('a stalled cursor ends paging and cancels the request ahead', async () => {
    // Page 4 repeats page 2 and says more follow: the request ahead (after page 2's last id, page
    // 3 again) leaves before the repeat is seen, and is cancelled when it is.
    const { log, fetchPage } = script({ stall: true });
    await rejectsWith(collect(pageIssues(fetchPage)), 'stalled-cursor', /only issues already received/);
    assert.deepEqual(log, [
      'fetch 1',
      'fetch 2',
      'decode 1',
      'fetch 3',
      'decode 2',
      'fetch 4',
      'decode 3',
      'fetch 3',
      'decode 4',
      'cancelled 3',
    ]);
  });

  it('the caller’s signal cancels the request ahead while the consumer holds a page, and leaves no listener', async () => {
    const { log, signals, fetchPage } = script();
    const controller = new AbortController();
    const pages = pageIssues(fetchPage, { signal: controller.signal });
    assert.equal((await pages.next()).value?.page, 1);
    assert.equal(signals[1]!.aborted, false, 'page 2 is on its way');
    controller.abort();
    assert.equal(signals[1]!.aborted, true, 'the abort reached the request ahead at once');
    await rejectsWith(pages.next(), 'cancelled');
    assert.deepEqual(log, ['fetch 1', 'fetch 2', 'decode 1', 'cancelled 2']);
    assert.equal(getEventListeners(controller.signal, 'abort').length, 0);
  });

  it('a long-lived signal keeps no listener per request once paging ends', async () => {
    const { fetchPage } = script();
    const controller = new AbortController();
    for (let run = 0; run < 3; run++) await collect(pageIssues(fetchPage, { signal: controller.signal }));
    assert.equal(getEventListeners(controller.signal, 'abort').length, 0);
  });
});

describe('paging: timestamp order', () => {
  it('compares timestamps by the time they name, digits below the millisecond included, whatever their shapes', () => {
    assert.ok(compareTimestamps('2026-11-01T12:00:00.000001+00:00', '2026-11-01T12:00:00.000002+00:00') < 0);
    assert.ok(compareTimestamps('2026-11-02T00:00:00.000000+00:00', '2026-11-01T23:59:59.999999+00:00') > 0);
    assert.equal(compareTimestamps('2026-11-01T12:00:00.5Z', '2026-11-01T12:00:00.5Z'), 0);
    // Different offsets: 12:00+02:00 is 10:00 UTC, before 11:00 UTC.
    assert.ok(compareTimestamps('2026-11-01T12:00:00.000000+02:00', '2026-11-01T11:00:00.000000+00:00') < 0);
    // Different precision.
    assert.ok(compareTimestamps('2026-11-01T12:00:00.5+00:00', '2026-11-01T12:00:00.250000+00:00') > 0);
    assert.equal(compareTimestamps('garbage', '2026-11-01T12:00:00Z'), 0, 'not comparable');
    // No offset: still compared (read as UTC).
    assert.ok(compareTimestamps('2026-11-01T12:00:00.002', '2026-11-01T12:00:00.001') > 0);
  });

  it('notes timestamps and says which go back in time, whatever their shapes', () => {
    const chronology = new Chronology();
    const went = (t: string) => !chronology.note(t);
    assert.equal(went('2026-11-01T12:00:00.000001+00:00'), false, 'the first');
    assert.equal(went('2026-11-01T12:00:00.000001+00:00'), false, 'equal is not older');
    assert.equal(went('2026-11-01T12:00:00.000002+00:00'), false);
    assert.equal(went('2026-11-01T12:00:00.000001+00:00'), true, 'same shape, older');
    assert.equal(went('2026-11-01T13:59:59.000000+02:00'), true, 'other offset: 11:59:59 UTC is older');
    assert.equal(went('2026-11-01T12:00:01Z'), false, 'other shape, later');
    assert.equal(went('2026-11-01T12:00:00.9Z'), true, 'after a change of shape the new latest is the reference');
    assert.equal(went('2026-11-01T12:00:02Z'), false);
    assert.equal(went('garbage'), false, 'not comparable is not older');
    assert.equal(went('2026-11-01T12:00:01Z'), true, 'and leaves the latest as it was');

    const startsUnreadable = new Chronology();
    assert.equal(startsUnreadable.note('not a date'), true);
    assert.equal(startsUnreadable.note('2026-11-01T12:00:02Z'), true);
    assert.equal(startsUnreadable.note('2026-11-01T12:00:01Z'), false, 'an unreadable first timestamp does not switch the check off');
  });
});

/** Runs a job in test/unit/support/syncPagingWorker.ts (its own thread, so this one takes requests meanwhile). */
async function inWorker(job: SyncPagingJob): Promise<SyncPagingResult> {
  const worker = new Worker(join(__dirname, '..', 'support', 'syncPagingWorker.js'), { workerData: job });
  const message = await new Promise<{ result?: SyncPagingResult; error?: string }>((resolve, reject) => {
    worker.once('message', resolve).once('error', reject);
  });
  await worker.terminate();
  assert.equal(message.error, undefined, message.error);
  return message.result!;
}
