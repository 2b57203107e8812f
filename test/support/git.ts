// git for tests that build repositories (tools/editor/git.ts), failing the test with git's stderr.
import { runGit } from '../../tools/editor/git';

export function git(cwd: string, ...args: string[]): void {
  const { ok, stderr } = runGit(cwd, ...args);
  if (!ok) throw new Error(`git ${args.join(' ')}: ${stderr}`);
}
