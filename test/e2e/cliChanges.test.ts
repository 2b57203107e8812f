// `changes` as a real child process against the sandbox, whose rescans give the sample
// workspace's reports earlier scans: the counts and the new and fixed issues are the matcher's
// over the same data in-process; bad input has its exit code; server text stays text in the
// terminal and in the Markdown (read back by a GFM renderer). The CLI is dist/cli.js
// (npm run build), or the bundle named by SFR_CLI.
import { strict as assert } from 'node:assert';
import { existsSync } from 'node:fs';
import MarkdownIt from 'markdown-it';
import * as v from 'valibot';
import { IssueSchema, type FixReportSummary } from '../../src/api/schemas';
import { ChangeMatcher, type ReportChanges } from '../../src/model/changes/matcher';
import { previousReport } from '../../src/model/changes/previous';
import { FIXTURE_BRANCH, FIXTURE_REMOTE } from '../../tools/editor/workspace';
import { startSandbox, type Sandbox } from '../../tools/sandbox/server';
import { CLI, runCli } from '../support/cli';
import { observe } from '../support/evidence';

const cli = runCli;

interface ChangesJson {
  fixReport: { id: string; repository: string | null; reference: string | null };
  since: { id: string; chosen: 'previous' | 'named' } | null;
  counts: ReportChanges['counts'] | null;
  new: ReportChanges['newIssues'];
  fixed: ReportChanges['fixedIssues'];
  message?: string;
}

/** No ANSI escape, bidi control, invisible or line-breaking character of the server's reaches the output raw. */
const RAW_UNSAFE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff\u2028\u2029]/;

