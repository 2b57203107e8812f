// FP explanations fetched when shown (src/editor/explanations.ts): one issue by id from the
// service, a few recent ones kept, concurrent asks shared, failures turned into text that says
// what happened and what to do, and server text passed on as it came (the views escape it).
import { strict as assert } from 'node:assert';
import type { FixReportsClient } from '../../../src/api/client';
import { ServiceError } from '../../../src/api/errors';
import {
  explain,
  FallbackExplanations,
  RecentExplanations,
  ServiceExplanations,
  stillLoading,
  unavailableMessage,
  type ExplanationSource,
} from '../../../src/editor/explanations';
import { HOSTILE_CASES } from '../../../tools/sandbox/hostile';
import type { Sandbox } from '../../../tools/sandbox/server';
import { useSandbox } from '../helpers';

/** A source that answers from a table and records each ask; `gate` holds the answers back. */
function fakeSource(texts: Record<string, string | undefined>) {
  const asked: string[] = [];
  const signals: (AbortSignal | undefined)[] = [];
  let open: () => void = () => undefined;
  let gate: Promise<void> | undefined;
  const source: ExplanationSource = {
    async explanation(reportId, issueId, signal) {
      asked.push(`${reportId}/${issueId}`);
      signals.push(signal);
      if (gate) await gate;
      if (signal?.aborted) throw new ServiceError('cancelled', 'cancelled');
      if (issueId.startsWith('fail')) throw new ServiceError('network', `connect ECONNREFUSED for ${issueId}`);
      return texts[issueId];
    },
  };
  return {
    source,
    asked,
    signals,
    hold() {
      gate = new Promise((resolve) => (open = resolve));
    },
    release() {
      gate = undefined;
      open();
    },
  };
}

