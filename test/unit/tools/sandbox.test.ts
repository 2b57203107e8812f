// Tests of the sandbox service itself, over real HTTP with plain undici (not the project's
// client): the generated data keeps the rules of docs/service-interface.md, paging is exact under both cursor
// semantics, and every fault really happens on the wire.
import { strict as assert } from 'node:assert';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { Agent, request } from 'undici';
import * as v from 'valibot';
import { IssueSchema, ReportDetailBodySchema, ReportListBodySchema, type Issue } from '../../../src/api/schemas';
import { FIX_RATING_TAGS, VENDORS } from '../../../tools/sandbox/catalog';
import { createDataset, type Dataset, type SandboxIssue } from '../../../tools/sandbox/generator';
import { HOSTILE_CASES, HOSTILE_FIELDS } from '../../../tools/sandbox/hostile';
import { requestKey, roundTripMs, transferMs } from '../../../tools/sandbox/latency';
import { startSandbox, type Sandbox } from '../../../tools/sandbox/server';

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}\+00:00$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function allIssues(d: Dataset, reportId: string): SandboxIssue[] {
  return d.issueRange(reportId, 0, d.issueCount(reportId));
}

const LOCATION_KEYS = new Set([
  'codeNodes',
  'codeFilePath',
  'fixFiles',
  'patchAndQuestions',
  'effortToApplyFix',
  'severityText',
  'severityValue',
]);

/** A deep copy without the code-location fields of issues and fixes. */
function withoutLocations<T>(value: T): T {
  return JSON.parse(JSON.stringify(value, (key, v: unknown) => (LOCATION_KEYS.has(key) ? undefined : v))) as T;
}

function codePoints(text: string): number {
  return Array.from(text).length;
}

