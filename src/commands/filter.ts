// "Filter": confidence, fix state, vendor and false-positives-only, in one multi-select pick.
// The workbench passes the focused row to title-bar commands: arguments are ignored (a row
// read as a preset made Filter do nothing once a row had focus).
import * as vscode from 'vscode';
import type { ConfidenceKind } from '../model/fix';
import { readableVendor } from '../model/format';
import type { Services } from '../editor/services';
import { describeFilter, type TreeFilter } from '../views/filter';
import { pickText } from '../views/pickText';

type Choice = vscode.QuickPickItem & { apply: (f: Mutable) => void; selected: (f: TreeFilter) => boolean };
type Mutable = { confidence: Set<ConfidenceKind>; states: Set<string>; vendors: Set<string>; falsePositivesOnly: boolean };

const KNOWN_STATES = ['Ready', 'Downloaded', 'Committed', 'Merged'];

export function filter(s: Services) {
  return async (): Promise<void> => {
    const current = s.tree.filter;
    const choices = buildChoices(s);
    const picked = await vscode.window.showQuickPick(
      choices.map((c) => ({ ...c, picked: c.kind !== vscode.QuickPickItemKind.Separator && c.selected(current) })),
      { title: 'Filter fix reports', canPickMany: true, placeHolder: 'Nothing selected in a section means all' },
    );
    if (!picked) return;
    const next: Mutable = { confidence: new Set(), states: new Set(), vendors: new Set(), falsePositivesOnly: false };
    for (const choice of picked) choice.apply(next);
    apply(s, next);
  };
}

function apply(s: Services, next: TreeFilter): void {
  s.tree.setFilter(next);
  s.treeView.description = describeFilter(next) || undefined;
  void vscode.commands.executeCommand('setContext', 'securityFixReports.filtered', !!describeFilter(next));
}

function buildChoices(s: Services): Choice[] {
  const states = new Set(KNOWN_STATES);
  const vendors = new Set<string>();
  for (const report of s.store.loadedReports()) {
    const vendor = report.vulnerabilityReport?.vendor;
    if (vendor) vendors.add(vendor.toLowerCase());
    for (const view of s.store.entry(report.id)?.model?.fixes ?? []) if (view.state) states.add(view.state);
  }
  const separator = (label: string): Choice => ({ label, kind: vscode.QuickPickItemKind.Separator, apply: () => {}, selected: () => false });
  const confidence = (kind: ConfidenceKind, label: string, detail: string): Choice => ({
    label,
    detail,
    apply: (f) => f.confidence.add(kind),
    selected: (f) => f.confidence.has(kind),
  });
  return [
    separator('Confidence'),
    confidence('stable', 'Stable fixes', 'Confidence 90: deterministic'),
    confidence('adaptive', 'Adaptive fixes', 'Confidence 50: generated with AI techniques, review closely'),
    confidence('other', 'Other confidence', 'Values the service does not document'),
    separator('Fix state'),
    ...[...states].map((state): Choice => ({ label: pickText(state), apply: (f) => f.states.add(state), selected: (f) => f.states.has(state) })),
    separator('Scanner'),
    ...[...vendors].sort().map((vendor): Choice => ({ label: pickText(readableVendor(vendor)), apply: (f) => f.vendors.add(vendor), selected: (f) => f.vendors.has(vendor) })),
    separator('Issues'),
    { label: 'False positives only', detail: 'Hide fixes and other issues', apply: (f) => (f.falsePositivesOnly = true), selected: (f) => f.falsePositivesOnly },
  ];
}
