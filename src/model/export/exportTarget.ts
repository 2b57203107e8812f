// Where Export Issues… proposes to write: the home folder's Downloads when there is one, else the
// home folder; never a workspace folder, where the exported security data would be left
// untracked in the repository (or committed by a careless `git add .`).
import * as path from 'node:path';

/**
 * The folder to propose, or undefined when every candidate is inside a workspace folder (a
 * workspace opened at the home folder): then the save dialog chooses. `exists` says whether a
 * directory exists; `workspaceFolders` are file-system paths.
 */
export function exportFolder(home: string, exists: (dir: string) => boolean, workspaceFolders: readonly string[]): string | undefined {
  if (!home) return undefined;
  const candidates = [path.join(home, 'Downloads'), home].filter((dir, i) => i === 1 || exists(dir));
  return candidates.find((dir) => !workspaceFolders.some((folder) => isInside(dir, folder)));
}

/** `<project>-<scanner>-issues.<ext>`, with anything but letters, digits, '.', '_' and '-' as '-'. */
export function exportFileName(title: string, scanner: string, extension: string): string {
  return `${title}-${scanner}-issues.${extension}`.replace(/[^\p{L}\p{N}._-]+/gu, '-').replace(/-+/g, '-');
}

function isInside(dir: string, folder: string): boolean {
  const relative = path.relative(folder, dir);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}
