// The on-disk report cache (src/editor/cache): what a reload finds, and what it must never
// find — another key's data, a misread file, an expired report, a file outside its directory.
import { strict as assert } from 'node:assert';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as v from 'valibot';
import {
  IssuePageBodySchema,
  ReportDetailBodySchema,
  ReportListBodySchema,
  type FixReportDetail,
  type Issue,
} from '../../../src/api/schemas';
import { PageFeed } from '../../../src/editor/cache/pageFeed';
import { DEFAULT_CACHE_MAX_BYTES, ReportCache, type ReportToCache } from '../../../src/editor/cache/reportCache';
import { createDataset } from '../../../tools/sandbox/generator';

const ORIGIN = 'https://fixes.example.com';
const KEY = 'sk_live_3f9c2a7e1b6d4c08a5e2f7b9d1c3e6a8';
const NOW = Date.UTC(2026, 10, 1, 12);
const DAY = 86_400_000;
const FUTURE = '2027-02-01T00:00:00.000000+00:00';
const PAST = '2026-10-01T00:00:00.000000+00:00';

/** Realistic reports: the sandbox's, decoded as the client decodes them, unexpired at NOW. */
const dataset = createDataset({ seed: 15, reports: 4, issuesPerReport: [30, 80] });
const summaries = v.parse(ReportListBodySchema, { fixReport: dataset.reports.map((r) => ({ ...r, expirationOn: FUTURE })) }).fixReport;
const ids = summaries.map((r) => r.id);

/** A report as the cache returns it; the tests' writeReport takes it too (its issues as one page). */
type Stored = Omit<ReportToCache, 'pages' | 'complete'> & { issues: Issue[]; complete: boolean };
type Meta = { fixes: number; issues: number };
type TestCache = Omit<ReportCache<Meta>, 'writeReport'> & {
  writeReport(id: string, report: Stored | ReportToCache, meta?: Meta | (() => Meta)): Promise<boolean>;
};

function reportOf(id: string, overrides: Partial<FixReportDetail> = {}, extraIssues: unknown[] = []): Stored {
  const detail = v.parse(ReportDetailBodySchema, { fixReport: [{ ...dataset.detail(id), expirationOn: FUTURE, ...overrides }] })
    .fixReport[0]!;
  const raw = [...dataset.issueRange(id, 0, dataset.issueCount(id)), ...extraIssues];
  const issues = v.parse(IssuePageBodySchema, { vulnerability_report_issue: raw }).vulnerability_report_issue;
  return { detail, issues, fetchedAt: NOW - 60_000, complete: true };
}

/** Every file under `dir`, relative to it. */
function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true }) as string[]).filter((p) => fs.statSync(path.join(dir, p)).isFile());
}

