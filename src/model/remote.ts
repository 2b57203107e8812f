// Comparing a report's repository address with the workspace's git remotes. The same
// repository is spelled many ways: https vs `git@host:org/repo.git`, `ssh://` with a port,
// user info, a trailing `.git` or slash, different case.

/**
 * A comparable key `host/path` (lower-case, no user, port, `.git` or slashes at the ends),
 * or undefined when the text is not a remote address. Paths are lower-cased too: the
 * common hosts treat them case-insensitively, and a false match only reorders a list.
 * Azure DevOps ssh addresses (`ssh.dev.azure.com:v3/org/project/repo`) map to their https
 * form (`dev.azure.com/org/project/_git/repo`).
 */
export function normalizeRemoteUrl(url: string | null | undefined): string | undefined {
  if (typeof url !== 'string') return undefined;
  const text = url.trim();
  if (text === '') return undefined;
  const parts = /^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? splitUrl(text) : splitScp(text);
  if (!parts) return undefined;
  let host = parts.host.toLowerCase().replace(/\.$/, '');
  let path = safeDecode(parts.path)
    .toLowerCase()
    .replace(/^\/+/, '')
    .replace(/\/+$/, '')
    .replace(/\.git$/, '')
    .replace(/\/+$/, '');
  if (host === '' || path === '') return undefined;
  if (host === 'ssh.dev.azure.com' && path.startsWith('v3/')) {
    const segments = path.slice(3).split('/');
    if (segments.length === 3) {
      host = 'dev.azure.com';
      path = `${segments[0]}/${segments[1]}/_git/${segments[2]}`;
    }
  }
  return `${host}/${path}`;
}

/** `https://host/path`, `ssh://git@host:22/path`, `git://host/path`. */
function splitUrl(text: string): { host: string; path: string } | undefined {
  try {
    const u = new URL(text);
    return { host: u.hostname, path: u.pathname };
  } catch {
    return undefined;
  }
}

/**
 * scp-like syntax `[user@]host:path`. A one-letter host is a Windows drive (`C:\repo`),
 * which git treats as a local path, so it is rejected.
 */
function splitScp(text: string): { host: string; path: string } | undefined {
  const m = /^(?:[^@/\s]+@)?([^:/\s]+):(.+)$/.exec(text);
  if (!m || m[1]!.length < 2) return undefined;
  return { host: m[1]!, path: m[2]! };
}

function safeDecode(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/** A predicate telling whether an address names one of the given remotes: their normalizeRemoteUrl keys are equal. */
export function remoteMatcher(remotes: Iterable<string>): (url: string | null | undefined) => boolean {
  const keys = new Set<string>();
  for (const r of remotes) {
    const key = normalizeRemoteUrl(r);
    if (key !== undefined) keys.add(key);
  }
  return (url) => {
    if (keys.size === 0) return false;
    const key = normalizeRemoteUrl(url);
    return key !== undefined && keys.has(key);
  };
}
