// How a metrics table cell reads on the Fix Insights page (and in the UI check that compares the
// page with the CLI's numbers): counts with thousands separators, anything missing as a dash.
import type { MetricsTable } from '../../model/metrics/tables';

type Cell = MetricsTable['rows'][number][number];
type Kind = MetricsTable['columns'][number]['kind'];

export function cellText(value: Cell, kind: Kind): string {
  if (value === null) return '—';
  if (typeof value === 'string') return value;
  return kind === 'count' ? value.toLocaleString('en-US') : String(value);
}
