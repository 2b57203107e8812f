// A searchable pick of the loaded false positives (type, rule id, summary), the workspace's
// report first. When none is loaded yet, or from its last item, the user picks a report to load.
import * as vscode from 'vscode';
import { pickText } from '../views/pickText';
import { repoAt, reportTitle } from '../model/reportList';
import { readableIssueType, readableLanguage } from '../model/format';
import { readableVendor } from '../common/scanners';
import type { FalsePositiveRef } from '../editor/reportStore';
import type { Services } from './services';

type Item = vscode.QuickPickItem & { ref?: FalsePositiveRef };
const PREFETCH = 40;
/** The one item that is not a false positive: it loads another report's. */
const LOAD_ANOTHER: Item = { label: '$(cloud-download) Load another report’s false positives…', alwaysShow: true };

/** `line`: the line the comment goes to (a quick fix's diagnostic); else the cursor's. */
export async function pickFalsePositive(s: Services, line?: number): Promise<FalsePositiveRef | undefined> {
  for (;;) {
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
    const chosen = await pickAmong(s, refs, line);
    if (chosen !== LOAD_ANOTHER) return chosen?.ref && (await sameLanguageOrConfirmed(chosen.ref)) ? chosen.ref : undefined;
    if (!(await loadAReport(s))) return undefined;
  }
}

function pickAmong(s: Services, refs: FalsePositiveRef[], line?: number): Promise<Item | undefined> {
  const pick = vscode.window.createQuickPick<Item>();
  pick.title = 'Insert suppression comment for which false positive?';
  pick.placeholder = 'Search by issue type, rule id, scanner or summary';
  pick.matchOnDescription = true;
  pick.matchOnDetail = true;
  // Those on the cursor's line first, then false positives in the open file's language (the
  // ones this file can have), the workspace's reports before others.
  const editor = vscode.window.activeTextEditor;
  const language = languageOf(editor?.document.languageId);
  // The false positives located on the cursor's line come first, selected: the picker knows the line.
  const position = line === undefined ? editor?.selection.active : new vscode.Position(line, 0);
  const onLine = new Set(editor && position ? s.findings.at(editor.document.uri, position).filter((f) => f.falsePositive).map((f) => f.issue.id) : []);
  const rank = (ref: FalsePositiveRef) =>
    (onLine.has(ref.issue.id) ? -10 : 0) + (language !== undefined && languageOf(ref.issue.issueLanguage) === language ? 0 : 2) + (s.tree.reportNode(ref.report.id)?.matchesWorkspace ? 0 : 1);
  const ordered = refs.map((ref, i) => ({ ref, i, r: rank(ref) })).sort((a, b) => a.r - b.r || a.i - b.i).map((x) => x.ref);
  const items = ordered.map((ref): Item => ({
    label: `${onLine.has(ref.issue.id) ? '$(location) ' : ''}${pickText(readableIssueType(ref.issue.issueType))}`,
    description: pickText(`${readableVendor(ref.vendor)} · ${ref.issue.vendorIssueId ?? ref.issue.id}${ref.issue.issueLanguage ? ` · ${readableLanguage(ref.issue.issueLanguage)}` : ''}`),
    detail: detailOf(s, ref),
    ref,
  }));
  pick.items = [...items, LOAD_ANOTHER];
  const here = items.filter((item) => onLine.has(item.ref!.issue.id));
  if (here.length) pick.activeItems = here.slice(0, 1);
  // One update when the prefetched summaries are in: every assignment sends all items to the
  // workbench, and one per summary made the picker take seconds with 10,000 false positives.
  void prefetchSummaries(s, items.slice(0, PREFETCH)).then(() => {
    if (pick.busy) return;
    const active = pick.activeItems[0]?.ref;
    const next = items.map((item) => ({ ...item, detail: detailOf(s, item.ref!) }));
    pick.items = [...next, LOAD_ANOTHER];
    const keep = next.find((item) => item.ref === active);
    if (keep) pick.activeItems = [keep];
  });
  return new Promise((resolve) => {
    pick.onDidAccept(() => {
      resolve(pick.selectedItems[0]);
      pick.hide();
    });
    pick.onDidHide(() => {
      resolve(undefined);
      pick.dispose();
    });
    pick.show();
  });
}

/** A finding of one language is rarely suppressed in a file of another: ask before doing it. */
async function sameLanguageOrConfirmed(ref: FalsePositiveRef): Promise<boolean> {
  const document = vscode.window.activeTextEditor?.document;
  const file = languageOf(document?.languageId);
  const finding = languageOf(ref.issue.issueLanguage);
  if (!document || file === undefined || finding === undefined || file === finding) return true;
  const choice = await vscode.window.showWarningMessage(
    `This false positive is a ${pickText(readableLanguage(ref.issue.issueLanguage), 40)} finding; this file is ${document.languageId}. Insert its suppression comment here anyway?`,
    { modal: true },
    'Insert Anyway',
  );
  return choice === 'Insert Anyway';
}

/** A VS Code language id or the service's language name, reduced so the two compare. */
function languageOf(id: string | null | undefined): string | undefined {
  if (!id) return undefined;
  const lower = id.toLowerCase();
  return lower === 'c#' ? 'csharp' : lower.replace(/react$/, '');
}

function detailOf(s: Services, ref: FalsePositiveRef): string {
  const summary = ref.issue.fpId ? s.store.knownSummary(ref.issue.fpId)?.text : undefined;
  // Only the start of a long explanation is shown: clean just that much.
  const text = summary ?? (ref.issue.fpDescription ?? '').slice(0, 400);
  return pickText(text, 200);
}

async function prefetchSummaries(s: Services, items: Item[]): Promise<void> {
  const queue = items.map((i) => i.ref?.issue.fpId).filter((id): id is string => !!id && !s.store.knownSummary(id));
  const worker = async () => {
    for (let id = queue.shift(); id; id = queue.shift()) {
      await s.store.fpSummary(id).catch(() => undefined); // a failed prefetch only leaves the explanation shown
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
}

async function loadAReport(s: Services): Promise<boolean> {
  const reports = await s.store.reports();
  const chosen = await vscode.window.showQuickPick(
    reports.map((report) => ({
      label: pickText(reportTitle(report)),
      description: pickText([repoAt(report), readableVendor(report.vulnerabilityReport?.vendor)].filter((p) => p !== null).join(' · ')),
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
