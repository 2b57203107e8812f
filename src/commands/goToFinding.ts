// "Next Finding" / "Previous Finding" (key bindings in an editor): moves the cursor to the next
// or previous finding of the current reports in the file, wrapping around, and says where it is.
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import { findingPosition } from '../views/findingText';
import type { Services } from './services';

export function goToFinding(s: Services, direction: 1 | -1) {
  return async (): Promise<boolean> => {
    const editor = vscode.window.activeTextEditor;
    if (!editor) return false;
    const here = editor.selection.active;
    const starts = [...new Map(s.findings.forUri(editor.document.uri).map((f) => [f.range.start.line, f])).values()].sort(
      (a, b) => a.range.start.line - b.range.start.line,
    );
    if (starts.length === 0) {
      void vscode.window.setStatusBarMessage(l10n.t('No findings of the current reports in this file'), 3000);
      return false;
    }
    const next =
      direction === 1
        ? (starts.find((f) => f.range.start.line > here.line) ?? starts[0]!)
        : ([...starts].reverse().find((f) => f.range.start.line < here.line) ?? starts[starts.length - 1]!);
    const line = Math.min(next.range.start.line, editor.document.lineCount - 1);
    const character = Math.min(next.range.start.character, editor.document.lineAt(line).text.length);
    const position = new vscode.Position(line, character);
    editor.selection = new vscode.Selection(position, position);
    editor.revealRange(new vscode.Range(position, position), vscode.TextEditorRevealType.InCenterIfOutsideViewport);
    const index = starts.indexOf(next) + 1;
    void vscode.window.setStatusBarMessage(findingPosition(index, starts.length, next.issue.issueType, next.falsePositive), 4000);
    return true;
  };
}
