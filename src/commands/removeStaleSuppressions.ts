// "Remove Stale Suppressions…": every stale suppression comment of the workspace (the view's
// title bar, the palette) or of one file ("…in This File…", a file row's menu: its own command,
// as the workbench passes the focused row to title-bar commands too) removed in one
// WorkspaceEdit whose edits need confirmation, so the
// editor shows them in its refactor preview first and the user applies or discards them. Each
// removal is planned and proven on the file's text as it is now (editor/suppressionRemoval);
// those that cannot be are listed, never forced.
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import { cleanText, messageText, truncate } from '../common/text';
import { showError } from '../editor/errors';
import type { Suppression } from '../editor/suppressions';
import { planDocumentRemoval } from '../editor/suppressionRemoval';
import type { SuppressionRow } from '../views/suppressionsView';
import { verdictWords } from '../views/suppressionsView';
import type { Services } from './services';

/** What the command did, for its callers (the tests). */
export interface StaleRemoval {
  readonly planned: number;
  readonly refused: readonly string[];
  readonly applied: boolean;
}

export function removeStaleSuppressions(s: Services, inFile: boolean) {
  return async (row?: SuppressionRow): Promise<StaleRemoval | undefined> => {
    try {
      await s.suppressions.ensureSearched();
      if (inFile && row?.kind !== 'file') return undefined;
      const scope = inFile && row?.kind === 'file' ? row.uri.toString() : undefined;
      const stale = s.suppressions.all.filter((x) => x.verdict.status === 'stale' && (scope === undefined || x.uri.toString() === scope));
      if (stale.length === 0) {
        void vscode.window.showInformationMessage(
          scope ? l10n.t('This file has no stale suppression comments.') : l10n.t('The workspace has no stale suppression comments.'),
        );
        return { planned: 0, refused: [], applied: false };
      }
      const { edit, planned, refused } = await buildEdit(stale);
      if (planned === 0) {
        void vscode.window.showErrorMessage(messageText(l10n.t('No stale suppression comment could be removed: {0}', refused.join('; '))));
        return { planned, refused, applied: false };
      }
      // The edits need confirmation: the editor shows them in the refactor preview and resolves
      // once the user applied or discarded them.
      const applied = await vscode.workspace.applyEdit(edit, { isRefactoring: true });
      for (const document of vscode.workspace.textDocuments) await s.suppressions.rescan(document);
      if (applied) {
        s.log.info(`Removed ${planned} stale suppression comments.${refused.length ? ` Not removed: ${refused.join('; ')}` : ''}`);
        const message = refused.length
          ? l10n.t('Removed {0} stale suppression comments; {1} could not be removed: {2}', planned, refused.length, refused.join('; '))
          : l10n.t('Removed {0} stale suppression comments.', planned);
        void (refused.length ? vscode.window.showWarningMessage(messageText(message)) : vscode.window.setStatusBarMessage(message, 5000));
      }
      return { planned, refused, applied };
    } catch (e) {
      void showError(s.log, e);
      return undefined;
    }
  };
}

async function buildEdit(stale: readonly Suppression[]): Promise<{ edit: vscode.WorkspaceEdit; planned: number; refused: string[] }> {
  const edit = new vscode.WorkspaceEdit();
  const refused: string[] = [];
  let planned = 0;
  const byFile = new Map<string, Suppression[]>();
  for (const x of stale) byFile.set(x.uri.toString(), [...(byFile.get(x.uri.toString()) ?? []), x]);
  for (const items of byFile.values()) {
    const document = await vscode.workspace.openTextDocument(items[0]!.uri);
    const ranges: vscode.Range[] = [];
    for (const item of items) {
      const plan = await planDocumentRemoval(document, item);
      if (plan.kind === 'refuse') {
        refused.push(`${item.path}:${item.row + 1} (${plan.reason})`);
        continue;
      }
      // Two markers in one comment plan the same removal: once.
      if (ranges.some((r) => r.intersection(plan.range)?.isEmpty === false)) continue;
      ranges.push(plan.range);
      edit.delete(document.uri, plan.range, {
        needsConfirmation: true,
        label: l10n.t('Remove the stale suppression comment at line {0}', plan.row + 1),
        description: cleanText(truncate(verdictWords(item).short, 120)),
      });
      planned++;
    }
  }
  return { edit, planned, refused };
}
