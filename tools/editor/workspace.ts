// The sample workspace (test/fixtures/workspace) as the tests, the UI check and the demo open
// it: a throwaway copy whose `git-config` becomes `.git/config` (git cannot commit a `.git`
// folder), so the workspace has the git remote of one of the sandbox's repositories; with git
// on the machine it is also a real repository (one commit, branch FIXTURE_BRANCH), so the
// editor's git extension reports its remote and checked-out branch.
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, rename } from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import { REPO_ROOT } from './codeServer';
import { runGit } from './git';

const FIXTURE_WORKSPACE = path.join(REPO_ROOT, 'test', 'fixtures', 'workspace');

/** The remote in test/fixtures/workspace/git-config, as the service spells it. */
export const FIXTURE_REMOTE = 'https://github.com/acme/payments-api';
/** The branch the sample workspace has checked out (one of the sandbox's references for it). */
export const FIXTURE_BRANCH = 'release/2.4';

/** Copies the fixture to a new temp folder and returns its path (the caller removes it). */
export async function prepareWorkspace(fixture: string = FIXTURE_WORKSPACE): Promise<string> {
  const workspace = await mkdtemp(path.join(os.tmpdir(), 'sfr-workspace-'));
  if (!existsSync(fixture)) return workspace;
  await cp(fixture, workspace, { recursive: true });
  await installGitConfig(workspace);
  commitWorkspace(workspace);
  return workspace;
}

/** Moves `git-config` to `.git/config` when the folder has one and no `.git/config` yet. */
async function installGitConfig(workspace: string): Promise<void> {
  const source = path.join(workspace, 'git-config');
  const target = path.join(workspace, '.git', 'config');
  if (!existsSync(source) || existsSync(target)) return;
  await mkdir(path.dirname(target), { recursive: true });
  await rename(source, target);
}

/** Makes the copy a repository with one commit on FIXTURE_BRANCH; without git, it stays a bare .git/config. */
function commitWorkspace(workspace: string): void {
  if (!existsSync(path.join(workspace, '.git', 'config'))) return;
  const git = (...args: string[]) => runGit(workspace, ...args).ok;
  if (!git('init', '-q')) return; // no git on this machine: the extension reads .git/config instead
  git('symbolic-ref', 'HEAD', `refs/heads/${FIXTURE_BRANCH}`);
  git('add', '-A');
  git('commit', '-q', '-m', 'sample workspace');
}
