// The suppression audit of a tree on disk (src/model/suppressionAuditFiles.ts): git's file list
// inside a work tree (ignored files left out) with git grep's answer on which files hold a marker
// (src/model/suppressionAuditGit.ts: the rest is not read; entries git grep does not read from
// the work tree are; the repository's config cannot run programs or change what git prints), a
// walk that follows no link elsewhere, and the files that are skipped and counted (no comment
// syntax, binary, too large, links, FIFOs, deleted). The markers' own rules are
// suppressionAudit.test.ts's; here the same-line rule.
import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { auditFiles, listTree, type TreeFile } from '../../../src/model/suppressionAuditFiles';
import { git } from '../../support/git';

const A = '5f0c6a43-8d2e-4f0b-9a51-2c1d6e7f8a90';
const B = '0b4bd5a2-3c8e-4e1f-a6a0-9d2f4c7e1b33';
const COMMENT = `# reviewed (fp ${A})\n`;

describe('suppression audit: the files of a tree', function () {
  this.timeout(20_000);
  let dir: string;

  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'sfr-audit-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const write = (rel: string, content: string | Buffer) => {
    mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    writeFileSync(path.join(dir, rel), content);
  };
  const rel = (p: string) => path.relative(dir, p).split(path.sep).join('/');
  const paths = (files: readonly TreeFile[]) => files.map((f) => rel(f.path));

  it("lists git's tracked and untracked files, never the ignored ones", async () => {
    git(dir, 'init', '-q');
    write('.gitignore', 'build/\n*.log\n');
    write('src/tracked.py', COMMENT);
    write('src/gone.py', COMMENT);
    git(dir, 'add', '.');
    git(dir, 'commit', '-q', '-m', 'x');
    rmSync(path.join(dir, 'src/gone.py'));
    write('src/untracked.py', COMMENT);
    write('build/out.py', COMMENT);
    write('debug.log', COMMENT);
    const listing = await listTree(dir);
    assert.equal(listing.source, 'git');
    assert.deepEqual(paths(listing.files), ['.gitignore', 'src/gone.py', 'src/tracked.py', 'src/untracked.py']);
    const audit = await auditFiles(listing.files);
    assert.deepEqual(
      audit.suppressions.map((s) => [path.basename(s.path), s.row, s.fpId]),
      [
        ['tracked.py', 0, A],
        ['untracked.py', 0, A],
      ],
    );
    assert.equal(audit.counts.missing, 1, 'the deleted file is counted, not an error');
    assert.equal(audit.counts.noCommentSyntax, 1, '.gitignore');
    assert.deepEqual(audit.unreadable, []);
  });

  it('reads only the files git grep found the marker in, and the entries git grep reads from the index', async () => {
    git(dir, 'init', '-q');
    write('hit.py', COMMENT);
    write('plain.py', 'x = 1\n');
    write('assumed.py', 'x = 1\n');
    write('sparse.py', 'x = 1\n');
    git(dir, 'add', '.');
    git(dir, 'commit', '-q', '-m', 'x');
    // git grep reads these two from the index, where they have no marker; the work tree has one.
    git(dir, 'update-index', '--assume-unchanged', 'assumed.py');
    git(dir, 'update-index', '--skip-worktree', 'sparse.py');
    write('assumed.py', COMMENT);
    write('sparse.py', COMMENT);
    const listing = await listTree(dir);
    assert.deepEqual(
      listing.files.map((f) => [rel(f.path), f.markerFree === true]),
      [
        ['assumed.py', false],
        ['hit.py', false],
        ['plain.py', true],
        ['sparse.py', false],
      ],
    );
    const audit = await auditFiles(listing.files);
    assert.deepEqual(
      audit.suppressions.map((s) => path.basename(s.path)),
      ['assumed.py', 'hit.py', 'sparse.py'],
    );
    assert.equal(audit.counts.read, 4, 'plain.py was searched by git grep');
  });

  it("counts git's links and submodules as not regular, and runs nothing the repository's config names", async () => {
    git(dir, 'init', '-q');
    write('target.py', COMMENT);
    symlinkSync('target.py', path.join(dir, 'link.py'));
    mkdirSync(path.join(dir, 'sub'));
    git(path.join(dir, 'sub'), 'init', '-q');
    write('sub/inner.py', COMMENT);
    git(path.join(dir, 'sub'), 'add', '.');
    git(path.join(dir, 'sub'), 'commit', '-q', '-m', 'x');
    write('.gitattributes', '*.py diff=evil\n');
    git(dir, 'add', '.');
    git(dir, 'commit', '-q', '-m', 'x');
    const ran = path.join(dir, 'ran');
    const config: [string, string][] = [
      ['diff.evil.textconv', `touch '${ran}'; cat`],
      ['core.pager', `touch '${ran}'; cat`],
      ['pager.grep', `touch '${ran}'; cat`],
      ['color.grep', 'always'],
      ['color.ui', 'always'],
      ['grep.fullName', 'true'],
      ['grep.lineNumber', 'true'],
      ['grep.column', 'true'],
      ['grep.patternType', 'perl'],
      ['submodule.recurse', 'true'],
    ];
    for (const [key, value] of config) git(dir, 'config', key, value);
    mkdirSync(path.join(dir, 'a'));
    write('a/b.py', COMMENT);
    const listing = await listTree(dir);
    assert.equal(listing.gitGrepNotes, undefined);
    assert.deepEqual(
      listing.files.map((f) => [rel(f.path), f.notRegular === true, f.markerFree === true]),
      [
        ['.gitattributes', false, true],
        ['a/b.py', false, false],
        ['link.py', true, false],
        ['sub', true, false],
        ['target.py', false, false],
      ],
    );
    const audit = await auditFiles(listing.files);
    assert.deepEqual(
      audit.suppressions.map((s) => rel(s.path)),
      ['a/b.py', 'target.py'],
    );
    assert.equal(audit.counts.notRegular, 1, 'link.py (sub has no extension: skipped by name first)');
    assert.equal(existsSync(ran), false, 'no program of the config ran');
    // From a subfolder too, where full names would differ.
    assert.deepEqual(paths((await listTree(path.join(dir, 'a'))).files), ['a/b.py']);
  });

  it('reads every file itself when git grep fails, and says so', async () => {
    git(dir, 'init', '-q');
    write('hit.py', COMMENT);
    write('plain.py', 'x = 1\n');
    const saved = process.env.GIT_CONFIG_PARAMETERS;
    // Config from the environment that only git grep refuses.
    process.env.GIT_CONFIG_PARAMETERS = "'grep.threads'='-1'";
    let listing;
    try {
      listing = await listTree(dir);
    } finally {
      if (saved === undefined) delete process.env.GIT_CONFIG_PARAMETERS;
      else process.env.GIT_CONFIG_PARAMETERS = saved;
    }
    assert.equal(listing.source, 'git');
    assert.match(listing.gitGrepNotes?.[0] ?? '', /^git grep failed \(.+\); every file was read instead$/);
    assert.ok(listing.files.every((f) => f.markerFree !== true));
    assert.equal((await auditFiles(listing.files)).suppressions.length, 1);
  });

  it('lists a subfolder of a work tree by git too, with paths under the folder as given', async () => {
    git(dir, 'init', '-q');
    write('a/b.py', COMMENT);
    write('c.py', COMMENT);
    const listing = await listTree(path.join(dir, 'a'));
    assert.equal(listing.source, 'git');
    assert.deepEqual(paths(listing.files), ['a/b.py']);
  });

  it('walks a folder outside any work tree without following links or entering .git', async () => {
    write('z.py', COMMENT);
    write('a/b.py', COMMENT);
    write('.git/hooks/x.py', COMMENT);
    mkdirSync(path.join(dir, 'outside'));
    write('outside/secret.py', COMMENT);
    symlinkSync(path.join(dir, 'outside'), path.join(dir, 'a', 'linked-dir'));
    symlinkSync(path.join(dir, 'outside', 'secret.py'), path.join(dir, 'linked.py'));
    const listing = await listTree(dir);
    assert.equal(listing.source, 'walk');
    assert.deepEqual(paths(listing.files), ['a/b.py', 'a/linked-dir', 'linked.py', 'outside/secret.py', 'z.py']);
    const audit = await auditFiles(listing.files);
    assert.deepEqual(
      audit.suppressions.map((s) => rel(s.path)),
      ['a/b.py', 'outside/secret.py', 'z.py'],
    );
    assert.equal(audit.counts.notRegular, 1, 'linked.py');
    assert.equal(audit.counts.noCommentSyntax, 1, 'a/linked-dir: skipped by its name before anything else');
  });

  it('never opens a link git lists, and does not wait on a FIFO', async function () {
    write('real.py', COMMENT);
    symlinkSync('/etc/passwd', path.join(dir, 'link.py'));
    try {
      execFileSync('mkfifo', [path.join(dir, 'pipe.py')]);
    } catch {
      this.skip(); // no mkfifo here
    }
    const files: TreeFile[] = ['link.py', 'pipe.py', 'real.py'].map((f) => ({ path: path.join(dir, f), fsPath: path.join(dir, f) }));
    const audit = await auditFiles(files);
    assert.equal(audit.suppressions.length, 1);
    assert.equal(audit.counts.notRegular, 1, 'the link');
    assert.equal(audit.counts.read, 2, 'the FIFO without a writer reads as empty');
  });

  it('skips binaries, files over the cap and files without comment syntax, and counts them', async () => {
    write('bin.py', Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0]), Buffer.from(COMMENT)]));
    write('big.py', `${COMMENT}${'x = 1\n'.repeat(40)}`);
    write('data.json', `{"note": "${COMMENT.trim()}"}`);
    write('notes.md', COMMENT);
    write('ok.py', COMMENT);
    const listing = await listTree(dir);
    const audit = await auditFiles(listing.files, { maxFileBytes: 200 });
    assert.deepEqual(
      audit.suppressions.map((s) => path.basename(s.path)),
      ['ok.py'],
    );
    assert.deepEqual(
      {
        binary: audit.counts.binary,
        tooLarge: audit.counts.tooLarge,
        noCommentSyntax: audit.counts.noCommentSyntax,
        read: audit.counts.read,
      },
      { binary: 1, tooLarge: 1, noCommentSyntax: 2, read: 1 },
    );
    // A file of exactly the cap is read.
    write('big.py', `${COMMENT}${'x'.repeat(200 - Buffer.byteLength(COMMENT))}`);
    assert.equal((await auditFiles(listing.files, { maxFileBytes: 200 })).counts.tooLarge, 0);
  });

  it('reads a name that is not UTF-8, and a byte order mark does not shift columns', async () => {
    git(dir, 'init', '-q');
    const latin1 = Buffer.concat([Buffer.from(dir + path.sep), Buffer.from([0x63, 0x61, 0x66, 0xe9]), Buffer.from('.py')]);
    writeFileSync(latin1, `x = 1\n# (fp ${B})\n`);
    write('bom.py', `\uFEFF# (fp ${A})\n`);
    const listing = await listTree(dir);
    const audit = await auditFiles(listing.files);
    assert.deepEqual(
      audit.suppressions.map((s) => [path.basename(s.path), s.row, s.column, s.fpId]),
      [
        ['bom.py', 0, 2, A],
        ['caf\uFFFD.py', 1, 2, B],
      ],
    );
  });

  it('takes a file as the root, and stops when cancelled', async () => {
    write('one.py', COMMENT);
    const listing = await listTree(path.join(dir, 'one.py'));
    assert.equal(listing.source, 'file');
    assert.equal((await auditFiles(listing.files)).suppressions.length, 1);
    const controller = new AbortController();
    controller.abort();
    await assert.rejects(auditFiles(listing.files, { signal: controller.signal }), { name: 'AbortError' });
  });
});
