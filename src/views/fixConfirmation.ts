// Apply Fix's confirmation: a modal that lists every file with what happens to it (and the
// fix's confidence, ratings and reviewers' comments), then, for each file that makes code run,
// a modal of its own that names it and why. Nothing is applied unless every one of them was
// accepted: the patch is all or nothing.
import * as vscode from 'vscode';
import { counted } from '../common/text';
import type { FixView } from '../model/fix';
import type { PlannedFile } from '../model/fixPlan';
import { loadPatches } from '../editor/fixPatches';

export type Confirmation = { ok: true } | { ok: false; cancelled: true } | { ok: false; cancelled?: false; reason: string };

/** Asks the user; a seam so the extension-host tests can answer for them. */
export type FixConfirmation = (view: FixView, files: readonly PlannedFile[]) => Promise<Confirmation>;

const APPLY_BUTTON = 'Apply Fix';
const APPLY_FILE_BUTTON = 'Apply This File';

export const confirmInEditor: FixConfirmation = async (view, files) => {
  // The confirmation's text comes with the patch code (dist/patch.js), loaded by the preview.
  const { planDetail, planQuestion } = loadPatches();
  const choice = await vscode.window.showWarningMessage(
    planQuestion(view, files),
    { modal: true, detail: planDetail(view, files) },
    APPLY_BUTTON,
  );
  if (choice !== APPLY_BUTTON) return { ok: false, cancelled: true };
  const sensitive = files.filter((f) => f.sensitive);
  // One by one, each by name: a picker's "select all" would confirm them all in one click.
  for (const [i, file] of sensitive.entries()) {
    const one = await vscode.window.showWarningMessage(
      `Apply the change to ${file.path}? It makes code run.`,
      {
        modal: true,
        detail: `${file.sensitive ?? ''}.\n\nFile ${i + 1} of the ${counted(sensitive.length, 'file')} of this fix that make code run without a further decision; nothing is applied unless you accept each.`,
      },
      APPLY_FILE_BUTTON,
    );
    if (one !== APPLY_FILE_BUTTON) return { ok: false, reason: `${file.path} was not accepted; the fix is applied whole or not at all` };
  }
  return { ok: true };
};
