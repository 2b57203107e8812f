// `metrics` as a real child process against the sandbox: the JSON is the metrics of the
// selected reports computed from the same data in-process; CSV and Markdown carry its tables
// (read back by csv-parse and by a GFM renderer); hostile text stays text. The CLI is
// dist/cli.js (npm run build), or the bundle named by SFR_CLI.
import { strict as assert } from 'node:assert';
import { existsSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import MarkdownIt from 'markdown-it';
import * as v from 'valibot';
import { IssueSchema, ReportDetailBodySchema, type FixReportSummary } from '../../src/api/schemas';
import { cleanText } from '../../src/common/text';
import { neutraliseFormula } from '../../src/model/csv';
import { MetricsBuilder, metricsTables, type Metrics } from '../../src/model/metrics';
import { startSandbox, type Sandbox } from '../../tools/sandbox/server';
import { CLI, runCli } from '../support/cli';
import { observe } from '../support/evidence';

const cli = runCli;

describe('cli: metrics', function () {
  this.timeout(120_000);
  let sandbox: Sandbox;
  let env: Record<string, string>;

  before(async function () {
    assert.ok(existsSync(CLI), `${CLI} is missing: run "npm run build" first (or set SFR_CLI)`);
    sandbox = await startSandbox({ dataset: { seed: 11, reports: 4, issuesPerReport: [300, 1500], hostileText: true } });
    env = { SECURITY_FIX_REPORTS_URL: sandbox.baseUrl, SECURITY_FIX_REPORTS_KEY: sandbox.key };
  });
  after(() => sandbox.close());

  /** The metrics of these reports from the sandbox's data, decoded by the client's schemas. */
  function expected(reports: readonly FixReportSummary[]): Metrics {
    const builder = new MetricsBuilder();
    for (const report of reports) {
      builder.addReport(v.parse(ReportDetailBodySchema, { fixReport: [sandbox.dataset.detail(report.id)] }).fixReport[0]!, report);
      const issues = sandbox.dataset.issueRange(report.id, 0, sandbox.dataset.issueCount(report.id)).map((i) => v.parse(IssueSchema, i));
      builder.addIssues(report, issues);
    }
    return builder.result();
  }

  it('json: the metrics of every report, paging each report’s issues', async () => {
    const result = await cli(['metrics', '--format', 'json'], env);
    assert.equal(result.code, 0, result.stderr);
    const metrics = JSON.parse(result.stdout) as Metrics;
    assert.deepEqual(metrics, expected(sandbox.dataset.reports));
    assert.equal(metrics.reports, sandbox.dataset.reports.length);
    observe(
      `${metrics.reports} reports: ${metrics.fixes.total} fixes, ${metrics.falsePositives.issues} issues, ${metrics.falsePositives.falsePositives} false positives`,
    );
  });

  it('json: --fix-report repeated selects those reports, --vendor narrows them to one scanner', async () => {
    const [a, b, c] = sandbox.dataset.reports as [FixReportSummary, FixReportSummary, FixReportSummary];
    const two = await cli(['metrics', '--format', 'json', '--fix-report', b.id, '--fix-report', a.id, '--fix-report', b.id], env);
    assert.equal(two.code, 0, two.stderr);
    assert.deepEqual(JSON.parse(two.stdout), expected([b, a]), 'in the order named, each once');

    const vendor = c.vulnerabilityReport!.vendor!;
    const byVendor = sandbox.dataset.reports.filter((r) => r.vulnerabilityReport?.vendor === vendor);
    const one = await cli(['metrics', '--format', 'json', '--vendor', vendor.toUpperCase()], env);
    assert.equal(one.code, 0, one.stderr);
    assert.deepEqual(
      (JSON.parse(one.stdout) as Metrics).perReport.map((r) => r.id),
      byVendor.map((r) => r.id),
    );

    const none = await cli(['metrics', '--format', 'json', '--fix-report', a.id, '--vendor', 'no-such-scanner'], env);
    assert.equal(none.code, 0, none.stderr);
    assert.equal((JSON.parse(none.stdout) as Metrics).reports, 0);
    assert.match(none.stderr, /^warning: No selected report is from the scanner "no-such-scanner"\.$/m);

    const missing = await cli(['metrics', '--fix-report', '00000000-0000-4000-8000-000000000000'], env);
    assert.equal(missing.code, 4, 'an unknown report is not found');
  });

  it('csv: every table as a block (id and title, header, rows), read back by csv-parse', async () => {
    const result = await cli(['metrics', '--format', 'csv'], env);
    assert.equal(result.code, 0, result.stderr);
    assert.ok(!result.stdout.startsWith('\ufeff'));
    const records = parse(result.stdout, { relax_column_count: true, skip_empty_lines: true }) as string[][];
    const tables = metricsTables(expected(sandbox.dataset.reports));
    let at = 0;
    for (const table of tables) {
      assert.deepEqual(records[at++], [table.id, table.title]);
      assert.deepEqual(
        records[at++],
        table.columns.map((c) => c.title),
      );
      for (const row of table.rows)
        assert.deepEqual(
          records[at++],
          row.map((cell) => (cell === null ? '' : typeof cell === 'string' ? neutraliseFormula(cell) : String(cell))),
          `a row of ${table.id}`,
        );
    }
    assert.equal(at, records.length, 'nothing else');
    const bom = await cli(['metrics', '--format', 'csv', '--bom', '--fix-report', sandbox.dataset.reports[0]!.id], env);
    assert.ok(bom.stdout.startsWith('\ufeffoverview,Overview\r\n'));
  });

  it('markdown: a GFM table per metrics table for $GITHUB_STEP_SUMMARY, hostile text kept as text', async () => {
    const result = await cli(['metrics', '--format', 'markdown'], env);
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stdout, /^## Security fix metrics\n/);
    const html = new MarkdownIt({ html: true }).render(result.stdout);
    const tables = metricsTables(expected(sandbox.dataset.reports));
    assert.equal((html.match(/<table>/g) ?? []).length, tables.length);
    const tags = new Set([...html.matchAll(/<([a-z0-9]+)[\s>]/g)].map((m) => m[1]!));
    assert.deepEqual(
      [...tags].filter((t) => !['h2', 'h3', 'p', 'table', 'thead', 'tbody', 'tr', 'th', 'td'].includes(t)),
      [],
      'no link, image, script or emphasis from server text',
    );
    // Every text cell, the hostile report's issue types (HTML, bidi, line breaks) included, reads as itself.
    const text = decodeHtml(html);
    const cells = tables.flatMap((t) => t.rows.flatMap((row) => row.filter((c): c is string => typeof c === 'string' && c !== '')));
    assert.ok(
      cells.some((c) => c.includes('<img')),
      'the hostile issue types are among them',
    );
    for (const cell of cells) assert.ok(text.includes(`<td>${cleanText(cell)}</td>`), JSON.stringify(cell));
    observe(`${tables.length} tables, ${html.length} characters of HTML, tags: ${[...tags].join(' ')}`);
  });

  it('refuses formats metrics does not write', async () => {
    for (const format of ['sarif', 'jsonl']) {
      const result = await cli(['metrics', '--format', format], env);
      assert.equal(result.code, 2);
      assert.match(result.stderr, /"metrics" writes table, json, csv, markdown/);
    }
  });
});

function decodeHtml(html: string): string {
  return html
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
}
