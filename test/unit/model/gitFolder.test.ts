// Reading a folder's repository from its files (the fallback when the git extension cannot be
// asked), on layouts made by git itself: a repository, a linked worktree (`.git` file →
// worktrees/<name> → commondir), a detached HEAD; and the hand-made cases git cannot make.
import { strict as assert } from 'node:assert';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import * as os from 'node:os';
import * as path from 'node:path';
import { readGitFolder, type GitFiles } from '../../../src/model/gitFolder';
import { git } from '../../support/git';

const files: GitFiles = {
  read: async (p) => {
    try {
      return readFileSync(p, 'utf8');
    } catch {
      return undefined;
    }
  },
  kind: async (p) => {
    try {
      return statSync(p).isDirectory() ? 'directory' : 'file';
    } catch {
      return undefined;
    }
  },
};

describe('model/gitFolder: a repository read from its files', () => {
  let dir: string;
  let main: string;
  const REMOTE = 'https://github.com/acme/payments-api.git';

  before(function () {
    if (spawnSync('git', ['--version']).status !== 0) throw new Error('these tests need git (apt-get install git)');
    dir = mkdtempSync(path.join(os.tmpdir(), 'sfr-gitfolder-'));
    main = path.join(dir, 'main');
    mkdirSync(main);
    git(main, 'init', '-q');
    git(main, 'remote', 'add', 'origin', REMOTE);
    git(main, 'remote', 'add', 'fork', 'git@github.com:someone/payments-api.git');
    writeFileSync(path.join(main, 'a.txt'), 'a\n');
    git(main, 'add', '-A');
    git(main, 'commit', '-q', '-m', 'one');
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('reads the remotes and the branch of a repository', async () => {
    assert.deepEqual(await readGitFolder(main, files), {
      remotes: [REMOTE, 'git@github.com:someone/payments-api.git'],
      branch: 'main',
    });
  });

  it('follows a linked worktree to the main repository for its remotes, and reads its own branch', async () => {
    const worktree = path.join(dir, 'wt');
    git(main, 'worktree', 'add', '-q', '-b', 'release/2.4', worktree);
    assert.equal(statSync(path.join(worktree, '.git')).isFile(), true, 'git made a .git file');
    assert.deepEqual(await readGitFolder(worktree, files), {
      remotes: [REMOTE, 'git@github.com:someone/payments-api.git'],
      branch: 'release/2.4',
    });
    assert.deepEqual((await readGitFolder(main, files))?.branch, 'main', 'the main work tree keeps its own branch');
  });

  it('follows a relative gitdir, and says no branch for a detached HEAD', async () => {
    const worktree = path.join(dir, 'detached');
    git(main, 'worktree', 'add', '-q', '--detach', worktree);
    // git writes an absolute path; a moved checkout may carry a relative one.
    const absolute = readFileSync(path.join(worktree, '.git'), 'utf8')
      .replace(/^gitdir:\s*/, '')
      .trim();
    writeFileSync(path.join(worktree, '.git'), `gitdir: ${path.relative(worktree, absolute)}\n`);
    assert.deepEqual(await readGitFolder(worktree, files), {
      remotes: [REMOTE, 'git@github.com:someone/payments-api.git'],
      branch: undefined,
    });
  });

  it('reads a bare .git/config, and is undefined without .git or with a .git file that names nothing', async () => {
    const bare = path.join(dir, 'bare');
    mkdirSync(path.join(bare, '.git'), { recursive: true });
    writeFileSync(
      path.join(bare, '.git', 'config'),
      '[core]\n\tbare = false\n[remote "origin"]\n\turl = https://github.com/acme/web-portal\n',
    );
    assert.deepEqual(await readGitFolder(bare, files), { remotes: ['https://github.com/acme/web-portal'], branch: undefined });

    const none = path.join(dir, 'none');
    mkdirSync(none);
    assert.equal(await readGitFolder(none, files), undefined);

    const empty = path.join(dir, 'empty');
    mkdirSync(empty);
    writeFileSync(path.join(empty, '.git'), 'not a pointer\n');
    assert.equal(await readGitFolder(empty, files), undefined);

    const dangling = path.join(dir, 'dangling');
    mkdirSync(dangling);
    writeFileSync(path.join(dangling, '.git'), `gitdir: ${path.join(dir, 'gone')}\n`);
    assert.equal(await readGitFolder(dangling, files), undefined);
  });
});