describe('sandbox generator', () => {
  const dataset = createDataset({ seed: 42 });
  const details = dataset.reports.map((r) => {
    const detail = dataset.detail(r.id);
    assert.ok(detail);
    return detail;
  });
  const fixes = details.flatMap((d) => d.fixes);

  it('is deterministic: same seed gives byte-identical JSON, another seed differs', () => {
    const snapshot = (d: Dataset) =>
      JSON.stringify({
        reports: d.reports,
        details: d.reports.map((r) => d.detail(r.id)),
        issues: d.reports.map((r) => allIssues(d, r.id)),
        summaries: d.reports.flatMap((r) => allIssues(d, r.id).map((i) => (i.fpId ? d.fpSummary(i.fpId) : null))),
      });
    const a = snapshot(createDataset({ seed: 7, hostileText: true, bigReportIssues: 3000 }));
    const b = snapshot(createDataset({ seed: 7, hostileText: true, bigReportIssues: 3000 }));
    const c = snapshot(createDataset({ seed: 8, hostileText: true, bigReportIssues: 3000 }));
    assert.equal(a, b);
    assert.notEqual(a, c);
  });

  it('emits objects the wire schemas decode to themselves (code locations aside)', () => {
    // The code-location fields are not in the spec: the schemas may drop them (or, once the
    // client reads them, keep them); everything else must come back unchanged, and the
    // spec-minimal dataset is the same data without them.
    const minimal = createDataset({ seed: 42, specMinimal: true });
    const minimalDetails = minimal.reports.map((r) => minimal.detail(r.id));
    assert.deepEqual(v.parse(ReportListBodySchema, { fixReport: dataset.reports }).fixReport, dataset.reports);
    assert.deepEqual(withoutLocations(v.parse(ReportDetailBodySchema, { fixReport: details }).fixReport), minimalDetails);
    assert.deepEqual(withoutLocations(v.parse(ReportDetailBodySchema, { fixReport: minimalDetails }).fixReport), minimalDetails);
    const reportId = dataset.reports[0]?.id ?? '';
    const minimalIssues = allIssues(minimal, reportId);
    allIssues(dataset, reportId).forEach((i, k) => assert.deepEqual(withoutLocations(v.parse(IssueSchema, i)), minimalIssues[k]));
  });

  it('covers vendors, nulls where the spec allows them, and expired reports', () => {
    const now = Date.parse('2026-11-01T12:00:00Z');
    assert.deepEqual(new Set(dataset.reports.map((r) => r.vulnerabilityReport?.vendor)), new Set(VENDORS));
    assert.equal(dataset.reports.filter((r) => r.repo === null).length, 1);
    assert.equal(dataset.reports.filter((r) => r.createdByUser === null).length, 1);
    assert.equal(dataset.reports.filter((r) => r.expirationOn === null).length, 1);
    assert.ok(
      dataset.reports.some((r) => r.expirationOn !== null && Date.parse(r.expirationOn) < now),
      'an expired report',
    );
    const created = dataset.reports.map((r) => r.createdOn ?? '');
    assert.deepEqual(created, [...created].sort().reverse(), 'newest first');
    for (const r of dataset.reports) {
      assert.match(r.id, UUID);
      assert.match(r.createdOn ?? '', TIMESTAMP);
      if (r.repo) assert.match(r.repo.originalUrl ?? '', /^https:\/\/[^/]+\/.+/);
    }
    const issues = dataset.reports.flatMap((r) => allIssues(dataset, r.id));
    assert.ok(issues.some((i) => i.vendorInstanceId === null) && issues.some((i) => i.vendorInstanceId !== null));
  });

  it('keeps the fix rules: committed ⇒ submissions, no submission ⇒ not committed, tags only on thumbs-down', () => {
    const states = new Set<string>();
    const tags = new Set<string | null>();
    const prStatuses = new Set<string | null>();
    let repeatedDownloads = 0;
    for (const fix of fixes) {
      states.add(fix.state ?? '');
      assert.ok(fix.confidence === 90 || fix.confidence === 50);
      assert.ok(fix.vulnerabilityReportIssues.length >= 1);
      if (fix.state === 'Committed' || fix.state === 'Merged')
        assert.ok(fix.scmSubmitFixRequests.length >= 1, `${fix.id} committed without submission`);
      if (fix.scmSubmitFixRequests.length === 0) assert.ok(fix.state === 'Ready' || fix.state === 'Downloaded');
      for (const s of fix.scmSubmitFixRequests) {
        prStatuses.add(s.prStatus);
        assert.ok((s.prUrl === null) !== (s.commitUrl === null), 'a submission is either a PR or a commit');
        assert.ok((s.createdAt ?? '') <= (s.updatedAt ?? ''));
      }
      const downloads = fix.sharedState?.downloadedBy ?? [];
      if (new Set(downloads.map((d) => d.user?.email)).size < downloads.length || downloads.length > 2) repeatedDownloads++;
      for (const rating of fix.sharedState?.fixRatings ?? []) {
        assert.ok(rating.voteScore === 1 || rating.voteScore === -1);
        if (rating.voteScore === 1) assert.equal(rating.fixRatingTag, null);
        if (rating.voteScore === -1) tags.add(rating.fixRatingTag);
        assert.ok(rating.user?.name && rating.comment);
      }
    }
    assert.deepEqual(states, new Set(['Ready', 'Downloaded', 'Committed', 'Merged']));
    assert.deepEqual(tags, new Set([...FIX_RATING_TAGS, null]));
    assert.ok(prStatuses.has('ACTIVE') && prStatuses.has('MERGED') && prStatuses.has('CLOSED'));
    assert.ok(repeatedDownloads > 0);
  });

  it('joins fixes and issues consistently in both directions', () => {
    for (const report of dataset.reports) {
      const detail = dataset.detail(report.id);
      const fixById = new Map(detail?.fixes.map((f) => [f.id, f]));
      const referenced = new Set<string>();
      for (const fix of detail?.fixes ?? []) {
        for (const ref of fix.vulnerabilityReportIssues) {
          const at = dataset.locateIssue(ref.id);
          assert.equal(at?.reportId, report.id);
          const issue = dataset.issueAt(report.id, at?.index ?? -1);
          assert.equal(ref.sharedState?.createdAt, issue.createdAt);
          assert.equal(ref.vendorInstanceId, issue.vendorInstanceId);
          assert.deepEqual(issue.fix, { id: fix.id, state: fix.state });
          assert.equal(issue.issueType, fix.safeIssueType);
          referenced.add(ref.id);
        }
      }
      for (const issue of allIssues(dataset, report.id)) {
        const fixId = (issue.fix as { id?: string } | null)?.id;
        if (fixId !== undefined) {
          assert.ok(fixById.has(fixId) && referenced.has(issue.id), `issue ${issue.id} points at a fix that does not list it`);
        }
      }
    }
  });

  it('gives false positives fpId, a multi-paragraph description and a short summary', () => {
    let fpCount = 0;
    for (const report of dataset.reports) {
      for (const issue of allIssues(dataset, report.id)) {
        const tags = issue.vulnerabilityReportIssueTags.map((t) => t.vulnerability_report_issue_tag_value);
        if (issue.state !== 'FalsePositive') {
          assert.equal(issue.fpId, null);
          assert.ok(!tags.includes('FALSE_POSITIVE'));
          continue;
        }
        fpCount++;
        assert.match(issue.fpId ?? '', UUID);
        assert.ok(tags.includes('FALSE_POSITIVE'));
        assert.equal(issue.fix, null);
        assert.ok((issue.fpDescription ?? '').split('\n\n').length >= 3);
        const summary = dataset.fpSummary(issue.fpId ?? '');
        assert.ok(summary && codePoints(summary) <= 280);
      }
    }
    assert.ok(fpCount > 20);
  });

  it('orders each report chronologically with strictly increasing createdAt', () => {
    for (const report of dataset.reports) {
      const times = allIssues(dataset, report.id).map((i) => i.createdAt ?? '');
      times.forEach((t, k) => {
        assert.match(t, TIMESTAMP);
        if (k > 0) assert.ok(t > (times[k - 1] ?? ''), `${report.id}[${k}] not after its predecessor`);
      });
      assert.ok((times[times.length - 1] ?? '') < (report.createdOn ?? ''), 'issues precede their report');
    }
  });

  it('locates issues in O(1) and rejects ids it did not mint', () => {
    const report = dataset.reports[1]?.id ?? '';
    const issue = dataset.issueAt(report, 17);
    assert.deepEqual(dataset.locateIssue(issue.id), { reportId: report, index: 17 });
    assert.deepEqual(dataset.locateIssue(issue.id.toUpperCase()), { reportId: report, index: 17 });
    const flipped = issue.id.slice(0, -1) + (issue.id.endsWith('0') ? '1' : '0');
    assert.equal(dataset.locateIssue(flipped), undefined);
    assert.equal(dataset.locateIssue('00000000-0000-4000-8000-000000000000'), undefined);
    assert.equal(createDataset({ seed: 43 }).locateIssue(issue.id), undefined);
    assert.throws(() => dataset.issueAt(report, dataset.issueCount(report)), RangeError);
  });

  it('builds a million-issue report in O(1) memory and a 10k-fix detail on demand', () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    gc();
    const before = process.memoryUsage().heapUsed;
    const big = createDataset({ seed: 5, bigReportIssues: 1_000_000 });
    const id = big.bigReportId ?? '';
    const last = big.issueAt(id, 999_999);
    assert.deepEqual(big.locateIssue(last.id), { reportId: id, index: 999_999 });
    assert.ok((big.issueAt(id, 999_998).createdAt ?? '') < (last.createdAt ?? ''));
    gc();
    const grown = process.memoryUsage().heapUsed - before;
    assert.ok(grown < 4 * 1024 * 1024, `heap grew by ${grown} bytes`);
    assert.equal(big.issueCount(id), 1_000_000);

    const tenK = createDataset({ seed: 5, reports: 0, bigReportIssues: 100_000 });
    const tenKId = tenK.bigReportId ?? '';
    assert.equal(tenK.fixCount(tenKId), 10_000);
    const fix = tenK.fixAt(tenKId, 9_999);
    assert.deepEqual(tenK.locateFix(fix.id), { reportId: tenKId, index: 9_999 });
  });

  it('adds hostile false positives on request', () => {
    const hostile = createDataset({ seed: 3, hostileText: true });
    const id = hostile.hostileReportId ?? '';
    const issues = hostile.issueRange(id, 0, HOSTILE_CASES.length);
    const texts = issues.map((i) => `${i.issueType}|${hostile.fpSummary(i.fpId ?? '')}|${i.fpDescription}`).join('\n');
    for (const needle of [
      '\u202E',
      '\u2066',
      '\r\n',
      '\u2028',
      '\u200B',
      '\uFEFF',
      '*/',
      '-->',
      '\\\n',
      '](https://',
      'command:',
      '<img',
      '<script>',
      '\u001b[',
    ]) {
      assert.ok(texts.includes(needle), `missing ${JSON.stringify(needle)}`);
    }
    assert.ok(issues.every((i) => i.state === 'FalsePositive' && i.fix === null));
    assert.ok(issues.some((i) => codePoints(hostile.fpSummary(i.fpId ?? '') ?? '') > 280));
    assert.equal(createDataset({ seed: 3 }).hostileReportId, undefined);
  });

  it('serves hostile values in the other fields the editor shows, over HTTP as in the dataset', async () => {
    const sb = await startSandbox({ dataset: { seed: 3, reports: 1, hostileText: true } });
    try {
      const id = sb.dataset.hostileReportId ?? '';
      const get = async (p: string) =>
        JSON.parse(await (await request(`${sb.baseUrl}${p}`, { headers: { 'x-service-key': sb.key } })).body.text()) as Record<
          string,
          unknown
        >;
      const list = v.parse(ReportListBodySchema, (await get('/api/rest/fix-reports'))['getReportsApiV2']);
      const summary = list.fixReport.find((r) => r.id === id);
      assert.deepEqual(summary?.repo && [summary.repo.name, summary.repo.reference], [
        HOSTILE_FIELDS.repoName,
        HOSTILE_FIELDS.repoReference,
      ]);
      const served = (await get(`/api/rest/fix-reports/${id}`)) as { fixReport: unknown[] };
      assert.deepEqual(served.fixReport[0], JSON.parse(JSON.stringify(sb.dataset.detail(id))), 'served as the dataset has it');
      const detail = v.parse(ReportDetailBodySchema, served).fixReport[0]!;
      const submissions = detail.fixes.flatMap((f) => f.scmSubmitFixRequests);
      assert.ok(submissions.some((s) => s.prId === HOSTILE_FIELDS.prIds[0]));
      assert.ok(
        submissions.every(
          (s) => s.submitBranchName === HOSTILE_FIELDS.branch && (s.prId === null || s.prStatus === HOSTILE_FIELDS.prStatus),
        ),
      );
      const ratings = detail.fixes.flatMap((f) => f.sharedState?.fixRatings ?? []);
      assert.ok(ratings.some((r) => r.comment === HOSTILE_FIELDS.ratingComment));
      assert.ok(
        ratings.some((r) => r.fixRatingTag === HOSTILE_FIELDS.ratingTag && r.voteScore === -1),
        'a tag, on a thumbs-down',
      );
      const fixStates = new Set(detail.fixes.map((f) => f.state));
      assert.ok(
        HOSTILE_FIELDS.fixStates.some((s) => fixStates.has(s)),
        [...fixStates].join(', '),
      );
      const issues = allIssues(sb.dataset, id);
      for (const issue of issues) {
        const fix = detail.fixes.find((f) => f.id === (issue.fix as { id?: string } | null)?.id);
        if (fix) assert.equal((issue.fix as { state: string }).state, fix.state, "an issue's fix has its fix's state");
      }
      const severities = new Set(issues.map((i) => i.severity));
      const states = new Set(issues.map((i) => i.state));
      for (const s of HOSTILE_FIELDS.severities) assert.ok(severities.has(s), `severity ${s}`);
      for (const s of HOSTILE_FIELDS.issueStates) assert.ok(states.has(s), `issue state ${s}`);
      const bare = issues[HOSTILE_CASES.findIndex((c) => c.name === 'bare-addresses')]!;
      assert.match(bare.issueType ?? '', /^\$\(alert\)/);
      assert.match(bare.fpDescription ?? '', /(^|\s)https:\/\/evil\.example\/\S+ \(mirrors: www\.evil\.example/);
      assert.match(sb.dataset.fpSummary(bare.fpId ?? '') ?? '', /https:\/\/evil\.example\/verify or www\.evil\.example/);
    } finally {
      await sb.close();
    }
  });
});