describe('the report cache', () => {
  let root: string;
  let logs: string[];
  let clock: number;
  const opened: ReportCache[] = [];

  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'sfr-cache-'));
    logs = [];
    clock = NOW;
  });

  afterEach(async () => {
    for (const cache of opened.splice(0)) await cache.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  async function open(options: { key?: string; origin?: string; maxBytes?: number } = {}): Promise<TestCache> {
    const cache = await ReportCache.open({
      root,
      origin: options.origin ?? ORIGIN,
      key: options.key ?? KEY,
      maxBytes: options.maxBytes,
      now: () => clock,
      log: (message) => void logs.push(message),
      meta: v.object({ fixes: v.number(), issues: v.number() }),
    });
    opened.push(cache as ReportCache);
    const write = cache.writeReport.bind(cache);
    (cache as unknown as TestCache).writeReport = (id, report, meta) =>
      write(id, 'pages' in report ? report : { ...report, pages: [report.issues] }, meta);
    await cache.flush(); // the clean-up at open, so each test starts from a settled cache
    return cache;
  }

  /** Closes `cache` and opens the same origin and key again, as a window reload does. */
  async function reopen(cache: TestCache, options: Parameters<typeof open>[0] = {}) {
    await cache.close();
    opened.splice(opened.indexOf(cache as unknown as ReportCache), 1);
    return open(options);
  }

  /** The directory of this origin and key (the only one with an index.json in these tests). */
  function keyDir(): string {
    const index = filesUnder(root).find((p) => path.basename(p) === 'index.json');
    assert.ok(index, 'an index was written');
    return path.dirname(path.join(root, index));
  }

  function reportFiles(): string[] {
    return filesUnder(root).filter((p) => p.endsWith('.jsonl'));
  }

  function onlyReportFile(): string {
    const files = reportFiles();
    assert.equal(files.length, 1);
    return path.join(root, files[0]!);
  }

  it('round trip: after a reload the list, each report and its meta are as written', async () => {
    const first = await open();
    const a = reportOf(ids[0]!, {}, [
      { id: 'hostile-text', fpDescription: 'line\nbreak \u2028 \u202e bidi \ud800 lone 😀', codeNodes: [] },
    ]);
    await first.writeList(summaries, NOW - 1000);
    assert.equal(await first.writeReport(ids[0]!, a, { fixes: a.detail.fixes.length, issues: a.issues.length }), true);
    assert.equal(await first.writeReport(ids[1]!, { ...reportOf(ids[1]!), complete: false }), true);

    const cache = await reopen(first);
    const index = cache.readIndex();
    assert.deepEqual(index.list, { reports: summaries, fetchedAt: NOW - 1000 });
    assert.deepEqual([...index.reports.keys()].sort(), [ids[0], ids[1]].sort());
    const info = index.reports.get(ids[0]!)!;
    assert.deepEqual(info.meta, { fixes: a.detail.fixes.length, issues: a.issues.length });
    assert.equal(info.fetchedAt, a.fetchedAt);
    assert.equal(info.complete, true);
    assert.ok(info.bytes > 0);
    assert.equal(index.reports.get(ids[1]!)!.meta, undefined);

    const back = await cache.readReport(ids[0]!);
    assert.deepEqual(back, a, 'detail, issues (the hostile text included), fetchedAt and complete come back exactly');
    assert.equal((await cache.readReport(ids[1]!))?.complete, false);
    assert.equal(await cache.readReport('never-cached'), undefined);
    assert.equal(
      cache.size(),
      filesUnder(root).reduce((sum, p) => sum + fs.statSync(path.join(root, p)).size, 0),
    );
    assert.deepEqual(logs, []);
  });

  it('its default size holds a few 100,000-issue reports', async () => {
    const cache = await open();
    const report = reportOf(ids[0]!);
    await cache.writeReport(ids[0]!, report);
    // The sandbox's issues carry data-flow traces like the real service's; fixes come with them.
    const perIssue = cache.readIndex().reports.get(ids[0]!)!.bytes / report.issues.length;
    const reports = DEFAULT_CACHE_MAX_BYTES / (perIssue * 100_000);
    assert.ok(reports >= 4 && reports < 20, `${reports.toFixed(1)} reports of 100,000 issues (${perIssue.toFixed(0)} bytes per issue)`);
  });

  it('never writes the key, in a file name, a file or the log', async () => {
    const cache = await open();
    await cache.writeList(summaries);
    await cache.writeReport(ids[0]!, reportOf(ids[0]!));
    for (const file of filesUnder(root)) {
      assert.ok(!file.includes(KEY), file);
      assert.ok(!fs.readFileSync(path.join(root, file), 'latin1').includes(KEY), `${file} holds the key`);
    }
    assert.ok(logs.every((line) => !line.includes(KEY)));
  });

  it('files are 0600 and its directories 0700', async function () {
    if (process.platform === 'win32') this.skip();
    const cache = await open();
    await cache.writeList(summaries);
    await cache.writeReport(ids[0]!, reportOf(ids[0]!));
    for (const file of filesUnder(root)) assert.equal(fs.statSync(path.join(root, file)).mode & 0o777, 0o600, file);
    let dir = keyDir();
    for (let level = 0; level < 3; level++, dir = path.dirname(dir)) {
      assert.equal(fs.statSync(dir).mode & 0o777, 0o700, path.relative(root, dir));
    }
  });

  describe('atomic writes', () => {
    it('a crash before the rename leaves the old file; its temp file is ignored, then swept', async () => {
      const first = await open();
      const a = reportOf(ids[0]!);
      await first.writeReport(ids[0]!, a);
      const file = onlyReportFile();
      // What an interrupted write leaves: a half-written temp file beside the old one.
      const stray = `${file}.0123456789abcdef.tmp`;
      fs.writeFileSync(stray, fs.readFileSync(file).subarray(0, 1000));
      const old = new Date(Date.now() - 10 * 60_000);
      fs.utimesSync(stray, old, old);
      const young = `${file}.fedcba9876543210.tmp`; // another window's write in progress
      fs.writeFileSync(young, 'partial');

      const cache = await reopen(first);
      assert.deepEqual(await cache.readReport(ids[0]!), a);
      assert.equal(fs.existsSync(stray), false, 'the old temp file is deleted');
      assert.equal(fs.existsSync(young), true, 'a temp file younger than a minute may be a write under way: left alone');
      assert.ok(logs.some((line) => /temp file of an interrupted write/.test(line)));
    });

    it('a write that fails midway leaves the old report and no temp file', async () => {
      const cache = await open();
      const a = reportOf(ids[0]!);
      await cache.writeReport(ids[0]!, a);
      const broken = { ...a, issues: [...a.issues, { ...a.issues[0]!, fix: 1n } as Issue] }; // JSON.stringify throws
      assert.equal(await cache.writeReport(ids[0]!, broken), false);
      assert.ok(
        logs.some((line) => /not cached: .*BigInt/.test(line)),
        logs.join('\n'),
      );
      assert.deepEqual(await cache.readReport(ids[0]!), a);
      assert.deepEqual(
        filesUnder(root).filter((p) => p.endsWith('.tmp')),
        [],
      );
    });

    it('concurrent writes of one report run in call order: the last one wins, whole', async () => {
      const cache = await open();
      const base = reportOf(ids[0]!);
      const versions = [1, 2, 3, 4, 5].map((n) => ({ ...base, issues: base.issues.slice(0, n * 5), fetchedAt: NOW + n }));
      const results = await Promise.all(versions.map((version) => cache.writeReport(ids[0]!, version)));
      assert.deepEqual(results, [true, true, true, true, true]);
      assert.deepEqual(await cache.readReport(ids[0]!), versions[4]);
      const others = await Promise.all(ids.slice(1).map((id) => cache.writeReport(id, reportOf(id))));
      assert.deepEqual(others, [true, true, true]);
      assert.equal((await reopen(cache)).readIndex().reports.size, 4);
    });
  });

  describe('a corrupt or truncated file', () => {
    async function cachedThenDamaged(damage: (file: string) => void): Promise<TestCache> {
      const first = await open();
      await first.writeReport(ids[0]!, reportOf(ids[0]!));
      await first.writeReport(ids[1]!, reportOf(ids[1]!));
      const cache = await reopen(first);
      const file = path.join(
        keyDir(),
        reportFiles()
          .map((p) => path.basename(p))
          .find((name) => name.startsWith(sha256(ids[0]!)))!,
      );
      damage(file);
      return cache;
    }

    const cases: [string, (file: string) => void, RegExp][] = [
      ['garbage', (file) => fs.writeFileSync(file, Buffer.from([0xff, 0x00, 0x7b, 0x0a, 0x22])), /not JSON/],
      ['empty', (file) => fs.writeFileSync(file, ''), /empty file/],
      ['cut in the middle of a line', (file) => fs.truncateSync(file, Math.floor(fs.statSync(file).size / 2)), /truncated/],
      [
        'cut at a line break (the trailer gone)',
        (file) => {
          const data = fs.readFileSync(file);
          fs.writeFileSync(file, data.subarray(0, data.lastIndexOf(0x0a, data.length - 2) + 1));
        },
        /truncated/,
      ],
      [
        'one byte changed',
        (file) => {
          const data = fs.readFileSync(file);
          const at = data.indexOf('"severity":"', data.length / 2) + '"severity":"'.length;
          data[at] = data[at] === 0x78 ? 0x79 : 0x78; // still JSON, one letter different
          fs.writeFileSync(file, data);
        },
        /checksum mismatch/,
      ],
      [
        "another report's file in its place",
        (file) => {
          const other = path.join(path.dirname(file), `${sha256(ids[1]!)}.jsonl`);
          fs.copyFileSync(other, file);
        },
        /another report/,
      ],
    ];
    for (const [name, damage, reason] of cases) {
      it(`${name}: discarded with a log line, never thrown, and deleted`, async () => {
        const cache = await cachedThenDamaged(damage);
        assert.equal(await cache.readReport(ids[0]!), undefined);
        assert.ok(
          logs.some((line) => line.includes('discarded') && reason.test(line)),
          logs.join('\n'),
        );
        assert.equal(cache.readIndex().reports.has(ids[0]!), false);
        await cache.flush();
        assert.equal(reportFiles().length, 1, 'its file is deleted');
        assert.ok(await cache.readReport(ids[1]!), 'the other report is still served');
      });
    }

    it('a whole file whose values fail the schemas (a writer with a bug) is discarded', async () => {
      const cache = await open();
      const a = reportOf(ids[0]!);
      const wrong = { ...a, issues: [...a.issues, { ...a.issues[0]!, id: 42 } as unknown as Issue] };
      assert.equal(await cache.writeReport(ids[0]!, wrong), true);
      assert.equal(await cache.readReport(ids[0]!), undefined);
      assert.ok(
        logs.some((line) => /discarded: bad issues at vulnerability_report_issue\.\d+\.id/.test(line)),
        logs.join('\n'),
      );
    });

    it('a missing file is a miss with a log line', async () => {
      const cache = await cachedThenDamaged((file) => fs.rmSync(file));
      assert.equal(await cache.readReport(ids[0]!), undefined);
      assert.ok(logs.some((line) => /file is missing/.test(line)));
    });

    it('an unreadable index is discarded: the cache starts empty, and its files are swept later', async () => {
      const first = await open();
      await first.writeList(summaries);
      await first.writeReport(ids[0]!, reportOf(ids[0]!));
      await first.close();
      const index = path.join(keyDir(), 'index.json');
      fs.writeFileSync(index, fs.readFileSync(index).subarray(0, 100));
      const cache = await open();
      assert.deepEqual(cache.readIndex(), { list: undefined, reports: new Map() });
      assert.equal(await cache.readReport(ids[0]!), undefined);
      assert.ok(logs.some((line) => /index discarded: not JSON/.test(line)));
      assert.equal(reportFiles().length, 1, 'a report file no index names is left for a minute (another window may be writing)');

      const old = new Date(Date.now() - 10 * 60_000);
      fs.utimesSync(onlyReportFile(), old, old);
      await reopen(cache);
      assert.deepEqual(reportFiles(), []);
      assert.ok(logs.some((line) => /a report file no index entry names/.test(line)));
    });

    it('an index entry whose meta fails the schema keeps the report but not the meta', async () => {
      const first = await open();
      await first.writeReport(ids[0]!, reportOf(ids[0]!), { fixes: 1, issues: 2 });
      await first.close();
      const index = path.join(keyDir(), 'index.json');
      fs.writeFileSync(index, fs.readFileSync(index, 'utf8').replace('"fixes":1', '"fixes":"one"'));
      const cache = await open();
      assert.equal(cache.readIndex().reports.get(ids[0]!)?.meta, undefined);
      assert.ok(await cache.readReport(ids[0]!));
      assert.ok(logs.some((line) => /stored counts do not decode/.test(line)));
    });
  });

  describe('a format version change', () => {
    it('a report file of another version is discarded, not read', async () => {
      const first = await open();
      await first.writeReport(ids[0]!, reportOf(ids[0]!));
      const cache = await reopen(first);
      const file = onlyReportFile();
      const text = fs.readFileSync(file, 'utf8');
      fs.writeFileSync(file, text.replace(/"version":\d+/, '"version":9'));
      assert.equal(await cache.readReport(ids[0]!), undefined);
      assert.ok(
        logs.some((line) => /discarded: format version 9/.test(line)),
        logs.join('\n'),
      );
    });

    it('an index of another version is discarded', async () => {
      const first = await open();
      await first.writeList(summaries);
      await first.close();
      const index = path.join(keyDir(), 'index.json');
      fs.writeFileSync(index, fs.readFileSync(index, 'utf8').replace(/"version":\d+/, '"version":9'));
      const cache = await open();
      assert.equal(cache.readIndex().list, undefined);
      assert.ok(logs.some((line) => /index discarded: format version 9/.test(line)));
    });

    it("an older version's directory is deleted at open, for every origin", async () => {
      const first = await open();
      await first.writeList(summaries);
      await first.writeReport(ids[0]!, reportOf(ids[0]!));
      await first.close();
      const current = fs.readdirSync(root).find((name) => /^reports-v\d+$/.test(name))!;
      const older = `reports-v${Number(current.slice('reports-v'.length)) - 1}`;
      fs.renameSync(path.join(root, current), path.join(root, older));
      const cache = await open();
      assert.deepEqual(cache.readIndex(), { list: undefined, reports: new Map() });
      assert.equal(fs.existsSync(path.join(root, older)), false);
      assert.ok(logs.some((line) => /deleted the data of format version/.test(line)));
    });
  });

  describe('eviction', () => {
    it('least recently used first, until the files fit; the report just written stays', async () => {
      const probe = await open({ key: 'probe' });
      const sizes = await Promise.all(
        ids.map(async (id) => (await probe.writeReport(id, reportOf(id)), probe.readIndex().reports.get(id)!.bytes)),
      );
      await probe.clear();
      // Room for the three largest with their index, not for a fourth.
      const maxBytes =
        [...sizes]
          .sort((a, b) => b - a)
          .slice(0, 3)
          .reduce((a, b) => a + b, 0) + 4096;
      const cache = await open({ maxBytes });
      for (const [i, id] of ids.slice(0, 3).entries()) {
        clock = NOW + i;
        assert.equal(await cache.writeReport(id, reportOf(id)), true);
      }
      clock = NOW + 10;
      await cache.readReport(ids[0]!); // used: ids[1] is now the least recently used
      clock = NOW + 11;
      await cache.touch(ids[2]!);
      clock = NOW + 12;
      assert.equal(await cache.writeReport(ids[3]!, reportOf(ids[3]!)), true);

      assert.deepEqual([...cache.readIndex().reports.keys()].sort(), [ids[0], ids[2], ids[3]].sort());
      assert.ok(cache.size() <= maxBytes, `${cache.size()} ≤ ${maxBytes}`);
      assert.ok(logs.some((line) => /evicted/.test(line)));
      await cache.flush();
      assert.equal(reportFiles().length, 3);
      const reloaded = await reopen(cache, { maxBytes });
      assert.equal(await reloaded.readReport(ids[1]!), undefined);
      assert.ok(await reloaded.readReport(ids[3]!));
    });

    it('a report larger than the whole cache is not stored, and evicts nothing', async () => {
      const small = reportOf(ids[0]!, {}, []);
      const cache = await open({ maxBytes: 40_000 });
      const smallOne = { ...small, pages: [small.issues.slice(0, 2)], detail: { ...small.detail, fixes: small.detail.fixes.slice(0, 1) } };
      assert.equal(await cache.writeReport('small', { ...smallOne, detail: { ...smallOne.detail, id: 'small' } }), true);
      const big = reportOf(ids[1]!);
      assert.equal(await cache.writeReport(ids[1]!, { ...big, pages: [big.issues, big.issues, big.issues] }), false);
      assert.ok(
        logs.some((line) => /not cached: larger than the cache/.test(line)),
        logs.join('\n'),
      );
      assert.deepEqual([...cache.readIndex().reports.keys()], ['small']);
      assert.deepEqual(
        filesUnder(root).filter((p) => p.endsWith('.tmp')),
        [],
      );
    });
  });

  describe('keys and origins', () => {
    it('a different key, or another origin, sees none of the data', async () => {
      const cache = await open();
      await cache.writeList(summaries);
      await cache.writeReport(ids[0]!, reportOf(ids[0]!));
      for (const other of [await open({ key: `${KEY}x` }), await open({ origin: 'https://other.example.com' })]) {
        assert.deepEqual(other.readIndex(), { list: undefined, reports: new Map() });
        assert.equal(await other.readReport(ids[0]!), undefined);
      }
      assert.ok(cache.readIndex().list);
    });

    it("clear() deletes this key's data only", async () => {
      const mine = await open();
      const theirs = await open({ key: 'another-key' });
      for (const cache of [mine, theirs]) {
        await cache.writeList(summaries);
        await cache.writeReport(ids[0]!, reportOf(ids[0]!));
      }
      await mine.clear();
      assert.deepEqual(mine.readIndex(), { list: undefined, reports: new Map() });
      assert.equal(await mine.readReport(ids[0]!), undefined);
      assert.ok(await theirs.readReport(ids[0]!));
      assert.equal(reportFiles().length, 1);
      assert.equal(mine.size(), 0);
      assert.equal(await mine.writeReport(ids[1]!, reportOf(ids[1]!)), true, 'usable after clearing');
    });

    it("clearOrigin deletes every key's data of that origin (open caches included), and nothing else", async () => {
      const a = await open();
      const b = await open({ key: 'second-key' });
      const elsewhere = await open({ origin: 'https://other.example.com' });
      for (const cache of [a, b, elsewhere]) {
        await cache.writeList(summaries);
        await cache.writeReport(ids[0]!, reportOf(ids[0]!));
      }
      const inFlight = a.writeReport(ids[1]!, reportOf(ids[1]!)); // a background revalidation, still writing
      await ReportCache.clearOrigin(root, ORIGIN);
      await inFlight;
      await a.flush();

      assert.deepEqual(a.readIndex(), { list: undefined, reports: new Map() });
      assert.equal(await b.readReport(ids[0]!), undefined);
      const left = filesUnder(root);
      assert.equal(left.filter((p) => p.endsWith('.jsonl')).length, 1, `only the other origin's report is left: ${left.join(', ')}`);
      assert.ok(await elsewhere.readReport(ids[0]!));
      assert.equal((await open()).readIndex().list, undefined, 'a reload finds nothing either');
      await ReportCache.clearOrigin(root, 'https://never-cached.example.com'); // nothing to delete: no error
    });

    it('clearAll (the cache turned off) deletes every origin and key, open caches included', async () => {
      const caches = [await open(), await open({ key: 'second-key' }), await open({ origin: 'https://other.example.com' })];
      for (const cache of caches) {
        await cache.writeList(summaries);
        await cache.writeReport(ids[0]!, reportOf(ids[0]!));
      }
      const unrelated = path.join(root, 'keep-me.json'); // globalStorage holds other things too
      fs.writeFileSync(unrelated, '{}');
      await ReportCache.clearAll(root);
      for (const cache of caches) assert.deepEqual(cache.readIndex(), { list: undefined, reports: new Map() });
      assert.deepEqual(filesUnder(root), ['keep-me.json']);
    });
  });

  describe('pages written as they arrive (PageFeed)', () => {
    it('the file lands when the feed ends, with every page and the completeness of that moment', async () => {
      const cache = await open();
      const a = reportOf(ids[0]!);
      const feed = new PageFeed();
      const written = cache.writeReport(ids[0]!, { ...a, pages: feed, complete: () => feed.complete }, () => ({ fixes: 1, issues: 2 }));
      feed.push(a.issues.slice(0, 10));
      await new Promise((resolve) => setTimeout(resolve, 20));
      assert.equal(cache.readIndex().reports.has(ids[0]!), false, 'nothing lands before the end');
      feed.push(a.issues.slice(10));
      feed.end(true);
      assert.equal(await written, true);
      assert.deepEqual(await cache.readReport(ids[0]!), { detail: a.detail, issues: a.issues, fetchedAt: a.fetchedAt, complete: true });
      assert.deepEqual(cache.readIndex().reports.get(ids[0]!)?.meta, { fixes: 1, issues: 2 }, 'the meta of the end');
    });

    it('an abandoned feed writes nothing, keeps the older copy and logs nothing', async () => {
      const cache = await open();
      const a = reportOf(ids[0]!);
      await cache.writeReport(ids[0]!, a);
      const feed = new PageFeed();
      const written = cache.writeReport(ids[0]!, { ...a, pages: feed, complete: false });
      feed.push(a.issues.slice(0, 5));
      feed.abandon();
      assert.equal(await written, false);
      assert.deepEqual((await cache.readReport(ids[0]!))?.issues, a.issues);
      assert.deepEqual(logs, []);
      assert.equal(filesUnder(root).filter((f) => f.endsWith('.tmp')).length, 0, 'no temp file is left');
    });

    it('clear() does not wait for a feed that never ends: the write stops and nothing lands', async () => {
      const cache = await open();
      const feed = new PageFeed();
      const written = cache.writeReport(ids[0]!, { ...reportOf(ids[0]!), pages: feed, complete: false });
      feed.push(reportOf(ids[0]!).issues);
      await cache.clear();
      assert.equal(await written, false);
      assert.equal(reportFiles().length, 0);
    });
  });

  describe('expired reports', () => {
    it('are not served, and are deleted', async () => {
      const cache = await open();
      await cache.writeList(summaries);
      assert.equal(
        await cache.writeReport(ids[0]!, reportOf(ids[0]!, { expirationOn: PAST })),
        false,
        'an expired report is not even written',
      );
      await cache.writeReport(ids[1]!, reportOf(ids[1]!, { expirationOn: new Date(NOW + DAY).toISOString() }));
      assert.equal(cache.readIndex().reports.has(ids[0]!), false);
      assert.equal(await cache.readReport(ids[0]!), undefined);
      assert.ok(await cache.readReport(ids[1]!));

      clock = NOW + 2 * DAY; // the second one expires while cached
      const reloaded = await reopen(cache);
      assert.equal(reloaded.readIndex().reports.size, 0);
      assert.equal(await reloaded.readReport(ids[1]!), undefined);
      assert.deepEqual(reportFiles(), []);
      assert.ok(logs.some((line) => /expired/.test(line)));
    });

    it('are not served when the list says so, whatever the cached detail says', async () => {
      const cache = await open();
      await cache.writeReport(ids[0]!, reportOf(ids[0]!));
      await cache.writeList(summaries.map((r) => (r.id === ids[0] ? { ...r, expirationOn: PAST } : r)));
      assert.equal(await cache.readReport(ids[0]!), undefined);
    });
  });

  it('a report the service no longer lists is deleted when the list is written', async () => {
    const cache = await open();
    await cache.writeList(summaries);
    await cache.writeReport(ids[0]!, reportOf(ids[0]!));
    await cache.writeReport(ids[1]!, reportOf(ids[1]!));
    await cache.writeList(summaries.filter((r) => r.id !== ids[0]));
    assert.deepEqual([...cache.readIndex().reports.keys()], [ids[1]]);
    await cache.flush();
    assert.equal(reportFiles().length, 1);
  });

  it('hostile report ids map to safe file names inside its directory', async () => {
    const cache = await open();
    const hostile = ['../../../../etc/passwd', '..', 'a/b\\c', 'nul\0byte', 'x'.repeat(20_000), '', '__proto__', 'CON', 'é\u202e\n'];
    const base = reportOf(ids[0]!);
    for (const id of hostile) {
      assert.equal(await cache.writeReport(id, { ...base, detail: { ...base.detail, id } }), true, JSON.stringify(id.slice(0, 40)));
    }
    const reloaded = await reopen(cache);
    for (const id of hostile) assert.equal((await reloaded.readReport(id))?.detail.id, id);
    await reloaded.flush(); // the index write each read schedules (last use)
    const files = filesUnder(root);
    assert.equal(files.length, hostile.length + 1, files.join('\n'));
    for (const file of files) {
      assert.match(path.basename(file), /^([0-9a-f]{64}\.jsonl|index\.json)$/);
      assert.equal(path.dirname(path.join(root, file)), keyDir());
    }
    assert.ok(logs.every((line) => line.length < 400 && !line.includes('\0')));
  });
});

function sha256(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}
