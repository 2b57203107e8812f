// A fix's patch (a unified diff from the service, untrusted: a compromised service or a proxy
// rewriting its answers) read all or nothing: every section must be one we understand
// (model/patchSections), every path a plain repo-relative one (model/locations) that the write
// policy does not refuse (model/writePolicy), no two paths one file on Windows or macOS. Then
// each file is patched with a real diff library (jsdiff) against the file as it is now.
import { applyPatch, parsePatch, type StructuredPatch } from 'diff';
import { escapedJson, escapeUnsafe } from '../common/text';
import { safeRepoPath } from './locations';
import { splitSections, type RawHunk } from './patchSections';
import { classifyWritePath, findCaseCollisions } from './writePolicy';
import { errorMessage } from '../common/errors';

export type FileAction = 'create' | 'modify' | 'delete';

export interface FilePatch {
  /** Repo-relative, checked. */
  readonly path: string;
  /** create: old side /dev/null; delete: new side /dev/null, the whole file removed. */
  readonly action: FileAction;
  readonly hunks: number;
  /** The parsed patch of this one file, for applyTo. */
  readonly parsed: StructuredPatch;
  /** Why writing this file can run code (model/writePolicy): written only once the user ticked it. */
  readonly sensitive?: string;
  /** Our reading of the hunks, for the checks jsdiff does not make. */
  readonly raw: readonly RawHunk[];
}

export type ParsedPatch = { ok: true; files: FilePatch[] } | { ok: false; reason: string };
export type PatchedText = { ok: true; text: string } | { ok: false; reason: string };

/** The files a unified diff changes, or why none of it is used (one readable fragment). */
export function parseFixPatch(patch: string | null | undefined): ParsedPatch {
  if (typeof patch !== 'string' || patch.trim() === '') return { ok: false, reason: 'the fix has no patch' };
  const split = splitSections(patch);
  if (!split.ok) return split;
  const files: FilePatch[] = [];
  for (const section of split.sections) {
    const checked = safeRepoPath(section.name);
    if (!checked.ok)
      return { ok: false, reason: `the patch names the file ${escapedJson(section.name)}, which is refused (${checked.reason})` };
    const policy = classifyWritePath(checked.path);
    if (policy.kind === 'refused') return { ok: false, reason: policy.reason };
    let parsed: StructuredPatch[];
    try {
      parsed = parsePatch(section.text);
    } catch (e) {
      return {
        ok: false,
        reason: `the patch of ${checked.path} cannot be read (${escapeUnsafe(errorMessage(e))})`,
      };
    }
    // Our reading and jsdiff's must agree on what is applied.
    const [only] = parsed;
    if (parsed.length !== 1 || !only || only.hunks.length !== section.hunks.length || only.isBinary || only.isRename || only.isCopy)
      return {
        ok: false,
        reason: `the diff library reads the patch of ${checked.path} otherwise (${parsed.length} files, ${only?.hunks.length ?? 0} hunks, not 1 file and ${section.hunks.length}), so none of it is used`,
      };
    files.push({
      path: checked.path,
      action: section.action,
      hunks: section.hunks.length,
      parsed: only,
      raw: section.hunks,
      ...(policy.kind === 'sensitive' ? { sensitive: policy.why } : {}),
    });
  }
  const collision = findCaseCollisions(files.map((f) => f.path));
  if (collision) {
    const [a, b] = collision;
    return {
      ok: false,
      reason:
        a === b
          ? `the patch changes ${a} twice`
          : `the patch changes both ${a} and ${b}, which are one file or folder on Windows and macOS (their names differ only in case or Unicode form)`,
    };
  }
  return { ok: true, files };
}

/**
 * The file's text once patched, or why the patch does not apply to `text` (the file as it is
 * now; '' for a file to create). A created file must be empty now; a deleted file's hunk must
 * remove all of it, line for line; a hunk with no old lines (pure insertion, no context) would
 * apply to any file without knowing it, so it is used only on an empty file.
 */
export function patchText(file: FilePatch, text: string): PatchedText {
  if (file.action === 'create' && text !== '') return { ok: false, reason: `the patch creates ${file.path}, which already exists` };
  if (file.action === 'modify' && text !== '' && file.raw.some((h) => h.oldLines === 0))
    return {
      ok: false,
      reason: `the patch inserts lines into ${file.path} without any line of context, so it would apply to any file whatever it holds`,
    };
  if (file.action === 'delete' && !removesAll(file.raw[0], text))
    return {
      ok: false,
      reason: `the patch deletes ${file.path}, but its hunk does not remove the file's whole current content: the file changed since the scan, or the patch deletes more than it shows`,
    };
  const result = applyPatch(text, file.parsed);
  if (typeof result !== 'string')
    return { ok: false, reason: `the patch does not apply cleanly to ${file.path}: the file changed since the scan` };
  if (file.action === 'delete' && result !== '') return { ok: false, reason: `the patch deletes ${file.path} but leaves text in it` };
  return { ok: true, text: result };
}

/** The file's new text, or undefined when the patch does not apply to `text` (see patchText for why). */
export function applyTo(file: FilePatch, text: string): string | undefined {
  const result = patchText(file, text);
  return result.ok ? result.text : undefined;
}

/** The hunk's removed lines are the whole text: same lines, same count, same final line end. */
function removesAll(hunk: RawHunk | undefined, text: string): boolean {
  if (!hunk) return false;
  const expected = hunk.removedText.join('\n') + (hunk.removedWithoutEol ? '' : '\n');
  return text.replace(/\r\n/g, '\n') === expected;
}
