// The tables on the Fix Insights page: the CLI's tables with durations read as hours or days
// (never milliseconds) and "—" for a figure not loaded yet, as the page's cells show them.
import { strict as assert } from 'node:assert';
import { metricsTables } from '../../../src/model/metrics';
import { pageTables } from '../../../src/views/insights/pageTables';
import { cellText } from '../../../src/webview/insights/cells';
import { fixtureMetrics, summary } from './insightsFixture';

const ALL = { fixes: true, issues: true, reportIssues: () => true };
/** The table's rows as the page shows them. */
const shown = (tables: ReturnType<typeof pageTables>, id: string) => {
  const t = tables.find((x) => x.id === id)!;
  return t.rows.map((row) => row.map((cell, i) => cellText(cell, t.columns[i]!.kind)));
};

describe('views/insights page tables', () => {
  it('show time to download and to commit in hours or days, once, with no millisecond column', () => {
    const tables = pageTables(fixtureMetrics(), ALL);
    const timeTo = tables.find((t) => t.id === 'time-to')!;
    assert.deepEqual(
      timeTo.columns.map((c) => [c.title, c.kind]),
      [
        ['Measure', 'text'],
        ['Fixes', 'count'],
        ['Median', 'duration'],
        ['p90', 'duration'],
        ['Skipped: before first observed', 'count'],
        ['Skipped: undated', 'count'],
      ],
    );
    // Downloads after 2 h and 1 day; commits after 5 h and 3.2 days.
    assert.deepEqual(shown(tables, 'time-to'), [
      ['Time to download', '2', '2 h', '1 day', '0', '0'],
      ['Time to commit', '2', '5 h', '3.2 days', '0', '0'],
    ]);
    for (const t of tables) for (const c of t.columns) assert.ok(c.kind !== 'ms' && !/\(ms\)/.test(c.title), `${t.id}: ${c.title}`);
  });

  it('keep every other table as the CLI has it', () => {
    const page = pageTables(fixtureMetrics(), ALL);
    const cli = metricsTables(fixtureMetrics());
    assert.deepEqual(
      page.map((t) => t.id),
      cli.map((t) => t.id),
    );
    assert.deepEqual(
      page.filter((t) => t.id !== 'time-to'),
      cli.filter((t) => t.id !== 'time-to'),
    );
  });

  it('show "—" for a report whose issues are not loaded and for figures over nothing loaded, not 0', () => {
    const tables = pageTables(fixtureMetrics(false), { fixes: true, issues: false, reportIssues: () => false });
    const report = shown(tables, 'reports')[0]!;
    assert.deepEqual(report.slice(0, 2), ['Shop', summary.id]);
    assert.deepEqual(report.slice(-5), ['4', '2', '2', '—', '—'], 'fixes, downloaded, committed known; issues and FPs not');
    const overview = Object.fromEntries(shown(tables, 'overview').map(([k, v]) => [k, v]));
    assert.equal(overview.Fixes, '4');
    assert.equal(overview['Issues (de-duplicated)'], '—');
    assert.equal(overview['False positive %'], '—');

    const nothing = pageTables(fixtureMetrics(false), { fixes: false, issues: false, reportIssues: () => false });
    assert.deepEqual(
      shown(nothing, 'time-to').map((r) => r.slice(1)),
      [
        ['—', '—', '—', '—', '—'],
        ['—', '—', '—', '—', '—'],
      ],
    );
  });
});
