// A searchable pick of the loaded false positives (type, place, rule id, summary). Rows say where
// each is (file:line) and start with the current file's; those of another language than the
// active editor's come last, after an "Other languages" separator, each saying so. When none is
// loaded yet, or from its last item, the user picks a report to load. Summaries are fetched for
// the first items shown, again as the search changes what is shown; the full explanations are not
// in memory (model/heldIssue.ts), so they are not searched.
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import { pickText } from '../views/pickText';
import { fpChoiceName, placeText } from '../views/findingText';
import { pickOrder, sameLanguage } from '../views/fpPickOrder';
import { formatCount, messageText, oneLine } from '../common/text';
import { issueLocations } from '../model/locations';
import { repoAt, reportTitle } from '../model/reportList';
import { readableIssueType, readableLanguage } from '../model/format';
import { readableVendor } from '../common/scanners';
import type { Finding } from '../editor/places';
import type { FalsePositiveRef } from '../editor/reportStore';
import type { Services } from './services';

type Item = vscode.QuickPickItem & { ref?: FalsePositiveRef; loadAnother?: true };
const PREFETCH = 40;
/** Typing pauses this long before the summaries of what it shows are fetched. */
const PREFETCH_AFTER_TYPING_MS = 250;
/** Items handed to the workbench at once; typing searches all of them in the extension. */
const SHOWN = 500;
/** The one item that is not a false positive: it loads another report's (made per pick: its label is translated). */
const loadAnother = (): Item => ({
  label: l10n.t('$(cloud-download) Load another report’s false positives…'),
  alwaysShow: true,
  loadAnother: true,
});

/** `line`: the line the comment goes to (a quick fix's diagnostic); else the cursor's. */
export async function pickFalsePositive(s: Services, line?: number): Promise<FalsePositiveRef | undefined> {
  for (;;) {
    let refs = [...s.store.falsePositives()].filter((r) => r.issue.fpId);
    if (refs.length === 0) {
      const loaded = await loadAReport(s);
      if (!loaded) return undefined;
      refs = [...s.store.falsePositives()].filter((r) => r.issue.fpId);
      if (refs.length === 0) {
        void vscode.window.showInformationMessage(l10n.t('That report has no false positives.'));
        return undefined;
      }
    }
    const chosen = await pickAmong(s, refs, line);
    if (chosen === undefined || !chosen.loadAnother) {
      if (!chosen?.ref) return undefined;
      const answer = await sameLanguageOrConfirmed(chosen.ref);
      if (answer === CHOOSE_ANOTHER) continue;
      return answer === INSERT_ANYWAY ? chosen.ref : undefined;
    }
    if (!(await loadAReport(s))) return undefined;
  }
}

