// Shared by the integration suites (runs inside the extension host): the extension's API, a
// sandbox service started in-process, connecting the extension to it through user settings
// and the real Set Service Key command, waiting on the extension's own events, and the
// expected tree computed straight from the sandbox's dataset (never from src/model).
import { strict as assert } from 'node:assert';
import { existsSync } from 'node:fs';
import { mkdir, copyFile } from 'node:fs/promises';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { ExtensionApi } from '../../../src/extension';
import type {
  CodeNode,
  SandboxFix as Fix,
  SandboxIssue as Issue,
  SandboxReportDetail as FixReportDetail,
} from '../../../tools/sandbox/generator';
import type { GroupNode, IssueNode, Node, ReportNode } from '../../../src/views/nodes';
import { CommandId } from '../../../src/common/manifest';
import { startSandbox, type Sandbox, type SandboxOptions } from '../../../tools/sandbox/server';
import { FIXTURE_BRANCH, FIXTURE_REMOTE } from '../../../tools/editor/workspace';
import { waitFor } from '../../support/waitFor';

export { waitFor };

export const EXTENSION_ID = 'security-fix-reports.security-fix-reports';
export { CommandId };

/** Every key any test used, right or wrong: none may ever reach the log. */
export const keysUsed = new Set<string>();

/** The dataset most suites share: 10 ordinary reports (3 expired), a 2,500-issue report and hostile text. */
const MAIN_DATASET = { seed: 9, reports: 10, issuesPerReport: [40, 300] as [number, number], bigReportIssues: 2500, hostileText: true };

export async function extensionApi(): Promise<ExtensionApi> {
  const extension = vscode.extensions.getExtension<ExtensionApi>(EXTENSION_ID);
  assert.ok(extension, `${EXTENSION_ID} is installed`);
  const api = extension.isActive ? extension.exports : await extension.activate();
  await api.ready;
  return api;
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Waits until the extension stops reacting: no store/connection event for `quietMs`. Setting
 * changes and stored keys are handled asynchronously (reload, then refresh), so request
 * counts are only meaningful once this settles.
 */
export async function quiet(quietMs = 300, maxMs = 10_000): Promise<void> {
  const { services } = await extensionApi();
  let last = Date.now();
  const bump = () => {
    last = Date.now();
  };
  const subs = [services.store.onDidChange(bump), services.connection.onDidChange(bump)];
  try {
    const deadline = Date.now() + maxMs;
    while (Date.now() - last < quietMs && Date.now() < deadline) await sleep(50);
  } finally {
    subs.forEach((s) => s.dispose());
  }
}

export async function sandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const started = await startSandbox(options);
  keysUsed.add(started.key);
  return started;
}

let shared: Promise<Sandbox> | undefined;

/** One sandbox over MAIN_DATASET for the whole run (closed by the root hook in log.test). */
export function mainSandbox(): Promise<Sandbox> {
  shared ??= sandbox({ dataset: MAIN_DATASET });
  return shared;
}

/** MAIN_DATASET with two earlier scans of each of the workspace repository's reports (the demo has them). */
export const RESCANS_DATASET = { ...MAIN_DATASET, hostileText: false, rescans: 2 };

export async function closeMainSandbox(): Promise<void> {
  const s = await shared;
  shared = undefined;
  await s?.close();
}

export function userSetting<T>(name: string): T | undefined {
  return vscode.workspace.getConfiguration().inspect<T>(name)?.globalValue;
}

/** Writes a user-level (global) setting; `undefined` removes it. */
export async function setUserSetting(name: string, value: unknown): Promise<void> {
  await vscode.workspace.getConfiguration().update(name, value, vscode.ConfigurationTarget.Global);
}

/**
 * Points the extension at `target` through the user-level base URL and stores its key with
 * the real command (one validating request), drops whatever was loaded, then waits until
 * everything settled.
 */
