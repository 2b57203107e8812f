// Apply Fix's confirmation: a modal that lists every file with what happens to it (and the
// fix's confidence, ratings and reviewers' comments), then, for each file that makes code run,
// a modal of its own that names it and why. Nothing is applied unless every one of them was
// accepted: the patch is all or nothing.
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import type { FixView } from '../model/fix';
import type { PlannedFile } from '../model/fixPlan';
import { loadPatches } from '../editor/fixPatches';

export type Confirmation = { ok: true } | { ok: false; cancelled: true } | { ok: false; cancelled?: false; reason: string };

/** Asks the user; a seam so the extension-host tests can answer for them. */
export type FixConfirmation = (view: FixView, files: readonly PlannedFile[]) => Promise<Confirmation>;

export const confirmInEditor: FixConfirmation = async (view, files) => {
  // The confirmation's text comes with the patch code (dist/patch.js), loaded by the preview.
  const { planDetail, planQuestion } = loadPatches();
  const apply = l10n.t('Apply Fix');
  const choice = await vscode.window.showWarningMessage(planQuestion(view, files), { modal: true, detail: planDetail(view, files) }, apply);
  if (choice !== apply) return { ok: false, cancelled: true };
  const sensitive = files.filter((f) => f.sensitive);
  // One by one, each by name: a picker's "select all" would confirm them all in one click.
  const applyFile = l10n.t('Apply This File');
  for (const [i, file] of sensitive.entries()) {
    const which =
      sensitive.length === 1
        ? l10n.t(
            'File {0} of the 1 file of this fix that make code run without a further decision; nothing is applied unless you accept each.',
            i + 1,
          )
        : l10n.t(
            'File {0} of the {1} files of this fix that make code run without a further decision; nothing is applied unless you accept each.',
            i + 1,
            sensitive.length,
          );
    const one = await vscode.window.showWarningMessage(
      l10n.t('Apply the change to {0}? It makes code run.', file.path),
      { modal: true, detail: `${file.sensitive ?? ''}.\n\n${which}` },
      applyFile,
    );
    if (one !== applyFile) return { ok: false, reason: l10n.t('{0} was not accepted; the fix is applied whole or not at all', file.path) };
  }
  return { ok: true };
};
