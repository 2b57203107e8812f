// Reports → groups → fixes → issues. Fixes show as soon as the report detail arrives; the
// issue groups fill in while v5 pages stream (the store fires a change per report). Large
// groups are split into ranges of 1,000 so no level hands the editor 100k items at once.
// What the filter lets through is treeShown.ts; tooltips are treeTooltips.ts.
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import type { FixReportSummary } from '../api/schemas';
import type { HeldIssue } from '../model/heldIssue';
import { Disposable } from '../common/disposable';
import type { ReportModel } from '../model/report';
import { issueLocations } from '../model/locations';
import { remoteMatcher } from '../model/remote';
import { rangeOf } from '../editor/places';
import { currentReports, type CurrentReason } from '../model/reportList';
import type { Pins } from '../editor/pins';
import type { WorkspaceRepository } from '../editor/repositories';
import { CommandId } from '../common/manifest';
import type { Connection } from '../editor/connection';
import type { ExplanationSource } from '../editor/explanations';
import type { ReportStore } from '../editor/reportStore';
import { NO_FILTER, showsReport, type TreeFilter } from './filter';
import type { ReportChangesService } from '../editor/reportChanges';
import {
  commandFor,
  treeItem,
  type FixNode,
  type GroupKind,
  type GroupNode,
  type IssueNode,
  type Node,
  type ReportNode,
  type ReportSize,
  type FindingPlace,
} from './nodes';
import { LoadingCommands, loadingAction } from './loadingCommands';
import { errorNode, message, notNewMessage } from './treeMessages';
import { ShownItems } from './treeShown';
import { TreeTooltips } from './treeTooltips';

const RANGE_SIZE = 1_000;

export class ReportsTree extends Disposable implements vscode.TreeDataProvider<Node> {
  private readonly changed = this.register(new vscode.EventEmitter<Node | undefined>());
  readonly onDidChangeTreeData = this.changed.event;
  private readonly filterChanged = this.register(new vscode.EventEmitter<void>());
  /** The filter changed (the Problems panel follows it). */
  readonly onDidChangeFilter = this.filterChanged.event;
  private readonly reportNodes = new Map<string, ReportNode>();
  private readonly handedOut = this.register(new vscode.EventEmitter<void>());
  /** Clicks waiting for rows to be registered again (nextChildren). */
  private rowWaiters = 0;
  private filterValue: TreeFilter = NO_FILTER;
  /** A report row's filtered counts, with what they were counted from. */
  private repositories: readonly WorkspaceRepository[] = [];
  private readonly tooltips: TreeTooltips;
  private readonly shown: ShownItems;
  private readonly loadingCommands = this.register(
    new LoadingCommands((action, reportId) =>
      action === 'cancel' ? this.store.cancelIssues(reportId) : this.store.loadMoreIssues(reportId),
    ),
  );

  constructor(
    private readonly store: ReportStore,
    private readonly connection: Connection,
    private readonly pins: Pins,
    /** False positives' explanations: the model does not keep their text. */
    explanations: ExplanationSource,
    /** What changed since each shown report's previous scan (asked for current and expanded reports). */
    private readonly changes: ReportChangesService,
  ) {
    super();
    this.tooltips = new TreeTooltips(store, explanations, (node) => this.changed.fire(node));
    this.shown = new ShownItems(store, changes, () => this.filterValue);
    this.register(
      changes.onDidChange((reportId) => {
        setTimeout(() => this.changed.fire(this.reportNodes.get(reportId)), 0);
        // With "new only", which issues pass changed: the Problems panel follows.
        if (this.filterValue.newOnly) this.filterChanged.fire();
      }),
    );
    // A connection change reaches the tree through the store (it resets and fires 'all').
    this.register(
      store.onDidChange((change) => {
        if (change.kind === 'status') return; // the view's message says it (viewStatus.ts); no row changes
        if (change.kind === 'all') return this.changed.fire(undefined);
        // Deferred: a store change can come while the editor still awaits this report's
        // children (its detail); refreshing it then makes VS Code register the same ids twice
        // ("Element with id … is already registered") and the report never expands.
        setTimeout(() => this.changed.fire(this.reportNodes.get(change.reportId)), 0);
      }),
    );
  }

  get filter(): TreeFilter {
    return this.filterValue;
  }

  setFilter(filter: TreeFilter): void {
    this.filterValue = filter;
    this.changed.fire(undefined);
    this.filterChanged.fire();
  }

