// What changed since the previous scan, in the editor (src/editor/reportChanges.ts): computed for
// the reports asked for once their issues are all loaded, the earlier scan read from the store or
// paged once, and the races of a newer model, a reset, a chosen report and a failure. The store
// is a fake whose entries each test sets; the client's paging is held, released and failed by it.
import { strict as assert } from 'node:assert';
import * as v from 'valibot';
import type { FixReportsClient } from '../../../src/api/client';
import { ServiceError } from '../../../src/api/errors';
import type { IssuePage, PagingOptions } from '../../../src/api/paging';
import {
  IssuePageBodySchema,
  ReportDetailBodySchema,
  ReportListBodySchema,
  type FixReportSummary,
  type Issue,
} from '../../../src/api/schemas';
import { Emitter } from '../../../src/common/emitter';
import * as changesBundle from '../../../src/editor/changesBundle';
import { ReportChangesService } from '../../../src/editor/reportChanges';
import type { ReportEntry, StoreChange } from '../../../src/editor/store/types';
import { ReportModel } from '../../../src/model/report';
import { createDataset, type DatasetOptions } from '../../../tools/sandbox/generator';
import { until } from './store/storeHarness';

type Fingerprinted = { readonly id: string; readonly fingerprintHash: string | null };

/** A sandbox dataset decoded as the client decodes it, and report models built from it. */
function decoded(options: DatasetOptions) {
  const dataset = createDataset(options);
  const summaries = v.parse(ReportListBodySchema, { fixReport: [...dataset.reports] }).fixReport;
  const memo = new Map<string, Issue[]>();
  const decode = (raw: unknown[]) => v.parse(IssuePageBodySchema, { vulnerability_report_issue: raw }).vulnerability_report_issue;
  const issues = (id: string): Issue[] => memo.get(id) ?? memo.set(id, decode(dataset.issueRange(id, 0, dataset.issueCount(id)))).get(id)!;
  const model = (id: string, list: readonly Issue[] = issues(id)) => {
    const m = new ReportModel(v.parse(ReportDetailBodySchema, { fixReport: [dataset.detail(id)] }).fixReport[0]!);
    m.addIssues(list);
    return m;
  };
  return { dataset, summaries, issues, model };
}
type Data = ReturnType<typeof decoded>;

const data = decoded({ seed: 9, reports: 10, issuesPerReport: [40, 300], rescans: 2 });
/** payments-api @ release/2.4 by one scanner, newest first: the head, its two rescans, the scan before them. */
const lineage = data.summaries.filter(
  (r) => r.repo?.originalUrl === 'https://github.com/acme/payments-api' && r.repo.reference === 'release/2.4',
);
const [head, previous, older, oldest] = lineage as [FixReportSummary, FixReportSummary, FixReportSummary, FixReportSummary];

/** The multiset rule worked out plainly: the i-th occurrence of a fingerprint pairs with the i-th. */
function expected(report: Iterable<Fingerprinted>, since: readonly Fingerprinted[]) {
  const key = (i: Fingerprinted) => (i.fingerprintHash ?? '').trim();
  const left = new Map<string, number>();
  let unmatchedSince = 0;
  for (const i of since)
    if (key(i)) left.set(key(i), (left.get(key(i)) ?? 0) + 1);
    else unmatchedSince++;
  const newIds: string[] = [];
  let unchanged = 0;
  let unmatched = 0;
  for (const i of report) {
    if (!key(i)) unmatched++;
    else if ((left.get(key(i)) ?? 0) > 0) {
      left.set(key(i), left.get(key(i))! - 1);
      unchanged++;
    } else newIds.push(i.id);
  }
  // Of the earlier report's occurrences the last ones are left over: fixed.
  const seen = new Map<string, number>();
  const fixedIds: string[] = [];
  for (const i of [...since].reverse()) {
    if (!key(i) || (seen.get(key(i)) ?? 0) >= (left.get(key(i)) ?? 0)) continue;
    seen.set(key(i), (seen.get(key(i)) ?? 0) + 1);
    fixedIds.unshift(i.id);
  }
  const counts = { new: newIds.length, fixed: fixedIds.length, unchanged, unmatched, unmatchedSince };
  return { counts, newIds, fixedIds };
}

