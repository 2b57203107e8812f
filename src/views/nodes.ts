// Tree nodes: plain data plus how each becomes a TreeItem. Ids are stable so expansion
// survives refreshes; contextValue drives the item menus in package.json.
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import type { FixReportSummary } from '../api/schemas';
import type { HeldIssue } from '../model/heldIssue';
import type { FixView } from '../model/fix';
import type { FixCounts } from '../model/metrics';
import { cleanText, formatCount } from '../common/text';
import { readableIssueType } from '../model/format';
import { isFalsePositive } from '../model/issue';
import { summaryLine, type CurrentReason } from '../model/reportList';
import type { ReportModel } from '../model/report';
import { CommandId } from '../common/manifest';
import type { Explanation } from '../editor/explanations';
import type { IssueLoading } from '../editor/reportStore';
import { changedSinceScan, issuePlace } from './findingText';
import { fixTooltip, issueTooltip, reportTooltip } from './tooltips';
import { relativeTimeText } from './timeText';
import { confidenceWords } from './confidenceText';
import { changesDescription } from './changesText';
import type { ChangesState } from '../editor/reportChanges';

export type GroupKind = 'fixes' | 'false-positives' | 'other';

export type Node = ReportNode | GroupNode | FixNode | IssueNode | LoadingNode | MessageNode;

export interface ReportNode {
  kind: 'report';
  report: FixReportSummary;
  matchesWorkspace: boolean;
  /** The current report of a workspace repository (its findings show in the code), and why: pinned by the user or chosen. */
  current?: CurrentReason;
  /** What is known of its size (set by the tree each time the row is drawn). */
  size?: ReportSize;
  /** Shown from the cache, not yet confirmed by the service (set with `size`). */
  cached?: { since: number; stale?: string };
  /** What changed since its previous scan, when asked for (set with `size`); `chosen`: compared with a report the user picked. */
  changes?: { state: ChangesState | undefined; chosen: boolean };
}

/** A report's size as far as it is loaded: fixes from its detail, issues as paging goes. */
export interface ReportSize {
  readonly fixes: FixCounts;
  /** Undefined until its issues are paged (the report expanded, or current in the workspace). */
  readonly issues?: { readonly received: number; readonly falsePositives: number; readonly complete: boolean };
  /** What the tree's filter lets through, when one applies to fixes or issues. */
  readonly shown?: ReportShown;
}

/** Fixes, issues (all groups) and false positives the filter lets through, each where it filters them. */
export interface ReportShown {
  readonly fixes?: number;
  readonly issues?: number;
  readonly falsePositives?: number;
}

export interface GroupNode {
  kind: 'group';
  reportId: string;
  group: GroupKind;
  /** Total shown in the label (after filtering). */
  count: number;
  /** A slice of a large group: items [start, end). */
  range?: [number, number];
  /** Issues are still arriving (or stopped early): the count is a lower bound. */
  partial?: boolean;
}

export interface FixNode {
  kind: 'fix';
  reportId: string;
  view: FixView;
  model: ReportModel;
}

export interface IssueNode {
  kind: 'issue';
  reportId: string;
  issue: HeldIssue;
  vendor: string;
  model: ReportModel;
  summary?: string;
  /** A false positive's explanation, fetched by ReportsTree.resolveTreeItem before the tooltip is built. */
  explanation?: Explanation;
}

export interface LoadingNode {
  kind: 'loading';
  reportId: string;
  state: IssueLoading;
}

export interface MessageNode {
  kind: 'message';
  id: string;
  label: string;
  detail?: string;
  icon: string;
  command?: vscode.Command;
}

/** A group row's label with its count ("Fixes (12)"). */
function groupLabel(group: GroupKind, count: string): string {
  switch (group) {
    case 'fixes':
      return l10n.t('Fixes ({0})', count);
    case 'false-positives':
      return l10n.t('False positives ({0})', count);
    case 'other':
      return l10n.t('Other issues ({0})', count);
  }
}
/** Keyed by the service's state: a Map, so a state named `__proto__` or `constructor` finds nothing. */
const STATE_ICONS: ReadonlyMap<string, string> = new Map([
  ['ready', 'circle-large-outline'],
  ['downloaded', 'cloud-download'],
  ['committed', 'git-commit'],
  ['merged', 'git-merge'],
]);

