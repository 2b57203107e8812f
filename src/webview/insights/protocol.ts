// Messages between the Fix Insights panel (src/views/insights) and its webview script (./main.ts).
// Everything crosses as JSON data: the webview renders server text as text nodes only.
// The page type-checks without Node: it imports the metrics' type modules, not their entry point.
import type { Metrics } from '../../model/metrics/types';
import type { MetricsTable } from '../../model/metrics/tables';
import type { SeriesColour } from './colours';

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

/** One headline figure, shown above the charts: its value as text ("—" when unknown). */
export interface Tile {
  readonly id: 'fixes' | 'committed' | 'time-to-commit' | 'false-positives';
  readonly label: string;
  readonly value: string;
  /** What the value is over ("539 of 1,104 fixes"), or why it is unknown. */
  readonly detail: string;
  /** The one-line definition (the tile's tooltip). */
  readonly definition: string;
}

export interface ChartSeries {
  readonly label: string;
  readonly values: readonly number[];
  /** What the series means, one for the whole series or one per bar (colours.ts picks the colour). */
  readonly colour: SeriesColour | readonly SeriesColour[];
}

/** A chart as the page draws it: only series with a value other than zero. */
export interface ChartData {
  readonly id: string;
  readonly title: string;
  /** For screen readers, with the canvas. */
  readonly summary: string;
  /** A visible line under the title: the definitions the chart depends on; empty for none. */
  readonly caption: string;
  readonly type: 'bar' | 'line';
  /** Bars along the y axis. */
  readonly horizontal: boolean;
  /** The value axis' upper bound (percentages), or null. */
  readonly max: number | null;
  readonly labels: readonly string[];
  readonly series: readonly ChartSeries[];
  /** Shown instead of the chart when no series is left, else null. */
  readonly empty: string | null;
  /** The tables shown under it, by id. */
  readonly tables: readonly string[];
}

export interface InsightsData {
  readonly type: 'data';
  /** The reports measured: the one asked for, or all reports when the workspace's repositories have none. */
  readonly scope: InsightsScope;
  /** The scope asked for, which the page keeps through a reload. */
  readonly requested: InsightsScope;
  /** Why `scope` is not the one asked for, or null. */
  readonly notice: string | null;
  readonly choices: readonly ScopeChoice[];
  readonly tiles: readonly Tile[];
  readonly charts: readonly ChartData[];
  readonly metrics: Metrics;
  /** The page's tables: metricsTables' with durations in days or hours and "unknown" as null. */
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
  | {
      readonly type: 'rendered';
      /** Charts drawn, and charts shown as a "no data" line. */
      readonly charts: number;
      readonly emptyCharts: number;
      readonly tiles: number;
      readonly tables: number;
      /** The colour table as the theme resolves it, in its order. */
      readonly colours: readonly string[];
    }
  | { readonly type: 'cspViolation'; readonly directive: string; readonly blocked: string };

/** What the webview keeps through a reload (vscode.setState), for the panel serializer. */
export interface InsightsState {
  readonly scope: InsightsScope;
}
