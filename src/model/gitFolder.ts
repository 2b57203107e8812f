// A folder's git repository read from its files, for when the git extension is not there to
// ask (git disabled, no git binary, a folder it does not know): `.git` is a folder, or a
// worktree's `.git` file naming its git directory (`gitdir: …`), whose `commondir` leads to
// the main repository where `config` lives. Paths are POSIX-style ('/c:/x' for a drive);
// the caller reads files through whatever file system the folder is on.

export interface GitFolder {
  readonly remotes: readonly string[];
  /** The checked-out branch; undefined when HEAD is detached or unknown. */
  readonly branch?: string;
}

export interface GitFiles {
  /** A file's text, or undefined when it cannot be read. */
  read(path: string): Promise<string | undefined>;
  /** 'directory', 'file', or undefined when nothing is there. */
  kind(path: string): Promise<'directory' | 'file' | undefined>;
}

/** The repository whose work tree is `folder`, or undefined when it is not one. */
export async function readGitFolder(folder: string, files: GitFiles): Promise<GitFolder | undefined> {
  const gitDir = await resolveGitDir(join(folder, '.git'), files);
  if (!gitDir) return undefined;
  const common = await files.read(join(gitDir, 'commondir'));
  const configDir = common?.trim() ? resolvePath(gitDir, common.trim()) : gitDir;
  const config = await files.read(join(configDir, 'config'));
  const head = await files.read(join(gitDir, 'HEAD'));
  if (config === undefined && head === undefined) return undefined;
  const branch = /^ref:\s*refs\/heads\/(.+)$/m.exec(head ?? '')?.[1]?.trim();
  return { remotes: remoteUrls(config ?? ''), branch: branch || undefined };
}

async function resolveGitDir(dotGit: string, files: GitFiles): Promise<string | undefined> {
  const kind = await files.kind(dotGit);
  if (kind === 'directory') return dotGit;
  if (kind !== 'file') return undefined;
  const pointer = /^gitdir:\s*(.+)$/m.exec((await files.read(dotGit)) ?? '')?.[1]?.trim();
  return pointer ? resolvePath(parent(dotGit), pointer) : undefined;
}

/** `path` (absolute, a Windows drive path, or relative to `base`) as a POSIX-style path. */
function resolvePath(base: string, path: string): string {
  const slashed = path.replace(/\\/g, '/');
  if (/^[A-Za-z]:\//.test(slashed)) return normalize(`/${slashed}`);
  return normalize(slashed.startsWith('/') ? slashed : `${base}/${slashed}`);
}

function join(base: string, name: string): string {
  return `${base.replace(/\/+$/, '')}/${name}`;
}

function parent(path: string): string {
  return normalize(`${path}/..`);
}

/** Collapses `.`, `..` and repeated slashes (never above the root). */
function normalize(path: string): string {
  const out: string[] = [];
  for (const segment of path.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') out.pop();
    else out.push(segment);
  }
  return `/${out.join('/')}`;
}

/** `url = …` entries of [remote "…"] sections. */
function remoteUrls(config: string): string[] {
  const urls: string[] = [];
  let inRemote = false;
  for (const raw of config.split(/\r?\n/)) {
    const line = raw.trim();
    if (line.startsWith('[')) inRemote = /^\[remote\s+"/.test(line);
    else if (inRemote) {
      const m = /^url\s*=\s*(.+)$/.exec(line);
      if (m?.[1]) urls.push(m[1].trim());
    }
  }
  return urls;
}
