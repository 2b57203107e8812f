// Fix Insights at a glance: the headline tiles (fixes, committed %, median time to commit, FP
// share) from a scope's metrics, durations in hours or days, and "—" for what is not loaded yet.
import { strict as assert } from 'node:assert';
import { metricsOf } from '../../../src/model/metrics';
import { insightsTiles } from '../../../src/views/insights/glance';
import type { Tile } from '../../../src/webview/insights/protocol';
import { coverage, DAY, fixtureMetrics, HOUR } from './insightsFixture';
import { formatDuration } from '../../../src/common/time';

const byId = (tiles: readonly Tile[]) => Object.fromEntries(tiles.map((t) => [t.id, t]));

describe('model/format formatDuration', () => {
  it('reads a span in hours below a day and in days from a day on, never in milliseconds', () => {
    const cases: [number, string][] = [
      [0, '0 h'],
      [30 * 60_000, '0.5 h'],
      [5 * HOUR, '5 h'],
      [9.96 * HOUR, '10 h'],
      [13.4 * HOUR, '13 h'],
      [23.4 * HOUR, '23 h'],
      [23.6 * HOUR, '1 day'],
      [DAY, '1 day'],
      [1.5 * DAY, '1.5 days'],
      [3.2 * DAY, '3.2 days'],
      [9.96 * DAY, '10 days'],
      [6_939_489_495, '80 days'], // the "Median (ms)" the page used to show
      [1234 * DAY, '1,234 days'],
    ];
    for (const [ms, text] of cases) assert.equal(formatDuration(ms), text, `${ms} ms`);
    for (const bad of [-1, Number.NaN, Number.POSITIVE_INFINITY]) assert.equal(formatDuration(bad), 'unknown');
  });
});

describe('views/insights tiles', () => {
  it('come in the order fixes, committed, median time to commit, false positives, each with a definition', () => {
    const tiles = insightsTiles(fixtureMetrics(), coverage());
    assert.deepEqual(
      tiles.map((t) => [t.id, t.label]),
      [
        ['fixes', 'Fixes'],
        ['committed', 'Committed'],
        ['time-to-commit', 'Median time to commit'],
        ['false-positives', 'False positives'],
      ],
    );
    for (const t of tiles) assert.ok(t.definition.length > 20 && !t.definition.includes('\n'), t.id);
  });

  it('give the scope’s figures: fixes, committed / fixes, the median in hours or days, FP / issues', () => {
    const t = byId(insightsTiles(fixtureMetrics(), coverage()));
    assert.deepEqual([t.fixes!.value, t.fixes!.detail], ['4', 'In 1 report.']);
    assert.deepEqual([t.committed!.value, t.committed!.detail], ['50%', '2 of 4 fixes.']); // F1, F2 submitted
    // Commits after 5 h and 3.2 days: nearest rank, the lower middle value.
    assert.deepEqual([t['time-to-commit']!.value, t['time-to-commit']!.detail], ['5 h', 'Over 2 fixes; 9 in 10 within 3.2 days.']);
    assert.deepEqual([t['false-positives']!.value, t['false-positives']!.detail], ['10%', '1 of 10 issues.']);
  });

  it('show "—", never 0, for what is not loaded: no issues yet, no fixes yet', () => {
    const noIssues = byId(insightsTiles(fixtureMetrics(false), coverage({ withIssues: 0, issuesComplete: 0 })));
    assert.equal(noIssues['false-positives']!.value, '—');
    assert.match(noIssues['false-positives']!.detail, /issues loaded yet/);
    assert.equal(noIssues.fixes!.value, '4', 'the fixes are known');

    const nothing = byId(insightsTiles(metricsOf([]), coverage({ withFixes: 0, withIssues: 0, issuesComplete: 0 })));
    for (const id of ['fixes', 'committed', 'time-to-commit', 'false-positives']) assert.equal(nothing[id]!.value, '—', id);
    assert.match(nothing.fixes!.detail, /fixes loaded yet/);
    const failed = byId(insightsTiles(metricsOf([]), coverage({ withFixes: 0, failed: [{ title: 'Shop', message: 'HTTP 500' }] })));
    assert.equal(failed.fixes!.detail, 'No report’s fixes could be loaded.');
    const empty = byId(insightsTiles(metricsOf([]), coverage({ reports: 0, inScope: 0, withFixes: 0, withIssues: 0 })));
    assert.equal(empty.fixes!.detail, 'No report in this scope.');
  });

  it('say when a figure covers part of the scope, and why a median is unknown', () => {
    const t = byId(insightsTiles(fixtureMetrics(), coverage({ reports: 3, inScope: 3, withIssues: 2, issuesComplete: 1 })));
    assert.equal(t.fixes!.detail, 'In 1 of 3 reports.');
    assert.equal(t['false-positives']!.detail, '1 of 10 issues (issues loaded for 2 of 3 reports, some in part).');
    const none = byId(
      insightsTiles({ ...fixtureMetrics(), fixes: { ...fixtureMetrics().fixes, committed: { count: 0, share: 0 } } }, coverage()),
    );
    assert.deepEqual([none['time-to-commit']!.value, none['time-to-commit']!.detail], ['—', 'No fix committed.']);
  });
});
