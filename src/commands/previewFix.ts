// "Preview Fix" (a fix with a patch: context menu): the patch against the workspace's files as
// they are now, in the diff editor (all files in one multi-file view). A patch that does not
// apply cleanly is refused with the reason; nothing is written.
import * as vscode from 'vscode';
import { messageText } from '../common/text';
import { patchFix } from '../editor/fixPatches';
import type { FixNode } from '../views/nodes';
import type { Services } from './services';

export function previewFix(s: Services) {
  return async (node?: FixNode): Promise<boolean> => {
    if (node?.kind !== 'fix') return false;
    const report = s.store.entry(node.reportId)?.summary;
    if (!report) return false;
    const patched = await patchFix(node.view, report, s.tree.repositoriesOf(report));
    if (!patched.ok) {
      s.log.warn(`Preview of fix ${node.view.id}: ${patched.reason}.`);
      void vscode.window.showErrorMessage(messageText(`The fix cannot be previewed: ${patched.reason}.`));
      return false;
    }
    const resources = patched.files.map((f) => {
      const before = f.patch.creates ? s.fixPreviews.put(node.view.id, f.patch.path, 'before', '') : f.uri;
      const after = s.fixPreviews.put(node.view.id, f.patch.path, 'after', f.after);
      return [f.uri, before, after] as const;
    });
    const title = `Fix: ${node.view.issueType} (${node.view.confidence.label})`;
    if (resources.length === 1) await vscode.commands.executeCommand('vscode.diff', resources[0]![1], resources[0]![2], title);
    else await vscode.commands.executeCommand('vscode.changes', title, resources);
    s.previewedFixes.add(node.view.id);
    s.log.info(`Previewed fix ${node.view.id} (${patched.files.map((f) => f.patch.path).join(', ')}).`);
    return true;
  };
}
