// What the Fix Insights dashboard measures: the most recent reports of a scope (at most the
// securityFixReports.insights.maxReports setting), their fixes (the store's model of a report
// when it holds one, else a detail fetched for the dashboard alone, measure.ts) and the issues
// already paged for them. Issues are never paged just to draw the dashboard; "Load issues" in
// the page asks for that. Nothing here waits long without yielding (common/timeSlice).
import * as l10n from '@vscode/l10n';
import type { FixReportDetail, FixReportSummary } from '../../api/schemas';
import { readableVendor } from '../../common/scanners';
import { cleanText } from '../../common/text';
import { TimeSlicer } from '../../common/timeSlice';
import { mostRecent, selectReports } from '../../model/metrics';
import { reportTitle } from '../../model/reportList';
import type { Coverage, InsightsData, InsightsScope, ScopeChoice } from '../../webview/insights/protocol';
import { insightsCharts } from './charts';
import type { DetailMemo } from './detailMemo';
import { insightsTiles } from './glance';
import { measureReports, type HeldReports } from './measure';
import { pageTables } from './pageTables';

/** The setting's default (package.json): what a caller that passes no cap gets. */
const DEFAULT_MAX_REPORTS = 200;

/** What the dashboard reads of the store (ReportStore has it). */
export interface InsightsStore extends HeldReports {
  reports(): Promise<readonly FixReportSummary[]>;
  /** The report's fixes through the store (which keeps them): only when no fetchDetail is given. */
  reportDetail(reportId: string, signal?: AbortSignal): Promise<{ readonly report: FixReportDetail }>;
  /** Loads the report and pages its issues in the store ("Load issues"). */
  report(reportId: string): Promise<unknown>;
  issuesSettled(reportId: string): Promise<void>;
}

export interface GatherOptions {
  /** At most this many reports, the scope's most recent (default: the setting's default). */
  readonly maxReports?: number;
  /** Fetches a detail the store does not hold, without handing it to the store; default: through the store. */
  readonly fetchDetail?: (reportId: string, signal?: AbortSignal) => Promise<FixReportDetail>;
  /** Details fetched by earlier passes of the same panel. */
  readonly memo?: DetailMemo;
  readonly signal?: AbortSignal;
  readonly onProgress?: (done: number, total: number) => void;
  readonly slicer?: TimeSlicer;
  readonly nowMs?: number;
}

function scopeKey(scope: InsightsScope): string {
  switch (scope.kind) {
    case 'all':
    case 'workspace':
      return scope.kind;
    case 'vendor':
      return `vendor:${scope.vendor.toLowerCase()}`;
    case 'report':
      return `report:${scope.reportId}`;
  }
}

/** The reports a scope covers, in the list's order. */
function reportsIn(scope: InsightsScope, reports: readonly FixReportSummary[], workspaceRemotes: readonly string[]): FixReportSummary[] {
  switch (scope.kind) {
    case 'all':
      return [...reports];
    case 'workspace':
      return selectReports(reports, { kind: 'repositories', remotes: workspaceRemotes });
    case 'vendor':
      return selectReports(reports, { kind: 'vendor', vendor: scope.vendor });
    case 'report':
      return reports.filter((r) => r.id === scope.reportId);
  }
}

/**
 * The scope measured: the one asked for, except that the workspace's repositories (where the
 * dashboard opens) stand for all reports when no report is theirs, with a notice saying so.
 */
function measuredScope(
  scope: InsightsScope,
  reports: readonly FixReportSummary[],
  workspaceRemotes: readonly string[],
): { scope: InsightsScope; notice: string | null } {
  if (scope.kind !== 'workspace' || reportsIn(scope, reports, workspaceRemotes).length > 0) return { scope, notice: null };
  const notice =
    workspaceRemotes.length === 0
      ? l10n.t('This workspace has no Git repository with a remote: showing all reports.')
      : l10n.t('No report is for a repository of this workspace: showing all reports.');
  return { scope: { kind: 'all' }, notice };
}

