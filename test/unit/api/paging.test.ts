// v5 paging against the sandbox: both cursor semantics, anomalies, cancellation.
import { strict as assert } from 'node:assert';
import type { FixReportsClient } from '../../../src/api/client';
import type { Sandbox } from '../../../tools/sandbox/server';
import { Chronology, compareTimestamps } from '../../../src/api/chronology';
import { observe } from '../../support/evidence';
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

describe('paging: timestamp order', () => {
  it('compares same-shaped timestamps as text and others by time', () => {
    assert.ok(compareTimestamps('2026-11-01T12:00:00.000001+00:00', '2026-11-01T12:00:00.000002+00:00') < 0);
    assert.ok(compareTimestamps('2026-11-02T00:00:00.000000+00:00', '2026-11-01T23:59:59.999999+00:00') > 0);
    assert.equal(compareTimestamps('2026-11-01T12:00:00.5Z', '2026-11-01T12:00:00.5Z'), 0);
    // Different offsets: parsed. 12:00+02:00 is 10:00 UTC, before 11:00 UTC.
    assert.ok(compareTimestamps('2026-11-01T12:00:00.000000+02:00', '2026-11-01T11:00:00.000000+00:00') < 0);
    // Different precision: parsed.
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
