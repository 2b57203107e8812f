// git with a fixed identity and default branch and no signing, so the machine's git
// configuration cannot change the repositories the sample workspace and the tests make.
import { spawnSync } from 'node:child_process';

/**
 * The date of every commit made here: older than any report the sandbox makes, so the sample
 * workspace's commit is the code as every report of its repository scanned it.
 */
const COMMIT_DATE = '2000-01-01T00:00:00Z';

/** Runs git in `cwd`; whether it succeeded, and what it wrote to stderr. */
export function runGit(cwd: string, ...args: string[]): { ok: boolean; stderr: string } {
  const result = spawnSync(
    'git',
    [
      '-c',
      'user.name=Sample',
      '-c',
      'user.email=sample@example.invalid',
      '-c',
      'commit.gpgsign=false',
      '-c',
      'init.defaultBranch=main',
      ...args,
    ],
    {
      cwd,
      encoding: 'utf8',
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, GIT_AUTHOR_DATE: COMMIT_DATE, GIT_COMMITTER_DATE: COMMIT_DATE },
    },
  );
  return { ok: result.status === 0, stderr: result.stderr ?? String(result.error ?? '') };
}