  /** The workspace's repositories: their reports are marked, the current ones of each (one per scanner) named. */
  setRepositories(repositories: readonly WorkspaceRepository[]): void {
    this.repositories = repositories;
  }

  /** The workspace repositories of which this is a current report, one per scanner (model/reportList currentReports). */
  currentFor(reportId: string): WorkspaceRepository[] {
    const reports = this.store.loadedReports();
    const nowMs = Date.now();
    return this.repositories.filter((repo) =>
      currentReports(reports, repo, nowMs, this.pins.pinned(repo.root)).some((c) => c.report.id === reportId),
    );
  }

  /** The workspace repositories a report belongs to (by remote). */
  repositoriesOf(report: FixReportSummary): WorkspaceRepository[] {
    return this.repositories.filter((repo) => remoteMatcher(repo.remotes)(report.repo?.originalUrl));
  }

  /** Redraws the report rows (the repositories or a pin changed; no data is fetched). */
  redraw(): void {
    this.changed.fire(undefined);
  }

  /** Whether the filter lets a report through (its scanner). */
  showsReport(report: FixReportSummary): boolean {
    return showsReport(this.filterValue, report);
  }

  /** Whether the filter lets an issue of a report through (the same test the tree's groups use). */
  shows(issue: HeldIssue, reportId: string): boolean {
    return this.shown.shows(issue, reportId);
  }

  /** Where current reports' findings are now (set once the findings exist: they read the tree's filter). */
  placeOf: (reportId: string, issueId: string) => FindingPlace | undefined = () => undefined;

  getTreeItem(node: Node): vscode.TreeItem {
    if (node.kind === 'report') {
      node.size = this.sizeOf(node.report.id);
      node.cached = this.store.entry(node.report.id)?.cached;
      node.changes = { state: this.changes.state(node.report.id), chosen: this.changes.chosenSince(node.report.id) !== undefined };
    }
    const item = treeItem(node, Date.now(), node.kind === 'issue' ? this.placeOf(node.reportId, node.issue.id) : undefined);
    const click = node.kind === 'loading' && loadingAction(node.state);
    if (click) item.command = { command: this.loadingCommands.idFor(click.action, node.reportId), title: click.title };
    if (node.kind === 'issue') item.command = commandFor(node);
    return item;
  }

  /** What the store knows of a report's size: nothing is fetched for it (see ReportStore.prefetchCounts). */
  private sizeOf(reportId: string): ReportSize | undefined {
    const entry = this.store.entry(reportId);
    const model = entry?.model;
    if (!model) return this.store.cachedCountsOf(reportId);
    const issues = entry.issues && {
      received: model.issueCount,
      falsePositives: model.falsePositives.length,
      complete: entry.issues.kind === 'done',
    };
    return { fixes: model.fixCounts, issues, shown: this.shown.counts(reportId, model, !!issues) };
  }

  /** On hover: the tooltip (treeTooltips.ts); on click: the row's command. */
  resolveTreeItem(item: vscode.TreeItem, node: Node, token?: vscode.CancellationToken): Promise<vscode.TreeItem> {
    return this.tooltips.resolve(item, node, token);
  }

  /** The node that lists `node` in getChildren (TreeView.reveal walks this up to the root). */
  getParent(node: Node): Node | undefined {
    switch (node.kind) {
      case 'report':
      case 'message':
        return undefined;
      case 'group':
        return node.range ? { ...node, range: undefined } : this.reportNodeOf(node.reportId);
      case 'fix':
        return this.groupHolding(node.reportId, node.model, 'fixes', node.view.id);
      case 'issue': {
        const group = node.model.groupOf(node.issue.id);
        if (group === 'fix') {
          const fix = node.model.fixOfIssue(node.issue.id);
          const view = fix && node.model.fixView(fix.id);
          if (view) return { kind: 'fix', reportId: node.reportId, view, model: node.model };
        }
        return this.groupHolding(node.reportId, node.model, group === 'false-positive' ? 'false-positives' : 'other', node.issue.id);
      }
      default:
        return this.reportNodeOf(node.reportId);
    }
  }

  /** The report's node as the roots show it; built from the store when the roots were never drawn. */
  private reportNodeOf(reportId: string): ReportNode | undefined {
    const shown = this.reportNodes.get(reportId);
    if (shown) return shown;
    const report = this.store.entry(reportId)?.summary;
    return report && { kind: 'report', report, matchesWorkspace: this.repositoriesOf(report).length > 0 };
  }