describe('cli: changes', function () {
  this.timeout(120_000);
  let sandbox: Sandbox;
  let env: Record<string, string>;
  /** The workspace branch's reports of one scanner, newest first: the current one and its two earlier scans. */
  let chain: FixReportSummary[];

  before(async function () {
    assert.ok(existsSync(CLI), `${CLI} is missing: run "npm run build" first (or set SFR_CLI)`);
    sandbox = await startSandbox({ dataset: { seed: 42, reports: 12, hostileText: true } });
    env = { SECURITY_FIX_REPORTS_URL: sandbox.baseUrl, SECURITY_FIX_REPORTS_KEY: sandbox.key };
    const head = sandbox.dataset.reports.find((r) => r.repo?.originalUrl === FIXTURE_REMOTE && r.repo.reference === FIXTURE_BRANCH)!;
    chain = sandbox.dataset.reports.filter(
      (r) => r.repo?.reference === FIXTURE_BRANCH && r.vulnerabilityReport?.vendor === head.vulnerabilityReport?.vendor,
    );
    assert.equal(chain.length, 3, 'the sandbox has two earlier scans of it');
  });
  after(() => sandbox.close());

  /** The changes from the sandbox's data, decoded by the client's schemas. */
  function expected(later: string, earlier: string): ReportChanges {
    const matcher = new ChangeMatcher();
    const decoded = (id: string) => sandbox.dataset.issueRange(id, 0, sandbox.dataset.issueCount(id)).map((i) => v.parse(IssueSchema, i));
    matcher.add('report', decoded(later));
    matcher.add('since', decoded(earlier));
    return matcher.result();
  }

  it('json: compares a report with its previous scan (same repository, branch and scanner), paging both', async () => {
    const [head, previous] = chain as [FixReportSummary, FixReportSummary];
    assert.equal(previousReport(sandbox.dataset.reports, head)?.id, previous.id);
    sandbox.clearRequests();
    const result = await cli(['changes', '--fix-report', head.id, '--format', 'json'], env);
    assert.equal(result.code, 0, result.stderr);
    assert.equal(result.stderr, '');
    const json = JSON.parse(result.stdout) as ChangesJson;
    const want = expected(head.id, previous.id);
    assert.equal(json.fixReport.id, head.id);
    assert.deepEqual(json.fixReport, {
      id: head.id,
      createdOn: head.createdOn,
      vendor: head.vulnerabilityReport?.vendor,
      repository: FIXTURE_REMOTE,
      reference: FIXTURE_BRANCH,
    });
    assert.equal(json.since?.id, previous.id);
    assert.equal(json.since?.chosen, 'previous');
    assert.deepEqual(json.counts, want.counts);
    assert.deepEqual(json.new, want.newIssues);
    assert.deepEqual(json.fixed, want.fixedIssues);
    const { counts } = want;
    assert.ok(counts.new > 0 && counts.fixed > 0 && counts.unchanged > 0 && counts.unmatchedSince > 0, JSON.stringify(counts));
    assert.equal(counts.new + counts.unchanged + counts.unmatched, sandbox.dataset.issueCount(head.id));
    assert.equal(counts.fixed + counts.unchanged + counts.unmatchedSince, sandbox.dataset.issueCount(previous.id));
    const paged = new Set(sandbox.requests.filter((r) => r.path.endsWith('/v5/issues')).map((r) => r.query['fixReportId']));
    assert.deepEqual(paged, new Set([head.id, previous.id]));
    observe(`${head.id} since ${previous.id}: ${JSON.stringify(counts)}`);
  });

  it('--since names another earlier scan; jsonl is one line per new and fixed issue', async () => {
    const [head, , oldest] = chain as [FixReportSummary, FixReportSummary, FixReportSummary];
    const want = expected(head.id, oldest.id);
    const json = await cli(['changes', '--fix-report', head.id, '--since', oldest.id.toUpperCase(), '--format', 'json'], env);
    assert.equal(json.code, 0, json.stderr);
    const parsed = JSON.parse(json.stdout) as ChangesJson;
    assert.equal(parsed.since?.id, oldest.id);
    assert.equal(parsed.since?.chosen, 'named');
    assert.deepEqual(parsed.counts, want.counts);

    const lines = await cli(['changes', '--fix-report', head.id, '--since', oldest.id, '--format', 'jsonl'], env);
    assert.equal(lines.code, 0, lines.stderr);
    const records = lines.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { change: string; id: string });
    assert.deepEqual(
      records.map((r) => `${r.change}:${r.id}`),
      [...want.newIssues.map((i) => `new:${i.id}`), ...want.fixedIssues.map((i) => `fixed:${i.id}`)],
    );
  });

  it('table: the two reports, the counts, and the new and fixed issues with their places', async () => {
    const [head, previous] = chain as [FixReportSummary, FixReportSummary];
    const want = expected(head.id, previous.id);
    const result = await cli(['changes', '--fix-report', head.id], env);
    assert.equal(result.code, 0, result.stderr);
    const { counts } = want;
    assert.match(result.stdout, new RegExp(`^Report ${head.id} · Payments · `, 'm'));
    assert.match(result.stdout, new RegExp(`^Since  ${previous.id} \\(its previous scan\\)`, 'm'));
    assert.ok(
      result.stdout.includes(
        `${counts.new} new · ${counts.fixed} fixed · ${counts.unchanged} unchanged · not compared (no fingerprint): ${counts.unmatched} in this report, ${counts.unmatchedSince} in the earlier one`,
      ),
      result.stdout,
    );
    assert.match(
      result.stdout,
      new RegExp(`^New issues \\(${counts.new}\\)\\nISSUE\\s+VENDOR ID\\s+TYPE\\s+SEVERITY\\s+STATE\\s+LOCATION$`, 'm'),
    );
    for (const issue of [...want.newIssues, ...want.fixedIssues]) assert.ok(result.stdout.includes(issue.id), issue.id);
    const located = want.newIssues.find((i) => i.location?.startLine !== undefined)!;
    assert.match(result.stdout, new RegExp(`^${located.id} .*${located.location!.path}:${located.location!.startLine}$`, 'm'));
  });

  it('markdown: a job summary whose server text cannot add links, images or HTML', async () => {
    const [head] = chain as [FixReportSummary];
    const result = await cli(['changes', '--fix-report', head.id, '--format', 'markdown'], env);
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stdout, /^## Changes since the previous scan\n/);
    assert.match(result.stdout, /^\| New \| Fixed \| Unchanged \|/m);
    // The hostile report's issue types and rules (bidi controls, line breaks, markup) against a
    // report of its repository: another branch and scanner, so every issue is new.
    const hostile = sandbox.dataset.report(sandbox.dataset.hostileReportId!)!;
    const hostileResult = await cli(['changes', '--fix-report', hostile.id, '--since', head.id, '--format', 'markdown'], env);
    assert.equal(hostileResult.code, 0, hostileResult.stderr);
    assert.match(hostileResult.stderr, /^warning: Comparing across branches: /m);
    assert.match(
      hostileResult.stderr,
      /^warning: Report \S+ is from Semgrep and report \S+ from Opengrep: fingerprints are each scanner's own/m,
    );
    assert.ok(!RAW_UNSAFE.test(hostileResult.stdout), 'no unsafe character reaches the Markdown raw');
    const html = new MarkdownIt({ html: true, linkify: true }).render(hostileResult.stdout);
    assert.ok(!/<a |<img |<script|<iframe|<details/i.test(html), html.slice(0, 2000));
    const rows = hostileResult.stdout.split('\n').filter((l) => /^\| [0-9a-f]{8}-/.test(l));
    // Another scanner: nothing pairs, so every issue of each report with a fingerprint is new or fixed; at most 200 rows each.
    const want = expected(hostile.id, head.id);
    assert.equal(want.counts.unchanged, 0);
    assert.equal(rows.length, Math.min(200, want.counts.new) + Math.min(200, want.counts.fixed));
    assert.match(hostileResult.stdout, new RegExp(`^The first 200 of ${want.counts.fixed}; \\\`--format json\\\` lists them all\\.$`, 'm'));
    for (const row of rows) assert.equal(row.split(/(?<!\\)\|/).length, 7, `a row of five cells: ${row}`);
  });

  it('the terminal sees server text escaped', async () => {
    const hostile = sandbox.dataset.report(sandbox.dataset.hostileReportId!)!;
    const [head] = chain as [FixReportSummary];
    const result = await cli(['changes', '--fix-report', hostile.id, '--since', head.id], env);
    assert.equal(result.code, 0, result.stderr);
    assert.ok(!RAW_UNSAFE.test(result.stdout) && !RAW_UNSAFE.test(result.stderr), 'escaped on stdout and stderr');
  });

  it('a report without an earlier scan: a clear message and exit 0, in every format; --fail-on-new then passes', async () => {
    const oldest = chain[2]!;
    const table = await cli(['changes', '--fix-report', oldest.id, '--fail-on-new'], env);
    assert.equal(table.code, 0, table.stderr);
    assert.match(
      table.stdout,
      new RegExp(
        `^Report ${oldest.id} has no previous scan to compare with: no earlier report of payments-api@release/2\\.4 from \\S+ is listed .*Name one with --since\\.$`,
        'm',
      ),
    );
    const json = await cli(['changes', '--fix-report', oldest.id, '--format', 'json'], env);
    assert.equal(json.code, 0, json.stderr);
    const parsed = JSON.parse(json.stdout) as ChangesJson;
    assert.equal(parsed.since, null);
    assert.equal(parsed.counts, null);
    assert.match(parsed.message ?? '', /has no previous scan/);
    const lines = await cli(['changes', '--fix-report', oldest.id, '--format', 'jsonl'], env);
    assert.equal(lines.code, 0, lines.stderr);
    assert.equal(lines.stdout, '');
    assert.match(lines.stderr, /^warning: Report \S+ has no previous scan/m);
    // A report of no repository has no previous scan either.
    const orphan = sandbox.dataset.reports.find((r) => r.repo === null)!;
    const none = await cli(['changes', '--fix-report', orphan.id], env);
    assert.equal(none.code, 0, none.stderr);
    assert.match(none.stdout, /has no previous scan to compare with: it names no repository\./);
  });

  it('--fail-on-new exits 8 when anything is new, after writing the whole output', async () => {
    const [head] = chain as [FixReportSummary];
    const result = await cli(['changes', '--fix-report', head.id, '--format', 'json', '--fail-on-new'], env);
    assert.equal(result.code, 8, result.stderr);
    const parsed = JSON.parse(result.stdout) as ChangesJson;
    assert.ok(parsed.counts!.new > 0);
    assert.match(
      result.stderr,
      new RegExp(
        `^error: ${parsed.counts!.new} new issues in report ${head.id} since report ${parsed.since!.id} \\(--fail-on-new\\)\\.$`,
        'm',
      ),
    );
    observe(`exit ${result.code}: ${result.stderr.trim()}`);
  });

  it('bad input: unknown ids (4), another repository’s report or a newer one as --since, the report itself, no --fix-report (2)', async () => {
    const [head, previous] = chain as [FixReportSummary, FixReportSummary];
    const unknown = '00000000-0000-4000-8000-000000000000';
    const missing = await cli(['changes', '--fix-report', unknown], env);
    assert.equal(missing.code, 4);
    assert.match(missing.stderr, /^error: --fix-report: Fix report 00000000-0000-4000-8000-000000000000 was not found/m);
    const missingSince = await cli(['changes', '--fix-report', head.id, '--since', unknown], env);
    assert.equal(missingSince.code, 4);
    assert.match(missingSince.stderr, /^error: --since: Fix report 00000000-0000-4000-8000-000000000000 was not found/m);

    const foreign = sandbox.dataset.reports.find((r) => r.repo && r.repo.originalUrl !== FIXTURE_REMOTE)!;
    const other = await cli(['changes', '--fix-report', head.id, '--since', foreign.id], env);
    assert.equal(other.code, 2);
    assert.ok(
      other.stderr.includes(
        `error: --since ${foreign.id} is a report of ${foreign.repo!.originalUrl}, but report ${head.id} is of ${FIXTURE_REMOTE}: only scans of the same repository can be compared.`,
      ),
      other.stderr,
    );
    observe(other.stderr.split('\n')[0]!);

    const newer = await cli(['changes', '--fix-report', previous.id, '--since', head.id], env);
    assert.equal(newer.code, 2);
    assert.match(
      newer.stderr,
      new RegExp(`is newer than report ${previous.id} .* swap them, --fix-report ${head.id} --since ${previous.id}\\.`),
    );

    const itself = await cli(['changes', '--fix-report', head.id, '--since', head.id], env);
    assert.equal(itself.code, 2);
    assert.match(itself.stderr, /--since names report \S+ itself/);

    const noReport = await cli(['changes'], env);
    assert.equal(noReport.code, 2);
    assert.match(noReport.stderr, /"changes" needs --fix-report <id>/);
    const csv = await cli(['changes', '--fix-report', head.id, '--format', 'csv'], env);
    assert.equal(csv.code, 2);
    assert.match(csv.stderr, /"changes" writes table, json, jsonl, markdown, not csv\./);
  });
});
