// "Copy Connection Report" (the report's title bar; the check's notification calls it Copy
// Report): the latest Check Connection report to the clipboard, for a ticket. The text is the
// report document's (no key; server text cleaned).
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import { CommandId } from '../common/manifest';
import { connectionReport } from '../views/connectionReport';

export function copyConnectionReport() {
  return (): Promise<boolean> => copyReport();
}

/** Copies the latest report; without one, offers to run the check. */
export async function copyReport(): Promise<boolean> {
  const text = connectionReport().latest;
  if (text === undefined) {
    const choice = await vscode.window.showInformationMessage(
      l10n.t('No connection check has run in this window yet.'),
      l10n.t('Check Connection'),
    );
    if (choice) await vscode.commands.executeCommand(CommandId.CheckConnection);
    return false;
  }
  await vscode.env.clipboard.writeText(text);
  void vscode.window.setStatusBarMessage(l10n.t('Copied the connection report'), 3000);
  return true;
}
