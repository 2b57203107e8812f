// The metrics stay bounded however many reports and issues they cover: a report's repository key
// is its normalised address (no scan of the repositories seen so far), the false-positive de-dup
// set keeps a fixed-size key per fingerprint, and the dashboard's cap keeps the most recent reports.
import { strict as assert } from 'node:assert';
import { ONE_REPOSITORY_SPELLINGS } from '../../support/remoteSpellings';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import fc from 'fast-check';
import * as v from 'valibot';
import { ReportDetailBodySchema, type FixReportDetail } from '../../../src/api/schemas';
import { MetricsBuilder, metricsOf, metricsTables, mostRecent } from '../../../src/model/metrics';
import { repositoryKey } from '../../../src/model/metrics/builder';
import { NoiseTally, noiseKey, type CountedIssue } from '../../../src/model/metrics/noise';
import { remoteMatcher } from '../../../src/model/remote';
import { wireSummary } from '../../support/wire';

const summary = wireSummary;
const at = (url: string | null, name: string | null = null, id = 'r') => summary({ id, repo: { name, originalUrl: url } });

/** Spellings of three repositories, and text that is no remote address. */
const SPELLINGS = [
  ...ONE_REPOSITORY_SPELLINGS,
  'https://github.com/org/repo2',
  'git@github.com:org/repo2.git',
  'https://gitlab.com/org/repo',
  'https://acme@dev.azure.com/acme/proj/_git/app',
  'git@ssh.dev.azure.com:v3/acme/proj/app',
  'https://dev.azure.com/acme/proj/_git/App.git',
  'C:\\work\\repo',
  '/home/me/repo',
  'not a url',
  'NOT A URL',
];

describe('model/metrics repository keys', () => {
  it('give one key to exactly the spellings remoteMatcher equates, and compare other text as text', () => {
    for (const a of SPELLINGS) {
      for (const b of SPELLINGS) {
        const same = repositoryKey(at(a)) === repositoryKey(at(b));
        const remote = remoteMatcher([a])(a);
        const expected = remote ? remoteMatcher([a])(b) : a.trim().toLowerCase() === b.trim().toLowerCase();
        assert.equal(same, expected, `${JSON.stringify(a)} and ${JSON.stringify(b)}`);
      }
    }
  });

  it('agree with remoteMatcher on arbitrary text', () => {
    const host = fc.constantFrom('github.com', 'GitHub.com', 'gitlab.com', 'ssh.dev.azure.com', 'dev.azure.com', 'x');
    const path = fc.array(fc.constantFrom('org', 'Org', 'repo', 'v3', '_git', 'a b', '%41', ''), { minLength: 1, maxLength: 4 });
    const spelled = fc
      .tuple(fc.constantFrom('https://', 'ssh://git@', 'git@', 'http://u:p@', ''), host, fc.constantFrom('/', ':', ':22/'), path)
      .map(([scheme, h, sep, p]) => `${scheme}${h}${scheme === 'git@' ? ':' : sep}${p.join('/')}${p.length % 2 ? '.git' : ''}`);
    const text = fc.oneof(spelled, fc.string());
    fc.assert(
      fc.property(text, text, (a, b) => {
        if (!remoteMatcher([a])(a)) return; // not an address: compared as text, checked above
        assert.equal(repositoryKey(at(a)) === repositoryKey(at(b)), remoteMatcher([a])(b), `${a} | ${b}`);
      }),
      { numRuns: 2_000 },
    );
  });

  it('fall back to the repository name, then to the report alone', () => {
    assert.equal(repositoryKey(at(null, 'Shop', 'a')), repositoryKey(at(' ', 'shop', 'b')));
    assert.notEqual(repositoryKey(at(null, null, 'a')), repositoryKey(at(null, null, 'b')));
    assert.notEqual(repositoryKey(at('https://github.com/org/shop')), repositoryKey(at(null, 'github.com/org/shop')));
  });

  it('count one repository per remote over thousands of reports, each scanned twice under two spellings', () => {
    const builder = new MetricsBuilder();
    for (let i = 0; i < 4_000; i++) {
      const r = i >> 1;
      const url = i % 2 ? `git@github.com:Org${r}/Repo${r}.git` : `https://github.com/org${r}/repo${r}`;
      builder.addIssues(summary({ id: `report-${i}`, vulnerabilityReport: { vendor: 'semgrep' }, repo: { originalUrl: url } }), [
        { fingerprintHash: `fp-${r}`, issueType: 'XSS', state: 'Open', vulnerabilityReportIssueTags: [] },
      ]);
    }
    const m = builder.result();
    assert.equal(m.reports, 4_000);
    assert.equal(m.repositories, 2_000);
    assert.deepEqual([m.falsePositives.issues, m.falsePositives.duplicates], [2_000, 2_000], 'a rescan repeats its repository’s issue');
  });
});

