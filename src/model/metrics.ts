// Lifecycle metrics of fix reports: per report or over a set of reports, editor-free
// so the CLI, the exports and the dashboard share one computation. The parts live in ./metrics/;
// this module is their one entry point. Definitions: docs/metrics.md.
export { MetricsBuilder, metricsOf, type MetricsInput } from './metrics/builder';
export { mostRecent, selectReports, type ReportSelection } from './metrics/selection';
export { percentile } from './metrics/stats';
export { FIX_TABLES, metricsTables, percentOf, type Loaded, type MetricsTable } from './metrics/tables';
export type * from './metrics/types';
