// Where a fix may write inside a repository, checked on the disk just before it writes: the
// path passes the write policy (model/writePolicy), and no folder on the way is a symbolic link
// (a repository can commit links, and one pointing outside would carry the write with it). A
// created file must not exist at all (a dangling link counts as existing: writing it would
// create the file it points to); a changed or deleted file must be a regular file of one name.
// Plain Node, no editor API, so the checks run against real files in unit tests.
import * as l10n from '@vscode/l10n';
import type { Stats } from 'node:fs';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { escapedJson } from '../../common/text';
import { safeRepoPath } from '../../model/locations';
import { classifyWritePath, findCaseCollisions } from '../../model/writePolicy';
import { errorMessage } from '../../common/errors';

export type WriteAction = 'create' | 'modify' | 'delete';

export type TargetCheck = { ok: true; absolute: string } | { ok: false; reason: string };

export interface PatchTarget {
  readonly path: string;
  readonly action: WriteAction;
}

/** A checked target; `sensitive` when a link of the repository makes it a file that runs code under another name. */
type CheckedTarget = PatchTarget & { absolute: string; sensitive?: string };

export type TargetsCheck = { ok: true; targets: CheckedTarget[] } | { ok: false; reason: string };

/** Whether `relPath` under `root` may be written as `action` now, and its absolute path under the root's real path. */
export async function checkWriteTarget(root: string, relPath: string, action: WriteAction): Promise<TargetCheck> {
  const checked = safeRepoPath(relPath);
  if (!checked.ok) return { ok: false, reason: l10n.t('{0} is not a path a fix may write ({1})', escapedJson(relPath), checked.reason) };
  const policy = classifyWritePath(checked.path);
  if (policy.kind === 'refused') return { ok: false, reason: policy.reason };
  let realRoot: string;
  try {
    realRoot = await fs.realpath(root);
  } catch (e) {
    return { ok: false, reason: l10n.t('the repository folder {0} cannot be read ({1}): check that it still exists', root, code(e)) };
  }
  const segments = checked.path.split('/');
  let current = realRoot;
  // Each folder on the way, from the root down: a link or a file there refuses the write.
  for (let i = 0; i < segments.length - 1; i++) {
    current = path.join(current, segments[i]!);
    const folder = segments.slice(0, i + 1).join('/');
    const stats = await lstatOrMissing(current);
    if (stats === 'missing') {
      if (action === 'create') break; // created with its folders; nothing below can exist
      return { ok: false, reason: l10n.t('{0} is not in the repository (its folder {1} does not exist)', checked.path, folder) };
    }
    if (stats instanceof Error) return { ok: false, reason: l10n.t('{0} cannot be checked ({1})', folder, code(stats)) };
    if (stats.isSymbolicLink()) return { ok: false, reason: l10n.t('{0} is a symbolic link; a fix never writes through a link', folder) };
    if (!stats.isDirectory()) return { ok: false, reason: l10n.t('{0} is not a folder, so {1} cannot be written', folder, checked.path) };
  }
  const absolute = path.join(realRoot, ...segments);
  const target = await lstatOrMissing(absolute);
  if (target instanceof Error) return { ok: false, reason: l10n.t('{0} cannot be checked ({1})', checked.path, code(target)) };
  if (action === 'create') {
    if (target === 'missing') return inside(realRoot, await existingAncestor(absolute, realRoot), checked.path, absolute);
    if (target.isSymbolicLink())
      return { ok: false, reason: l10n.t('{0} is a symbolic link; a fix never writes through a link', checked.path) };
    return { ok: false, reason: l10n.t('the patch creates {0}, which already exists', checked.path) };
  }
  if (target === 'missing') return { ok: false, reason: l10n.t('{0} is not in the repository', checked.path) };
  if (target.isSymbolicLink())
    return { ok: false, reason: l10n.t('{0} is a symbolic link; a fix never writes through a link', checked.path) };
  if (!target.isFile())
    return { ok: false, reason: l10n.t('{0} is not a regular file ({1}), so a fix does not write it', checked.path, kindOf(target)) };
  // Another name of the same file may be outside the repository: writing one writes both.
  if (target.nlink > 1)
    return {
      ok: false,
      reason: l10n.t('{0} has other hard links ({1} names); a fix writes only files of one name', checked.path, target.nlink),
    };
  let parent: string;
  try {
    parent = await fs.realpath(path.dirname(absolute));
  } catch (e) {
    return { ok: false, reason: l10n.t('the folder of {0} cannot be read ({1})', checked.path, code(e)) };
  }
  return inside(realRoot, parent, checked.path, absolute);
}