export async function connectTo(target: Sandbox, key = target.key): Promise<ExtensionApi> {
  const api = await extensionApi();
  const { connection } = api.services;
  if (userSetting('securityFixReports.baseURL') !== target.baseUrl) {
    await setUserSetting('securityFixReports.baseURL', target.baseUrl);
  }
  await waitFor(() => connection.origin === target.origin, `the connection to use ${target.origin}`);
  if (connection.state.kind !== 'ready' || (await api.services.keys.get(target.origin)) !== key) {
    const stored = await vscode.commands.executeCommand<boolean>(CommandId.SetServiceKey, { key });
    assert.equal(stored, true, `the key for ${target.origin} was accepted`);
  }
  await waitFor(() => connection.state.kind === 'ready', 'the connection to be ready');
  // Each suite starts from nothing loaded: connecting to the service already in use (same
  // origin, same key) changes nothing in the extension, so it keeps what it had loaded.
  api.services.store.reset();
  await quiet();
  await vscode.commands.executeCommand('notifications.clearAll');
  return api;
}

/** The secret as the extension stores it: SecretStorage, under the origin. */
export function secretName(origin: string): string {
  return `securityFixReports.key:${origin}`;
}

// ---- the tree ---------------------------------------------------------------------------

export async function rootNodes(): Promise<ReportNode[]> {
  const { tree } = (await extensionApi()).services;
  const roots = await tree.getChildren();
  return roots.filter((n): n is ReportNode => n.kind === 'report');
}

export async function childrenOf(node: Node): Promise<Node[]> {
  return (await extensionApi()).services.tree.getChildren(node);
}

/** The item as the editor shows it on hover: getTreeItem, then resolveTreeItem (the tooltip). */
export async function treeItem(node: Node): Promise<vscode.TreeItem> {
  const { tree } = (await extensionApi()).services;
  return tree.resolveTreeItem(tree.getTreeItem(node), node);
}

export function labelOf(item: vscode.TreeItem): string {
  const label = item.label;
  return typeof label === 'string' ? label : (label?.label ?? '');
}

export function tooltipOf(item: vscode.TreeItem): vscode.MarkdownString {
  assert.ok(item.tooltip instanceof vscode.MarkdownString, `tooltip of ${labelOf(item)} is a MarkdownString`);
  return item.tooltip;
}

/** The report's node with its detail loaded and its issue paging finished (or paused). */
export async function loadedReport(reportId: string): Promise<ReportNode> {
  const { store } = (await extensionApi()).services;
  const node = (await rootNodes()).find((n) => n.report.id === reportId);
  assert.ok(node, `report ${reportId} is in the tree`);
  await store.report(reportId);
  await store.issuesSettled(reportId);
  return node;
}

/** A group's items, following ranges of 1,000 when the group is split. */
export async function groupItems(group: GroupNode): Promise<Node[]> {
  const children = await childrenOf(group);
  const out: Node[] = [];
  for (const child of children) {
    if (child.kind === 'group') out.push(...(await childrenOf(child)));
    else out.push(child);
  }
  return out;
}

export async function groupOf(report: ReportNode, kind: GroupNode['group']): Promise<GroupNode | undefined> {
  const children = await childrenOf(report);
  return children.find((n): n is GroupNode => n.kind === 'group' && n.group === kind && !n.range);
}

/** The FP issue nodes of a report, as the tree shows them. */
export async function falsePositiveNodes(reportId: string): Promise<IssueNode[]> {
  const report = await loadedReport(reportId);
  const group = await groupOf(report, 'false-positives');
  assert.ok(group, `report ${reportId} has a False positives group`);
  return (await groupItems(group)).filter((n): n is IssueNode => n.kind === 'issue');
}

// ---- expected data, from the sandbox's dataset ------------------------------------------

export interface ExpectedReport {
  detail: FixReportDetail;
  fixes: Fix[];
  issues: Issue[];
  /** Fix id → its issues (false positives excluded), in arrival (chronological) order. */
  issuesOfFix: Map<string, Issue[]>;
  falsePositives: Issue[];
  others: Issue[];
}

export function isFalsePositiveIssue(issue: Issue): boolean {
  return (
    issue.state === 'FalsePositive' ||
    issue.vulnerabilityReportIssueTags.some((t) => t.vulnerability_report_issue_tag_value === 'FALSE_POSITIVE')
  );
}