function pickAmong(s: Services, refs: FalsePositiveRef[], line?: number): Promise<Item | undefined> {
  const pick = vscode.window.createQuickPick<Item>();
  pick.title = l10n.t('Insert suppression comment for which false positive?');
  pick.placeholder = l10n.t('Search by issue type, file, rule id, scanner or summary');
  const loadAnotherItem = loadAnother();
  pick.matchOnDescription = true;
  pick.matchOnDetail = true;
  const editor = vscode.window.activeTextEditor;
  const languageId = editor?.document.languageId;
  // The false positives located on the cursor's line come first, selected: the picker knows the line.
  const position = line === undefined ? editor?.selection.active : new vscode.Position(line, 0);
  const onLine = new Set(
    editor && position
      ? s.findings
          .at(editor.document.uri, position)
          .filter((f) => f.falsePositive)
          .map((f) => f.issue.id)
      : [],
  );
  const inFile = new Set(editor ? s.findings.forUri(editor.document.uri).map((f) => f.issue.id) : []);
  const placed = placedFindings(s);
  const order = pickOrder(refs, languageId, (ref) => ({
    onLine: onLine.has(ref.issue.id),
    inFile: inFile.has(ref.issue.id),
    language: ref.issue.issueLanguage,
    inWorkspace: !!s.tree.reportNode(ref.report.id)?.matchesWorkspace,
  }));
  const ordered = [...order.first, ...order.otherLanguages];
  const otherLanguage = new Set(order.otherLanguages);
  const separator: Item = {
    label: languageId ? l10n.t('Other languages (this file is {0})', languageId) : l10n.t('Other languages'),
    kind: vscode.QuickPickItemKind.Separator,
  };
  // Where each is: the placed finding's line (it follows edits), else the report's.
  const placeOf = (ref: FalsePositiveRef): { path?: string; line?: number } => {
    const finding = placed.get(findingKey(ref.report.id, ref.issue.id));
    if (finding) return { path: vscode.workspace.asRelativePath(finding.uri, false), line: finding.range.start.line + 1 };
    const located = issueLocations(ref.issue)?.primary;
    return located ? { path: located.path, line: located.startLine } : {};
  };
  // Items are built when shown: the workbench gets at most SHOWN of them (all 10,000 made the
  // picker slow to open, docs/performance.md); typing searches every false positive here and
  // shows the best SHOWN matches, marked alwaysShow so the workbench's own filter keeps them.
  const built = new Map<FalsePositiveRef, Item>();
  const itemOf = (ref: FalsePositiveRef): Item => {
    let item = built.get(ref);
    if (!item) {
      const language = ref.issue.issueLanguage ? readableLanguage(ref.issue.issueLanguage) : undefined;
      const rule = ref.issue.vendorIssueId ?? ref.issue.id;
      const facts = otherLanguage.has(ref)
        ? [
            language ? l10n.t("{0}, not this file's language", language) : l10n.t("Unknown language, not this file's language"),
            readableVendor(ref.vendor),
            rule,
          ]
        : [readableVendor(ref.vendor), rule, ...(language ? [language] : [])];
      item = {
        label: `${onLine.has(ref.issue.id) ? '$(location) ' : ''}${pickText(fpChoiceName({ issueType: ref.issue.issueType, ...placeOf(ref) }))}`,
        description: pickText(facts.join(' · ')),
        detail: detailOf(s, ref),
        ref,
      };
      built.set(ref, item);
    }
    return item;
  };
  const haystacks = new Map<FalsePositiveRef, string>();
  const haystack = (ref: FalsePositiveRef) => {
    let text = haystacks.get(ref);
    if (text === undefined) {
      const summary = ref.issue.fpId ? s.store.knownSummary(ref.issue.fpId)?.text : undefined;
      const place = placeOf(ref);
      text = [
        readableIssueType(ref.issue.issueType),
        place.path === undefined ? '' : placeText(place.path, place.line),
        readableVendor(ref.vendor),
        ref.issue.vendorIssueId,
        ref.issue.issueLanguage,
        summary ?? '',
      ]
        .join(' ')
        .toLowerCase();
      haystacks.set(ref, text);
    }
    return text;
  };
  const more = (shown: number, of: number): Item => ({
    label: l10n.t('$(search) Showing {0} of {1}: type to search them all', formatCount(shown), formatCount(of)),
    alwaysShow: true,
  });
  const show = (query: string) => {
    const words = query.toLowerCase().split(/\s+/).filter(Boolean);
    const matches = words.length ? ordered.filter((ref) => words.every((w) => haystack(ref).includes(w))) : ordered;
    const items = matches.slice(0, SHOWN).map((ref) => (words.length ? { ...itemOf(ref), alwaysShow: true } : itemOf(ref)));
    const split = items.findIndex((item) => otherLanguage.has(item.ref!));
    const listed = split < 0 ? items : [...items.slice(0, split), separator, ...items.slice(split)];
    pick.items = [...listed, ...(matches.length > SHOWN ? [more(SHOWN, matches.length)] : []), loadAnotherItem];
    return items;
  };
  // One update when the prefetched summaries of what is shown are in (each assignment sends every shown item).
  let prefetchRun = 0;
  let typing: NodeJS.Timeout | undefined;
  const prefetchShown = (items: readonly Item[]) => {
    const run = ++prefetchRun;
    const refs = items.slice(0, PREFETCH).map((i) => i.ref!);
    void prefetchSummaries(s, refs).then(() => {
      if (pick.busy || run !== prefetchRun) return;
      const active = pick.activeItems[0]?.ref;
      for (const ref of refs) {
        const item = built.get(ref);
        if (item) built.set(ref, { ...item, detail: detailOf(s, ref) });
        haystacks.delete(ref); // now with its summary
      }
      const shown = show(pick.value);
      const keep = shown.find((item) => item.ref === active);
      if (keep) pick.activeItems = [keep];
    });
  };
  const first = show('');
  const here = first.filter((item) => onLine.has(item.ref!.issue.id));
  if (here.length) pick.activeItems = here.slice(0, 1);
  pick.onDidChangeValue((value) => {
    const shown = show(value);
    clearTimeout(typing);
    typing = setTimeout(() => prefetchShown(shown), PREFETCH_AFTER_TYPING_MS);
  });
  prefetchShown(first);
  return new Promise((resolve) => {
    pick.onDidAccept(() => {
      const chosen = pick.selectedItems[0];
      if (chosen && !chosen.ref && chosen !== loadAnotherItem) return; // "Showing n of m": keep typing
      resolve(chosen);
      pick.hide();
    });
    pick.onDidHide(() => {
      clearTimeout(typing);
      resolve(undefined);
      pick.dispose();
    });
    pick.show();
  });
}

