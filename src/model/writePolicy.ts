// The one table of repository paths a fix (or any later feature that writes into a repository)
// may write: refused outright, sensitive (written only once the user ticked that file by name),
// or ordinary. Refused: git's own folder under every name a file system maps to it, and names
// Windows maps to a device or to another file. Sensitive: files that make code run without a
// further decision (on folder open, on commit, in CI, on install). Paths reach here already
// checked by safeRepoPath (model/locations): plain, `/`-separated, allowed characters only.
// Matching is per segment, case-insensitive, at any depth: a nested folder may be opened as a
// workspace folder or be a repository of its own, and a wrongly flagged file costs one tick.

export type WriteClass = { kind: 'refused'; reason: string } | { kind: 'sensitive'; why: string } | { kind: 'ordinary' };

export interface SensitivePath {
  /** As shown to the user and in docs/security.md: segments, `*` within one, a trailing `/**` for "anything under". */
  readonly pattern: string;
  /** Why writing it can run code, one short phrase. */
  readonly why: string;
}

/** Read top to bottom; the first row that matches gives the why. */
export const SENSITIVE_PATHS: readonly SensitivePath[] = [
  { pattern: '.vscode/**', why: 'the editor runs its tasks on folder open (tasks.json runOn) and its launch and settings name programs' },
  { pattern: '*.code-workspace', why: 'a workspace file carries settings, tasks and launch configurations like .vscode' },
  {
    pattern: '.devcontainer/**',
    why: 'a dev container runs its lifecycle commands (postCreateCommand, …) when the folder is reopened in it',
  },
  { pattern: '.devcontainer.json', why: 'a dev container runs its lifecycle commands when the folder is reopened in it' },
  { pattern: '.idea/**', why: 'JetBrains IDEs read run configurations and startup tasks from it' },
  { pattern: '.github/workflows/**', why: 'runs in CI on push and on pull requests' },
  { pattern: '.github/actions/**', why: 'actions the CI workflows run' },
  { pattern: '.gitlab-ci.yml', why: 'runs in CI on push' },
  { pattern: '.circleci/**', why: 'runs in CI on push' },
  { pattern: 'azure-pipelines.yml', why: 'runs in CI on push' },
  { pattern: '.travis.yml', why: 'runs in CI on push' },
  { pattern: 'bitbucket-pipelines.yml', why: 'runs in CI on push' },
  { pattern: 'Jenkinsfile', why: 'runs in CI on push' },
  { pattern: '.husky/**', why: 'git hooks installed by husky: run on commit and push' },
  { pattern: '.pre-commit-config.yaml', why: 'pre-commit runs its hooks on commit' },
  { pattern: '.pre-commit-hooks.yaml', why: 'hooks that other repositories run through pre-commit' },
  { pattern: '.gitattributes', why: 'selects the filter and diff drivers git runs on checkout, add and diff' },
  { pattern: '.gitmodules', why: 'submodule URLs and paths git clones and checks out' },
  { pattern: '.gitconfig', why: 'git reads it when the repository is a home folder (dotfiles): hooks path, aliases, filters' },
  { pattern: 'package.json', why: 'npm runs its scripts on install and on npm run (preinstall, postinstall, prepare, …)' },
  { pattern: '.npmrc', why: 'can point npm at another registry or set the shell its scripts run in' },
  { pattern: '.yarnrc', why: 'can point yarn at another registry or yarn binary' },
  { pattern: '.yarnrc.yml', why: 'yarnPath runs the named script as yarn itself; can point at another registry' },
  { pattern: '.pnpmfile.cjs', why: 'pnpm runs its hooks on install' },
  { pattern: 'Makefile', why: 'make runs its recipes (any case: makefile too)' },
  { pattern: 'GNUmakefile', why: 'make runs its recipes' },
  { pattern: 'setup.py', why: 'runs on pip install of the folder' },
  // Build backends are named here, and backend-path can point one into the repository.
  { pattern: 'pyproject.toml', why: 'names the build backend pip runs on install, and tool hooks' },
  { pattern: 'conftest.py', why: 'pytest runs it when tests start, before any test' },
  { pattern: '*.gradle', why: 'Java tooling imports Gradle projects on folder open, running the build script' },
  { pattern: '*.gradle.kts', why: 'Java tooling imports Gradle projects on folder open, running the build script' },
  { pattern: 'gradle/wrapper/**', why: 'the Gradle wrapper downloads and runs the distribution it names' },
  { pattern: 'gradlew', why: 'the Gradle wrapper script: run by tooling and by hand as the build' },
  { pattern: 'gradlew.bat', why: 'the Gradle wrapper script: run by tooling and by hand as the build' },
  { pattern: '.envrc', why: 'direnv runs it on entering the folder (once allowed)' },
  { pattern: '.bashrc', why: 'a shell runs it at start when the repository is a home folder (dotfiles)' },
  { pattern: '.bash_profile', why: 'a shell runs it at start when the repository is a home folder (dotfiles)' },
  { pattern: '.bash_login', why: 'a shell runs it at start when the repository is a home folder (dotfiles)' },
  { pattern: '.bash_logout', why: 'a shell runs it on exit when the repository is a home folder (dotfiles)' },
  { pattern: '.profile', why: 'a shell runs it at start when the repository is a home folder (dotfiles)' },
  { pattern: '.zshrc', why: 'a shell runs it at start when the repository is a home folder (dotfiles)' },
  { pattern: '.zprofile', why: 'a shell runs it at start when the repository is a home folder (dotfiles)' },
  { pattern: '.zshenv', why: 'every zsh runs it at start when the repository is a home folder (dotfiles)' },
  { pattern: '.zlogin', why: 'a shell runs it at start when the repository is a home folder (dotfiles)' },
  { pattern: '.zlogout', why: 'a shell runs it on exit when the repository is a home folder (dotfiles)' },
];

