// "Filter": confidence, fix state, scanner, severity, issue type, issue state,
// false-positives-only and new-since-previous-scan, in one multi-select pick (text: Filter by Text…).
// The workbench passes the focused row to title-bar commands: arguments are ignored (a row
// read as a preset made Filter do nothing once a row had focus).
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import type { ConfidenceKind } from '../model/fix';
import { readableIssueType } from '../model/format';
import { readableVendor } from '../common/scanners';
import type { Services } from './services';
import { filterParts, type TreeFilter } from '../views/filter';
import { pickText } from '../views/pickText';
import { confidenceWords } from '../views/confidenceText';

type Choice = vscode.QuickPickItem & { apply: (f: Mutable) => void; selected: (f: TreeFilter) => boolean };
type Mutable = {
  confidence: Set<ConfidenceKind>;
  states: Set<string>;
  vendors: Set<string>;
  severities: Set<string>;
  issueTypes: Set<string>;
  issueStates: Set<string>;
  text: string;
  falsePositivesOnly: boolean;
  newOnly: boolean;
};

// eslint-disable-next-line no-restricted-syntax -- the service's state names (compared with what it sends), not our words
const KNOWN_STATES = ['Ready', 'Downloaded', 'Committed', 'Merged'];

export function filter(s: Services) {
  return async (): Promise<void> => {
    const current = s.tree.filter;
    const choices = buildChoices(s);
    const picked = await vscode.window.showQuickPick(
      choices.map((c) => ({ ...c, picked: c.kind !== vscode.QuickPickItemKind.Separator && c.selected(current) })),
      {
        title: l10n.t('Filter fix reports'),
        canPickMany: true,
        placeHolder: l10n.t('Nothing selected in a section means all'),
      },
    );
    if (!picked) return;
    const next: Mutable = {
      confidence: new Set(),
      states: new Set(),
      vendors: new Set(),
      severities: new Set(),
      issueTypes: new Set(),
      issueStates: new Set(),
      text: current.text,
      falsePositivesOnly: false,
      newOnly: false,
    };
    for (const choice of picked) choice.apply(next);
    applyFilter(s, next);
  };
}

/** Sets the tree's filter and says so in the view (message, badge). */
export function applyFilter(s: Services, next: TreeFilter): void {
  s.tree.setFilter(next);
  s.viewStatus.set({ filter: filterParts(next) });
}

function buildChoices(s: Services): Choice[] {
  const states = new Set(KNOWN_STATES);
  const vendors = new Set<string>();
  const severities = new Set<string>();
  const issueTypes = new Set<string>();
  const issueStates = new Set<string>();
  for (const report of s.store.loadedReports()) {
    const vendor = report.vulnerabilityReport?.vendor;
    if (vendor) vendors.add(vendor.toLowerCase());
    const model = s.store.entry(report.id)?.model;
    for (const view of model?.fixes ?? []) {
      if (view.state) states.add(view.state);
      issueTypes.add(view.issueType);
    }
    for (const issue of [...(model?.falsePositives ?? []), ...(model?.otherIssues ?? [])]) {
      if (issue.severity) severities.add(issue.severity.toLowerCase());
      if (issue.state) issueStates.add(issue.state);
      issueTypes.add(readableIssueType(issue.issueType));
    }
  }
  const separator = (label: string): Choice => ({
    label,
    kind: vscode.QuickPickItemKind.Separator,
    apply: () => {},
    selected: () => false,
  });
  const confidence = (kind: ConfidenceKind, detail: string): Choice => ({
    label: confidenceWords(kind).group,
    detail,
    apply: (f) => f.confidence.add(kind),
    selected: (f) => f.confidence.has(kind),
  });
  return [
    separator(l10n.t('Confidence')),
    confidence('stable', l10n.t('Confidence 90: {0}', confidenceWords('stable').meaning)),
    confidence('adaptive', l10n.t('Confidence 50: {0}', confidenceWords('adaptive').meaning)),
    confidence('other', confidenceWords('other').meaning),
    separator(l10n.t('Fix state')),
    ...[...states].map((state): Choice => ({
      label: pickText(state),
      apply: (f) => f.states.add(state),
      selected: (f) => f.states.has(state),
    })),
    separator(l10n.t('Scanner')),
    ...[...vendors].sort().map((vendor): Choice => ({
      label: pickText(readableVendor(vendor)),
      apply: (f) => f.vendors.add(vendor),
      selected: (f) => f.vendors.has(vendor),
    })),
    separator(l10n.t('Severity')),
    ...[...severities]
      .sort()
      .map((v): Choice => ({ label: pickText(v), apply: (f) => f.severities.add(v), selected: (f) => f.severities.has(v) })),
    separator(l10n.t('Issue type')),
    ...[...issueTypes]
      .sort()
      .map((v): Choice => ({ label: pickText(v), apply: (f) => f.issueTypes.add(v), selected: (f) => f.issueTypes.has(v) })),
    separator(l10n.t('Issue state')),
    ...[...issueStates]
      .sort()
      .map((v): Choice => ({ label: pickText(v), apply: (f) => f.issueStates.add(v), selected: (f) => f.issueStates.has(v) })),
    separator(l10n.t('Issues')),
    {
      label: l10n.t('False positives only'),
      detail: l10n.t('Hide fixes and other issues'),
      apply: (f) => (f.falsePositivesOnly = true),
      selected: (f) => f.falsePositivesOnly,
    },
    {
      label: l10n.t('New since previous scan'),
      detail: l10n.t('Only issues whose fingerprint the previous scan of the same repository, branch and scanner did not have'),
      apply: (f) => (f.newOnly = true),
      selected: (f) => f.newOnly,
    },
  ];
}
