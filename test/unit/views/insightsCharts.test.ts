// Fix Insights' charts as the page receives them: series that are all zero are not drawn, a chart
// without any says why in one line, and each series' colour says what it means.
import { strict as assert } from 'node:assert';
import { metricsOf } from '../../../src/model/metrics';
import { insightsCharts } from '../../../src/views/insights/charts';
import { SERIES_COLOURS } from '../../../src/webview/insights/colours';
import type { ChartData } from '../../../src/webview/insights/protocol';
import { coverage, fixtureMetrics } from './insightsFixture';

const byId = (charts: readonly ChartData[]) => Object.fromEntries(charts.map((c) => [c.id, c]));

describe('views/insights charts', () => {
  it('are the five charts, each with the tables under it', () => {
    const charts = insightsCharts(fixtureMetrics(), coverage());
    assert.deepEqual(
      charts.map((c) => c.id),
      ['funnel', 'time-to-commit', 'ratings', 'fp-share', 'weekly'],
    );
    for (const c of charts) assert.ok(c.tables.length > 0, c.id);
  });

  it('leave out a series whose values are all zero, and categories with nothing drawn in the ratings', () => {
    const charts = insightsCharts(fixtureMetrics(), coverage());
    for (const c of charts) {
      for (const s of c.series)
        assert.ok(
          s.values.some((v) => v !== 0),
          `${c.id}: ${s.label}`,
        );
      assert.equal(c.empty, null, c.id);
    }
    const ratings = byId(charts).ratings!;
    assert.deepEqual(
      ratings.series.map((s) => s.label),
      ['👍 Thumbs up', '👎 Thumbs down'],
      'no fix is tagged Breaking fix: that series is not drawn',
    );
    assert.deepEqual(ratings.labels, ['Stable'], 'only stable fixes are rated');
    assert.deepEqual(
      ratings.series.map((s) => s.values),
      [[1], [2]],
    );
  });

  it('say in one line why a chart has nothing to draw, instead of drawing an empty frame', () => {
    const noIssues = byId(insightsCharts(fixtureMetrics(false), coverage({ withIssues: 0, issuesComplete: 0 })));
    assert.deepEqual(noIssues['fp-share']!.series, []);
    assert.equal(noIssues['fp-share']!.empty, 'No report’s issues loaded yet.');
    const nothing = insightsCharts(metricsOf([]), coverage({ withFixes: 0, withIssues: 0 }));
    for (const c of nothing) {
      assert.deepEqual(c.series, [], c.id);
      assert.ok(c.empty && !c.empty.includes('\n'), c.id);
    }
    assert.equal(byId(nothing).funnel!.empty, 'No report’s fixes loaded yet.');
  });

  it('draw the one defined "downloaded" (a download recorded) and say so under the funnel', () => {
    const funnel = byId(insightsCharts(fixtureMetrics(), coverage())).funnel!;
    assert.deepEqual(funnel.labels, ['Fixes', 'Downloaded', 'Committed']);
    // F1 and F2 have a download recorded; F3's state says Downloaded without one.
    assert.deepEqual(funnel.series[0]!.values, [4, 2, 2]);
    assert.match(funnel.caption, /^Downloaded: a download of the fix is recorded\./);
  });

  it('colour each series by what it means: thumbs down red, thumbs up and committed green', () => {
    const charts = byId(insightsCharts(fixtureMetrics(), coverage()));
    const colourOf = (chart: string, label: string) => charts[chart]!.series.find((s) => s.label === label)?.colour;
    assert.equal(colourOf('ratings', '👎 Thumbs down'), 'rejected');
    assert.equal(colourOf('ratings', '👍 Thumbs up'), 'approved');
    assert.equal(colourOf('time-to-commit', 'Time to commit'), 'committed');
    assert.equal(colourOf('weekly', 'Committed'), 'committed');
    assert.deepEqual(colourOf('funnel', 'Fixes'), ['count', 'downloaded', 'committed']);
    assert.equal(SERIES_COLOURS.rejected.variable, '--vscode-charts-red');
    assert.equal(SERIES_COLOURS.breaking.variable, '--vscode-charts-orange');
    for (const good of ['approved', 'committed'] as const) assert.equal(SERIES_COLOURS[good].variable, '--vscode-charts-green');
    assert.equal(Object.values(SERIES_COLOURS)[0]!.variable, '--vscode-charts-blue', 'the first colour the page reports');
  });
});
