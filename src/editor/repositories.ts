// The workspace's git repositories: root, remote URLs and checked-out branch. From the built-in
// git extension when it is enabled (repositories in subfolders of a workspace folder, i.e.
// monorepos, and worktrees included; updated on checkout), else read from each workspace
// folder's `.git` through the workspace file system, a worktree's `.git` file followed to its
// git directory. A folder the git extension does not know (git disabled, no git binary, a
// bare `.git/config`) still gets the fallback reading.
import * as vscode from 'vscode';
import { Disposable } from '../common/disposable';
import { readGitFolder } from '../model/gitFolder';
import { errorMessage } from '../common/errors';

export interface WorkspaceRepository {
  readonly root: vscode.Uri;
  readonly remotes: readonly string[];
  /** The checked-out branch; undefined when HEAD is detached or unknown. */
  readonly branch?: string;
}

/** The part of the git extension's API (extensions/git/src/api/git.d.ts, version 1) used here. */
interface GitApi {
  readonly state: 'uninitialized' | 'initialized';
  readonly onDidChangeState: vscode.Event<'uninitialized' | 'initialized'>;
  readonly repositories: readonly GitRepository[];
  readonly onDidOpenRepository: vscode.Event<GitRepository>;
  readonly onDidCloseRepository: vscode.Event<GitRepository>;
}

interface GitRepository {
  readonly rootUri: vscode.Uri;
  readonly state: {
    readonly HEAD: { readonly name?: string } | undefined;
    readonly remotes: readonly { readonly fetchUrl?: string; readonly pushUrl?: string }[];
    readonly onDidChange: vscode.Event<void>;
  };
}

interface GitExtension {
  readonly enabled: boolean;
  getAPI(version: 1): GitApi;
}

/** How long the list waits for the git extension's first scan before using the fallback. */
const GIT_WAIT_MS = 3_000;

export class Repositories extends Disposable {
  private readonly changed = this.register(new vscode.EventEmitter<void>());
  /** A repository opened or closed, or its branch or remotes changed. */
  readonly onDidChange = this.changed.event;
  private git: GitApi | undefined;
  private readonly connected: Promise<void>;
  private readonly watched = new Map<GitRepository, vscode.Disposable>();

  constructor(private readonly warn: (message: string) => void) {
    super();
    this.connected = this.connect().catch((e: unknown) => warn(`Git repositories: ${errorMessage(e)}; reading .git folders instead.`));
    this.register(vscode.workspace.onDidChangeWorkspaceFolders(() => this.changed.fire()));
    this.register({ dispose: () => this.watched.forEach((d) => d.dispose()) });
  }

  /** The repositories now, git extension first, each workspace folder it does not cover read from disk. */
  async list(): Promise<WorkspaceRepository[]> {
    await Promise.race([this.connected, new Promise((resolve) => setTimeout(resolve, GIT_WAIT_MS))]);
    const fromGit = (this.git?.repositories ?? []).map(fromGitRepository);
    const folders = (vscode.workspace.workspaceFolders ?? []).filter(
      (f) => !fromGit.some((r) => contains(r.root, f.uri) || contains(f.uri, r.root)),
    );
    const fromDisk = (await Promise.all(folders.map((f) => readRepository(f.uri)))).filter(
      (r): r is WorkspaceRepository => r !== undefined,
    );
    return [...fromGit, ...fromDisk];
  }

  private async connect(): Promise<void> {
    const extension = vscode.extensions.getExtension<GitExtension>('vscode.git');
    if (!extension) return;
    const exports = extension.isActive ? extension.exports : await extension.activate();
    if (!exports?.enabled) return; // git.enabled is false: the fallback reads .git
    const api = exports.getAPI(1);
    this.git = api;
    this.register(api.onDidOpenRepository((repo) => this.watch(repo)));
    this.register(
      api.onDidCloseRepository((repo) => {
        this.watched.get(repo)?.dispose();
        this.watched.delete(repo);
        this.changed.fire();
      }),
    );
    for (const repo of api.repositories) this.watch(repo);
    if (api.state !== 'initialized') {
      await new Promise<void>((resolve) => {
        const sub = api.onDidChangeState((state) => {
          if (state !== 'initialized') return;
          sub.dispose();
          resolve();
        });
      });
      this.changed.fire();
    }
  }

  private watch(repo: GitRepository): void {
    if (this.watched.has(repo)) return;
    let last = key(fromGitRepository(repo));
    this.watched.set(
      repo,
      repo.state.onDidChange(() => {
        const now = key(fromGitRepository(repo));
        if (now === last) return; // the state fires on every status refresh: only branch and remotes matter here
        last = now;
        this.changed.fire();
      }),
    );
    this.changed.fire();
  }
}

function fromGitRepository(repo: GitRepository): WorkspaceRepository {
  const remotes = new Set<string>();
  for (const r of repo.state.remotes) for (const url of [r.fetchUrl, r.pushUrl]) if (url) remotes.add(url);
  return { root: repo.rootUri, remotes: [...remotes], branch: repo.state.HEAD?.name || undefined };
}

function key(repo: WorkspaceRepository): string {
  return JSON.stringify([repo.branch ?? null, repo.remotes]);
}

function contains(parent: vscode.Uri, child: vscode.Uri): boolean {
  if (parent.scheme !== child.scheme || parent.authority !== child.authority) return false;
  const p = parent.path.replace(/\/+$/, '');
  return child.path === p || child.path.startsWith(`${p}/`);
}

/** A folder's repository from its `.git` (model/gitFolder), through the workspace file system. */
async function readRepository(folder: vscode.Uri): Promise<WorkspaceRepository | undefined> {
  const at = (path: string) => folder.with({ path });
  const found = await readGitFolder(folder.path, {
    read: async (path) => {
      try {
        return new TextDecoder().decode(await vscode.workspace.fs.readFile(at(path)));
      } catch {
        return undefined; // not there or not readable: the folder is not (this kind of) repository
      }
    },
    kind: async (path) => {
      try {
        const { type } = await vscode.workspace.fs.stat(at(path));
        return type & vscode.FileType.Directory ? 'directory' : 'file';
      } catch {
        return undefined;
      }
    },
  });
  return found && { root: folder, ...found };
}