/**
 * The rich hover of a report, fix or issue. Built on demand (TreeDataProvider.resolveTreeItem,
 * i.e. when the item is hovered): building it for every item made a range of 1,000 items
 * cost several times as much (docs/performance.md).
 */
export function tooltipFor(node: Node, nowMs = Date.now()): vscode.MarkdownString | undefined {
  switch (node.kind) {
    case 'report':
      return reportTooltip(node.report, node.size, nowMs, node.cached, node.current, node.changes);
    case 'fix':
      return fixTooltip(
        node.reportId,
        node.view,
        node.model.issuesOfFix(node.view.id).length,
        node.model.warningsOfFix(node.view.id),
        nowMs,
      );
    case 'issue':
      return issueTooltip(
        node.issue,
        node.vendor,
        node.model.warningsOfIssue(node.issue.id),
        node.summary,
        node.explanation ??
          (node.issue.fpDescriptionLength === 0
            ? { kind: 'none' }
            : { kind: 'unavailable', message: l10n.t('The explanation is not loaded yet. Hover again to load it.') }),
        nowMs,
      );
    default:
      return undefined;
  }
}

/**
 * What clicking a row runs, other than the loading row (loadingAction). An issue row's command
 * has no arguments (commands/openIssue.ts reads the clicked row from the selection): the editor
 * turns a TreeItem's command with arguments into a handle that dies when the row is
 * re-rendered, and rows re-render on every page of issues. A message row's command is bound on
 * click (TreeDataProvider.resolveTreeItem); those rows do not re-render while pages arrive.
 */
export function commandFor(node: Node): vscode.Command | undefined {
  switch (node.kind) {
    case 'issue':
      return { command: CommandId.OpenIssue, title: l10n.t('Open issue') };
    case 'message':
      return node.command;
    default:
      return undefined;
  }
}

/** An issue whose full explanation a click opens when its code is not in the workspace. */
export function hasExplanation(node: IssueNode): boolean {
  return isFalsePositive(node.issue) && !!node.issue.fpId;
}

/**
 * The TreeItem of a node. Labels and descriptions are plain text, but server text in them
 * can still carry bidi overrides or control characters that reorder or fake what is shown:
 * those become spaces here, for every kind of node.
 */
/** Where a current report's finding is in the code now (editor/findings), for its row. */
export interface FindingPlace {
  /** 1-based, as it is now. */
  readonly line: number;
  readonly changed: boolean;
}

export function treeItem(node: Node, nowMs = Date.now(), place?: FindingPlace): vscode.TreeItem {
  return cleaned(buildItem(node, nowMs, place));
}

/** A row of another of our views (the Suppressions view), filled by `fill`, then cleaned as treeItem() cleans. */
export function viewItem(
  label: string | vscode.Uri,
  state: vscode.TreeItemCollapsibleState,
  fill: (item: vscode.TreeItem) => void,
): vscode.TreeItem {
  const item = typeof label === 'string' ? new vscode.TreeItem(label, state) : new vscode.TreeItem(label, state);
  fill(item);
  return cleaned(item);
}

function cleaned(item: vscode.TreeItem): vscode.TreeItem {
  if (typeof item.label === 'string') item.label = cleanText(item.label);
  if (typeof item.description === 'string') item.description = cleanText(item.description);
  return item;
}

function buildItem(node: Node, nowMs: number, place: FindingPlace | undefined): vscode.TreeItem {
  switch (node.kind) {
    case 'report':
      return reportItem(node, nowMs);
    case 'group':
      return groupItem(node);
    case 'fix':
      return fixItem(node);
    case 'issue':
      return issueItem(node, place);
    case 'loading':
      return loadingItem(node);
    case 'message': {
      const item = new vscode.TreeItem(node.label, vscode.TreeItemCollapsibleState.None);
      item.id = node.id;
      item.iconPath = new vscode.ThemeIcon(node.icon);
      item.tooltip = node.detail;
      // Error rows offer Check Connection in their context menu.
      item.contextValue = node.icon === 'error' ? 'message.error' : 'message';
      return item;
    }
  }
}

