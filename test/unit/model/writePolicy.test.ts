// The write policy: the one table of repository paths a fix may write. Git's own folder under
// every name Windows and macOS map to it, and device names, are refused; files that make code
// run are sensitive, with why; everything else is ordinary. Two names of one file collide.
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { safeRepoPath } from '../../../src/model/locations';
import { SENSITIVE_PATHS, classifyWritePath, findCaseCollisions, sensitivePathTableMarkdown } from '../../../src/model/writePolicy';

describe('write policy', () => {
  it("refuses git's own folder under every alias, device names, short names and names Windows strips", () => {
    const cases: [string, RegExp][] = [
      ['.git/config', /git's own folder/],
      ['.GIT/config', /git's own folder/],
      ['.Git/HEAD', /git's own folder/],
      ['.git./config', /git's own folder/],
      ['.git../hooks/pre-commit', /git's own folder/],
      ['.GIT../config', /git's own folder/],
      ['.gıt/config', /git's own folder/], // dotless ı upper-cases to I
      ['sub/.git/hooks/x', /git's own folder/],
      ['.git', /git's own folder/], // a worktree's or submodule's gitdir file
      ['GIT~1/config', /short \(8\.3\) name/],
      ['git~12/config', /short \(8\.3\) name/],
      ['VSCODE~1/tasks.json', /short \(8\.3\) name/],
      ['con', /device name \(CON\)/],
      ['CON', /device name \(CON\)/],
      ['NUL.txt', /device name \(NUL\)/],
      ['nul.tar.gz', /device name \(NUL\)/],
      ['aux.c', /device name \(AUX\)/],
      ['prn.', /device name|ending in a dot/],
      ['com1', /device name \(COM1\)/],
      ['COM9.log', /device name \(COM9\)/],
      ['lpt9.log', /device name \(LPT9\)/],
      ['com\u00b9.txt', /device name \(COM¹\)/],
      ['conout$', /device name \(CONOUT\$\)/],
      ['src/con/x.py', /device name \(CON\)/],
      ['src/x.py.', /ending in a dot or space/],
      ['notes.', /ending in a dot or space/],
    ];
    for (const [path, reason] of cases) {
      const c = classifyWritePath(path);
      assert.equal(c.kind, 'refused', path);
      assert.match(c.kind === 'refused' ? c.reason : '', reason, path);
      if (c.kind === 'refused') assert.ok(c.reason.startsWith(path), `the reason names the path: ${c.reason}`);
    }
    // A trailing space never gets here (safeRepoPath refuses it), but the policy refuses it too.
    assert.equal(safeRepoPath('.git /x').ok, false);
    assert.equal(classifyWritePath('.git /x').kind, 'refused');
  });

  it('marks files that make code run as sensitive, with why, at any depth and in any case', () => {
    const cases: [string, RegExp][] = [
      ['.vscode/tasks.json', /folder open/],
      ['.VSCode/settings.json', /folder open/],
      ['sub/.vscode/launch.json', /folder open/],
      ['team.code-workspace', /workspace file/],
      ['.devcontainer/devcontainer.json', /lifecycle commands/],
      ['.devcontainer.json', /lifecycle commands/],
      ['.github/workflows/ci.yml', /CI/],
      ['.github/actions/setup/action.yml', /CI/],
      ['.husky/pre-commit', /on commit/],
      ['.pre-commit-config.yaml', /on commit/],
      ['package.json', /scripts/],
      ['sub/package.json', /scripts/],
      ['Makefile', /make/],
      ['makefile', /make/],
      ['GNUmakefile', /make/],
      ['.bashrc', /shell/],
      ['.zshenv', /zsh/],
      ['.envrc', /direnv/],
      ['.npmrc', /registry/],
      ['.yarnrc.yml', /yarnPath/],
      ['.gitattributes', /filter/],
      ['.gitmodules', /submodule/],
      ['.idea/workspace.xml', /JetBrains/],
      ['.gitlab-ci.yml', /CI/],
      ['Jenkinsfile', /CI/],
      ['.circleci/config.yml', /CI/],
      ['azure-pipelines.yml', /CI/],
      ['.travis.yml', /CI/],
      ['setup.py', /pip install/],
      ['tests/conftest.py', /pytest/],
      ['pyproject.toml', /build backend/],
      ['build.gradle.kts', /Gradle/],
      ['gradle/wrapper/gradle-wrapper.properties', /wrapper/],
    ];
    for (const [path, why] of cases) {
      const c = classifyWritePath(path);
      assert.equal(c.kind, 'sensitive', path);
      assert.match(c.kind === 'sensitive' ? c.why : '', why, path);
    }
  });

  it('leaves ordinary files ordinary, names that only look alike included', () => {
    for (const path of [
      'src/app.py',
      '.gitignore',
      '.github/ISSUE_TEMPLATE/x.md',
      '.github/CODEOWNERS',
      'docs/package.json.md',
      'src/.vscode-like/x',
      '.vscode', // a file of that name: nothing reads it
      'git/config',
      '.git-blame-ignore-revs',
      'console.py',
      'nullable.ts',
      'com10.txt',
      'auxiliary/x.c',
      'backup~',
      'a~b.txt',
    ]) {
      assert.deepEqual(classifyWritePath(path), { kind: 'ordinary' }, path);
    }
  });

  it('finds two names of one file: case, Unicode form, a file and a folder, the same path twice', () => {
    assert.deepEqual(findCaseCollisions(['src/X.py', 'src/y.py', 'src/x.py']), ['src/X.py', 'src/x.py']);
    assert.deepEqual(findCaseCollisions(['caf\u00e9.py', 'cafe\u0301.py']), ['caf\u00e9.py', 'cafe\u0301.py']);
    assert.deepEqual(findCaseCollisions(['a.py', 'a.py']), ['a.py', 'a.py']);
    assert.deepEqual(findCaseCollisions(['lib', 'LIB/x.py']), ['lib', 'LIB/x.py']);
    assert.deepEqual(findCaseCollisions(['Lib/x.py', 'lib']), ['Lib/x.py', 'lib']);
    assert.equal(
      findCaseCollisions(['src/a.py', 'src/b.py', 'Src/c.py', 'docs/a.py']),
      undefined,
      'files of one folder spelled two ways do not collide',
    );
  });

  it('renders the sensitive table as markdown, one row per entry', () => {
    const table = sensitivePathTableMarkdown();
    const lines = table.trimEnd().split('\n');
    assert.equal(lines.length, SENSITIVE_PATHS.length + 2);
    assert.match(lines[0]!, /^\| Path .* \| Why .* \|$/);
    for (const row of SENSITIVE_PATHS) {
      assert.ok(table.includes(`| \`${row.pattern}\` | ${row.why} |`), row.pattern);
      // Every row's own pattern is classified by that row (no row is shadowed by an earlier one it cannot reach).
      const sample = row.pattern.replace('/**', '/x').replace('*', 'name');
      const c = classifyWritePath(sample);
      assert.equal(c.kind, 'sensitive', sample);
    }
  });

  it('is the table docs/security.md shows', () => {
    const doc = readFileSync(path.join(__dirname, '..', '..', '..', '..', 'docs', 'security.md'), 'utf8');
    const indented = sensitivePathTableMarkdown()
      .trimEnd()
      .split('\n')
      .map((l) => `  ${l}`)
      .join('\n');
    assert.ok(doc.includes(indented), 'docs/security.md holds sensitivePathTableMarkdown() as it is now');
  });
});
