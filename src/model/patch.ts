// A fix's patch (a unified diff from the service) applied to the files as they are now, with a
// real diff library (jsdiff): every file of the patch must apply cleanly, else none is used.
// Paths are server text and pass only as plain repo-relative paths (model/locations).
import { applyPatch, parsePatch } from 'diff';
import { safeRepoPath } from './locations';

export interface FilePatch {
  /** Repo-relative, checked. */
  readonly path: string;
  /** The file is created by the patch (old side /dev/null). */
  readonly creates: boolean;
  /** The file is deleted by the patch (new side /dev/null). */
  readonly deletes: boolean;
  readonly hunks: number;
  /** The parsed patch of this one file, for applyTo. */
  readonly parsed: ReturnType<typeof parsePatch>[number];
}

export type ParsedPatch = { ok: true; files: FilePatch[] } | { ok: false; reason: string };

/** The files a unified diff changes, or why it cannot be used (unparseable, unsafe path, empty). */
export function parseFixPatch(patch: string | null | undefined): ParsedPatch {
  if (typeof patch !== 'string' || patch.trim() === '') return { ok: false, reason: 'the fix has no patch' };
  let parsed: ReturnType<typeof parsePatch>;
  try {
    parsed = parsePatch(patch);
  } catch (e) {
    return { ok: false, reason: `the patch cannot be read (${e instanceof Error ? e.message : String(e)})` };
  }
  const files: FilePatch[] = [];
  for (const file of parsed) {
    if (file.hunks.length === 0) continue;
    const oldName = stripSide(file.oldFileName);
    const newName = stripSide(file.newFileName);
    const creates = oldName === '/dev/null';
    const deletes = newName === '/dev/null';
    const name = deletes ? oldName : newName;
    if (name === undefined) return { ok: false, reason: 'a file of the patch has no name' };
    const checked = safeRepoPath(name);
    if (!checked.ok) return { ok: false, reason: `the patch names the file ${JSON.stringify(name)}, which is refused (${checked.reason})` };
    if (!creates && !deletes && oldName !== undefined && oldName !== name)
      return { ok: false, reason: `the patch renames ${oldName} to ${name}, which is not applied` };
    files.push({ path: checked.path, creates, deletes, hunks: file.hunks.length, parsed: file });
  }
  if (files.length === 0) return { ok: false, reason: 'the patch changes no file' };
  if (new Set(files.map((f) => f.path)).size !== files.length) return { ok: false, reason: 'the patch changes a file twice' };
  return { ok: true, files };
}

/** The file's new text, or undefined when the patch does not apply cleanly to `text`. */
export function applyTo(file: FilePatch, text: string): string | undefined {
  const result = applyPatch(text, file.parsed);
  return typeof result === 'string' ? result : undefined;
}

/** `a/src/x` → `src/x` (git's sides); `/dev/null` stays; undefined when absent. */
function stripSide(name: string | undefined): string | undefined {
  if (name === undefined) return undefined;
  const trimmed = name.trim().split('\t')[0]!;
  if (trimmed === '/dev/null') return trimmed;
  return trimmed.replace(/^[ab]\//, '');
}
