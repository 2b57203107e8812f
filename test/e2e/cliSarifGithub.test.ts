// `issues --format sarif` against GitHub code scanning's ingestion rules: the real SARIF Multitool
// (`validate --rule-kind "Sarif;Ghas"`, installed on first use by scripts/install-sarif-multitool.sh)
// reports no error on the CLI's default (github) profile for the sandbox's reports with code
// nodes and hostile text, without code nodes, and for a 100,000-issue report, which is cut to
// GitHub's real 25,000 results by severity. The full profile of the same data is what GitHub
// would refuse. More than 20 reports is a usage error. The CLI is dist/cli.js or $SFR_CLI.
import { strict as assert } from 'node:assert';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Issue } from '../../src/api/schemas';
import { sarifLevel } from '../../src/model/export/sarif';
import { issueLocations } from '../../src/model/locations';
import { startSandbox, type Sandbox } from '../../tools/sandbox/server';
import { observe } from '../support/evidence';
import { ensureMultitool, sarifErrors } from '../support/sarifMultitool';

const CLI = process.env.SFR_CLI ?? join(__dirname, '..', '..', '..', 'dist', 'cli.js');

interface Result {
  code: number | null;
  stdout: Buffer;
  stderr: string;
}

function cli(args: string[], sandbox: Sandbox): Promise<Result> {
  return new Promise((resolve, reject) => {
    const env = { PATH: process.env.PATH, SECURITY_FIX_REPORTS_URL: sandbox.baseUrl, SECURITY_FIX_REPORTS_KEY: sandbox.key };
    const child = spawn(process.execPath, [CLI, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => out.push(d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout: Buffer.concat(out), stderr }));
  });
}

interface SarifRule {
  id: string;
  shortDescription: { text: string };
  fullDescription: { text: string };
  help: { text: string };
  properties: { tags: string[]; 'security-severity': string };
}
interface SarifResult {
  ruleId: string;
  ruleIndex: number;
  level: string;
  locations?: unknown[];
  properties: { issueId: string };
}
interface SarifRun {
  tool: { driver: { rules: SarifRule[] } };
  automationDetails: { id: string };
  results: SarifResult[];
}

/** What GitHub needs of every run: rules for every result (by id and index), each a security rule with a score. */
function assertGithubShape(run: SarifRun): void {
  const rules = run.tool.driver.rules;
  for (const rule of rules) {
    assert.ok(rule.shortDescription.text && rule.fullDescription.text && rule.help.text, `rule ${rule.id} is described`);
    assert.equal(rule.properties.tags[0], 'security');
    assert.ok(rule.properties.tags.length <= 20);
    assert.ok(['8.0', '5.0', '2.0'].includes(rule.properties['security-severity']));
  }
  for (const result of run.results) {
    assert.equal(result.locations?.length, 1, 'a location on every result');
    assert.equal(rules[result.ruleIndex]?.id, result.ruleId);
  }
}

