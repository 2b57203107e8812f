// "Open Issue": what clicking an issue row does. Its code when the workspace has the file (the
// finding's range selected, where it is now for a current report's finding), else a false positive's full explanation; nothing for the rest.
//
// The row's command carries no arguments, so the clicked row is read from the view's selection
// (the workbench selects a row before it runs the row's command, and sends both in that order).
// A command with the row as its argument reached the workbench as a handle that the extension
// host drops when the row redraws, and rows under a report redraw on every page of issues: a
// click between a redraw and its command failed ("Actual command not found"). Selected rows are
// named by their ids, which outlive redraws.
import * as vscode from 'vscode';
import { CommandId } from '../common/manifest';
import { hasExplanation, type IssueNode, type Node } from '../views/nodes';
import type { Services } from './services';

/**
 * How long a click waits for its row to be known again: from a redraw until the editor asks for
 * the rows below it, the extension host knows no row there (a round trip or two to the editor).
 */
const ROW_WAIT_MS = 2_000;

export function openIssue(s: Services) {
  return async (node?: Node): Promise<boolean> => {
    const issue = node?.kind === 'issue' ? node : await clickedIssue(s);
    if (!issue) return false;
    // A finding of a current report opens where its code is now (followed through edits).
    const finding = s.findings.find(issue.reportId, issue.issue.id);
    if (finding) {
      const document = await vscode.workspace.openTextDocument(finding.uri);
      await s.findings.placeIn(document);
      await vscode.window.showTextDocument(document, { selection: finding.range, preview: true });
      return true;
    }
    const code = await s.tree.codeOf(issue);
    if (code) {
      await vscode.window.showTextDocument(code.uri, { selection: code.range, preview: true });
      return true;
    }
    if (!hasExplanation(issue)) return false;
    await vscode.commands.executeCommand(CommandId.ShowFpExplanation, issue);
    return true;
  };
}

/** The selected issue row; when a redraw made the row unknown for a moment, once it is known again. */
async function clickedIssue(s: Services): Promise<IssueNode | undefined> {
  const deadline = Date.now() + ROW_WAIT_MS;
  let selected = s.treeView.selection[0];
  while (!selected && Date.now() < deadline) {
    await s.tree.nextChildren(deadline - Date.now());
    selected = s.treeView.selection[0];
  }
  if (!selected) s.log.info('Open Issue: no row is selected, so there is nothing to open.');
  return selected?.kind === 'issue' ? selected : undefined;
}
