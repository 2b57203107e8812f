// What the extension has loaded, seen from inside the extension host: the repository's files
// in the module cache. (Load times are measured cold in fresh processes by the driver:
// re-requiring here would hit V8's compilation cache and look faster than a real start.)
import { statSync } from 'node:fs';
import * as path from 'node:path';
import type { LoadedFile } from './types';

export function loadedRepoFiles(repoRoot: string): LoadedFile[] {
  const roots = [path.join(repoRoot, 'dist') + path.sep, path.join(repoRoot, 'node_modules') + path.sep];
  return Object.keys(require.cache)
    .filter((file) => roots.some((root) => file.startsWith(root)))
    .map((file) => ({ path: path.relative(repoRoot, file), bytes: statSync(file).size }))
    .sort((a, b) => a.path.localeCompare(b.path));
}

/**
 * Milliseconds to require() the bundle after evicting it (and, with `withUndici`, undici)
 * from the module cache. The files are in the OS cache by then, so this is the evaluation
 * cost, not disk reads. The extension keeps its own instances; the copies are dropped.
 */