/** Every target, all or nothing: the first refusal is the answer. Also refuses two names of one file. */
export async function checkPatchTargets(root: string, files: readonly PatchTarget[]): Promise<TargetsCheck> {
  const collision = findCaseCollisions(files.map((f) => f.path));
  if (collision) {
    const [a, b] = collision;
    return {
      ok: false,
      reason: a === b ? l10n.t('the patch changes {0} twice', a) : l10n.t('{0} and {1} are one file or folder on Windows and macOS', a, b),
    };
  }
  const targets: CheckedTarget[] = [];
  for (const file of files) {
    const checked = await checkWriteTarget(root, file.path, file.action);
    if (!checked.ok) return checked;
    targets.push({ path: file.path, action: file.action, absolute: checked.absolute });
  }
  const links = await sensitiveLinks(root);
  for (const target of targets) {
    const link = links.find((l) => target.absolute === l.real || target.absolute.startsWith(l.real + path.sep));
    if (link) target.sensitive = l10n.t('{0} (reached through the link {1})', link.why, link.name);
  }
  return { ok: true, targets };
}

/** Where a sensitive name of the repository leads when it is a link (`.vscode` → `config`): a write there runs code too. */
interface SensitiveLink {
  readonly name: string;
  readonly real: string;
  readonly why: string;
}

/**
 * The links among the repository's top-level entries (and those of `.github`) whose name the
 * write policy calls sensitive, with their real paths. A fix never writes through a link, but
 * it can write where one leads under an ordinary name.
 */
async function sensitiveLinks(root: string): Promise<SensitiveLink[]> {
  const found: SensitiveLink[] = [];
  const scan = async (folder: string, prefix: string) => {
    let entries: import('node:fs').Dirent[];
    try {
      entries = await fs.readdir(folder, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const name = `${prefix}${entry.name}`;
      if (entry.isDirectory() && name.toLowerCase() === '.github') await scan(path.join(folder, entry.name), `${name}/`);
      if (!entry.isSymbolicLink()) continue;
      const policy = [classifyWritePath(name), classifyWritePath(`${name}/x`)].find((c) => c.kind === 'sensitive');
      if (policy?.kind !== 'sensitive') continue;
      const link = path.join(folder, entry.name);
      // A dangling link leads where its text says: a patch may create exactly that.
      const real =
        (await fs.realpath(link).catch(() => undefined)) ??
        (await fs.readlink(link).then(
          (to) => path.resolve(folder, to),
          () => undefined,
        ));
      if (real) found.push({ name, real, why: policy.why });
    }
  };
  await scan(await fs.realpath(root).catch(() => root), '');
  return found;
}

function inside(realRoot: string, realFolder: string, relPath: string, absolute: string): TargetCheck {
  if (realFolder === realRoot || realFolder.startsWith(realRoot + path.sep)) return { ok: true, absolute };
  return { ok: false, reason: l10n.t('{0} resolves to {1}, outside the repository; a fix never writes there', relPath, realFolder) };
}

/** The real path of the deepest folder of `absolute` that exists (the root at least). */
async function existingAncestor(absolute: string, realRoot: string): Promise<string> {
  for (let folder = path.dirname(absolute); folder.length >= realRoot.length; folder = path.dirname(folder)) {
    try {
      return await fs.realpath(folder);
    } catch {
      // Not there yet: the write creates it; look one level up.
    }
  }
  return realRoot;
}

async function lstatOrMissing(file: string): Promise<Stats | 'missing' | Error> {
  try {
    return await fs.lstat(file);
  } catch (e) {
    const errno = (e as NodeJS.ErrnoException).code;
    return errno === 'ENOENT' || errno === 'ENOTDIR' ? 'missing' : e instanceof Error ? e : new Error(String(e));
  }
}

function kindOf(stats: Stats): string {
  if (stats.isDirectory()) return l10n.t('a folder');
  if (stats.isFIFO()) return l10n.t('a named pipe');
  if (stats.isSocket()) return l10n.t('a socket');
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return l10n.t('a device');
  return l10n.t('not a file');
}

function code(e: unknown): string {
  return (e as NodeJS.ErrnoException)?.code ?? errorMessage(e);
}
