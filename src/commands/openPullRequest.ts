// "Open Pull Request": a fix's PR (or commit) in the browser. From a tooltip link the
// argument names the submission by index; from the tree, several PRs mean a pick.
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import type { Submission } from '../model/fix';
import type { Services } from './services';
import { submissionPick } from '../views/pickText';
import { fixIdsOf } from './fixTarget';

export function openPullRequest(s: Services) {
  return async (arg?: unknown): Promise<void> => {
    const target = resolve(s, arg);
    if (!target) return;
    const links = target.submissions.filter((sub) => sub.prUrl || sub.commitUrl);
    let chosen: Submission | undefined =
      target.index !== undefined ? target.submissions[target.index] : links.length === 1 ? links[0] : undefined;
    if (!chosen && links.length > 1) {
      const pick = await vscode.window.showQuickPick(
        links.map((sub) => ({ ...submissionPick(sub), sub })),
        { title: l10n.t('Open which submission?') },
      );
      chosen = pick?.sub;
    }
    const url = chosen?.prUrl ?? chosen?.commitUrl;
    if (!url) {
      if (links.length === 0) void vscode.window.showInformationMessage(l10n.t('This fix has no pull request or commit link.'));
      return;
    }
    await vscode.env.openExternal(vscode.Uri.parse(url, true));
  };
}

/** The fix's submissions from the store, by the ids the argument names; a link may name one by index. */
function resolve(s: Services, arg: unknown): { submissions: readonly Submission[]; index?: number } | undefined {
  const ids = fixIdsOf(arg);
  const view = ids && s.store.entry(ids.reportId)?.model?.fixView(ids.fixId);
  if (!view) return undefined;
  const index = (arg as { index?: unknown }).index;
  return { submissions: view.lifecycle.committed.submissions, index: typeof index === 'number' ? index : undefined };
}
