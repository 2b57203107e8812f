// A fix's patch: parsed with jsdiff, paths checked like every server path, applied all or
// nothing; the sandbox's patches for the sample workspace apply, its stale one does not.
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { applyTo, parseFixPatch } from '../../../src/model/patch';
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
    assert.ok(created.ok && created.files[0]!.creates && created.files[0]!.path === 'src/new.py');
    assert.equal(created.ok && applyTo(created.files[0]!, ''), 'x\n');
    const deleted = parseFixPatch('--- a/src/old.py\n+++ /dev/null\n@@ -1 +0,0 @@\n-x\n');
    assert.ok(deleted.ok && deleted.files[0]!.deletes && deleted.files[0]!.path === 'src/old.py');
  });
});