/** The modal's answers (the buttons' titles are translated; these say which was chosen). */
const INSERT_ANYWAY = 'insert';
const CHOOSE_ANOTHER = 'choose';

/**
 * A finding of one language is rarely suppressed in a file of another: ask before doing it.
 * A modal's first button that is not the close affordance is its default (Enter), and Cancel
 * can only be the close affordance, placed last: so the safe default is going back to the pick.
 */
async function sameLanguageOrConfirmed(ref: FalsePositiveRef): Promise<typeof INSERT_ANYWAY | typeof CHOOSE_ANOTHER | undefined> {
  const document = vscode.window.activeTextEditor?.document;
  if (!document || sameLanguage(document.languageId, ref.issue.issueLanguage) !== false) return INSERT_ANYWAY;
  const choice = await vscode.window.showWarningMessage<vscode.MessageItem & { answer?: typeof INSERT_ANYWAY | typeof CHOOSE_ANOTHER }>(
    messageText(
      l10n.t(
        'This false positive is a {0} finding; this file is {1}. Insert its suppression comment here anyway?',
        oneLine(readableLanguage(ref.issue.issueLanguage), 40),
        document.languageId,
      ),
    ),
    { modal: true },
    { title: l10n.t('Choose Another'), answer: CHOOSE_ANOTHER },
    { title: l10n.t('Insert Anyway'), answer: INSERT_ANYWAY },
    { title: l10n.t('Cancel'), isCloseAffordance: true },
  );
  return choice?.answer;
}

/** The findings placed in the workspace, by report and issue: where the picker says they are. */
function placedFindings(s: Services): Map<string, Finding> {
  const placed = new Map<string, Finding>();
  for (const uri of s.findings.uris()) for (const f of s.findings.forUri(uri)) placed.set(findingKey(f.reportId, f.issue.id), f);
  return placed;
}

function findingKey(reportId: string, issueId: string): string {
  return `${reportId}\u0000${issueId}`;
}

function detailOf(s: Services, ref: FalsePositiveRef): string {
  const summary = ref.issue.fpId ? s.store.knownSummary(ref.issue.fpId)?.text : undefined;
  return summary === undefined ? l10n.t('Summary not fetched yet') : pickText(summary, 200);
}

async function prefetchSummaries(s: Services, refs: readonly FalsePositiveRef[]): Promise<void> {
  const queue = refs.map((r) => r.issue.fpId).filter((id): id is string => !!id && !s.store.knownSummary(id));
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
    { title: l10n.t('No false positives are loaded yet: load which fix report?'), matchOnDescription: true },
  );
  if (!chosen) return false;
  await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title: l10n.t('Loading the report’s issues…'), cancellable: true },
    async (_, token) => {
      await s.store.report(chosen.report.id);
      token.onCancellationRequested(() => s.store.cancelIssues(chosen.report.id));
      await s.store.issuesSettled(chosen.report.id);
    },
  );
  return true;
}