  /** The group (or its range of 1,000) that lists the item with this id, as getChildren builds it. */
  private groupHolding(reportId: string, model: ReportModel, group: GroupKind, id: string): GroupNode {
    const items = this.groupItems(reportId, model, group) as readonly ({ id: string } | FixNode['view'])[];
    const index = items.findIndex((item) => item.id === id);
    const node: GroupNode = { kind: 'group', reportId, group, count: items.length };
    if (items.length <= RANGE_SIZE || index < 0) return node;
    const start = Math.floor(index / RANGE_SIZE) * RANGE_SIZE;
    return { ...node, range: [start, Math.min(items.length, start + RANGE_SIZE)] };
  }

  /** Where an issue is in the workspace: its sink in the repository of its report, if the file is there. */
  async codeOf(node: IssueNode): Promise<{ uri: vscode.Uri; range: vscode.Range } | undefined> {
    const located = issueLocations(node.issue);
    const report = this.store.entry(node.reportId)?.summary;
    if (!located || !report) return undefined;
    for (const repo of this.repositoriesOf(report)) {
      const uri = vscode.Uri.joinPath(repo.root, located.primary.path);
      const found = await Promise.resolve(vscode.workspace.fs.stat(uri)).then(
        (stat) => (stat.type & vscode.FileType.File) !== 0,
        () => false,
      );
      if (found) return { uri, range: rangeOf(located.primary) };
    }
    return undefined;
  }

  /** The tree node of a loaded issue, for TreeView.reveal (undefined when not loaded or filtered out). */
  issueNode(reportId: string, issueId: string): IssueNode | undefined {
    const model = this.store.entry(reportId)?.model;
    const issue = model?.issue(issueId);
    if (!model || !issue || !this.shows(issue, reportId)) return undefined;
    return this.issueNodes(reportId, model, [issue])[0];
  }

  async getChildren(node?: Node): Promise<Node[]> {
    const children = await this.childrenOf(node);
    // The editor registers the rows a turn later (it still awaits their TreeItems). Only when a
    // click waits for them: no timer per call otherwise.
    if (this.rowWaiters > 0) setTimeout(() => this.handedOut.fire(), 0);
    return children;
  }

  /**
   * Resolves once the editor has asked for and registered rows again, or after `timeoutMs`.
   * A redraw makes the extension host forget the rows below the redrawn one until the editor
   * asks for them again; a click in between finds no selected row (commands/openIssue.ts).
   */
  nextChildren(timeoutMs: number): Promise<void> {
    this.rowWaiters++;
    return new Promise((resolve) => {
      const done = () => {
        this.rowWaiters--;
        clearTimeout(timer);
        listener.dispose();
        resolve();
      };
      const timer = setTimeout(done, timeoutMs);
      const listener = this.handedOut.event(done);
    });
  }

  private async childrenOf(node?: Node): Promise<Node[]> {
    try {
      if (!node) return await this.roots();
      switch (node.kind) {
        case 'report':
          return await this.reportChildren(node.report);
        case 'group':
          return this.groupChildren(node);
        case 'fix':
          return this.issueNodes(node.reportId, node.model, node.model.issuesOfFix(node.view.id));
        default:
          return [];
      }
    } catch (e) {
      return [errorNode(node ? `error:${nodeKey(node)}` : 'error:root', e, node?.kind === 'report' ? node.report.id : undefined)];
    }
  }

  private async roots(): Promise<Node[]> {
    // Without a base URL or key the welcome view (package.json viewsWelcome) explains what to do.
    if (this.connection.state.kind !== 'ready') return [];
    const reports = await this.store.reports();
    const matches = remoteMatcher(this.repositories.flatMap((r) => r.remotes));
    const nowMs = Date.now();
    const current = new Map<string, CurrentReason>();
    for (const repo of this.repositories) {
      // Every scanner's current report is marked: each feeds the Problems panel and the hover.
      for (const chosen of currentReports(reports, repo, nowMs, this.pins.pinned(repo.root))) {
        // Current for several repositories (same remote): a pin in any of them is what it says.
        if (current.get(chosen.report.id)?.kind !== 'pinned') current.set(chosen.report.id, chosen.reason);
        this.changes.want(chosen.report.id);
      }
    }
    this.reportNodes.clear();
    const nodes: Node[] = [];
    for (const report of reports) {
      if (!showsReport(this.filterValue, report)) continue;
      const node: ReportNode = {
        kind: 'report',
        report,
        matchesWorkspace: matches(report.repo?.originalUrl),
        current: current.get(report.id),
      };
      this.reportNodes.set(report.id, node);
      nodes.push(node);
    }
    if (nodes.length === 0) {
      nodes.push(
        message(
          'empty',
          reports.length ? l10n.t('No report matches the filter.') : l10n.t('The service has no fix reports.'),
          'info',
          reports.length ? { command: CommandId.ClearFilter, title: l10n.t('Clear filter') } : undefined,
        ),
      );
    }
    return nodes;
  }