function reportItem(node: ReportNode, nowMs: number): vscode.TreeItem {
  // What differs between a repository's reports comes first, so they tell apart at the
  // default sidebar width: scanner and age; project and repo@reference follow.
  const line = summaryLine(node.report, nowMs);
  const age = line.created ? relativeTimeText(line.created.ms, nowMs) : l10n.t('undated');
  const item = new vscode.TreeItem(`${line.vendor ?? l10n.t('Unknown scanner')} · ${age}`, vscode.TreeItemCollapsibleState.Collapsed);
  item.id = `report:${node.report.id}`;
  const pinned = node.current?.kind === 'pinned';
  const current = node.current ? (pinned ? l10n.t('current (pinned)') : l10n.t('current')) : null;
  const cached = node.cached
    ? node.cached.stale
      ? l10n.t('stale, cached {0}', relativeTimeText(node.cached.since, nowMs))
      : l10n.t('cached {0}', relativeTimeText(node.cached.since, nowMs))
    : null;
  item.description = [
    current,
    sizeText(node.size),
    changesDescription(node.changes?.state),
    cached,
    line.title,
    line.where,
    line.expired ? l10n.t('expired') : null,
  ]
    .filter((p) => p !== null)
    .join(' · ');
  item.iconPath = new vscode.ThemeIcon(pinned ? 'pinned' : line.expired ? 'history' : node.matchesWorkspace ? 'repo' : 'shield');
  // report[.withRepo][.workspace][.current][.pinned]: menus test these with regular expressions.
  item.contextValue = [
    'report',
    node.report.repo?.originalUrl ? 'withRepo' : null,
    node.matchesWorkspace ? 'workspace' : null,
    node.current ? 'current' : null,
    pinned ? 'pinned' : null,
  ]
    .filter((p) => p !== null)
    .join('.');
  return item;
}

/**
 * "12 fixes · ≥ 300 issues, ≥ 40 FP": "≥" until paging ends; null while nothing is known.
 * With a filter: "3 of 12 fixes · 5 of ≥ 300 issues, 1 of ≥ 40 FP".
 */
function sizeText(size: ReportSize | undefined): string | null {
  if (!size) return null;
  const { shown } = size;
  // A count, with what the filter lets through of it ("3 of 12"): the words around it come with it.
  const of = (n: number | undefined, total: string) => (n === undefined ? total : l10n.t('{0} of {1}', formatCount(n), total));
  const total = size.fixes.total;
  const parts = [
    shown?.fixes === undefined
      ? total === 1
        ? l10n.t('1 fix')
        : l10n.t('{0} fixes', total)
      : total === 1
        ? l10n.t('{0} of 1 fix', formatCount(shown.fixes))
        : l10n.t('{0} of {1} fixes', formatCount(shown.fixes), total),
  ];
  const issues = size.issues;
  if (issues) {
    const atLeast = (n: number) => `${issues.complete ? '' : '≥ '}${formatCount(n)}`;
    const received = of(shown?.issues, atLeast(issues.received));
    const fps = of(shown?.falsePositives, atLeast(issues.falsePositives));
    parts.push(issues.received === 1 ? l10n.t('{0} issue, {1} FP', received, fps) : l10n.t('{0} issues, {1} FP', received, fps));
  }
  return parts.join(' · ');
}

function groupItem(node: GroupNode): vscode.TreeItem {
  const count = `${node.partial ? '≥ ' : ''}${formatCount(node.count)}`;
  const label = node.range ? `${node.range[0] + 1}–${node.range[1]}` : groupLabel(node.group, count);
  const item = new vscode.TreeItem(label, vscode.TreeItemCollapsibleState.Collapsed);
  item.id = `group:${node.reportId}:${node.group}${node.range ? `:${node.range[0]}` : ''}`;
  item.iconPath = new vscode.ThemeIcon(node.group === 'fixes' ? 'wrench' : node.group === 'false-positives' ? 'pass' : 'warning');
  item.contextValue = `group.${node.group}`;
  return item;
}