/** The workspace's repositories (when they have reports), all reports, each scanner present, and the scope shown if it is a report. */
function scopeChoices(scope: InsightsScope, reports: readonly FixReportSummary[], workspaceRemotes: readonly string[]): ScopeChoice[] {
  const choice = (s: InsightsScope, label: string): ScopeChoice => ({ key: scopeKey(s), label, scope: s });
  const choices: ScopeChoice[] = [];
  const mine = reportsIn({ kind: 'workspace' }, reports, workspaceRemotes).length;
  if (mine > 0) choices.push(choice({ kind: 'workspace' }, l10n.t("This workspace's repositories ({0})", mine)));
  choices.push(choice({ kind: 'all' }, l10n.t('All reports ({0})', reports.length)));
  const vendors = new Map<string, { vendor: string; count: number }>();
  for (const r of reports) {
    const vendor = r.vulnerabilityReport?.vendor?.trim();
    if (!vendor) continue;
    const entry = vendors.get(vendor.toLowerCase()) ?? { vendor, count: 0 };
    entry.count++;
    vendors.set(vendor.toLowerCase(), entry);
  }
  for (const { vendor, count } of [...vendors.values()].sort((a, b) => b.count - a.count || (a.vendor < b.vendor ? -1 : 1)))
    choices.push(choice({ kind: 'vendor', vendor }, `${readableVendor(vendor)} (${count})`));
  if (scope.kind === 'report') {
    const report = reports.find((r) => r.id === scope.reportId);
    choices.push(
      choice(
        scope,
        report
          ? l10n.t('This report: {0}', `${reportTitle(report)} · ${readableVendor(report.vulnerabilityReport?.vendor)}`)
          : l10n.t('This report'),
      ),
    );
  }
  return choices;
}

/**
 * The metrics of a scope's most recent reports from what the store has (fetching the details it
 * lacks). Aborted (options.signal), it returns the metrics of the reports measured until then,
 * marked cancelled.
 */
export async function gatherInsights(
  store: InsightsStore,
  requested: InsightsScope,
  workspaceRemotes: readonly string[],
  options: GatherOptions = {},
): Promise<InsightsData> {
  const slicer = options.slicer ?? new TimeSlicer();
  const all = await store.reports();
  const maxReports = options.maxReports ?? DEFAULT_MAX_REPORTS;
  const { scope, notice } = measuredScope(requested, all, workspaceRemotes);
  const selected = mostRecent(reportsIn(scope, all, workspaceRemotes), maxReports);
  if (slicer.due) await slicer.yield();
  const measured = await measureReports(store, selected.reports, {
    fetchDetail: options.fetchDetail ?? (async (id, signal) => (await store.reportDetail(id, signal)).report),
    memo: options.memo,
    memoMax: maxReports,
    signal: options.signal,
    onProgress: options.onProgress,
    slicer,
  });
  const { metrics, withFixes, withIssues, issuesComplete, withIssueIds, failed, cancelled } = measured;
  if (slicer.due) await slicer.yield();
  const coverage: Coverage = {
    reports: selected.reports.length,
    inScope: selected.total,
    maxReports,
    withFixes,
    withIssues,
    issuesComplete,
    failed,
    cancelled,
  };
  const choices = scopeChoices(scope, all, workspaceRemotes);
  if (slicer.due) await slicer.yield();
  // Server text goes into a webview: every string the page shows is one clean line (common/text).
  // Scopes stay as they are: the page sends them back to select reports.
  const loaded = { fixes: withFixes > 0, issues: withIssues > 0, reportIssues: (id: string) => withIssueIds.has(id) };
  return {
    type: 'data',
    scope,
    requested,
    notice,
    choices: choices.map((c) => ({ ...c, label: cleanText(c.label) })),
    tiles: cleaned(insightsTiles(metrics, coverage)),
    charts: cleaned(insightsCharts(metrics, coverage)),
    metrics: cleaned(metrics),
    tables: cleaned(pageTables(metrics, loaded)),
    coverage: cleaned(coverage),
    computedAt: new Date(options.nowMs ?? Date.now()).toISOString(),
  };
}

/** A copy of plain JSON data with every string through cleanText. */
function cleaned<T>(value: T): T {
  if (typeof value === 'string') return cleanText(value) as T;
  if (Array.isArray(value)) return value.map(cleaned) as T;
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, cleaned(v)])) as T;
  return value;
}

/**
 * Pages the issues of the scope's measured reports (its most recent, as gatherInsights) that have
 * none loaded yet, two reports at a time. The store keeps them, as for a report expanded in the tree.
 */
export async function loadIssues(
  store: InsightsStore,
  scope: InsightsScope,
  workspaceRemotes: readonly string[],
  maxReports = DEFAULT_MAX_REPORTS,
): Promise<void> {
  const all = await store.reports();
  const measured = mostRecent(reportsIn(measuredScope(scope, all, workspaceRemotes).scope, all, workspaceRemotes), maxReports).reports;
  const reports = measured.filter((r) => !store.entry(r.id)?.issues);
  let next = 0;
  const worker = async () => {
    while (next < reports.length) {
      const id = reports[next++]!.id;
      // A failure is reported by the store (log and notification) and shows in the coverage line.
      await store.report(id).then(
        () => store.issuesSettled(id),
        () => undefined,
      );
    }
  };
  await Promise.all([worker(), worker()]);
}
