// The report cache's parts on their own (src/editor/cache): the per-file write queue, the
// index's eviction order and its round trip, the names its files are found by, and the sweep.
// The cache as a whole, on real reports, is cache.test.ts.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { CacheIndex, type Entry } from '../../../src/editor/cache/cacheIndex';
import { cacheDirs, isReportFileName, reportFileName, versionOf } from '../../../src/editor/cache/layout';
import { sweep } from '../../../src/editor/cache/maintenance';
import { WriteQueue } from '../../../src/editor/cache/writeQueue';

/** A promise and the function that resolves it. */
function gate(): { opened: Promise<void>; open: () => void } {
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

/** Lets every pending promise callback run. */
function settled(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

describe('the report cache, part by part', () => {
  let root: string;

  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'sfr-cache-parts-'));
  });

  afterEach(() => {
    fs.rmSync(root, { recursive: true, force: true });
  });

  describe('the write queue', () => {
    const dir = path.join(path.sep, 'cache', 'dir');
    const file = path.join(dir, 'a.jsonl');

    it('runs the tasks on one file one after another, in call order, whatever each one does', async () => {
      const queue = new WriteQueue();
      const first = gate();
      const events: string[] = [];
      const a = queue.run(file, async () => {
        events.push('a starts');
        await first.opened;
        events.push('a ends');
        throw new Error('a failed');
      });
      const b = queue.run(file, async () => {
        events.push('b runs');
        return 'b';
      });
      await settled();
      assert.deepEqual(events, ['a starts'], 'the second task waits for the first');
      first.open();
      await assert.rejects(a, /a failed/, 'a task that fails rejects its own call');
      assert.equal(await b, 'b', 'and the queue goes on');
      assert.deepEqual(events, ['a starts', 'a ends', 'b runs']);
    });

    it('runs tasks on different files side by side', async () => {
      const queue = new WriteQueue();
      const slow = gate();
      const a = queue.run(file, () => slow.opened);
      assert.equal(await queue.run(path.join(dir, 'b.jsonl'), () => Promise.resolve('b')), 'b', 'not held up by the slow write');
      assert.equal(queue.has(file), true);
      slow.open();
      await a;
    });

    it('knows a file is busy until its last task settles, then forgets it', async () => {
      const queue = new WriteQueue();
      const first = gate();
      const a = queue.run(file, () => first.opened);
      const b = queue.run(file, () => Promise.resolve());
      assert.equal(queue.has(file), true);
      first.open();
      await a;
      await b;
      await settled();
      assert.equal(queue.has(file), false);
    });

    it('settles a directory once its files are idle, counting tasks queued meanwhile and no other directory', async () => {
      const queue = new WriteQueue();
      const elsewhere = gate();
      void queue.run(path.join(path.sep, 'other', 'x.jsonl'), () => elsewhere.opened);
      void queue.run(path.join(dir, 'sub', 'y.jsonl'), () => elsewhere.opened); // a subdirectory is another directory
      const events: string[] = [];
      void queue.run(file, async () => {
        await settled();
        events.push('a');
        void queue.run(path.join(dir, 'index.json'), async () => {
          await settled();
          events.push('index, queued by a');
        });
      });
      await queue.settle(dir);
      assert.deepEqual(events, ['a', 'index, queued by a']);
      elsewhere.open();
    });
  });

  describe('the index', () => {
    function entry(id: string, lastUsed: number, bytes: number): Entry<{ n: number }> {
      return { id, fetchedAt: 1, complete: true, lastUsed, bytes, expirationOn: null, meta: { n: lastUsed } };
    }

    it('evicts least recently used first, only as many as it takes, never a spared one', () => {
      const index = new CacheIndex<{ n: number }>(path.join(root, 'index.json'), () => undefined);
      for (const e of [entry('a', 3, 100), entry('b', 1, 100), entry('c', 2, 100), entry('d', 0, 100)]) index.set(e);
      assert.equal(index.size(), 400);
      assert.deepEqual(
        index.leastRecentlyUsed(400, () => false),
        [],
        'it fits',
      );
      const spareD = (id: string) => id === 'd';
      assert.deepEqual(
        index.leastRecentlyUsed(250, spareD).map((e) => e.id),
        ['b', 'c'],
      );
      assert.deepEqual(
        index.leastRecentlyUsed(300, spareD).map((e) => e.id),
        ['b'],
      );
      assert.deepEqual(
        index.leastRecentlyUsed(0, () => true),
        [],
        'all spared: nothing',
      );
      assert.equal(index.size(), 400, 'choosing evicts nothing by itself');
    });

    it('is written only when changed, and read back as written, its own size included', async () => {
      const file = path.join(root, 'index.json');
      const written = new CacheIndex<{ n: number }>(file, () => undefined);
      await written.write(
        () => 5,
        () => Promise.resolve(),
      );
      assert.equal(fs.existsSync(file), false, 'nothing changed: nothing written');
      const entries = [entry('b', 1, 100), entry('a', 3, 200)];
      for (const e of entries) written.set(e);
      written.dirty = true;
      await written.write(
        () => 5,
        () => Promise.resolve(),
      );
      assert.equal(written.dirty, false);

      const logs: string[] = [];
      const read = new CacheIndex<{ n: number }>(file, (line) => void logs.push(line));
      await read.load();
      assert.deepEqual(read.values(), entries, 'in the same order');
      assert.equal(read.list, undefined);
      assert.equal(read.size(), 300 + fs.statSync(file).size);
      assert.equal(read.dirty, false);
      assert.deepEqual(logs, []);
    });
  });

  describe('the layout', () => {
    const ORIGIN = 'https://fixes.example.com';
    const KEY = 'sk_live_example';

    it('names are stable: a new window finds the last one’s data by them', () => {
      const dirs = cacheDirs(root, ORIGIN, KEY, 2);
      assert.deepEqual(dirs, {
        root: path.resolve(root),
        originDir: 'a9b18f4ebd05ce4dad44c4051c5e954a',
        dir: path.join(path.resolve(root), 'reports-v2', 'a9b18f4ebd05ce4dad44c4051c5e954a', 'd81323c8629f3a3123916ca71c97efa3'),
      });
      assert.equal(reportFileName('report-1'), '8f6decfb25303bbe670581f55c846b5a24109568fa487e446bca3144b0bffc6a.jsonl');
    });

    it("another key shares the origin's directory, not the key's; the key is in neither", () => {
      const mine = cacheDirs(root, ORIGIN, KEY, 2);
      const theirs = cacheDirs(root, ORIGIN, `${KEY}x`, 2);
      const elsewhere = cacheDirs(root, 'https://other.example.com', KEY, 2);
      assert.equal(theirs.originDir, mine.originDir);
      assert.notEqual(theirs.dir, mine.dir);
      assert.notEqual(elsewhere.originDir, mine.originDir);
      assert.ok(!mine.dir.includes(KEY));
    });

    it('tells its own names from anything else in the directory', () => {
      assert.ok(isReportFileName(reportFileName('../../etc/passwd')));
      for (const name of ['index.json', `${reportFileName('x')}.0123456789abcdef.tmp`, 'notes.jsonl', reportFileName('x').toUpperCase()]) {
        assert.equal(isReportFileName(name), false, name);
      }
      assert.equal(versionOf('reports-v2'), '2');
      for (const name of ['reports-v', 'reports-vx', 'reports-v2.tmp', 'keep-me.json']) assert.equal(versionOf(name), undefined, name);
    });
  });

  describe('the sweep', () => {
    it('deletes older versions, old debris and unnamed reports; leaves newer versions, young files, kept reports and anything else', async () => {
      for (const version of ['reports-v1', 'reports-v3']) fs.mkdirSync(path.join(root, version, 'o', 'k'), { recursive: true });
      fs.writeFileSync(path.join(root, 'keep-me.json'), '{}');
      const dir = path.join(root, 'reports-v2', 'o', 'k');
      fs.mkdirSync(dir, { recursive: true });
      const old = new Date(Date.now() - 10 * 60_000);
      const place = (name: string, age: Date | undefined) => {
        fs.writeFileSync(path.join(dir, name), 'x');
        if (age) fs.utimesSync(path.join(dir, name), age, age);
      };
      const orphan = reportFileName('orphan');
      const kept = reportFileName('kept');
      const young = reportFileName('young');
      const temp = `${kept}.0123456789abcdef.tmp`;
      place(orphan, old);
      place(kept, old);
      place(young, undefined);
      place(temp, old);
      place('notes.txt', old);
      const logs: string[] = [];
      await sweep(
        root,
        dir,
        2,
        (name) => name === kept,
        (line) => void logs.push(line),
      );
      assert.deepEqual(fs.readdirSync(root).sort(), ['keep-me.json', 'reports-v2', 'reports-v3']);
      assert.deepEqual(fs.readdirSync(dir).sort(), [kept, young, 'notes.txt'].sort());
      assert.deepEqual(logs.sort(), [
        'deleted a report file no index entry names',
        'deleted the data of format version 1',
        'deleted the temp file of an interrupted write',
      ]);
    });
  });
});
