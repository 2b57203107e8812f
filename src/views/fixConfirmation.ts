// Apply Fix's confirmation: a modal that lists every file with what happens to it (and the
// fix's confidence, ratings and reviewers' comments), then, when a file makes code run, a
// picker where the user ticks each such file by name. Nothing is applied unless every one of
// them was ticked: the patch is all or nothing.
import * as vscode from 'vscode';
import { counted, iconSafeText } from '../common/text';
import type { FixView } from '../model/fix';
import { planDetail, planQuestion, type PlannedFile } from '../model/fixPlan';

export type Confirmation = { ok: true } | { ok: false; cancelled: true } | { ok: false; cancelled?: false; reason: string };

/** Asks the user; a seam so the extension-host tests can answer for them. */
export type FixConfirmation = (view: FixView, files: readonly PlannedFile[]) => Promise<Confirmation>;

const APPLY_BUTTON = 'Apply Fix';

export const confirmInEditor: FixConfirmation = async (view, files) => {
  const choice = await vscode.window.showWarningMessage(
    planQuestion(view, files),
    { modal: true, detail: planDetail(view, files) },
    APPLY_BUTTON,
  );
  if (choice !== APPLY_BUTTON) return { ok: false, cancelled: true };
  const sensitive = files.filter((f) => f.sensitive);
  if (sensitive.length === 0) return { ok: true };
  const picked = await vscode.window.showQuickPick(
    sensitive.map((f) => ({ label: iconSafeText(f.path, 200), description: iconSafeText(f.sensitive ?? '', 200), picked: false })),
    {
      canPickMany: true,
      ignoreFocusOut: true,
      title: `Tick each file that makes code run to apply the fix (${counted(sensitive.length, 'file')})`,
      placeHolder: 'The fix is applied only when every file listed is ticked',
    },
  );
  if (picked === undefined) return { ok: false, cancelled: true };
  if (picked.length < sensitive.length)
    return {
      ok: false,
      reason: `${picked.length} of the ${counted(sensitive.length, 'file')} that make code run ${picked.length === 1 ? 'was' : 'were'} ticked; every one must be`,
    };
  return { ok: true };
};