describe('model/metrics false-positive de-dup set', () => {
  const issue = (fingerprintHash: string): CountedIssue => ({
    fingerprintHash,
    issueType: 'XSS',
    state: 'Open',
    vulnerabilityReportIssueTags: [],
  });

  it('keys every fingerprint, however long, by a fixed-size digest of repository, scanner and fingerprint', () => {
    const lengths = [1, 16, 64, 2_048, 100_000];
    for (const n of lengths) assert.equal(noiseKey('remote:github.com/org/repo', 'Semgrep', 'f'.repeat(n)).length, 32, `${n} characters`);
    const keys = new Set<string>();
    for (let i = 0; i < 20_000; i++) keys.add(noiseKey('remote:github.com/org/repo', 'Semgrep', `fp-${i}`));
    assert.equal(keys.size, 20_000, 'distinct fingerprints, distinct keys');
    const one = noiseKey('r', 'Semgrep', 'h1');
    assert.equal(noiseKey('r', 'Semgrep', 'h1'), one);
    assert.notEqual(noiseKey('r2', 'Semgrep', 'h1'), one, 'another repository');
    assert.notEqual(noiseKey('r', 'Snyk', 'h1'), one, 'another scanner');
  });

  it('keeps as much heap per distinct fingerprint for 16 KB fingerprints as for 64-character ones', () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const count = 2_000;
    const retained = (length: number): number => {
      const pad = 'f'.repeat(length);
      gc();
      const before = process.memoryUsage().heapUsed;
      const tally = new NoiseTally();
      // Each fingerprint is made, counted and let go: only what the tally keeps stays.
      for (let i = 0; i < count; i++)
        tally.add(issue(`${i.toString(16).padStart(8, '0')}${pad}`.slice(0, length)), 'remote:h/o/r', 'Semgrep');
      gc();
      const bytes = (process.memoryUsage().heapUsed - before) / count;
      assert.equal(tally.result().issues, count);
      return bytes;
    };
    const short = retained(64);
    const long = retained(16 * 1024);
    // Keeping the fingerprints would cost 16 KB each; the set keeps a 32-byte key and the counts.
    assert.ok(short < 512, `${short.toFixed(0)} B per 64-character fingerprint`);
    assert.ok(long < short + 256, `${long.toFixed(0)} B per 16 KB fingerprint, ${short.toFixed(0)} B per 64-character one`);
  });

  it('still counts each fingerprint once per repository and scanner, and a later false positive moves it', () => {
    const tally = new NoiseTally();
    const long = 'x'.repeat(4_096);
    tally.add(issue(long), 'repo', 'Semgrep');
    tally.add({ ...issue(long), state: 'FalsePositive' }, 'repo', 'Semgrep');
    tally.add(issue(long), 'other', 'Semgrep');
    tally.add(issue(`${long}y`), 'repo', 'Semgrep');
    const r = tally.result();
    assert.deepEqual([r.issues, r.duplicates, r.falsePositives], [3, 1, 1]);
  });
});

