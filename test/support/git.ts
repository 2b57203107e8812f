// git for tests that build repositories: a fixed identity and default branch, no signing, so
// the machine's git configuration cannot change what the tests make; throws with git's stderr.
import { spawnSync } from 'node:child_process';

export function git(cwd: string, ...args: string[]): void {
  const result = spawnSync(
    'git',
    ['-c', 'user.name=T', '-c', 'user.email=t@example.invalid', '-c', 'commit.gpgsign=false', '-c', 'init.defaultBranch=main', ...args],
    { cwd, encoding: 'utf8' },
  );
  if (result.status !== 0) throw new Error(`git ${args.join(' ')}: ${result.stderr}`);
}
