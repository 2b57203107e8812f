// A searchable pick of the loaded false positives (type, rule id, summary). When none is
// loaded yet, the user first picks a report, which is loaded for them.
import * as vscode from 'vscode';
import { pickText } from '../views/pickText';
import { readableIssueType, readableVendor } from '../model/format';
import type { FalsePositiveRef } from '../editor/reportStore';
import type { Services } from '../editor/services';

type Item = vscode.QuickPickItem & { ref: FalsePositiveRef };
const PREFETCH = 40;

export async function pickFalsePositive(s: Services): Promise<FalsePositiveRef | undefined> {
  let refs = [...s.store.falsePositives()].filter((r) => r.issue.fpId);
  if (refs.length === 0) {
    const loaded = await loadAReport(s);
    if (!loaded) return undefined;
    refs = [...s.store.falsePositives()].filter((r) => r.issue.fpId);
    if (refs.length === 0) {
      void vscode.window.showInformationMessage('That report has no false positives.');
      return undefined;
    }
  }
  const pick = vscode.window.createQuickPick<Item>();
  pick.title = 'Insert suppression comment for which false positive?';
  pick.placeholder = 'Search by issue type, rule id, scanner or summary';
  pick.matchOnDescription = true;
  pick.matchOnDetail = true;
  // False positives in the open file's language first: they are the ones this file can have.
  const language = languageOf(vscode.window.activeTextEditor?.document.languageId);
  const sameLanguage = (ref: FalsePositiveRef) => language !== undefined && languageOf(ref.issue.issueLanguage) === language;
  const ordered = [...refs.filter(sameLanguage), ...refs.filter((r) => !sameLanguage(r))];
  const items = ordered.map((ref): Item => ({
    label: pickText(readableIssueType(ref.issue.issueType)),
    description: pickText(`${readableVendor(ref.vendor)} · ${ref.issue.vendorIssueId ?? ref.issue.id}${ref.issue.issueLanguage ? ` · ${ref.issue.issueLanguage}` : ''}`),
    detail: detailOf(s, ref),
    ref,
  }));
  pick.items = items;
  void prefetchSummaries(s, items.slice(0, PREFETCH), () => {
    if (!pick.busy) pick.items = items.map((item) => ({ ...item, detail: detailOf(s, item.ref) }));
  });
  return new Promise((resolve) => {
    pick.onDidAccept(() => {
      resolve(pick.selectedItems[0]?.ref);
      pick.hide();
    });
    pick.onDidHide(() => {
      resolve(undefined);
      pick.dispose();
    });
    pick.show();
  });
}

/** A VS Code language id or the service's language name, reduced so the two compare. */
function languageOf(id: string | null | undefined): string | undefined {
  if (!id) return undefined;
  const lower = id.toLowerCase();
  return lower === 'c#' ? 'csharp' : lower.replace(/react$/, '');
}

function detailOf(s: Services, ref: FalsePositiveRef): string {
  const summary = ref.issue.fpId ? s.store.knownSummary(ref.issue.fpId)?.text : undefined;
  const text = summary ?? ref.issue.fpDescription ?? '';
  return pickText(text, 200);
}

async function prefetchSummaries(s: Services, items: Item[], update: () => void): Promise<void> {
  const queue = items.map((i) => i.ref.issue.fpId).filter((id): id is string => !!id && !s.store.knownSummary(id));
  const worker = async () => {
    for (let id = queue.shift(); id; id = queue.shift()) {
      await s.store.fpSummary(id).then(update, () => undefined); // a failed prefetch only leaves the explanation shown
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
}

async function loadAReport(s: Services): Promise<boolean> {
  const reports = await s.store.reports();
  const chosen = await vscode.window.showQuickPick(
    reports.map((report) => ({
      label: pickText(report.vulnerabilityReport?.project?.name ?? report.repo?.name ?? report.id),
      description: pickText(`${report.repo?.name ?? ''}${report.repo?.reference ? `@${report.repo.reference}` : ''} · ${readableVendor(report.vulnerabilityReport?.vendor)}`),
      report,
    })),
    { title: 'No false positives are loaded yet: load which fix report?', matchOnDescription: true },
  );
  if (!chosen) return false;
  await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: 'Loading the report’s issues…', cancellable: true }, async (_, token) => {
    await s.store.report(chosen.report.id);
    token.onCancellationRequested(() => s.store.cancelIssues(chosen.report.id));
    await s.store.issuesSettled(chosen.report.id);
  });
  return true;
}
