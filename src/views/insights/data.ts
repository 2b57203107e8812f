// What the Fix Insights dashboard measures: the reports of a scope, their fixes (each report's
// detail, memoised by the store, four at a time) and the issues already paged for them. Issues
// are never paged just to draw the dashboard; "Load issues" in the page asks for that.
import type { FixReportSummary } from '../../api/schemas';
import { readableVendor } from '../../common/scanners';
import { cleanText } from '../../common/text';
import { MetricsBuilder, metricsTables, selectReports } from '../../model/metrics';
import { reportTitle } from '../../model/reportList';
import type { ReportStore } from '../../editor/reportStore';
import type { Coverage, InsightsData, InsightsScope, ScopeChoice } from '../../webview/insights/protocol';

const DETAIL_CONCURRENCY = 4;

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

/** All reports, the workspace's (when it has any), each scanner present, and the scope shown if it is a report. */
function scopeChoices(scope: InsightsScope, reports: readonly FixReportSummary[], workspaceRemotes: readonly string[]): ScopeChoice[] {
  const choice = (s: InsightsScope, label: string): ScopeChoice => ({ key: scopeKey(s), label, scope: s });
  const choices = [choice({ kind: 'all' }, `All reports (${reports.length})`)];
  const mine = reportsIn({ kind: 'workspace' }, reports, workspaceRemotes).length;
  if (mine > 0) choices.push(choice({ kind: 'workspace' }, `This workspace's repositories (${mine})`));
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
      choice(scope, report ? `This report: ${reportTitle(report)} · ${readableVendor(report.vulnerabilityReport?.vendor)}` : 'This report'),
    );
  }
  return choices;
}

/** The metrics of a scope from what the store has (fetching the details it lacks). */
export async function gatherInsights(
  store: ReportStore,
  scope: InsightsScope,
  workspaceRemotes: readonly string[],
  nowMs = Date.now(),
): Promise<InsightsData> {
  const all = await store.reports();
  const reports = reportsIn(scope, all, workspaceRemotes);
  const failed: { title: string; message: string }[] = [];
  const queue = [...reports];
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const report = next;
      await store.reportDetail(report.id).catch((e: unknown) => {
        failed.push({ title: reportTitle(report), message: e instanceof Error ? e.message : String(e) });
      });
    }
  };
  await Promise.all(Array.from({ length: DETAIL_CONCURRENCY }, worker));

  const builder = new MetricsBuilder();
  let withFixes = 0;
  let withIssues = 0;
  let issuesComplete = 0;
  for (const summary of reports) {
    const entry = store.entry(summary.id);
    const model = entry?.model;
    if (!model) continue;
    builder.addReport(model.report, summary);
    withFixes++;
    if (!entry.issues) continue;
    builder.addIssues(summary, model.issues());
    withIssues++;
    if (entry.issues.kind === 'done') issuesComplete++;
  }
  const metrics = builder.result();
  const coverage: Coverage = { reports: reports.length, withFixes, withIssues, issuesComplete, failed };
  // Server text goes into a webview: every string the page shows is one clean line (common/text).
  // Scopes stay as they are: the page sends them back to select reports.
  return {
    type: 'data',
    scope,
    choices: scopeChoices(scope, all, workspaceRemotes).map((c) => ({ ...c, label: cleanText(c.label) })),
    metrics: cleaned(metrics),
    tables: cleaned(metricsTables(metrics)),
    coverage: cleaned(coverage),
    computedAt: new Date(nowMs).toISOString(),
  };
}

/** A copy of plain JSON data with every string through cleanText. */
function cleaned<T>(value: T): T {
  if (typeof value === 'string') return cleanText(value) as T;
  if (Array.isArray(value)) return value.map(cleaned) as T;
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, cleaned(v)])) as T;
  return value;
}

/** Pages the issues of the scope's reports that have none loaded yet, two reports at a time. */
export async function loadIssues(store: ReportStore, scope: InsightsScope, workspaceRemotes: readonly string[]): Promise<void> {
  const reports = reportsIn(scope, await store.reports(), workspaceRemotes).filter((r) => !store.entry(r.id)?.issues);
  const worker = async () => {
    for (let next = reports.shift(); next; next = reports.shift()) {
      const id = next.id;
      // A failure is reported by the store (log and notification) and shows in the coverage line.
      await store.report(id).then(
        () => store.issuesSettled(id),
        () => undefined,
      );
    }
  };
  await Promise.all([worker(), worker()]);
}
