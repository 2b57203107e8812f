// One pass over the tree of both big reports through a TreeDataProvider, the way the editor
// asks for it: getChildren(node), then getTreeItem for every child. Runs inside the
// extension host against the sandbox service; nothing here imports the editor API.
import type { FixReportSummary } from '../../src/api/schemas';
import type { GroupKind, Node } from '../../src/views/nodes';
import type { TreeRun } from './types';

/** The parts of ReportsTree and ReportStore a pass uses (the shipped ones, or tsc's copies). */
export interface Provider {
  getChildren(node?: Node): Promise<Node[]>;
  getTreeItem(node: Node): unknown;
}

export interface Store {
  reset(): void;
  issuesSettled(reportId: string): Promise<void>;
  entry(
    reportId: string,
  ): { model?: { issueCount: number; fixes: readonly unknown[] }; issues?: { kind: string; received: number } } | undefined;
}

export interface Reports {
  reportId: string;
  fpReportId: string;
  issues: number;
  fpIssues: number;
}

/** Children of `node` plus their TreeItems: what one expansion costs the extension. */
async function expand(tree: Provider, node?: Node): Promise<Node[]> {
  const children = await tree.getChildren(node);
  for (const child of children) tree.getTreeItem(child);
  return children;
}

async function timedExpand(tree: Provider, node?: Node): Promise<{ ms: number; children: Node[] }> {
  const started = performance.now();
  const children = await expand(tree, node);
  return { ms: performance.now() - started, children };
}

async function repeat(reps: number, tree: Provider, node: Node): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < reps; i++) times.push((await timedExpand(tree, node)).ms);
  return times;
}

export function reportNode(nodes: Node[], id: string): Node {
  const node = nodes.find((n) => n.kind === 'report' && (n.report as FixReportSummary).id === id);
  if (!node) throw new Error(`report ${id} is not among the roots: ${describe(nodes)}`);
  return node;
}

function groupNode(nodes: Node[], group: GroupKind): Node {
  const node = nodes.find((n) => n.kind === 'group' && n.group === group && !n.range);
  if (!node) throw new Error(`no "${group}" group among ${describe(nodes)}`);
  return node;
}

function first(nodes: Node[], what: string): Node {
  if (!nodes[0]) throw new Error(`${what}: no children`);
  return nodes[0];
}

function describe(nodes: Node[]): string {
  return (
    nodes.map((n) => (n.kind === 'message' ? `message "${n.label}"` : n.kind === 'group' ? `group ${n.group}` : n.kind)).join(', ') ||
    'nothing'
  );
}

/** Waits for a report's issue paging to stop and checks it completed. */
export async function allIssues(store: Store, reportId: string, expected: number): Promise<void> {
  await store.issuesSettled(reportId);
  const entry = store.entry(reportId);
  if (entry?.issues?.kind !== 'done' || entry.model?.issueCount !== expected) {
    throw new Error(
      `report ${reportId}: paging ended as ${entry?.issues?.kind ?? 'nothing'} with ${entry?.model?.issueCount ?? 0} of ${expected} issues`,
    );
  }
}

export async function treeRun(tree: Provider, store: Store, reports: Reports, reps: number): Promise<TreeRun> {
  store.reset();
  const roots = await timedExpand(tree);
  const report = reportNode(roots.children, reports.reportId);
  const fpReport = reportNode(roots.children, reports.fpReportId);

  // Report with 10k fixes, cold: the detail request, the model, the group items.
  const started = performance.now();
  const groups = await expand(tree, report);
  const firstLevelMs = performance.now() - started;
  const issuesAtFirstLevel = store.entry(reports.reportId)?.issues?.received ?? 0;
  // Deeper levels while the issue pages still stream in (the same thread decodes them).
  const rangesDuringLoad = await timedExpand(tree, groupNode(groups, 'fixes'));
  const rangeDuringLoad = await timedExpand(tree, first(rangesDuringLoad.children, 'fixes group'));
  await allIssues(store, reports.reportId, reports.issues);
  const allIssuesMs = performance.now() - started;

  const settledGroups = await expand(tree, report);
  const fixes = groupNode(settledGroups, 'fixes');
  const ranges = await expand(tree, fixes);
  const fixRange = first(ranges, 'fixes group');
  const fixRangeItems = (await expand(tree, fixRange)).length;
  const reportLevelMs = await repeat(reps, tree, report);
  const fixRangesMs = await repeat(reps, tree, fixes);
  const fixRangeMs = await repeat(reps, tree, fixRange);

  // The report whose 100k issues are all false positives.
  const fpStarted = performance.now();
  await expand(tree, fpReport);
  const fpFirstLevelMs = performance.now() - fpStarted;
  await allIssues(store, reports.fpReportId, reports.fpIssues);
  const fpAllIssuesMs = performance.now() - fpStarted;
  const fpGroups = await expand(tree, fpReport);
  const fpGroup = groupNode(fpGroups, 'false-positives');
  const fpRanges = await expand(tree, fpGroup);
  const fpRange = first(fpRanges, 'false-positives group');
  const fpRangeItems = (await expand(tree, fpRange)).length;
  const fpReportLevelMs = await repeat(reps, tree, fpReport);
  const fpRangesMs = await repeat(reps, tree, fpGroup);
  const fpRangeMs = await repeat(reps, tree, fpRange);

  return {
    rootsMs: roots.ms,
    firstLevelMs,
    issuesAtFirstLevel,
    allIssuesMs,
    fixRangesDuringLoadMs: rangesDuringLoad.ms,
    fixRangeDuringLoadMs: rangeDuringLoad.ms,
    reportLevelMs,
    fixRangesMs,
    fixRangeMs,
    fpFirstLevelMs,
    fpAllIssuesMs,
    fpReportLevelMs,
    fpRangesMs,
    fpRangeMs,
    counts: {
      fixes: store.entry(reports.reportId)?.model?.fixes.length ?? 0,
      issues: store.entry(reports.reportId)?.model?.issueCount ?? 0,
      fpIssues: store.entry(reports.fpReportId)?.model?.issueCount ?? 0,
      fixRangeItems,
      fpRanges: fpRanges.length,
      fpRangeItems,
    },
  };
}

/**
 * On reports already loaded: expands one range of 1,000 fixes and one of 1,000 false
 * positives `reps` times each, so a profile of it shows what building tree items costs.
 */
export async function expandLoadedRanges(tree: Provider, reports: Reports, reps: number): Promise<void> {
  const roots = await tree.getChildren();
  const fixRange = first(
    await tree.getChildren(groupNode(await tree.getChildren(reportNode(roots, reports.reportId)), 'fixes')),
    'fixes group',
  );
  const fpRange = first(
    await tree.getChildren(groupNode(await tree.getChildren(reportNode(roots, reports.fpReportId)), 'false-positives')),
    'false-positives group',
  );
  for (let i = 0; i < reps; i++) {
    await expand(tree, fixRange);
    await expand(tree, fpRange);
  }
}
