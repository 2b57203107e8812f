// The write gate against real files, links and pipes in a temp folder: a fix never writes
// through a link (a linked folder, a dangling link, a linked file), never into a pipe, and an
// export never writes through a link planted at its name; what it writes appears whole, 0600,
// and a cancelled export leaves nothing.
import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { checkPatchTargets, checkWriteTarget, writeNewFileExclusive, WriteRefusedError } from '../../../src/editor/writeGate';

/** Every file under `dir` with its bytes (links as `-> target`), for byte-for-byte comparisons. */
function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (at: string) => {
    for (const entry of fs.readdirSync(at, { withFileTypes: true })) {
      const full = path.join(at, entry.name);
      const rel = path.relative(dir, full);
      if (entry.isSymbolicLink()) out[rel] = `-> ${fs.readlinkSync(full)}`;
      else if (entry.isDirectory()) walk(full);
      else out[rel] = fs.readFileSync(full).toString('base64');
    }
  };
  walk(dir);
  return out;
}

async function* chunksOf(parts: readonly string[]): AsyncGenerator<string> {
  for (const part of parts) yield part;
}

describe('write gate', () => {
  let tmp: string;
  let repo: string;
  let outside: string;

  beforeEach(() => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'write-gate-'));
    repo = path.join(tmp, 'repo');
    outside = path.join(tmp, 'outside');
    fs.mkdirSync(path.join(repo, 'app'), { recursive: true });
    fs.mkdirSync(outside);
    fs.writeFileSync(path.join(repo, 'app', 'db.py'), 'import sqlite3\n');
    fs.writeFileSync(path.join(outside, 'settings.py'), 'DEBUG = False\n');
  });

  afterEach(() => fs.rmSync(tmp, { recursive: true, force: true }));

  describe('targets in a repository', () => {
    it('accepts a normal change, deletion and creation (new folders included), under the real path of the root', async () => {
      const real = fs.realpathSync(repo);
      assert.deepEqual(await checkWriteTarget(repo, 'app/db.py', 'modify'), { ok: true, absolute: path.join(real, 'app', 'db.py') });
      assert.deepEqual(await checkWriteTarget(repo, 'app/db.py', 'delete'), { ok: true, absolute: path.join(real, 'app', 'db.py') });
      assert.deepEqual(await checkWriteTarget(repo, 'app/new.py', 'create'), { ok: true, absolute: path.join(real, 'app', 'new.py') });
      assert.deepEqual(await checkWriteTarget(repo, 'lib/deep/new.py', 'create'), {
        ok: true,
        absolute: path.join(real, 'lib', 'deep', 'new.py'),
      });
      // The root itself may be reached through a link (a workspace opened by a linked path).
      fs.symlinkSync(repo, path.join(tmp, 'repo-link'));
      assert.deepEqual(await checkWriteTarget(path.join(tmp, 'repo-link'), 'app/db.py', 'modify'), {
        ok: true,
        absolute: path.join(real, 'app', 'db.py'),
      });
    });

    it('flags a file that a sensitive name of the repository links to (.vscode → config), however the patch names it', async () => {
      fs.mkdirSync(path.join(repo, 'config'));
      fs.symlinkSync('config', path.join(repo, '.vscode'));
      fs.mkdirSync(path.join(repo, '.github'));
      fs.mkdirSync(path.join(repo, 'ci'));
      fs.symlinkSync('../ci', path.join(repo, '.github', 'workflows'));
      const result = await checkPatchTargets(repo, [
        { path: 'config/tasks.json', action: 'create' },
        { path: 'ci/build.yml', action: 'create' },
        { path: 'app/db.py', action: 'modify' },
      ]);
      assert.ok(result.ok);
      assert.match(result.targets[0]!.sensitive ?? '', /runs its tasks on folder open .*reached through the link \.vscode\)$/);
      assert.match(result.targets[1]!.sensitive ?? '', /CI .*reached through the link \.github\/workflows\)$/);
      assert.equal(result.targets[2]!.sensitive, undefined, 'an ordinary file stays ordinary');
      fs.symlinkSync('hooks', path.join(repo, '.husky'));
      const dangling = await checkPatchTargets(repo, [{ path: 'hooks/pre-commit', action: 'create' }]);
      assert.ok(dangling.ok);
      assert.match(
        dangling.targets[0]!.sensitive ?? '',
        /reached through the link \.husky\)$/,
        'a dangling link leads where its text says',
      );
    });

    it('refuses to create through a linked folder pointing outside, and leaves the outside untouched', async () => {
      fs.symlinkSync(outside, path.join(repo, 'vendor'));
      const before = snapshot(outside);
      const result = await checkWriteTarget(repo, 'vendor/evil.py', 'create');
      assert.deepEqual(result, { ok: false, reason: 'vendor is a symbolic link; a fix never writes through a link' });
      const modify = await checkWriteTarget(repo, 'vendor/settings.py', 'modify');
      assert.ok(!modify.ok && /vendor is a symbolic link/.test(modify.reason));
      assert.deepEqual(snapshot(outside), before, 'the outside folder is byte for byte as it was');
    });

    it('refuses to create onto a dangling link, and creates nothing where it points', async () => {
      const pointee = path.join(outside, 'created-by-link.py');
      fs.symlinkSync(pointee, path.join(repo, 'app', 'helpers.py'));
      const result = await checkWriteTarget(repo, 'app/helpers.py', 'create');
      assert.deepEqual(result, { ok: false, reason: 'app/helpers.py is a symbolic link; a fix never writes through a link' });
      assert.equal(fs.existsSync(pointee), false);
    });

    it('refuses to change or delete a linked file, a folder, a hard-linked file, or one that is missing', async () => {
      fs.symlinkSync(path.join(outside, 'settings.py'), path.join(repo, 'app', 'settings.py'));
      for (const action of ['modify', 'delete'] as const) {
        const linked = await checkWriteTarget(repo, 'app/settings.py', action);
        assert.deepEqual(linked, { ok: false, reason: 'app/settings.py is a symbolic link; a fix never writes through a link' });
      }
      assert.match(
        ((await checkWriteTarget(repo, 'app', 'modify')) as { reason: string }).reason,
        /app is not a regular file \(a folder\)/,
      );
      assert.match(
        ((await checkWriteTarget(repo, 'app/gone.py', 'modify')) as { reason: string }).reason,
        /app\/gone\.py is not in the repository/,
      );
      assert.match(
        ((await checkWriteTarget(repo, 'nowhere/x.py', 'delete')) as { reason: string }).reason,
        /its folder nowhere does not exist/,
      );
      assert.match(
        ((await checkWriteTarget(repo, 'app/db.py/x.py', 'create')) as { reason: string }).reason,
        /app\/db\.py is not a folder/,
      );
      assert.match(
        ((await checkWriteTarget(repo, 'app/db.py', 'create')) as { reason: string }).reason,
        /creates app\/db\.py, which already exists/,
      );
      fs.linkSync(path.join(outside, 'settings.py'), path.join(repo, 'app', 'hard.py'));
      assert.match(((await checkWriteTarget(repo, 'app/hard.py', 'modify')) as { reason: string }).reason, /other hard links/);
    });

    it('refuses a named pipe', async function () {
      const fifo = path.join(repo, 'app', 'pipe.py');
      try {
        execFileSync('mkfifo', [fifo]);
      } catch {
        this.skip(); // no mkfifo here (Windows)
      }
      const result = await checkWriteTarget(repo, 'app/pipe.py', 'modify');
      assert.deepEqual(result, { ok: false, reason: 'app/pipe.py is not a regular file (a named pipe), so a fix does not write it' });
    });

    it('refuses what the write policy refuses, and unsafe paths, before looking at the disk', async () => {
      assert.match(((await checkWriteTarget(repo, '.git/config', 'modify')) as { reason: string }).reason, /git's own folder/);
      assert.match(((await checkWriteTarget(repo, 'app/NUL.txt', 'create')) as { reason: string }).reason, /device name/);
      assert.match(
        ((await checkWriteTarget(repo, '../outside/settings.py', 'modify')) as { reason: string }).reason,
        /is not a path a fix may write \("\." or "\.\." segment\)/,
      );
      assert.match(
        ((await checkWriteTarget(path.join(tmp, 'missing'), 'x.py', 'create')) as { reason: string }).reason,
        /repository folder .* cannot be read \(ENOENT\)/,
      );
    });

    it('checks every target of a patch, all or nothing', async () => {
      fs.symlinkSync(outside, path.join(repo, 'vendor'));
      const ok = await checkPatchTargets(repo, [
        { path: 'app/db.py', action: 'modify' },
        { path: 'app/new.py', action: 'create' },
      ]);
      assert.ok(ok.ok && ok.targets.length === 2 && ok.targets[1]!.absolute === path.join(fs.realpathSync(repo), 'app', 'new.py'));
      const refused = await checkPatchTargets(repo, [
        { path: 'app/db.py', action: 'modify' },
        { path: 'vendor/x.py', action: 'create' },
      ]);
      assert.deepEqual(refused, { ok: false, reason: 'vendor is a symbolic link; a fix never writes through a link' });
      const collision = await checkPatchTargets(repo, [
        { path: 'app/db.py', action: 'modify' },
        { path: 'app/DB.py', action: 'create' },
      ]);
      assert.match((collision as { reason: string }).reason, /app\/db\.py and app\/DB\.py are one file/);
    });
  });

  describe('a new file outside a repository (exports)', () => {
    it('writes a multi-chunk stream whole, owner-only, with no temp file left', async () => {
      const target = path.join(tmp, 'issues.csv');
      const parts = Array.from({ length: 5000 }, (_, i) => `row ${i},"value ${'é'.repeat(i % 7)}"\n`);
      assert.equal(await writeNewFileExclusive(target, chunksOf(parts)), 'written');
      assert.equal(fs.readFileSync(target, 'utf8'), parts.join(''));
      if (process.platform !== 'win32') assert.equal(fs.statSync(target).mode & 0o777, 0o600);
      assert.deepEqual(fs.readdirSync(tmp).sort(), ['issues.csv', 'outside', 'repo']);
    });

    it('takes bytes as well as text, and replaces an existing regular file', async () => {
      const target = path.join(tmp, 'report.sarif');
      fs.writeFileSync(target, 'old');
      async function* mixed() {
        yield '{"a":';
        yield new TextEncoder().encode('1}');
      }
      assert.equal(await writeNewFileExclusive(target, mixed()), 'written');
      assert.equal(fs.readFileSync(target, 'utf8'), '{"a":1}');
    });

    it('refuses a link planted at the target, and leaves the file it points to unchanged', async () => {
      const victim = path.join(outside, 'settings.py');
      const target = path.join(tmp, 'issues.csv');
      fs.symlinkSync(victim, target);
      await assert.rejects(writeNewFileExclusive(target, chunksOf(['owned\n'])), (e: unknown) => {
        assert.ok(e instanceof WriteRefusedError);
        assert.match(e.message, /issues\.csv is a symbolic link; nothing is written through a link: choose another name/);
        return true;
      });
      assert.equal(fs.readFileSync(victim, 'utf8'), 'DEBUG = False\n');
      assert.equal(fs.readlinkSync(target), victim, 'the link is left as it was');
      const dangling = path.join(tmp, 'dangling.csv');
      fs.symlinkSync(path.join(outside, 'new.csv'), dangling);
      await assert.rejects(writeNewFileExclusive(dangling, chunksOf(['x'])), WriteRefusedError);
      assert.equal(fs.existsSync(path.join(outside, 'new.csv')), false);
      await assert.rejects(writeNewFileExclusive(outside, chunksOf(['x'])), /is a folder; choose another name/);
    });

    it('ignores a link planted at the old "<target>.part" name: it stays untouched and the export is written', async () => {
      const victim = path.join(outside, 'settings.py');
      const target = path.join(tmp, 'issues.csv');
      fs.symlinkSync(victim, `${target}.part`);
      assert.equal(await writeNewFileExclusive(target, chunksOf(['a,b\n', '1,2\n'])), 'written');
      assert.equal(fs.readFileSync(target, 'utf8'), 'a,b\n1,2\n');
      assert.equal(fs.readlinkSync(`${target}.part`), victim);
      assert.equal(fs.readFileSync(victim, 'utf8'), 'DEBUG = False\n');
    });

    it('leaves nothing when cancelled midway, nor when the stream fails', async () => {
      const target = path.join(tmp, 'issues.json');
      const controller = new AbortController();
      async function* cancelled() {
        yield '[';
        yield '{"id":1}';
        controller.abort();
        yield ',{"id":2}';
        yield ']';
      }
      assert.equal(await writeNewFileExclusive(target, cancelled(), { signal: controller.signal }), 'cancelled');
      assert.deepEqual(fs.readdirSync(tmp).sort(), ['outside', 'repo']);
      async function* failing() {
        yield '[';
        throw new Error('the service went away');
      }
      await assert.rejects(writeNewFileExclusive(target, failing()), /the service went away/);
      assert.deepEqual(fs.readdirSync(tmp).sort(), ['outside', 'repo']);
      // An existing file stays as it was when a replacement is cancelled.
      fs.writeFileSync(target, 'previous');
      const again = new AbortController();
      again.abort();
      assert.equal(await writeNewFileExclusive(target, chunksOf(['new']), { signal: again.signal }), 'cancelled');
      assert.equal(fs.readFileSync(target, 'utf8'), 'previous');
    });
  });
});
