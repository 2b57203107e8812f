// The dashboard's tables: the CLI's (model/metrics metricsTables), with what the dashboard has not
// loaded yet as unknown rather than 0, and durations read as days or hours. The CLI keeps a day
// count and milliseconds, numbers a script can use; on the page the same span once, readable.
import { metricsTables, type Loaded, type Metrics, type MetricsTable } from '../../model/metrics';
import { durationText } from '../timeText';

export function pageTables(m: Metrics, loaded: Loaded): MetricsTable[] {
  return metricsTables(m, loaded).map((t) => (t.columns.some((c) => c.kind === 'ms') ? readableDurations(t) : t));
}

/** Day-count columns left out, millisecond columns as "3.2 days" or "5 h" (unknown stays null). */
function readableDurations(t: MetricsTable): MetricsTable {
  const kept = t.columns.flatMap((column, at) => (column.kind === 'days' ? [] : [{ column, at }]));
  return {
    ...t,
    columns: kept.map(({ column }) =>
      column.kind === 'ms' ? { ...column, kind: 'duration' as const, title: column.title.replace(/ \(ms\)$/, '') } : column,
    ),
    rows: t.rows.map((row) =>
      kept.map(({ column, at }) => {
        const cell = row[at] ?? null;
        return column.kind === 'ms' && typeof cell === 'number' ? durationText(cell) : cell;
      }),
    ),
  };
}