function fixItem(node: FixNode): vscode.TreeItem {
  const { view, model } = node;
  const issues = model.issuesOfFix(view.id);
  const item = new vscode.TreeItem(
    view.issueType,
    issues.length ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None,
  );
  item.id = `fix:${node.reportId}:${view.id}`;
  item.description = [
    view.language ?? l10n.t('unknown language'),
    view.state ?? l10n.t('no state'),
    confidenceWords(view.confidence.kind, view.confidence.value).short,
  ].join(' · ');
  const stateIcon = STATE_ICONS.get((view.state ?? '').toLowerCase()) ?? 'circle-small';
  item.iconPath = new vscode.ThemeIcon(stateIcon, view.confidence.kind === 'adaptive' ? new vscode.ThemeColor('charts.yellow') : undefined);
  // fix[.withPr][.withPatch]: menus test these with regular expressions.
  const withPr = view.lifecycle.committed.submissions.some((s) => s.prUrl || s.commitUrl);
  const withPatch = !!view.fix.patchAndQuestions?.patch?.trim();
  item.contextValue = ['fix', withPr ? 'withPr' : null, withPatch ? 'withPatch' : null].filter((p) => p !== null).join('.');
  return item;
}

function issueItem(node: IssueNode, place: FindingPlace | undefined): vscode.TreeItem {
  const { issue } = node;
  const fp = isFalsePositive(issue);
  // What a person reads first: the kind of issue; then, for a false positive, where it is (rows
  // of one type are otherwise alike) and the summary the whole feature is about once it is
  // known (else the rule id); state repeats nothing the group already says.
  const item = new vscode.TreeItem(readableIssueType(issue.issueType), vscode.TreeItemCollapsibleState.None);
  item.id = `issue:${node.reportId}:${issue.id}`;
  const rule = issue.vendorIssueId ?? issue.id;
  // A current report's finding: where its code is now, and whether it changed since the scan.
  const where = place ? issuePlace(issue, undefined, place.line) : issuePlace(issue);
  const changed = place?.changed ? changedSinceScan() : '';
  const severity = issue.severity ?? l10n.t('no severity');
  item.description = fp
    ? [where, changed, node.summary ?? [rule, severity].join(' · ')].filter((p) => p !== '').join(' · ')
    : [rule, severity, issue.state ?? l10n.t('no state'), changed].filter((p) => p !== '').join(' · ');
  item.iconPath = new vscode.ThemeIcon(fp ? 'pass' : 'bug');
  item.contextValue = fp && issue.fpId ? 'issue.falsePositive' : 'issue';
  return item;
}

function loadingItem(node: LoadingNode): vscode.TreeItem {
  const { state } = node;
  const n = formatCount(state.received);
  const item = new vscode.TreeItem('', vscode.TreeItemCollapsibleState.None);
  item.id = `loading:${node.reportId}`;
  item.contextValue = `loading.${state.kind}`;
  switch (state.kind) {
    case 'loading':
      item.label = l10n.t('Loading issues… {0} so far', n);
      item.iconPath = new vscode.ThemeIcon('loading~spin');
      item.tooltip = l10n.t('Click to cancel loading the remaining issues.');
      break;
    case 'paused':
      item.label = l10n.t('Load more issues ({0} loaded; there are more)', n);
      item.iconPath = new vscode.ThemeIcon('more');
      break;
    case 'cancelled':
      item.label = l10n.t('Loading cancelled at {0} issues — load the rest', n);
      item.iconPath = new vscode.ThemeIcon('debug-pause');
      break;
    case 'failed':
      item.label = l10n.t('Issues incomplete ({0} loaded): {1}', n, state.error.message);
      item.tooltip = `${state.error.message}\n\n${l10n.t('Click to retry.')}`;
      item.iconPath = new vscode.ThemeIcon('error');
      break;
    case 'done':
      item.label = l10n.t('All {0} issues loaded', n);
      item.iconPath = new vscode.ThemeIcon('check');
      break;
  }
  return item;
}
