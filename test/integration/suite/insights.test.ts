// Fix Insights in the real editor: the dashboard opens over all reports and over one, its page
// draws every chart with a table behind it, redraws in the theme's colours when they change, and
// nothing violates its Content Security Policy.
// (The UI check clicks its entry points and compares the page's numbers with the CLI's.)
import { strict as assert } from 'node:assert';
import * as vscode from 'vscode';
import type { Sandbox } from '../../../tools/sandbox/server';
import { cleanText } from '../../../src/common/text';
import { gatherInsights } from '../../../src/views/insights/data';
import { CommandId, connectTo, extensionApi, loadedReport, mainSandbox, rootNodes, sleep, waitFor } from './support';

describe('Fix Insights', () => {
  let service: Sandbox;

  before(async () => {
    service = await mainSandbox();
    await connectTo(service);
  });

  after(() => vscode.commands.executeCommand('workbench.action.closeAllEditors'));

  it("draws five charts (or their no-data line), four tiles and every metrics table for the workspace's repositories, then for one report, with no CSP violation", async () => {
    const api = await extensionApi();
    const stats = api.insights;
    const before = stats.rendered;
    await vscode.commands.executeCommand(CommandId.ShowInsights, (await rootNodes())[0]); // as the title bar passes the focused row
    await waitFor(() => stats.rendered > before, 'the page to draw', 30_000);
    assert.equal(stats.charts + stats.emptyCharts, 5, 'each chart drawn, or its no-data line');
    assert.equal(stats.tiles, 4, 'the headline tiles');
    assert.equal(stats.tables, 12, 'every table of metricsTables');
    const tab = vscode.window.tabGroups.activeTabGroup.activeTab;
    assert.equal(tab?.label, 'Fix Insights');

    const drawn = stats.rendered;
    const report = (await rootNodes()).find((n) => service.dataset.issueCount(n.report.id) > 0)!;
    await vscode.commands.executeCommand(CommandId.ShowReportInsights, report);
    await waitFor(() => stats.rendered > drawn, 'the page to draw the report', 30_000);
    assert.equal(
      vscode.window.tabGroups.all.flatMap((g) => g.tabs).filter((t) => t.label === 'Fix Insights').length,
      1,
      'one dashboard, switched to the report',
    );
    assert.deepEqual(stats.cspViolations, []);
  });

  it("redraws in the theme's chart colours when the colour theme or the colour customizations change, and only then", async () => {
    const stats = (await extensionApi()).insights;
    const before = stats.rendered;
    await vscode.commands.executeCommand(CommandId.ShowInsights);
    await waitFor(() => stats.rendered > before, 'the page to draw', 30_000);
    const workbench = () => vscode.workspace.getConfiguration('workbench');
    const theme = workbench().inspect('colorTheme')?.globalValue;
    const blue = () => stats.colours[0]?.toLowerCase();
    const original = blue();
    // The workbench starts light or dark as the browser prefers: switch to the other kind.
    const light = vscode.window.activeColorTheme.kind === vscode.ColorThemeKind.Light;
    const [other, otherBlue] = light ? ['Default Dark Modern', '#3794ff'] : ['Default Light Modern', '#1a85ff'];
    try {
      // Light ↔ dark: the body's class and the colours change.
      let drawn = stats.rendered;
      await workbench().update('colorTheme', other, vscode.ConfigurationTarget.Global);
      await waitFor(() => stats.rendered > drawn && blue() === otherBlue, `a redraw in ${other}'s colours`, 15_000);
      // Only the colours change, not the kind of theme: a customization of charts.blue.
      drawn = stats.rendered;
      await workbench().update('colorCustomizations', { 'charts.blue': '#ff00ff' }, vscode.ConfigurationTarget.Global);
      await waitFor(() => stats.rendered > drawn && blue() === '#ff00ff', 'a redraw in the customized colour', 15_000);
      // Redrawing does not itself trigger another redraw.
      drawn = stats.rendered;
      await sleep(1_000);
      assert.equal(stats.rendered, drawn, 'no redraw without a change');
    } finally {
      await workbench().update('colorCustomizations', undefined, vscode.ConfigurationTarget.Global);
      await workbench().update('colorTheme', theme, vscode.ConfigurationTarget.Global);
    }
    await waitFor(() => blue() === original, 'the original colours again', 15_000);
    assert.deepEqual(stats.cspViolations, []);
  });

  it("sends the page server text only as clean lines: the hostile report's issue types lose their bidi and line-break characters", async () => {
    const { services } = await extensionApi();
    const id = service.dataset.hostileReportId!;
    await loadedReport(id);
    const data = await gatherInsights(services.store, { kind: 'report', reportId: id }, []);
    const types = data.tables.find((t) => t.id === 'false-positives-by-issue-type')!.rows.map((r) => String(r[0]));
    assert.ok(types.includes(cleanText('SQL_Injection\u2066admin\u2069')), types.join(' | '));
    const strings: string[] = [];
    const collect = (v: unknown): void => {
      if (typeof v === 'string') strings.push(v);
      else if (v && typeof v === 'object') Object.values(v).forEach(collect);
    };
    collect([data.choices.map((c) => c.label), data.metrics, data.tables, data.coverage]);
    for (const text of strings) assert.equal(text, cleanText(text), JSON.stringify(text));
  });
});
