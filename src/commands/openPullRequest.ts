// "Open Pull Request": a fix's PR (or commit) in the browser. From a tooltip link the
// argument names the submission by index; from the tree, several PRs mean a pick.
import * as vscode from 'vscode';
import type { Submission } from '../model/fix';
import type { Services } from './services';
import type { Node } from '../views/nodes';

type Arg = Node | { reportId: string; fixId: string; index?: number };

export function openPullRequest(s: Services) {
  return async (arg?: Arg): Promise<void> => {
    const target = resolve(s, arg);
    if (!target) return;
    const links = target.submissions.filter((sub) => sub.prUrl || sub.commitUrl);
    let chosen: Submission | undefined =
      target.index !== undefined ? target.submissions[target.index] : links.length === 1 ? links[0] : undefined;
    if (!chosen && links.length > 1) {
      const pick = await vscode.window.showQuickPick(
        links.map((sub) => ({
          label: sub.prId ? `PR #${sub.prId}` : 'Commit',
          description: [sub.prStatus, sub.branch].filter(Boolean).join(' · '),
          sub,
        })),
        { title: 'Open which submission?' },
      );
      chosen = pick?.sub;
    }
    const url = chosen?.prUrl ?? chosen?.commitUrl;
    if (!url) {
      if (links.length === 0) void vscode.window.showInformationMessage('This fix has no pull request or commit link.');
      return;
    }
    await vscode.env.openExternal(vscode.Uri.parse(url, true));
  };
}

function resolve(s: Services, arg: Arg | undefined): { submissions: readonly Submission[]; index?: number } | undefined {
  if (!arg) return undefined;
  if ('kind' in arg) return arg.kind === 'fix' ? { submissions: arg.view.lifecycle.committed.submissions } : undefined;
  const view = s.store.entry(arg.reportId)?.model?.fixView(arg.fixId);
  return view
    ? { submissions: view.lifecycle.committed.submissions, index: typeof arg.index === 'number' ? arg.index : undefined }
    : undefined;
}
