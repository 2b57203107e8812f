// Git remote URLs of the open workspace folders, read from .git/config through the workspace
// file system (works in remote and virtual workspaces; a folder without one contributes none).
import * as vscode from 'vscode';

export async function workspaceRemotes(): Promise<string[]> {
  const folders = vscode.workspace.workspaceFolders ?? [];
  const configs = await Promise.all(
    folders.map(async (folder) => {
      try {
        const bytes = await vscode.workspace.fs.readFile(vscode.Uri.joinPath(folder.uri, '.git', 'config'));
        return new TextDecoder().decode(bytes);
      } catch {
        return ''; // not a git repository (or .git is a worktree file): no remotes to match
      }
    }),
  );
  return configs.flatMap(remoteUrls);
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
