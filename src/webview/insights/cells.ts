// How a metrics table cell reads on the Fix Insights page (and in the UI check that compares the
// page with the CLI's numbers): counts with thousands separators, anything missing as a dash.
import type { MetricsTable } from '../../model/metrics/tables';
import { formatCount } from '../../common/text';

type Cell = MetricsTable['rows'][number][number];
type Kind = MetricsTable['columns'][number]['kind'];

/** What the page shows for a value it does not know (a report not loaded yet), never 0. */
export const UNKNOWN = '—';

export function cellText(value: Cell, kind: Kind): string {
  if (value === null) return UNKNOWN;
  if (typeof value === 'string') return value;
  return kind === 'count' ? formatCount(value) : String(value);
}
