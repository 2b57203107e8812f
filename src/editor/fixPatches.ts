// A fix's patch against the workspace as it is now: which repository it applies to, each file's
// current and patched text, or why it cannot be used. Previews and applications both go
// through here (and through the write gate's checks), so what was previewed is what gets
// applied. The patch code (model/patch and the diff library) and the gate's checks of its targets
// are their own bundle, dist/patch.js (editor/fixPatchBundle), required on the first preview.
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import type { FixReportSummary } from '../api/schemas';
import { requireBundle } from '../common/lazyBundle';
import type { PlannedFile } from '../model/fixPlan';
import type { FileAction, FilePatch } from '../model/patch';
import type { WorkspaceRepository } from './repositories';

interface PatchedFile {
  readonly patch: FilePatch;
  /** Path, action and (for a file that makes code run) why: what the confirmation lists. */
  readonly planned: PlannedFile;
  readonly uri: vscode.Uri;
  /** The text now ('' for a file the patch creates). */
  readonly before: string;
  /** The text once patched ('' for a file the patch deletes). */
  readonly after: string;
}

export type PatchedFix = { ok: true; root: vscode.Uri; files: PatchedFile[] } | { ok: false; reason: string };

type Patches = typeof import('./fixPatchBundle');
let patches: Patches | undefined;

/** model/patch, its diff library and the gate's target checks, from dist/patch.js on the first preview. */
export function loadPatches(): Patches {
  patches ??= requireBundle<Patches>('patch.js');
  return patches;
}

/** Every file of the patch, patched against the repository's current text; all or nothing. */
export async function patchFix(patch: string, report: FixReportSummary, repositories: readonly WorkspaceRepository[]): Promise<PatchedFix> {
  const { parseFixPatch, patchText, checkPatchTargets } = loadPatches();
  const parsed = parseFixPatch(patch);
  if (!parsed.ok) return parsed;
  const repo = repositories[0];
  if (!repo)
    return {
      ok: false,
      reason: report.repo?.originalUrl
        ? l10n.t('report {0} is not of a repository in the workspace (no git remote matches {1})', report.id, report.repo.originalUrl)
        : l10n.t('report {0} is not of a repository in the workspace (no git remote matches its repository)', report.id),
    };
  if (repo.root.scheme !== 'file')
    return {
      ok: false,
      reason: l10n.t('{0} is not on a local file system, where links and real paths can be checked', repo.root.toString()),
    };
  const gate = await checkPatchTargets(repo.root.fsPath, parsed.files);
  if (!gate.ok) return gate;
  const files: PatchedFile[] = [];
  for (const [i, patch] of parsed.files.entries()) {
    const uri = vscode.Uri.joinPath(repo.root, patch.path);
    const before = await currentText(uri);
    if (patch.action === 'create') {
      if (before !== undefined) return { ok: false, reason: l10n.t('the patch creates {0}, which already exists', patch.path) };
    } else if (before === undefined) {
      return { ok: false, reason: l10n.t('{0} is not in the workspace', patch.path) };
    }
    const after = patchText(patch, before ?? '');
    if (!after.ok) return after;
    // Sensitive by its name (the patch), or by where a link of the repository leads (the gate).
    const sensitive = patch.sensitive ?? gate.targets[i]?.sensitive;
    const planned: PlannedFile = sensitive
      ? { path: patch.path, action: patch.action, sensitive }
      : { path: patch.path, action: patch.action };
    files.push({ patch, planned, uri, before: before ?? '', after: after.text });
  }
  return { ok: true, root: repo.root, files };
}

/**
 * A document's unsaved text, else the file's on disk, else undefined. A saved document can
 * outlive its file (deleted outside the editor): the disk decides then.
 */
async function currentText(uri: vscode.Uri): Promise<string | undefined> {
  const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
  if (open?.isDirty) return open.getText();
  try {
    return new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
  } catch {
    return undefined;
  }
}

/** The write gate's check of a patch's targets, again, just before the edit (editor/writeGate/paths). */
export function checkTargetsAgain(root: string, files: readonly { path: string; action: FileAction }[]) {
  return loadPatches().checkPatchTargets(root, files);
}