describe('sandbox server', function () {
  this.timeout(15_000);
  let sb: Sandbox;
  let agent: Agent;
  let big: string;

  before(async () => {
    agent = new Agent({ keepAliveTimeout: 1_000 });
    sb = await startSandbox({ dataset: { seed: 11, reports: 3, bigReportIssues: 2_500 } });
    big = sb.dataset.bigReportId ?? '';
  });
  after(async () => {
    await sb.close();
    await agent.destroy();
  });
  afterEach(() => {
    sb.faults.clear();
    Object.assign(sb.options, {
      cursor: 'exclusive',
      notFound: '404',
      fpSummaryEnvelope: 'top-level',
      pageSize: 1000,
      latencyMs: 0,
      jitterMs: 0,
      bytesPerMs: 0,
    });
  });

  async function get(path: string, key: string | null = sb.key, method = 'GET') {
    const headers: Record<string, string> = key === null ? {} : { 'x-service-key': key };
    return request(`${sb.baseUrl}${path}`, { method: method as 'GET', headers, dispatcher: agent });
  }

  async function getJson(path: string, key: string | null = sb.key) {
    const res = await get(path, key);
    const text = await res.body.text();
    return { status: res.statusCode, headers: res.headers, text, json: JSON.parse(text) as Record<string, unknown> };
  }

  async function page(query: string) {
    const { json } = await getJson(`/api/rest/v5/issues?${query}`);
    return json['getIssuesApiV5'] as { vulnerability_report_issue: Issue[]; hasNextPage: boolean };
  }

  async function collect(reportId: string): Promise<{ ids: string[]; pages: Issue[][] }> {
    const pages: Issue[][] = [];
    let cursor: string | undefined;
    for (;;) {
      const p = await page(`fixReportId=${reportId}${cursor ? `&issueId=${cursor}` : ''}`);
      pages.push(p.vulnerability_report_issue);
      if (!p.hasNextPage) break;
      cursor = p.vulnerability_report_issue.at(-1)?.id;
      assert.ok(cursor && pages.length < 10);
    }
    return { ids: pages.flat().map((i) => i.id), pages };
  }

  it('listens on loopback with a key derived from the seed', async () => {
    assert.match(sb.baseUrl, /^http:\/\/127\.0\.0\.1:\d+$/);
    assert.match(sb.key, /^sfr-sandbox-[0-9a-f]{24}$/);
    const again = await startSandbox({ seed: 11 });
    assert.equal(again.key, sb.key);
    await again.close();
  });

  it('rejects a missing or wrong key with 401 and a JSON error', async () => {
    for (const key of [null, 'wrong', `${sb.key}x`]) {
      const res = await getJson('/api/rest/fix-reports', key);
      assert.equal(res.status, 401);
      assert.equal(res.headers['content-type'], 'application/json; charset=utf-8');
      assert.equal(typeof res.json['error'], 'string');
    }
    const post = await get('/api/rest/fix-reports', sb.key, 'POST');
    assert.equal(post.statusCode, 405);
    await post.body.dump();
    assert.equal((await getJson('/api/rest/nothing')).status, 404);
  });

  it('lists reports and serves details byte-identical to the dataset', async () => {
    const list = await getJson('/api/rest/fix-reports');
    assert.equal(list.status, 200);
    assert.equal(list.text, JSON.stringify({ getReportsApiV2: { fixReport: sb.dataset.reports } }));
    const detail = await getJson(`/api/rest/fix-reports/${big}`);
    assert.equal(detail.text, JSON.stringify({ fixReport: [sb.dataset.detail(big)] }));
    const recorded = sb.requests.at(-1);
    assert.equal(recorded?.headers['x-service-key'], sb.key);
    assert.equal(recorded?.path, `/api/rest/fix-reports/${big}`);
  });

  it('answers unknown and malformed report ids per the notFound mode', async () => {
    const unknown = '11111111-2222-4333-8444-555555555555';
    assert.equal((await getJson(`/api/rest/fix-reports/${unknown}`)).status, 404);
    assert.equal((await getJson('/api/rest/fix-reports/not-a-uuid')).status, 400);
    sb.options.notFound = 'empty';
    const empty = await getJson(`/api/rest/fix-reports/${unknown}`);
    assert.equal(empty.status, 200);
    assert.deepEqual(empty.json, { fixReport: [] });
  });

  it('pages a 2,500-issue report exactly with an exclusive cursor', async () => {
    const { ids, pages } = await collect(big);
    assert.deepEqual(
      pages.map((p) => p.length),
      [1000, 1000, 500],
    );
    assert.equal(new Set(ids).size, ids.length);
    assert.deepEqual(
      ids,
      allIssues(sb.dataset, big).map((i) => i.id),
    );
  });

  it('repeats exactly the cursor with an inclusive cursor', async () => {
    sb.options.cursor = 'inclusive';
    const { pages } = await collect(big);
    for (let k = 1; k < pages.length; k++) assert.equal(pages[k]?.[0]?.id, pages[k - 1]?.at(-1)?.id);
    const ids = pages.flatMap((p, k) => (k === 0 ? p : p.slice(1))).map((i) => i.id);
    assert.deepEqual(
      ids,
      allIssues(sb.dataset, big).map((i) => i.id),
    );
  });

  it('filters by issue id, returns nothing for unknown reports, merges all reports when unfiltered', async () => {
    const one = sb.dataset.issueAt(big, 42);
    assert.deepEqual((await page(`issueId=${one.id}`)).vulnerability_report_issue, [one]);
    assert.deepEqual(await page('fixReportId=11111111-2222-4333-8444-555555555555'), {
      vulnerability_report_issue: [],
      hasNextPage: false,
    });
    assert.equal((await getJson('/api/rest/v5/issues?issueId=nope')).status, 400);
    const all = await page('');
    assert.equal(all.vulnerability_report_issue.length, 1000);
    assert.equal(all.hasNextPage, true);
    const merged = sb.dataset.reports
      .flatMap((r) => allIssues(sb.dataset, r.id))
      .sort((a, b) => ((a.createdAt ?? '') < (b.createdAt ?? '') ? -1 : 1))
      .slice(0, 1000);
    assert.deepEqual(
      all.vulnerability_report_issue.map((i) => i.id),
      merged.map((i) => i.id),
    );
  });

  it('serves fp summaries in both envelopes, 404 for unknown and 400 for missing ids', async () => {
    const fp = allIssues(sb.dataset, big).find((i) => i.fpId);
    const expected = sb.dataset.fpSummary(fp?.fpId ?? '');
    assert.deepEqual((await getJson(`/api/rest/fp-summary?fpId=${fp?.fpId}`)).json, { fpDescriptionShort: expected });
    sb.options.fpSummaryEnvelope = 'wrapped';
    assert.deepEqual((await getJson(`/api/rest/fp-summary?fpId=${fp?.fpId}`)).json, {
      getFalsePositiveSummary: { fpDescriptionShort: expected },
    });
    assert.equal((await getJson('/api/rest/fp-summary?fpId=11111111-2222-4333-8444-555555555555')).status, 404);
    assert.equal((await getJson('/api/rest/fp-summary')).status, 400);
  });

  it('serves under a path prefix', async () => {
    const prefixed = await startSandbox({ seed: 11, pathPrefix: '/tenant-a/' });
    try {
      assert.ok(prefixed.baseUrl.endsWith('/tenant-a'));
      const ok = await request(`${prefixed.baseUrl}/api/rest/fix-reports`, {
        headers: { 'x-service-key': prefixed.key },
        dispatcher: agent,
      });
      assert.equal(ok.statusCode, 200);
      await ok.body.dump();
      const bare = await request(`${prefixed.origin}/api/rest/fix-reports`, {
        headers: { 'x-service-key': prefixed.key },
        dispatcher: agent,
      });
      assert.equal(bare.statusCode, 404);
      await bare.body.dump();
    } finally {
      await prefixed.close();
    }
  });

  // How fast it serves them is the bench's to say (bench/, case 1), never a timed assertion here.
  it('serves 100,000 issues as 100 pages of 1000, the cursor moving, hasNextPage false on the last', async () => {
    const fast = await startSandbox({ dataset: { seed: 2, reports: 0, bigReportIssues: 100_000 } });
    try {
      const id = fast.dataset.bigReportId ?? '';
      let cursor = '';
      const seen = new Set<string>();
      for (let p = 0; p < 100; p++) {
        const res = await request(`${fast.baseUrl}/api/rest/v5/issues?fixReportId=${id}${cursor ? `&issueId=${cursor}` : ''}`, {
          headers: { 'x-service-key': fast.key },
          dispatcher: agent,
        });
        const body = (await res.body.json()) as { getIssuesApiV5: { vulnerability_report_issue: Issue[]; hasNextPage: boolean } };
        const page = body.getIssuesApiV5.vulnerability_report_issue;
        assert.equal(page.length, 1000);
        for (const issue of page) seen.add(issue.id);
        cursor = page.at(-1)?.id ?? '';
        assert.equal(body.getIssuesApiV5.hasNextPage, p < 99);
      }
      assert.equal(seen.size, 100_000, 'every issue once');
    } finally {
      await fast.close();
    }
  });

  describe('latency model', () => {
    const model = { rttMs: 80, jitterMs: 20, bytesPerMs: 12_500 };
    const keys = Array.from({ length: 400 }, (_, i) => requestKey(new URL(`http://x/api/rest/v5/issues?fixReportId=r&issueId=${i}`)));

    it('draws each request’s round trip from the seed and the request: the same in every run, spread over ± the jitter', () => {
      const delays = keys.map((k) => roundTripMs(model, 7, k));
      assert.deepEqual(
        keys.map((k) => roundTripMs(model, 7, k)),
        delays,
        'same seed, same requests: same delays',
      );
      assert.ok(delays.every((d) => d >= 60 && d <= 100));
      assert.ok(Math.min(...delays) < 62 && Math.max(...delays) > 98, 'the whole range is used');
      const mean = delays.reduce((a, b) => a + b, 0) / delays.length;
      assert.ok(Math.abs(mean - 80) < 3, `mean round trip ${mean.toFixed(1)} ms`);
      assert.notDeepEqual(
        keys.map((k) => roundTripMs(model, 8, k)),
        delays,
        'another seed, other delays',
      );
      assert.equal(roundTripMs({ ...model, jitterMs: 0 }, 7, keys[0]!), 80);
      assert.equal(roundTripMs({ rttMs: 0, jitterMs: 0, bytesPerMs: 0 }, 7, keys[0]!), 0);
      assert.ok(roundTripMs({ rttMs: 5, jitterMs: 50, bytesPerMs: 0 }, 7, keys[0]!) >= 0, 'never negative');
    });

    it('keys a request by its path and its sorted query, so the order of parameters does not matter', () => {
      assert.equal(requestKey(new URL('http://a/p?b=2&a=1')), requestKey(new URL('http://b/p?a=1&b=2')));
      assert.notEqual(requestKey(new URL('http://a/p?a=1')), requestKey(new URL('http://a/q?a=1')));
      assert.equal(transferMs(model, 585_000), 46.8);
      assert.equal(transferMs({ ...model, bytesPerMs: 0 }, 585_000), 0);
    });

    it('delays every answer by its round trip, errors included, and sends bodies at the rate', async () => {
      Object.assign(sb.options, { latencyMs: 120, jitterMs: 0 });
      const unauthorised = await timedGet(() => getJson('/api/rest/fix-reports', 'wrong key'));
      assert.equal(unauthorised.value.status, 401);
      assert.ok(unauthorised.ms >= 115, `401 after ${unauthorised.ms} ms`);
      Object.assign(sb.options, { latencyMs: 0, bytesPerMs: 2_000 });
      const page = await timedGet(() => getJson(`/api/rest/v5/issues?fixReportId=${big}`));
      const bytes = Buffer.byteLength(page.value.text);
      assert.equal(page.value.status, 200);
      assert.equal(Number(page.value.headers['content-length']), bytes, 'the declared length is kept');
      assert.ok(page.ms >= bytes / 2_000 - 5, `${bytes} bytes at 2,000 bytes/ms took ${page.ms} ms`);
      JSON.parse(page.value.text);
    });

    async function timedGet<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
      const started = Date.now();
      const value = await work();
      return { value, ms: Date.now() - started };
    }
  });

  describe('faults', () => {
    const reports = '/api/rest/fix-reports';
    const firstPage = () => `/api/rest/v5/issues?fixReportId=${big}`;

    async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
      const started = Date.now();
      const value = await work();
      return { value, ms: Date.now() - started };
    }

    it('applies skip and times to the matching route only', async () => {
      const handle = sb.faults.add({ route: 'issues', skip: 2, times: 1, fault: { kind: 'status', status: 500 } });
      const statuses: number[] = [];
      for (let k = 0; k < 4; k++) statuses.push((await getJson(firstPage())).status);
      statuses.push((await getJson(reports)).status);
      assert.deepEqual(statuses, [200, 200, 500, 200, 200]);
      assert.equal(handle.hits, 1);
      assert.equal(handle.seen, 4);
    });

    it('latency and slow-headers delay the response', async () => {
      sb.faults.add({ times: 1, fault: { kind: 'latency', ms: 150 } });
      sb.faults.add({ times: 1, fault: { kind: 'slow-headers', ms: 150 } });
      for (let k = 0; k < 2; k++) {
        const { value, ms } = await timed(() => getJson(reports));
        assert.equal(value.status, 200);
        assert.ok(ms >= 140, `answered after ${ms} ms`);
      }
    });

    it('status carries Retry-After and a JSON or custom body', async () => {
      sb.faults.add({ times: 1, fault: { kind: 'status', status: 429, retryAfter: '2' } });
      sb.faults.add({
        times: 1,
        fault: { kind: 'status', status: 503, retryAfter: 'Wed, 21 Oct 2026 07:28:00 GMT', body: 'down', contentType: 'text/plain' },
      });
      const first = await getJson(reports);
      assert.equal(first.status, 429);
      assert.equal(first.headers['retry-after'], '2');
      assert.equal(typeof first.json['error'], 'string');
      const second = await get(reports);
      assert.equal(second.statusCode, 503);
      assert.equal(second.headers['retry-after'], 'Wed, 21 Oct 2026 07:28:00 GMT');
      assert.equal(await second.body.text(), 'down');
    });

    it('truncated cuts the JSON and closes the connection, with or without a declared length', async () => {
      sb.faults.add({ times: 1, fault: { kind: 'truncated' } });
      const open = await get(reports);
      assert.equal(open.headers['content-length'], undefined);
      const cut = await open.body.text();
      assert.ok(JSON.stringify({ getReportsApiV2: { fixReport: sb.dataset.reports } }).startsWith(cut));
      assert.throws(() => JSON.parse(cut) as unknown, SyntaxError);

      sb.faults.add({ times: 1, fault: { kind: 'truncated', declareLength: true } });
      const declared = await get(reports);
      let received = '';
      await assert.rejects(async () => {
        for await (const chunk of declared.body) received += String(chunk);
      });
      assert.ok(received.length > 0 && received.length < Number(declared.headers['content-length']));
    });

    it('malformed-json, html, wrong-content-type and error-envelope are what they say', async () => {
      sb.faults.add({ times: 1, fault: { kind: 'malformed-json' } });
      sb.faults.add({ times: 1, fault: { kind: 'html' } });
      sb.faults.add({ times: 1, fault: { kind: 'wrong-content-type' } });
      sb.faults.add({ times: 1, fault: { kind: 'error-envelope', message: 'quota exceeded' } });
      const malformed = await get(reports);
      assert.match(String(malformed.headers['content-type']), /application\/json/);
      const malformedText = await malformed.body.text();
      assert.throws(() => JSON.parse(malformedText) as unknown, SyntaxError);
      const html = await get(reports);
      assert.match(String(html.headers['content-type']), /^text\/html/);
      assert.match(await html.body.text(), /^<!DOCTYPE html>/);
      const plain = await get(reports);
      assert.match(String(plain.headers['content-type']), /^text\/plain/);
      assert.ok(JSON.parse(await plain.body.text()));
      const envelope = await getJson(reports);
      assert.equal(envelope.status, 200);
      assert.deepEqual(envelope.json, { error: 'quota exceeded' });
    });

    it('invalid-utf8 puts undecodable bytes inside a JSON string', async () => {
      sb.faults.add({ times: 1, fault: { kind: 'invalid-utf8' } });
      const res = await get(reports);
      const bytes = Buffer.from(await res.body.arrayBuffer());
      assert.throws(() => new TextDecoder('utf-8', { fatal: true }).decode(bytes), TypeError);
      assert.ok(bytes.includes(Buffer.from([0xff, 0xfe])));
    });

    it('oversized streams a huge body with and without Content-Length', async () => {
      const bytes = 3 * 1024 * 1024;
      sb.faults.add({ times: 1, fault: { kind: 'oversized', bytes } });
      sb.faults.add({ times: 1, fault: { kind: 'oversized', bytes, contentLength: false } });
      for (const withLength of [true, false]) {
        const res = await get(reports);
        assert.equal(res.headers['content-length'], withLength ? String(bytes) : undefined);
        let received = 0;
        let tail = '';
        for await (const chunk of res.body) {
          received += (chunk as Buffer).length;
          tail = (chunk as Buffer).toString('latin1').slice(-2);
        }
        assert.equal(received, bytes);
        assert.equal(tail, '"}');
      }
    });

    it('redirect answers a 3xx with a Location', async () => {
      sb.faults.add({ times: 1, fault: { kind: 'redirect', location: 'http://127.0.0.1:9/steal' } });
      sb.faults.add({ times: 1, fault: { kind: 'redirect', location: '/elsewhere', status: 307 } });
      for (const [status, location] of [
        [302, 'http://127.0.0.1:9/steal'],
        [307, '/elsewhere'],
      ] as const) {
        const res = await get(reports);
        assert.equal(res.statusCode, status);
        assert.equal(res.headers['location'], location);
        await res.body.dump();
      }
    });

    it('page faults: empty page with hasNextPage, repeated first page, oversized page', async () => {
      const cursor = sb.dataset.issueAt(big, 999).id;
      sb.faults.add({ times: 1, fault: { kind: 'empty-page-has-next' } });
      assert.deepEqual(await page(`fixReportId=${big}`), { vulnerability_report_issue: [], hasNextPage: true });
      sb.faults.add({ fault: { kind: 'repeat-page' } });
      const repeated = await page(`fixReportId=${big}&issueId=${cursor}`);
      assert.equal(repeated.vulnerability_report_issue[0]?.id, sb.dataset.issueAt(big, 0).id);
      assert.equal((await getJson(reports)).status, 200, 'page faults leave other routes alone');
      sb.faults.clear();
      sb.faults.add({ times: 1, fault: { kind: 'oversized-page', items: 1500 } });
      const oversized = await page(`fixReportId=${big}`);
      assert.equal(oversized.vulnerability_report_issue.length, 1500);
      assert.equal(oversized.hasNextPage, true);
    });

    it('page faults: duplicate ids and items going back in time', async () => {
      const first = await page(`fixReportId=${big}`);
      const cursor = first.vulnerability_report_issue.at(-1)?.id;
      sb.faults.add({ times: 1, fault: { kind: 'duplicate-ids', count: 5 } });
      const dup = await page(`fixReportId=${big}&issueId=${cursor}`);
      assert.deepEqual(
        dup.vulnerability_report_issue.slice(0, 5).map((i) => i.id),
        first.vulnerability_report_issue.slice(-5).map((i) => i.id),
      );
      sb.faults.add({ times: 1, fault: { kind: 'back-in-time' } });
      const back = await page(`fixReportId=${big}&issueId=${cursor}`);
      const [a, b] = back.vulnerability_report_issue;
      assert.ok((a?.createdAt ?? '') > (b?.createdAt ?? ''));
    });

    it('reset destroys the connection before or during the response', async () => {
      sb.faults.add({ times: 1, fault: { kind: 'reset' } });
      await assert.rejects(get(reports));
      sb.faults.add({ times: 1, fault: { kind: 'reset', afterBytes: 10 } });
      const res = await get(reports);
      assert.equal(res.statusCode, 200);
      await assert.rejects(res.body.text());
    });

    it('stall-body sends part of the body then nothing, and close() still returns promptly', async () => {
      const local = await startSandbox({ seed: 11 });
      const stallAgent = new Agent();
      try {
        local.faults.add({ route: 'fix-reports', fault: { kind: 'stall-body', afterBytes: 20 } });
        local.faults.add({ route: 'fix-report', fault: { kind: 'slow-headers', ms: 60_000 } });
        const res = await request(`${local.baseUrl}${reports}`, { headers: { 'x-service-key': local.key }, dispatcher: stallAgent });
        assert.equal(res.statusCode, 200);
        const reading = res.body.text().then(
          () => 'complete',
          () => 'failed',
        );
        const early = await Promise.race([reading, new Promise((r) => setTimeout(() => r('stalled'), 300))]);
        assert.equal(early, 'stalled');
        const slow = request(`${local.baseUrl}/api/rest/fix-reports/${local.dataset.reports[0]?.id}`, {
          headers: { 'x-service-key': local.key },
          dispatcher: stallAgent,
        }).then(
          () => 'answered',
          () => 'failed',
        );
        await new Promise((r) => setTimeout(r, 100));
        const { ms } = await timed(() => local.close());
        assert.ok(ms < 1_000, `close took ${ms} ms`);
        assert.equal(await reading, 'failed');
        assert.equal(await slow, 'failed');
      } finally {
        await local.close();
        await stallAgent.destroy();
      }
    });
  });
});