export function expectedReport(s: Sandbox, reportId: string): ExpectedReport {
  const detail = s.dataset.detail(reportId);
  assert.ok(detail, `the sandbox has report ${reportId}`);
  const issues = s.dataset.issueRange(reportId, 0, s.dataset.issueCount(reportId));
  const listedBy = new Map<string, string>();
  for (const fix of detail.fixes) for (const ref of fix.vulnerabilityReportIssues) if (!listedBy.has(ref.id)) listedBy.set(ref.id, fix.id);
  const issuesOfFix = new Map<string, Issue[]>(detail.fixes.map((f) => [f.id, []]));
  const falsePositives: Issue[] = [];
  const others: Issue[] = [];
  for (const issue of issues) {
    const fixId = listedBy.get(issue.id);
    if (isFalsePositiveIssue(issue)) falsePositives.push(issue);
    else if (fixId !== undefined) issuesOfFix.get(fixId)?.push(issue);
    else others.push(issue);
  }
  return { detail, fixes: detail.fixes, issues, issuesOfFix, falsePositives, others };
}

/** Reports in the order the tree must show them: workspace repository first, unexpired before expired, newest first. */
export function expectedOrder(s: Sandbox, workspaceRemote: string, nowMs = Date.now()): string[] {
  const local = (url: string | null | undefined) => (url === workspaceRemote ? 0 : 1);
  const expired = (at: string | null) => (at !== null && Date.parse(at) <= nowMs ? 1 : 0);
  return [...s.dataset.reports]
    .sort(
      (a, b) =>
        local(a.repo?.originalUrl) - local(b.repo?.originalUrl) ||
        expired(a.expirationOn) - expired(b.expirationOn) ||
        Date.parse(b.createdOn ?? '') - Date.parse(a.createdOn ?? '') ||
        (a.id < b.id ? -1 : 1),
    )
    .map((r) => r.id);
}

// ---- markdown --------------------------------------------------------------------------

/** What a reader sees of server text in a tooltip (common/text markdownLiteral, or appendText):
 * escapes and &nbsp; undone (structure kept). Any ASCII punctuation may be backslash-escaped. */
export function plainText(markdown: string): string {
  return markdown
    .replace(/(?<!\\)\*\*/g, '') // our own **bold** markers
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<') // tooltips write server `<` as an entity
    .replace(/\\([!-/:-@[-`{-~])/g, '$1');
}

/** The SQL-ish `2026-10-31T02:38:39.472647+00:00` → `2026-10-31 02:38:39 UTC` (sandbox times are UTC). */
export function utcDate(timestamp: string): string {
  return `${timestamp.slice(0, 10)} ${timestamp.slice(11, 19)} UTC`;
}

// ---- the workspace ----------------------------------------------------------------------

function workspaceRoot(): vscode.Uri {
  const folder = vscode.workspace.workspaceFolders?.[0];
  assert.ok(folder, 'the runner opens a workspace folder');
  return folder.uri;
}

export function workspaceFile(relative: string): vscode.Uri {
  return vscode.Uri.joinPath(workspaceRoot(), ...relative.split('/'));
}

/**
 * The runners install test/fixtures/workspace/git-config as .git/config; a runner that only
 * copies the fixture (test-electron) gets it here, before the first report list is loaded.
 */
export async function ensureGitConfig(): Promise<void> {
  const root = workspaceRoot().fsPath;
  const target = path.join(root, '.git', 'config');
  const source = path.join(root, 'git-config');
  if (existsSync(target) || !existsSync(source)) return;
  await mkdir(path.dirname(target), { recursive: true });
  await copyFile(source, target);
}

/**
 * An issue's sink: the last node of its trace by index (where scanners report a result). As a
 * CodeNode: a repository without hostile locations sends numbers and a path.
 */
export function sinkOf(issue: Issue): CodeNode | undefined {
  const nodes = [...((issue.codeNodes ?? []) as unknown as CodeNode[])].sort((a, b) => a.index - b.index);
  return nodes[nodes.length - 1];
}

/**
 * The report the extension must take as current for the sample workspace, chosen here without
 * its code: the newest live one for the checked-out branch, else the newest.
 */
export function expectedCurrent(service: Sandbox): string {
  const mine = service.dataset.reports.filter((r) => r.repo?.originalUrl === FIXTURE_REMOTE);
  const live = mine.filter((r) => r.repo?.reference === FIXTURE_BRANCH && !(r.expirationOn && Date.parse(r.expirationOn) <= Date.now()));
  return [...(live.length ? live : mine)].sort((a, b) => Date.parse(b.createdOn ?? '') - Date.parse(a.createdOn ?? ''))[0]!.id;
}