describe('FP explanations fetched when shown', () => {
  describe('from the service (GET v5/issues?issueId=…)', () => {
    let sandbox: Sandbox;
    let client: FixReportsClient;
    useSandbox({ dataset: { seed: 7, reports: 3, hostileText: true } }, {}, (s, c) => {
      sandbox = s;
      client = c;
    });

    it('returns the one issue’s fpDescription, and undefined for an issue without one', async () => {
      const source = new ServiceExplanations(() => client);
      const reportId = sandbox.dataset.reports[0]!.id;
      const issues = sandbox.dataset.issueRange(reportId, 0, sandbox.dataset.issueCount(reportId));
      const fp = issues.find((i) => i.fpDescription)!;
      const plain = issues.find((i) => !i.fpDescription)!;
      assert.equal(await source.explanation(reportId, fp.id), fp.fpDescription);
      assert.equal(await source.explanation(reportId, plain.id), undefined);
      assert.deepEqual(
        sandbox.requests.map((r) => [r.path, r.query['issueId'], r.query['fixReportId']]),
        [
          ['/api/rest/v5/issues', fp.id, undefined],
          ['/api/rest/v5/issues', plain.id, undefined],
        ],
        'one request each, by issue id alone',
      );
    });

    it('passes hostile server text on exactly as it came (escaping is the view’s)', async () => {
      const source = new ServiceExplanations(() => client);
      const hostileId = sandbox.dataset.hostileReportId!;
      for (let index = 0; index < HOSTILE_CASES.length; index++) {
        const issue = sandbox.dataset.issueAt(hostileId, index);
        assert.equal(await source.explanation(hostileId, issue.id), issue.fpDescription, HOSTILE_CASES[index]!.name);
      }
    });

    it('rejects with the client’s typed error, which explain() turns into what to do', async () => {
      const source = new ServiceExplanations(() => client);
      const reportId = sandbox.dataset.reports[0]!.id;
      const fp = sandbox.dataset.issueRange(reportId, 0, 50).find((i) => i.fpDescription)!;
      sandbox.faults.add({ route: 'issues', fault: { kind: 'status', status: 401 } });
      const shown = await explain(source, reportId, { id: fp.id, fpDescriptionLength: 10 });
      assert.equal(shown.kind, 'unavailable');
      assert.match(shown.kind === 'unavailable' ? shown.message : '', /could not be loaded.*Set the service key/s);
      sandbox.faults.clear();
      const missing = await explain(source, reportId, { id: '3f2b8c1e-4d5a-4e6f-8a9b-0c1d2e3f4a5b', fpDescriptionLength: 10 });
      assert.match(missing.kind === 'unavailable' ? missing.message : '', /not found.*refresh the report/i);
    });
  });

  describe('the cached copy when the service cannot answer (FallbackExplanations)', () => {
    const down: ExplanationSource = {
      explanation: () => Promise.reject(new ServiceError('network', 'Could not reach the service (ECONNREFUSED).')),
    };
    const copy = async (reportId: string) =>
      reportId === 'cached'
        ? {
            issues: [
              { id: 'fp', fpDescription: 'Sanitised upstream.\nSee the allow-list.' },
              { id: 'blank', fpDescription: '  ' },
            ],
          }
        : undefined;

    it("serves the cached report's explanation, as sent, when the service is down", async () => {
      const source = new FallbackExplanations(down, copy);
      assert.equal(await source.explanation('cached', 'fp'), 'Sanitised upstream.\nSee the allow-list.');
      assert.equal(await source.explanation('cached', 'blank'), undefined, 'blank is none, as from the service');
    });

    it("says the service's error when the copy does not have the issue, or there is no copy", async () => {
      const source = new FallbackExplanations(down, copy);
      await assert.rejects(source.explanation('cached', 'other'), /ECONNREFUSED/);
      await assert.rejects(source.explanation('not-cached', 'fp'), /ECONNREFUSED/);
    });

    it('asks the service first, and never reads the copy after a cancellation', async () => {
      let read = 0;
      const counting = async (reportId: string) => (read++, copy(reportId));
      assert.equal(
        await new FallbackExplanations({ explanation: async () => 'from the service' }, counting).explanation('cached', 'fp'),
        'from the service',
      );
      const controller = new AbortController();
      controller.abort();
      const cancelledSource: ExplanationSource = { explanation: () => Promise.reject(new ServiceError('cancelled', 'Cancelled.')) };
      await assert.rejects(new FallbackExplanations(cancelledSource, counting).explanation('cached', 'fp', controller.signal), /Cancelled/);
      assert.equal(read, 0);
    });
  });

  describe('the recent ones (RecentExplanations)', () => {
    it('asks once per issue, and again for one it has dropped as least recently used', async () => {
      const fake = fakeSource({ a: 'A', b: 'B', c: 'C' });
      const recent = new RecentExplanations(fake.source, { entries: 2 });
      assert.equal(await recent.explanation('r', 'a'), 'A');
      assert.equal(await recent.explanation('r', 'b'), 'B');
      assert.equal(await recent.explanation('r', 'a'), 'A', 'kept');
      assert.equal(await recent.explanation('r', 'c'), 'C'); // drops b, the least recently used
      assert.equal(await recent.explanation('r', 'a'), 'A');
      assert.equal(await recent.explanation('r', 'b'), 'B');
      assert.deepEqual(fake.asked, ['r/a', 'r/b', 'r/c', 'r/b']);
    });

    it('keeps "none" too, and never more characters than allowed', async () => {
      const fake = fakeSource({ big: 'x'.repeat(60), small: 'y', huge: 'z'.repeat(200) });
      const recent = new RecentExplanations(fake.source, { entries: 10, chars: 100 });
      assert.equal(await recent.explanation('r', 'none'), undefined);
      assert.equal(await recent.explanation('r', 'none'), undefined);
      await recent.explanation('r', 'big');
      await recent.explanation('r', 'small');
      await recent.explanation('r', 'huge'); // longer than the whole budget: not kept
      await recent.explanation('r', 'huge');
      await recent.explanation('r', 'big');
      await recent.explanation('r', 'small');
      assert.deepEqual(fake.asked, ['r/none', 'r/big', 'r/small', 'r/huge', 'r/huge']);
    });

    it('tells reports apart, whatever their ids contain', async () => {
      const fake = fakeSource({ '1b': 'one', b: 'two' });
      const recent = new RecentExplanations(fake.source);
      assert.equal(await recent.explanation('a', '1b'), 'one');
      assert.equal(await recent.explanation('a1', 'b'), 'two', 'not the entry of report "a", issue "1b"');
    });

    it('shares one request among concurrent asks, and keeps no failure', async () => {
      const fake = fakeSource({ a: 'A' });
      const recent = new RecentExplanations(fake.source);
      fake.hold();
      const both = Promise.all([recent.explanation('r', 'a'), recent.explanation('r', 'a')]);
      fake.release();
      assert.deepEqual(await both, ['A', 'A']);
      await assert.rejects(recent.explanation('r', 'fail-1'), /ECONNREFUSED/);
      await assert.rejects(recent.explanation('r', 'fail-1'), /ECONNREFUSED/);
      assert.deepEqual(fake.asked, ['r/a', 'r/fail-1', 'r/fail-1'], 'a failure is asked again');
    });

    it('stops the request when the last one waiting gives up, and starts afresh after', async () => {
      const fake = fakeSource({ a: 'A' });
      const recent = new RecentExplanations(fake.source);
      fake.hold();
      const first = new AbortController();
      const second = new AbortController();
      const one = recent.explanation('r', 'a', first.signal);
      const two = recent.explanation('r', 'a', second.signal);
      first.abort();
      await assert.rejects(one, (e: unknown) => e instanceof ServiceError && e.kind === 'cancelled');
      assert.equal(fake.signals[0]!.aborted, false, 'another caller still waits');
      second.abort();
      await assert.rejects(two, (e: unknown) => e instanceof ServiceError && e.kind === 'cancelled');
      assert.equal(fake.signals[0]!.aborted, true, 'nobody waits: the request is stopped');
      fake.release();
      assert.equal(await recent.explanation('r', 'a'), 'A');
      assert.equal(fake.asked.length, 2, 'the next ask does not join the stopped request');
    });

    it('after clear(), serves nothing fetched before, not even what was still on its way', async () => {
      const fake = fakeSource({ a: 'A', b: 'B' });
      const recent = new RecentExplanations(fake.source);
      await recent.explanation('r', 'a');
      fake.hold();
      const pending = recent.explanation('r', 'b');
      recent.clear(); // the key changed
      fake.release();
      assert.equal(await pending, 'B', 'the caller that asked before still gets its answer');
      await recent.explanation('r', 'a');
      await recent.explanation('r', 'b');
      assert.deepEqual(fake.asked, ['r/a', 'r/b', 'r/a', 'r/b']);
    });
  });

  describe('what a view shows (explain)', () => {
    it('asks nothing for an issue that had no explanation', async () => {
      const fake = fakeSource({});
      assert.deepEqual(await explain(fake.source, 'r', { id: 'a', fpDescriptionLength: 0 }), { kind: 'none' });
      assert.deepEqual(fake.asked, []);
    });

    it('returns the text, or none when the service has none now', async () => {
      const fake = fakeSource({ a: 'Because.' });
      assert.deepEqual(await explain(fake.source, 'r', { id: 'a', fpDescriptionLength: 8 }), { kind: 'text', text: 'Because.' });
      assert.deepEqual(await explain(fake.source, 'r', { id: 'gone', fpDescriptionLength: 8 }), { kind: 'none' });
    });

    it('turns every failure into what happened and what to do, never a rejection', async () => {
      const fake = fakeSource({});
      const shown = await explain(fake.source, 'r', { id: 'fail-x', fpDescriptionLength: 8 });
      assert.equal(shown.kind, 'unavailable');
      const message = shown.kind === 'unavailable' ? shown.message : '';
      assert.match(message, /^The explanation could not be loaded\. Network error: connect ECONNREFUSED for fail-x /);
      assert.match(message, /Check that the service is reachable, then hover again/);
      const cancelled = new AbortController();
      cancelled.abort();
      const gaveUp = await explain(new RecentExplanations(fake.source), 'r', { id: 'a', fpDescriptionLength: 8 }, cancelled.signal);
      assert.match(gaveUp.kind === 'unavailable' ? gaveUp.message : '', /cancelled\. Hover again/);
      assert.match(unavailableMessage(new Error('boom')), /boom "Show Log" has the details/);
      assert.match(stillLoading(1500).kind === 'unavailable' ? (stillLoading(1500) as { message: string }).message : '', /within 1\.5 s/);
    });

    it('cleans server text out of an error into one line without control or bidi characters', () => {
      const hostile = new ServiceError('service-error', `The service said: ${HOSTILE_CASES[0]!.summary}\n\n# Heading\r\nline\u2028two`);
      const message = unavailableMessage(hostile);
      assert.doesNotMatch(message, /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2066-\u2069]/);
      assert.match(message, /# Heading line two/);
    });
  });
});
