// Spellings git and the services use for one repository, github.com/org/repo: https with and
// without .git, slashes, case and user info, scp-like and ssh:// ssh, git://. Shared by the tests
// of remote matching (model/remote) and of the metrics' repository key.
export const ONE_REPOSITORY_SPELLINGS: readonly string[] = [
  'https://github.com/Org/Repo',
  'https://github.com/org/repo.git',
  'https://GitHub.com/org/repo/',
  'https://user:token@github.com/org/repo.git/',
  'http://github.com/org/repo',
  'git@github.com:org/repo.git',
  'git@GITHUB.COM:Org/Repo',
  'ssh://git@github.com/org/repo.git',
  'ssh://git@github.com:22/org/repo',
  'git+ssh://git@github.com/org/repo.git',
  '  git://github.com/org/repo  ',
];
