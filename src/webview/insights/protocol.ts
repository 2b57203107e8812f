// Messages between the Fix Insights panel (src/views/insights) and its webview script (./main.ts).
// Everything crosses as JSON data: the webview renders server text as text nodes only.
// The page type-checks without Node: it imports the metrics' type modules, not their entry point.
import type { Metrics } from '../../model/metrics/types';
import type { MetricsTable } from '../../model/metrics/tables';

/** Which reports the dashboard measures. */
export type InsightsScope =
  | { readonly kind: 'all' }
  | { readonly kind: 'workspace' }
  | { readonly kind: 'vendor'; readonly vendor: string }
  | { readonly kind: 'report'; readonly reportId: string };

export interface ScopeChoice {
  /** A key for the radio button: `all`, `workspace`, `vendor:<name>`, `report:<id>`. */
  readonly key: string;
  readonly label: string;
  readonly scope: InsightsScope;
}

/** How much of the scope the numbers cover: fixes need each report's detail, noise its issues. */
export interface Coverage {
  /** Reports measured: the scope's most recent, at most `maxReports`. */
  readonly reports: number;
  /** Reports in the scope; those beyond `reports` were left out. */
  readonly inScope: number;
  /** The cap (securityFixReports.insights.maxReports). */
  readonly maxReports: number;
  /** Reports whose fixes are counted. */
  readonly withFixes: number;
  /** Reports with issues loaded, and of those, with every page loaded. */
  readonly withIssues: number;
  readonly issuesComplete: number;
  /** Reports whose detail could not be fetched, with why (what to do is in the message). */
  readonly failed: readonly { readonly title: string; readonly message: string }[];
  /** The user cancelled: the numbers cover the reports measured until then. */
  readonly cancelled: boolean;
}

export interface InsightsData {
  readonly type: 'data';
  readonly scope: InsightsScope;
  readonly choices: readonly ScopeChoice[];
  readonly metrics: Metrics;
  readonly tables: readonly MetricsTable[];
  readonly coverage: Coverage;
  /** ISO timestamp of the computation. */
  readonly computedAt: string;
}

/** The panel says it is gathering data (details being fetched) before the next InsightsData. */
interface InsightsBusy {
  readonly type: 'busy';
  readonly message: string;
}

export type ToWebview = InsightsData | InsightsBusy;

export type FromWebview =
  | { readonly type: 'ready' }
  | { readonly type: 'scope'; readonly scope: InsightsScope }
  | { readonly type: 'loadIssues' }
  | { readonly type: 'rendered'; readonly charts: number; readonly tables: number; readonly colours: readonly string[] }
  | { readonly type: 'cspViolation'; readonly directive: string; readonly blocked: string };

/** What the webview keeps through a reload (vscode.setState), for the panel serializer. */
export interface InsightsState {
  readonly scope: InsightsScope;
}
