// The sample workspace (test/fixtures/workspace) as the tests, the UI check and the demo open
// it: a throwaway copy whose `git-config` becomes `.git/config` (git cannot commit a `.git`
// folder), so the workspace has the git remote of one of the sandbox's repositories.
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, rename } from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import { REPO_ROOT } from './codeServer';

const FIXTURE_WORKSPACE = path.join(REPO_ROOT, 'test', 'fixtures', 'workspace');

/** The remote in test/fixtures/workspace/git-config, as the service spells it. */
export const FIXTURE_REMOTE = 'https://github.com/acme/payments-api';

/** Copies the fixture to a new temp folder and returns its path (the caller removes it). */
export async function prepareWorkspace(fixture: string = FIXTURE_WORKSPACE): Promise<string> {
  const workspace = await mkdtemp(path.join(os.tmpdir(), 'sfr-workspace-'));
  if (!existsSync(fixture)) return workspace;
  await cp(fixture, workspace, { recursive: true });
  await installGitConfig(workspace);
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
