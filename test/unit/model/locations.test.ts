// Where a finding is: the sink of the trace is the primary location, the other nodes are
// related; every server path must stay inside the repository it is joined to.
import { strict as assert } from 'node:assert';
import * as path from 'node:path';
import fc from 'fast-check';
import { issueLocations, refusedPaths, safeRepoPath } from '../../../src/model/locations';

describe('issue locations', () => {
  it('take the last node by index as the primary location and the others, in trace order, as related', () => {
    const located = issueLocations({
      codeNodes: [
        { path: 'app/db.py', startLine: 14, endLine: 14, startCol: 5, endCol: 40, index: 2 },
        { path: 'app/api.py', startLine: 3, endLine: 3, startCol: 1, endCol: 9, index: 0 },
        { path: 'app/db.py', startLine: 9, endLine: 10, startCol: 1, endCol: 2, index: 1 },
      ],
    });
    assert.deepEqual(located, {
      primary: { path: 'app/db.py', startLine: 14, endLine: 14, startColumn: 5, endColumn: 40 },
      related: [
        { path: 'app/api.py', startLine: 3, endLine: 3, startColumn: 1, endColumn: 9 },
        { path: 'app/db.py', startLine: 9, endLine: 10, startColumn: 1, endColumn: 2 },
      ],
    });
  });

  it('fall back to codeFilePath (a file without a line) and to nothing, without guessing', () => {
    assert.deepEqual(issueLocations({ codeNodes: [], codeFilePath: 'src/App.java' }), { primary: { path: 'src/App.java' }, related: [] });
    assert.equal(issueLocations({}), undefined);
    assert.equal(issueLocations({ codeNodes: null, codeFilePath: null }), undefined);
    assert.equal(issueLocations({ codeNodes: [{ path: null, startLine: 3 }] }), undefined);
  });

  it('drop what is not a line or column instead of guessing one', () => {
    const at = (node: object) => issueLocations({ codeNodes: [{ path: 'a.py', ...node }] })?.primary;
    assert.deepEqual(at({ startLine: 0 }), { path: 'a.py' }, 'line 0 is no line');
    assert.deepEqual(at({ startLine: -3 }), { path: 'a.py' });
    assert.deepEqual(at({ startLine: 2.5 }), { path: 'a.py' });
    assert.deepEqual(at({ startLine: Number.NaN }), { path: 'a.py' });
    assert.deepEqual(at({ startLine: '12' }), { path: 'a.py' }, 'a string is not a number');
    assert.deepEqual(at({ startLine: 5, endLine: 2 }), { path: 'a.py', startLine: 5, endLine: 5 }, 'an end before the start is the start');
    assert.deepEqual(
      at({ startLine: 5, startCol: 9, endCol: 3 }),
      { path: 'a.py', startLine: 5, endLine: 5 },
      'an empty or inverted column range is the whole line',
    );
    assert.deepEqual(at({ startLine: 5, startCol: 0, endCol: 3 }), { path: 'a.py', startLine: 5, endLine: 5 });
  });

  it('refuse hostile paths, keep the others, and say which were refused and why', () => {
    const issue = {
      codeNodes: [
        { path: '../../.ssh/id_rsa', startLine: 1, index: 0 },
        { path: 'src/ok.ts', startLine: 2, index: 1 },
        { path: '/etc/passwd', startLine: 3, index: 2 },
      ],
    };
    assert.deepEqual(issueLocations(issue), { primary: { path: 'src/ok.ts', startLine: 2, endLine: 2 }, related: [] });
    assert.deepEqual(
      refusedPaths(issue).map((r) => r.path),
      ['../../.ssh/id_rsa', '/etc/passwd'],
    );
    assert.match(refusedPaths(issue)[0]!.reason, /\.\./);
  });

  for (const [bad, why] of [
    ['/etc/passwd', /absolute/],
    ['C:\\Windows\\x', /backslash|drive/],
    ['C:/Windows/x', /scheme or drive/],
    ['\\\\server\\share\\x', /backslash/],
    ['file:///etc/passwd', /scheme/],
    ['https://evil.example/x', /scheme/],
    ['command:workbench.action.terminal.sendSequence', /scheme/],
    ['vscode://extension/x', /scheme/],
    ['src/../../x', /\.\./],
    ['..', /\.\./],
    ['a/./b', /"\."/],
    ['a//b', /empty path segment/],
    ['src/x\u0000.py', /unsafe character/],
    ['src/\u202Etxt.exe', /unsafe character/],
    ['src/a\nb.py', /unsafe character/],
    ['', /empty/],
    ['%2e%2e/x', /not allowed/],
    ['A|/x', /not allowed/],
    ['a/b?.py', /not allowed/],
    [' /etc/passwd', /space/],
    ['x'.repeat(2000), /too long/],
  ] as const) {
    it(`refuses ${JSON.stringify(bad).slice(0, 40)}`, () => {
      const checked = safeRepoPath(bad);
      assert.equal(checked.ok, false);
      assert.match((checked as { reason: string }).reason, why);
    });
  }

  it('accepts plain repo-relative paths, dropping a leading ./', () => {
    assert.deepEqual(safeRepoPath('src/main/java/App.java'), { ok: true, path: 'src/main/java/App.java' });
    assert.deepEqual(safeRepoPath('./web/Profile.tsx'), { ok: true, path: 'web/Profile.tsx' });
    assert.deepEqual(safeRepoPath('docs/été/ü.md'), { ok: true, path: 'docs/été/ü.md' });
    assert.deepEqual(safeRepoPath('.github/workflows/ci.yml'), { ok: true, path: '.github/workflows/ci.yml' }, 'dot files are files');
  });

  it('never accepts a path that leaves the repository once joined to its root (node:path and URL as oracles)', () => {
    const segment = fc.oneof(
      fc.constantFrom('..', '.', '', 'a', 'b.c', '...', '~', '%2e%2e', 'C:', 'x:y', '\\', 'file:', ' '),
      fc.string({ maxLength: 4 }),
    );
    fc.assert(
      fc.property(fc.array(segment, { minLength: 1, maxLength: 6 }), fc.constantFrom('/', '\\'), (segments, sep) => {
        const raw = segments.join(sep);
        const checked = safeRepoPath(raw);
        if (!checked.ok) return;
        const joined = path.posix.normalize(`/repo/root/${checked.path}`);
        assert.ok(joined.startsWith('/repo/root/'), `${raw} → ${joined}`);
        const url = new URL(checked.path, 'file:///repo/root/');
        assert.equal(url.protocol, 'file:', raw);
        assert.ok(url.pathname.startsWith('/repo/root/'), `${raw} → ${url.href}`);
      }),
      { numRuns: 3000 },
    );
  });
});
