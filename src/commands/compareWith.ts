// "Compare With Another Scan…" (a report row's context menu): the report's "+N new · −M fixed",
// the "New since previous scan" filter and the hover then compare it with a scan the user picks
// instead of its previous one. Only scans of the same repository created before it are offered
// (model/changes/previous checkSince: a later scan would swap new and fixed); another branch or
// scanner is offered with a warning in its row, as the user may mean it.
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import { changesCode } from '../editor/reportChanges';
import { summaryLine } from '../model/reportList';
import { pickText } from '../views/pickText';
import { relativeTimeText } from '../views/timeText';
import type { ReportNode } from '../views/nodes';
import type { Services } from './services';

type Choice = vscode.QuickPickItem & { sinceId: string | undefined };

export function compareWith(s: Services) {
  return async (node?: ReportNode): Promise<void> => {
    if (node?.kind !== 'report') return;
    const { checkSince, previousReport } = changesCode();
    const reports = s.store.loadedReports();
    const nowMs = Date.now();
    const previous = previousReport(reports, node.report);
    const chosen = s.changes.chosenSince(node.report.id);
    const describe = (r: (typeof reports)[number]) => {
      const line = summaryLine(r, nowMs);
      return [line.vendor, line.created ? relativeTimeText(line.created.ms, nowMs) : l10n.t('undated'), line.where]
        .filter((p) => p)
        .join(' · ');
    };
    const choices: Choice[] = [
      {
        label: l10n.t('Its previous scan'),
        description: previous ? pickText(describe(previous)) : l10n.t('none listed'),
        detail: l10n.t('The newest earlier scan of the same repository, branch and scanner'),
        picked: chosen === undefined,
        sinceId: undefined,
      },
    ];
    for (const r of reports) {
      const check = checkSince(node.report, r);
      if (check.refusal) continue;
      const notes = check.notes.map((n) =>
        n === 'other-branch' ? l10n.t('another branch') : n === 'other-scanner' ? l10n.t('another scanner') : l10n.t('undated'),
      );
      choices.push({
        label: pickText(describe(r)),
        description: notes.length ? `$(warning) ${notes.join(', ')}` : undefined,
        detail: pickText(r.id),
        sinceId: r.id,
      });
    }
    if (choices.length === 1 && !previous) {
      void vscode.window.showInformationMessage(l10n.t('No earlier scan of this repository is listed to compare with.'));
      return;
    }
    const picked = await vscode.window.showQuickPick(choices, {
      title: l10n.t('Compare with which scan?'),
      placeHolder: l10n.t('Issues are matched by fingerprint; those without one are counted apart'),
      matchOnDescription: true,
      matchOnDetail: true,
    });
    if (!picked) return;
    s.changes.compareWith(node.report.id, picked.sinceId);
    s.log.info(`Report ${node.report.id} is compared with ${picked.sinceId ?? 'its previous scan'}.`);
  };
}