// [multitool]: every test here runs the Multitool (.NET, seconds of start-up each); npm test runs
// them beside the UI check (test:multitool), not in test:unit.
describe('cli: SARIF for GitHub code scanning (the real SARIF Multitool) [multitool]', function () {
  this.timeout(600_000);
  let dir: string;

  before(function () {
    assert.ok(existsSync(CLI), `${CLI} is missing: run "npm run build" first (or set SFR_CLI)`);
    const { binary, seconds } = ensureMultitool();
    observe(`SARIF Multitool ready in ${seconds.toFixed(1)} s: ${binary}`);
    dir = mkdtempSync(join(tmpdir(), 'sfr-sarif-github-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  /** The CLI's SARIF in a file, with the Multitool's errors about it. */
  async function exportAndValidate(sandbox: Sandbox, args: string[], name: string) {
    const result = await cli(['issues', '--format', 'sarif', ...args], sandbox);
    assert.equal(result.code, 0, result.stderr);
    const file = join(dir, `${name}.sarif`);
    writeFileSync(file, result.stdout);
    const log = JSON.parse(result.stdout.toString('utf8')) as { runs: SarifRun[] };
    return { log, stderr: result.stderr, errors: await sarifErrors(file) };
  }

  it('code nodes and hostile text: no error; exactly the results with a location, the others counted on stderr', async () => {
    // Three ordinary reports of a few dozen issues beside the hostile one: the Multitool's time grows with the log.
    const sandbox = await startSandbox({ dataset: { seed: 42, reports: 3, issuesPerReport: [40, 120], hostileText: true } });
    try {
      const github = await exportAndValidate(sandbox, [], 'hostile-github');
      assert.deepEqual(github.errors, []);
      const full = await exportAndValidate(sandbox, ['--sarif-profile', 'full'], 'hostile-full');
      assert.equal(github.log.runs.length, sandbox.dataset.reports.length);
      let left = 0;
      for (const [k, run] of github.log.runs.entries()) {
        assertGithubShape(run);
        const everything = full.log.runs[k]!.results;
        const located = everything.filter((r) => r.locations);
        assert.deepEqual(
          run.results.map((r) => r.properties.issueId),
          located.map((r) => r.properties.issueId),
          `${run.automationDetails.id}: the located results, in the service's order`,
        );
        const missing = everything.length - located.length;
        left += missing;
        if (missing > 0)
          assert.match(github.stderr, new RegExp(`${run.automationDetails.id}: left out ${missing} results? without a location`));
      }
      assert.ok(left > 0, 'the hostile report has results without a location');
      // What the profile is for: the same data in full is what GitHub would refuse.
      assert.ok(
        full.errors.length > 0 && full.errors.every((e) => /^GH(1015|1017|2012) Error_MissingLocationsArray/.test(e)),
        full.errors.join('\n'),
      );
      observe(
        `github: 0 errors over ${github.log.runs.length} runs, ${left} located-less results left out; full: ${full.errors.length} errors (${full.errors[0]})`,
      );
    } finally {
      await sandbox.close();
    }
  });

  it('without code nodes (spec-minimal): no error, empty runs, a warning for each', async () => {
    const sandbox = await startSandbox({ dataset: { seed: 7, reports: 2, issuesPerReport: [30, 60], specMinimal: true } });
    try {
      const { log, stderr, errors } = await exportAndValidate(sandbox, [], 'minimal');
      assert.deepEqual(errors, []);
      assert.equal(log.runs.length, sandbox.dataset.reports.length);
      for (const run of log.runs) {
        assert.deepEqual(run.results, []);
        assert.match(
          stderr,
          new RegExp(`${run.automationDetails.id}: left out \\d+ results? without a location .* reports no alerts for this scanner\\.`),
        );
      }
      observe(stderr.trim().split('\n')[0]!);
    } finally {
      await sandbox.close();
    }
  });

  it("a 100,000-issue report: GitHub's real 25,000 results, the most severe in the service's order, no error", async () => {
    const sandbox = await startSandbox({ dataset: { seed: 9, reports: 1, issuesPerReport: [1, 1], bigReportIssues: 100_000 } });
    try {
      const reportId = sandbox.dataset.bigReportId!;
      const { log, stderr, errors } = await exportAndValidate(sandbox, ['--fix-report', reportId], 'big');
      assert.deepEqual(errors, []);
      const [run] = log.runs as [SarifRun];
      assertGithubShape(run);
      assert.equal(run.results.length, 25_000);
      const ranked: { rank: number; index: number; id: string }[] = [];
      for (let index = 0; index < 100_000; index++) {
        // An ordinary report: its wire issues are the decoded ones.
        const issue = sandbox.dataset.issueAt(reportId, index) as unknown as Issue;
        if (issueLocations(issue))
          ranked.push({ rank: ['error', 'warning', 'note'].indexOf(sarifLevel(issue.severity)), index, id: issue.id });
      }
      const expected = ranked
        .sort((a, b) => a.rank - b.rank || a.index - b.index)
        .slice(0, 25_000)
        .sort((a, b) => a.index - b.index)
        .map((e) => e.id);
      assert.deepEqual(
        run.results.map((r) => r.properties.issueId),
        expected,
      );
      const levels = new Map<string, number>();
      for (const r of run.results) levels.set(r.level, (levels.get(r.level) ?? 0) + 1);
      assert.match(
        stderr,
        new RegExp(`${ranked.length.toLocaleString('en-US')} results, more than GitHub's 25,000 per run: kept the 25,000 most severe`),
      );
      observe(`100,000 issues → 25,000 results (${[...levels].map(([l, n]) => `${n} ${l}`).join(', ')}), 0 Multitool errors`);
    } finally {
      await sandbox.close();
    }
  });

  it('more than 20 reports is a usage error that names --fix-report; bad profile flags are refused', async () => {
    const sandbox = await startSandbox({ dataset: { seed: 3, reports: 21, issuesPerReport: [1, 2] } });
    try {
      const reports = sandbox.dataset.reports.length;
      assert.ok(reports > 20);
      const many = await cli(['issues', '--format', 'sarif'], sandbox);
      assert.equal(many.code, 2);
      assert.match(
        many.stderr,
        new RegExp(
          `^error: GitHub code scanning takes at most 20 runs in one SARIF file; ${reports} reports make ${reports} runs\\. Export one report with --fix-report`,
        ),
      );
      assert.equal(many.stdout.length, 0);
      const full = await cli(['issues', '--format', 'sarif', '--sarif-profile', 'full'], sandbox);
      assert.equal(full.code, 0, full.stderr);
      assert.equal((JSON.parse(full.stdout.toString('utf8')) as { runs: unknown[] }).runs.length, reports);
      for (const [args, message] of [
        [['issues', '--format', 'sarif', '--sarif-profile', 'gitlab'], /--sarif-profile must be one of github, full \(got "gitlab"\)/],
        [['issues', '--format', 'csv', '--sarif-profile', 'github'], /--sarif-profile goes with --format sarif/],
      ] as const) {
        const refused = await cli([...args], sandbox);
        assert.equal(refused.code, 2, args.join(' '));
        assert.match(refused.stderr, message);
      }
      observe(many.stderr.trim().split('\n')[0]!);
    } finally {
      await sandbox.close();
    }
  });
});