/** A store with the entries and the list a test sets, and the changes it fires. */
class FakeStore {
  readonly entries = new Map<string, ReportEntry>();
  private readonly changes = new Emitter<StoreChange>();
  readonly onDidChange = this.changes.event;
  constructor(
    public listed: readonly FixReportSummary[],
    private readonly all: readonly FixReportSummary[] = listed,
  ) {}
  entry(id: string): ReportEntry | undefined {
    return this.entries.get(id);
  }
  loadedReports(): readonly FixReportSummary[] {
    return this.listed;
  }
  set(id: string, model: ReportModel, kind: 'loading' | 'paused' | 'done' = 'done'): ReportModel {
    this.entries.set(id, { summary: this.all.find((r) => r.id === id)!, model, issues: { kind, received: model.issueCount } });
    return model;
  }
  fire(change: StoreChange): void {
    this.changes.fire(change);
  }
}

interface PagingCall {
  readonly fixReportId: string;
  readonly signal: AbortSignal;
  readonly options: PagingOptions;
}

/** The issues in pages; `before(page)` may hold a page back or throw. Like a page already on its way, it ignores the signal. */
async function* pages(issues: readonly Issue[], size: number, before?: (page: number) => Promise<void> | void): AsyncGenerator<IssuePage> {
  for (let start = 0, page = 1; start < issues.length; start += size, page++) {
    await before?.(page);
    const chunk = issues.slice(start, start + size);
    yield { page, issues: chunk, received: chunk.length, hasNextPage: start + size < issues.length };
  }
}

function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

const turns = async (n = 30) => {
  for (let i = 0; i < n; i++) await new Promise((resolve) => setImmediate(resolve));
};