/** A markdown table of SENSITIVE_PATHS, for docs/security.md. */
export function sensitivePathTableMarkdown(): string {
  const cell = (text: string) => text.replace(/\|/g, '\\|');
  const rows = SENSITIVE_PATHS.map((row) => `| \`${row.pattern}\` | ${cell(row.why)} |`);
  return ['| Path (at any depth, any case) | Why a fix writes it only once ticked |', '| --- | --- |', ...rows].join('\n') + '\n';
}

/** Where a repository path stands; `path` has passed safeRepoPath. */
export function classifyWritePath(path: string): WriteClass {
  const segments = path.split('/');
  for (const segment of segments) {
    const reason = refusedSegment(segment);
    if (reason) return { kind: 'refused', reason: `${path} ${reason}` };
  }
  const folded = segments.map(fold);
  for (const row of COMPILED) if (row.matches(folded)) return { kind: 'sensitive', why: row.why };
  return { kind: 'ordinary' };
}

/**
 * The first two paths that would be one file on a case-insensitive or normalising file system
 * (Windows, macOS: `X.py` and `x.py`, `é` composed and decomposed), or a file and a folder of
 * the same name; also the same path twice. Undefined when all are distinct.
 */
export function findCaseCollisions(paths: readonly string[]): readonly [string, string] | undefined {
  const files = new Map<string, string>();
  const folders = new Map<string, string>();
  for (const path of paths) {
    const key = fold(path);
    const same = files.get(key) ?? folders.get(key);
    if (same !== undefined) return [same, path];
    files.set(key, path);
    const segments = key.split('/');
    for (let n = 1; n < segments.length; n++) {
      const folder = segments.slice(0, n).join('/');
      const file = files.get(folder);
      if (file !== undefined) return [file, path];
      if (!folders.has(folder)) folders.set(folder, path);
    }
  }
  return undefined;
}

/**
 * Names Windows opens as a device whatever the extension (`nul.txt` is NUL): Microsoft,
 * "Naming Files, Paths, and Namespaces" (CON … LPT9 and the superscript COM¹ … LPT³), plus
 * CONIN$ and CONOUT$, which git for Windows also refuses.
 */
const DEVICE_NAMES = new Set([
  'con',
  'prn',
  'aux',
  'nul',
  'conin$',
  'conout$',
  ...[1, 2, 3, 4, 5, 6, 7, 8, 9, '¹', '²', '³'].flatMap((n) => [`com${n}`, `lpt${n}`]),
]);

/** Why a segment is never written, or undefined. */
function refusedSegment(segment: string): string | undefined {
  // Windows drops trailing dots and spaces: `.git.` and `.git ` are `.git`.
  const stripped = segment.replace(/[. ]+$/, '');
  if (isDotGit(stripped)) return "is in git's own folder (.git): its config and hooks run commands, so a fix never writes there";
  if (/^git~\d+$/i.test(stripped) || isShortName(segment))
    return `names "${segment}", which looks like a Windows short (8.3) name: an alias of another file or folder, such as .git`;
  if (stripped !== segment) return `has a name ending in a dot or space ("${segment}"), which Windows strips: an alias of another name`;
  const base = segment
    .split('.')[0]!
    .replace(/[. ]+$/, '')
    .toLowerCase();
  if (DEVICE_NAMES.has(base)) return `names "${segment}", a reserved Windows device name (${base.toUpperCase()}), whatever its extension`;
  return undefined;
}

/** `.git` in any case, also spelled with characters macOS ignores in names or folds to ASCII. */
function isDotGit(name: string): boolean {
  const bare = name.replace(/[\u200b-\u200f\u202a-\u202e\u2060-\u206f\ufeff]/g, '');
  return bare.toLowerCase() === '.git' || bare.toUpperCase() === '.GIT';
}

/** `PROGRA~1`, `GITHUB~1.YML`: at most 8 characters with `~digits` at the end, an extension of at most 3. */
function isShortName(segment: string): boolean {
  const match = /^([^.]+)(\.[^.]*)?$/.exec(segment);
  if (!match) return false;
  const [, name = '', extension = ''] = match;
  return /~\d+$/.test(name) && name.length <= 8 && extension.length <= 4;
}

/** One comparison key per name: composed (macOS decomposes) and case-folded both ways. */
function fold(text: string): string {
  return text.normalize('NFC').toUpperCase().toLowerCase().normalize('NFC');
}

interface CompiledRow {
  readonly why: string;
  matches(folded: readonly string[]): boolean;
}

const COMPILED: readonly CompiledRow[] = SENSITIVE_PATHS.map(compile);

/**
 * A row as a matcher of path segments: the pattern's segments must match consecutive segments
 * ending at the file, or, for `dir/**`, consecutive segments followed by at least one more.
 */
function compile(row: SensitivePath): CompiledRow {
  const parts = fold(row.pattern).split('/');
  const under = parts[parts.length - 1] === '**';
  const fixed = (under ? parts.slice(0, -1) : parts).map(segmentMatcher);
  return {
    why: row.why,
    matches(folded) {
      const last = under ? folded.length - 1 - fixed.length : folded.length - fixed.length;
      for (let start = under ? 0 : last; start <= last; start++) {
        if (start >= 0 && fixed.every((match, i) => match(folded[start + i]!))) return true;
      }
      return false;
    },
  };
}

function segmentMatcher(part: string): (segment: string) => boolean {
  if (!part.includes('*')) return (segment) => segment === part;
  const re = new RegExp(`^${part.split('*').map(escapeRegExp).join('.*')}$`, 'u');
  return (segment) => re.test(segment);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