  private async reportChildren(report: FixReportSummary): Promise<Node[]> {
    const reportId = report.id;
    const model = await this.store.report(report.id);
    const entry = this.store.entry(report.id);
    this.changes.want(report.id); // expanded: what changed since its previous scan is worth computing
    const f = this.filterValue;
    const children: Node[] = [];
    const fixes = f.falsePositivesOnly ? 0 : this.shown.fixes(reportId, model).length;
    const fps = this.shown.issues(reportId, model, model.falsePositives).length;
    const others = f.falsePositivesOnly ? 0 : this.shown.issues(reportId, model, model.otherIssues).length;
    if (fixes) children.push({ kind: 'group', reportId: report.id, group: 'fixes', count: fixes });
    const loading = entry?.issues;
    // Until paging is done, issue counts are what arrived so far: say "at least".
    const partial = loading !== undefined && loading.kind !== 'done';
    if (fps) children.push({ kind: 'group', reportId: report.id, group: 'false-positives', count: fps, partial });
    if (others) children.push({ kind: 'group', reportId: report.id, group: 'other', count: others, partial });
    if (loading && loading.kind !== 'done') children.push({ kind: 'loading', reportId: report.id, state: loading });
    if (children.length === 0)
      children.push(
        f.newOnly
          ? notNewMessage(report.id, this.changes.state(report.id))
          : message(
              `nothing:${report.id}`,
              model.fixes.length ? l10n.t('Nothing matches the filter.') : l10n.t('This report has no fixes or issues.'),
              'info',
            ),
      );
    return children;
  }

  private groupChildren(node: GroupNode): Node[] {
    const model = this.store.entry(node.reportId)?.model;
    if (!model) return [];
    const items = this.groupItems(node.reportId, model, node.group);
    if (!node.range && items.length > RANGE_SIZE) {
      const ranges: GroupNode[] = [];
      for (let start = 0; start < items.length; start += RANGE_SIZE) {
        ranges.push({ ...node, range: [start, Math.min(items.length, start + RANGE_SIZE)] });
      }
      return ranges;
    }
    const slice = node.range ? items.slice(node.range[0], node.range[1]) : items;
    if (node.group === 'fixes') {
      return (slice as FixNode['view'][]).map((view): FixNode => ({ kind: 'fix', reportId: node.reportId, view, model }));
    }
    return this.issueNodes(node.reportId, model, slice as HeldIssue[]);
  }

  private groupItems(reportId: string, model: ReportModel, group: GroupKind): readonly unknown[] {
    if (group === 'fixes') return this.shown.fixes(reportId, model);
    return this.shown.issues(reportId, model, group === 'false-positives' ? model.falsePositives : model.otherIssues);
  }

  private issueNodes(reportId: string, model: ReportModel, issues: readonly HeldIssue[]): IssueNode[] {
    const vendor = model.report.vulnerabilityReport?.vendor ?? this.store.entry(reportId)?.summary.vulnerabilityReport?.vendor ?? '';
    return issues.map((issue) => ({
      kind: 'issue',
      reportId,
      issue,
      vendor,
      model,
      summary: issue.fpId ? this.store.knownSummary(issue.fpId)?.text : undefined,
    }));
  }

  /** The report node currently shown for an id (for reveal and targeted refresh). */
  reportNode(reportId: string): ReportNode | undefined {
    return this.reportNodes.get(reportId);
  }
}

function nodeKey(node: Node): string {
  switch (node.kind) {
    case 'report':
      return node.report.id;
    case 'message':
      return node.id;
    default:
      return node.reportId;
  }
}