describe('model/metrics mostRecent (the dashboard cap)', () => {
  const ts = (day: number) => `2026-03-${String(day).padStart(2, '0')}T00:00:00.000000+00:00`;
  const report = (id: string, day: number | null) => summary({ id, createdOn: day === null ? null : ts(day) });
  // The store's order: not by date (workspace repositories first).
  const list = [report('c', 3), report('a', 10), report('undated', null), report('e', 1), report('b', 10), report('d', 7)];
  const ids = (reports: readonly { id: string }[]) => reports.map((r) => r.id);

  it('keeps the N most recent by createdOn, in the order given, and says how many it left out', () => {
    const capped = mostRecent(list, 3);
    assert.deepEqual(ids(capped.reports), ['a', 'b', 'd']);
    assert.deepEqual([capped.total, capped.leftOut], [6, 3]);
  });

  it('breaks ties by id and counts undated reports as the oldest', () => {
    assert.deepEqual(ids(mostRecent(list, 1).reports), ['a'], 'a and b share the date: a first');
    assert.deepEqual(ids(mostRecent(list, 5).reports), ['c', 'a', 'e', 'b', 'd']);
  });

  it('keeps everything when the scope is within the cap', () => {
    for (const max of [6, 200]) {
      const capped = mostRecent(list, max);
      assert.deepEqual(ids(capped.reports), ids(list));
      assert.deepEqual([capped.total, capped.leftOut], [6, 0]);
    }
    assert.deepEqual(mostRecent([], 1), { reports: [], total: 0, leftOut: 0 });
  });
});

describe('rating tags in metrics', () => {
  it('lists the 20 most frequent tags by name and counts the rest as one, whatever the service sends', () => {
    const ratings = Array.from({ length: 30 }, (_, i) =>
      Array.from({ length: 30 - i }, () => ({ voteScore: 1, fixRatingTag: `tag ${i}`, comment: null, user: null, updatedDate: null })),
    ).flat();
    const detail: FixReportDetail = v.parse(ReportDetailBodySchema, {
      fixReport: [{ id: 'r1', fixes: [{ id: 'f1', confidence: 90, sharedState: { fixRatings: ratings } }] }],
    }).fixReport[0]!;
    const m = metricsOf([{ detail }]);
    assert.equal(m.ratings.tags.length, 21);
    assert.deepEqual(
      m.ratings.tags.slice(0, 20).map((t) => t.tag),
      Array.from({ length: 20 }, (_, i) => `tag ${i}`),
    );
    const other = m.ratings.tags[20]!;
    assert.equal(other.label, 'Other tags');
    assert.equal(
      other.count,
      Array.from({ length: 10 }, (_, i) => 10 - i).reduce((a, b) => a + b, 0),
    );
    const table = metricsTables(m).find((t) => t.id === 'ratings-by-confidence')!;
    assert.equal(table.columns.length, 6 + 21, 'a bounded number of tag columns');
  });
});

describe('issue types in the noise tally', () => {
  it('counts at most 500 types by name, the rest together, each name cut to 200 characters', () => {
    const tally = new NoiseTally();
    for (let i = 0; i < 600; i++)
      tally.add(
        { fingerprintHash: `f${i}`, issueType: `${i}${'T'.repeat(300)}`, state: 'Open', vulnerabilityReportIssueTags: [] },
        'r',
        's',
      );
    const types = tally.result().byIssueType;
    assert.equal(types.length, 501);
    assert.equal(
      types.reduce((n, t) => n + t.issues, 0),
      600,
      'every issue counted',
    );
    assert.ok(types.every((t) => (t.issueType ?? '').length <= 200));
  });
});

describe('a report added in steps', () => {
  it('yields every chunk of fixes and measures what addReport does', () => {
    const fixes = Array.from({ length: 1_000 }, (_, i) => ({ id: `f${i}`, confidence: i % 2 ? 90 : 50 }));
    const detail: FixReportDetail = v.parse(ReportDetailBodySchema, { fixReport: [{ id: 'big', fixes }] }).fixReport[0]!;
    const stepped = new MetricsBuilder();
    const steps = stepped.reportSteps(detail, undefined, 100);
    let yields = 0;
    while (!steps.next().done) yields++;
    assert.equal(yields, 10);
    const whole = new MetricsBuilder();
    whole.addReport(detail);
    assert.deepEqual(stepped.result(), whole.result());
  });
});