describe('editor/reportChanges: what changed since the previous scan', () => {
  const live: ReportChangesService[] = [];
  afterEach(() => live.splice(0).forEach((s) => s.dispose()));

  /** The service over a fake store and a client whose `script` gives each paging call's pages (the n-th call: n, from 1). */
  function setup(listed: readonly FixReportSummary[] = data.summaries, source: Data = data) {
    const store = new FakeStore(listed, source.summaries);
    const calls: PagingCall[] = [];
    const paging = {
      calls,
      script: (call: PagingCall, _n: number): AsyncGenerator<IssuePage> => pages(source.issues(call.fixReportId), 20),
      ids: () => calls.map((c) => c.fixReportId),
    };
    const client = {
      issuePages: (query: { fixReportId?: string }, options: PagingOptions) => {
        const call = { fixReportId: query.fixReportId!, signal: options.signal!, options };
        calls.push(call);
        return paging.script(call, calls.length);
      },
    } as unknown as FixReportsClient;
    const warnings: string[] = [];
    const service = new ReportChangesService(store, { client: () => client }, { warn: (m) => void warnings.push(m) }, () => changesBundle);
    live.push(service);
    const fired: string[] = [];
    service.onDidChange((id) => fired.push(`${id} ${service.state(id)?.kind}`));
    return { store, paging, warnings, service, fired };
  }

  async function settled(service: ReportChangesService, id: string) {
    await until(() => ['done', 'failed', 'no-previous'].includes(service.state(id)?.kind ?? ''), `the changes of ${id}`, 30_000);
    return service.state(id)!;
  }

  /** The state is done, compared with `since`, and agrees with the plain count everywhere. */
  function assertChanges(service: ReportChangesService, id: string, model: ReportModel, since: FixReportSummary, source: Data = data) {
    const state = service.state(id);
    assert.ok(state?.kind === 'done', `done, not ${state?.kind}`);
    assert.equal(state.since.id, since.id);
    const want = expected(model.issues(), source.issues(since.id));
    const ids = (list: readonly { id: string }[]) => list.map((i) => i.id);
    assert.deepEqual(state.changes.counts, want.counts);
    assert.deepEqual(ids(state.changes.newIssues), want.newIds);
    assert.deepEqual(ids(state.changes.fixedIssues), want.fixedIds);
    assert.deepEqual([...state.newIds].sort(), [...want.newIds].sort());
    const newIds = new Set(want.newIds);
    for (const issue of model.issues()) {
      assert.equal(service.isNew(id, issue.id), newIds.has(issue.id), issue.id);
      assert.equal(service.newSince(id, issue.id), newIds.has(issue.id) ? state.since : undefined, issue.id);
    }
  }

  it('the dataset: a head with two earlier scans of the same scanner, and something new, fixed and unfingerprinted between them', () => {
    assert.equal(lineage.length, 4);
    assert.equal(new Set(lineage.map((r) => r.vulnerabilityReport?.vendor)).size, 1);
    const counts = expected(data.issues(head.id), data.issues(previous.id)).counts;
    assert.ok(counts.new > 0 && counts.fixed > 0 && counts.unchanged > 0 && counts.unmatchedSince > 0, JSON.stringify(counts));
  });

  it('waits for all of the report’s issues, then compares them with its previous scan’s: counts, new ids, isNew and newSince', async () => {
    const { store, paging, service, fired } = setup();
    const issues = data.issues(head.id);
    const model = store.set(head.id, data.model(head.id, issues.slice(0, 20)), 'loading');
    service.want(head.id);
    assert.deepEqual(service.state(head.id), { kind: 'waiting' });
    assert.equal(service.isNew(head.id, issues[0]!.id), undefined);
    model.addIssues(issues.slice(20));
    store.fire({ kind: 'report', reportId: head.id });
    store.fire({ kind: 'status' });
    assert.deepEqual(service.state(head.id), { kind: 'waiting' }, 'still loading');
    assert.deepEqual(paging.calls, []);

    store.set(head.id, model, 'done');
    store.fire({ kind: 'report', reportId: head.id });
    const comparing = service.state(head.id);
    assert.ok(comparing?.kind === 'comparing');
    assert.equal(comparing.since.id, previous.id);
    assert.equal(await settled(service, head.id).then((s) => s.kind), 'done');
    assertChanges(service, head.id, model, previous);
    assert.deepEqual(fired, [`${head.id} comparing`, `${head.id} done`]);
    assert.deepEqual(paging.ids(), [previous.id]);
    service.want(head.id);
    store.fire({ kind: 'report', reportId: head.id });
    await turns();
    assert.deepEqual(paging.ids(), [previous.id], 'the same model is not compared again');
  });

  it('takes the previous scan from the listed reports: the same repository, branch and scanner, created before', async () => {
    const at = (day: string) => `2026-10-${day}T00:00:00.000000+00:00`;
    type Repo = Partial<NonNullable<FixReportSummary['repo']>>;
    const decoy = (id: string, createdOn: string, repo: Repo, vendor = head.vulnerabilityReport!.vendor): FixReportSummary => {
      return { ...head, id, createdOn, repo: { ...head.repo!, ...repo }, vulnerabilityReport: { ...head.vulnerabilityReport!, vendor } };
    };
    const decoys = [
      decoy('other-branch', at('12'), { reference: 'main' }),
      decoy('other-repository', at('12'), { originalUrl: 'https://github.com/acme/ledger' }),
      decoy('other-scanner', at('12'), {}, 'semgrep'),
      decoy('later', at('20'), {}),
    ];
    const listed = [...decoys, ...lineage];
    for (const [list, since] of [
      [listed, previous],
      [listed.filter((r) => r !== previous), older],
    ] as const) {
      const { store, paging, service } = setup(list);
      store.set(head.id, data.model(head.id));
      service.want(head.id);
      assert.equal((await settled(service, head.id)).kind, 'done');
      assertChanges(service, head.id, store.entry(head.id)!.model!, since);
      assert.deepEqual(paging.ids(), [since.id]);
    }

    const { store, paging, service, fired } = setup([...decoys, head]);
    store.set(head.id, data.model(head.id));
    service.want(head.id);
    assert.deepEqual(service.state(head.id), { kind: 'no-previous' });
    await turns();
    assert.deepEqual(paging.calls, [], 'nothing is paged');
    assert.deepEqual(fired, [`${head.id} no-previous`]);
    assert.equal(service.isNew(head.id, data.issues(head.id)[0]!.id), undefined);
  });

  it('reads the earlier scan from the store when all its issues are loaded, else pages it once', async () => {
    const loaded = setup();
    loaded.store.set(previous.id, data.model(previous.id));
    const model = loaded.store.set(head.id, data.model(head.id));
    loaded.service.want(head.id);
    await settled(loaded.service, head.id);
    assertChanges(loaded.service, head.id, model, previous);
    assert.deepEqual(loaded.paging.calls, [], 'not paged');

    const { store, paging, service, fired } = setup();
    const partial = store.set(previous.id, data.model(previous.id, data.issues(previous.id).slice(0, 10)), 'paused');
    store.set(head.id, model);
    service.want(head.id);
    await settled(service, head.id);
    assertChanges(service, head.id, model, previous);
    assert.deepEqual(paging.ids(), [previous.id], 'paged once');
    // The earlier scan's own loading finishing later changes nothing of the result.
    partial.addIssues(data.issues(previous.id));
    store.set(previous.id, partial, 'done');
    store.fire({ kind: 'report', reportId: previous.id });
    await turns();
    assert.deepEqual(paging.ids(), [previous.id]);
    assert.deepEqual(fired, [`${head.id} comparing`, `${head.id} done`]);
  });

  it('a newer model of the report aborts the comparison under way, whose late result is never published', async () => {
    const { store, paging, service, fired, warnings } = setup();
    const gates = [gate(), gate()];
    paging.script = (call, n) => pages(data.issues(call.fixReportId), 20, (page) => (page === 2 ? gates[n - 1]?.opened : undefined));
    store.set(head.id, data.model(head.id));
    service.want(head.id);
    await turns();
    const issues = data.issues(head.id);
    // Five issues fewer, an issue again under a new id (its fingerprint twice: the second is new), one without a fingerprint.
    const again = { ...issues[10]!, id: 'again' };
    const blank = { ...issues[11]!, id: 'blank', fingerprintHash: '  ' };
    const newer = store.set(head.id, data.model(head.id, [...issues.slice(5), again, blank]));
    store.fire({ kind: 'report', reportId: head.id });
    assert.equal(paging.calls.length, 2);
    assert.ok(paging.calls[0]!.signal.aborted, 'the old comparison’s paging is aborted');
    assert.ok(!paging.calls[1]!.signal.aborted);

    gates[0]!.open(); // the old paging ends first
    await turns();
    assert.equal(service.state(head.id)?.kind, 'comparing', 'the old result is not published');
    gates[1]!.open();
    await settled(service, head.id);
    assertChanges(service, head.id, newer, previous);
    assert.equal(service.isNew(head.id, 'again'), true);
    assert.equal(service.isNew(head.id, issues[10]!.id), false, 'the first occurrence pairs');
    assert.equal(service.isNew(head.id, 'blank'), false, 'without a fingerprint: never new');
    assert.deepEqual(fired, [`${head.id} comparing`, `${head.id} comparing`, `${head.id} done`]);
    assert.deepEqual(warnings, []);
  });

  it('a store reset aborts every comparison and starts the wanted reports’ again; with nothing loaded they wait', async () => {
    const { store, paging, service, fired, warnings } = setup();
    const held = gate();
    paging.script = (call, n) => pages(data.issues(call.fixReportId), 20, (page) => (n === 1 && page === 2 ? held.opened : undefined));
    const headModel = store.set(head.id, data.model(head.id));
    const olderModel = store.set(older.id, data.model(older.id));
    service.want(head.id); // pages `previous`, held
    service.want(older.id); // pages `oldest`, runs to the end
    await settled(service, older.id);
    assert.equal(service.state(head.id)?.kind, 'comparing');
    fired.length = 0;

    store.fire({ kind: 'all' });
    assert.deepEqual(paging.ids(), [previous.id, oldest.id, previous.id, oldest.id]);
    assert.ok(paging.calls[0]!.signal.aborted);
    assert.ok(!paging.calls[2]!.signal.aborted && !paging.calls[3]!.signal.aborted);
    // Each is told twice: its result is gone (waiting), then compared again.
    assert.deepEqual(fired, [`${head.id} waiting`, `${older.id} waiting`, `${head.id} comparing`, `${older.id} comparing`]);
    await settled(service, head.id);
    await settled(service, older.id);
    held.open();
    await turns();
    assertChanges(service, head.id, headModel, previous);
    assertChanges(service, older.id, olderModel, oldest);

    store.entries.clear();
    store.fire({ kind: 'all' });
    assert.deepEqual(service.state(head.id), { kind: 'waiting' });
    assert.equal(service.isNew(head.id, data.issues(head.id)[0]!.id), undefined);
    assert.equal(paging.calls.length, 4);
    store.set(head.id, headModel);
    store.fire({ kind: 'report', reportId: head.id });
    await settled(service, head.id);
    assertChanges(service, head.id, headModel, previous);
    assert.deepEqual(warnings, []);
  });

  it('a listener that asks again while the store resets is answered once, not in a loop', async () => {
    const { store, service } = setup();
    store.set(head.id, data.model(head.id));
    service.want(head.id);
    await settled(service, head.id);
    let reentries = 0;
    service.onDidChange(() => {
      if (++reentries < 1_000) service.want(head.id);
    });
    store.fire({ kind: 'all' });
    assert.ok(reentries < 10, `${reentries} notifications for one reset`);
    await settled(service, head.id);
  });

  it('when the comparison’s code cannot be loaded, the state says so, logged once, and nothing is paged', () => {
    const store = new FakeStore(data.summaries, data.summaries);
    const warnings: string[] = [];
    let loads = 0;
    const service = new ReportChangesService(
      store,
      { client: () => assert.fail('nothing is paged') },
      { warn: (m) => void warnings.push(m) },
      () => {
        loads++;
        throw new Error('Cannot find module changes.js');
      },
    );
    live.push(service);
    store.set(head.id, data.model(head.id));
    service.want(head.id);
    service.want(previous.id);
    store.fire({ kind: 'report', reportId: head.id });
    store.fire({ kind: 'all' });
    assert.deepEqual(service.state(head.id), { kind: 'unavailable', message: 'Cannot find module changes.js' });
    assert.equal(loads, 1);
    assert.equal(warnings.length, 1);
    assert.match(warnings[0]!, /could not be loaded \(Cannot find module changes\.js\)/);
  });

  it('compareWith compares with the chosen report (any case of its id), and undefined goes back to the previous scan', async () => {
    const { store, paging, service, fired } = setup();
    const held = gate();
    paging.script = (call, n) => pages(data.issues(call.fixReportId), 20, (page) => (n === 1 && page === 2 ? held.opened : undefined));
    const model = store.set(head.id, data.model(head.id));
    service.want(head.id);
    await turns();
    assert.equal(service.chosenSince(head.id), undefined);

    service.compareWith(head.id, older.id.toUpperCase());
    assert.ok(paging.calls[0]!.signal.aborted, 'the comparison with the previous scan is aborted');
    assert.equal(service.chosenSince(head.id), older.id.toUpperCase());
    const comparing = service.state(head.id);
    assert.equal(comparing?.kind === 'comparing' && comparing.since.id, older.id);
    held.open();
    await settled(service, head.id);
    assertChanges(service, head.id, model, older);

    service.compareWith(head.id, undefined);
    assert.equal(service.chosenSince(head.id), undefined);
    await settled(service, head.id);
    assertChanges(service, head.id, model, previous);
    assert.deepEqual(paging.ids(), [previous.id, older.id, previous.id]);
    assert.deepEqual(
      fired.map((f) => f.slice(head.id.length + 1)),
      ['comparing', 'comparing', 'done', 'comparing', 'done'],
    );
  });

  it('a paging failure is the state “failed” with its message, logged once; a later model computes again', async () => {
    const { store, paging, service, warnings } = setup();
    const error = new ServiceError('network', 'The service could not be reached (ECONNRESET).');
    paging.script = (call, n) =>
      pages(data.issues(call.fixReportId), 20, (page) => {
        if (page === 2) call.options.onWarning?.('page 2 repeated 3 issues of page 1');
        if (n === 1 && page === 2) throw error;
      });
    store.set(head.id, data.model(head.id));
    service.want(head.id);
    const failed = await settled(service, head.id);
    assert.deepEqual(failed, { kind: 'failed', since: previous, message: error.message });
    assert.equal(service.isNew(head.id, data.issues(head.id)[0]!.id), undefined);
    assert.equal(warnings.length, 2);
    assert.equal(warnings[0], `Report ${previous.id}: page 2 repeated 3 issues of page 1`, 'a paging anomaly is logged as it is');
    assert.equal(warnings.filter((w) => w.includes(error.message)).length, 1);
    assert.match(warnings[1]!, new RegExp(`${head.id}.*${previous.id}.*ECONNRESET`));

    store.fire({ kind: 'report', reportId: head.id });
    await turns();
    assert.equal(paging.calls.length, 1, 'the same model is not compared again');
    const model = store.set(head.id, data.model(head.id));
    store.fire({ kind: 'report', reportId: head.id });
    await settled(service, head.id);
    assertChanges(service, head.id, model, previous);
    assert.equal(warnings.filter((w) => w.includes(error.message)).length, 1);
  });

  it('never computes a report that was not asked for, even when its issues arrive or the store resets', async () => {
    const { store, paging, service, fired } = setup();
    const issues = data.issues(older.id);
    const model = store.set(older.id, data.model(older.id, issues.slice(0, 10)), 'loading');
    model.addIssues(issues);
    store.set(older.id, model, 'done');
    store.fire({ kind: 'report', reportId: older.id });
    store.fire({ kind: 'all' });
    store.set(head.id, data.model(head.id));
    store.fire({ kind: 'report', reportId: head.id });
    await turns();
    assert.equal(service.state(older.id), undefined);
    assert.equal(service.state(head.id), undefined);
    assert.equal(service.isNew(older.id, issues[0]!.id), undefined);
    assert.deepEqual(paging.calls, []);
    assert.deepEqual(fired, []);
    service.want(head.id);
    await settled(service, head.id);
    store.fire({ kind: 'all' });
    await settled(service, head.id);
    assert.deepEqual(paging.ids(), [previous.id, previous.id], 'only the wanted report’s earlier scan');
    assert.equal(service.state(older.id), undefined);
  });

  it('compares two 20,000-issue scans, paged and from the store', async () => {
    const big = decoded({ seed: 9, reports: 1, bigReportIssues: 20_000, bigReportRescans: 1 });
    const [bigHead, bigPrevious] = big.summaries.filter((r) => big.dataset.issueCount(r.id) === 20_000) as [
      FixReportSummary,
      FixReportSummary,
    ];
    assert.ok(bigHead && bigPrevious);
    for (const fromStore of [false, true]) {
      const { store, paging, service } = setup(big.summaries, big);
      paging.script = (call) => pages(big.issues(call.fixReportId), 500);
      if (fromStore) store.set(bigPrevious.id, big.model(bigPrevious.id));
      const model = store.set(bigHead.id, big.model(bigHead.id));
      service.want(bigHead.id);
      await settled(service, bigHead.id);
      assertChanges(service, bigHead.id, model, bigPrevious, big);
      const state = service.state(bigHead.id);
      assert.ok(state?.kind === 'done');
      const { counts } = state.changes;
      assert.ok(counts.new > 0 && counts.fixed > 0, JSON.stringify(counts));
      assert.equal(counts.new + counts.unchanged + counts.unmatched, 20_000);
      assert.equal(counts.fixed + counts.unchanged + counts.unmatchedSince, 20_000);
      assert.deepEqual(paging.ids(), fromStore ? [] : [bigPrevious.id]);
    }
  });
});
