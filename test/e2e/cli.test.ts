// The built CLI (dist/cli.js) as a real child process against the sandbox service.
import { strict as assert } from 'node:assert';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startSandbox, type Sandbox } from '../../tools/sandbox/server';
import { observe } from '../support/evidence';
import { PROXIED_HOST, startMisbehavingProxy, startRecordingProxy } from '../support/tlsProxy';

const CLI = join(__dirname, '..', '..', '..', 'dist', 'cli.js');

interface Result {
  code: number | null;
  stdout: string;
  stderr: string;
  /** True when the child outlived `killAfterMs` and was killed. */
  killed: boolean;
}

interface CliOptions {
  stdoutLimit?: number;
  /** Kill the child if it runs longer than this: a hang fails the test instead of the suite. */
  killAfterMs?: number;
  /** Leave stdout unread, like a reader that stopped reading. */
  stuckReader?: boolean;
  onStart?: (child: ChildProcess) => void;
}

function cli(args: string[], env: Record<string, string | undefined>, options: CliOptions = {}): Promise<Result> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], {
      env: { PATH: process.env.PATH, ...env } as NodeJS.ProcessEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    let killed = false;
    const guard =
      options.killAfterMs === undefined ? undefined : setTimeout(() => ((killed = true), child.kill('SIGKILL')), options.killAfterMs);
    if (options.stuckReader) child.stdout.pause();
    else {
      child.stdout.setEncoding('utf8').on('data', (d: string) => {
        stdout += d;
        if (options.stdoutLimit !== undefined && stdout.length >= options.stdoutLimit) child.stdout.destroy();
      });
    }
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(guard);
      resolve({ code, stdout, stderr, killed });
    });
    options.onStart?.(child);
  });
}

/** Resolves once `condition` holds (polled), or rejects after `ms`. */
async function until(condition: () => boolean, ms = 10_000): Promise<void> {
  for (const end = Date.now() + ms; !condition();) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('cli: security-fix-reports', function () {
  this.timeout(120_000);
  let sandbox: Sandbox;
  let env: Record<string, string>;
  let bigReport: string;

  before(async function () {
    assert.ok(existsSync(CLI), `${CLI} is missing: run "npm run build" first`);
    sandbox = await startSandbox({ dataset: { seed: 42, reports: 4, bigReportIssues: 100_000, hostileText: true } });
    env = { SECURITY_FIX_REPORTS_URL: sandbox.baseUrl, SECURITY_FIX_REPORTS_KEY: sandbox.key };
    bigReport = sandbox.dataset.reports.find((r) => sandbox.dataset.issueCount(r.id) === 100_000)!.id;
  });
  after(() => sandbox.close());
  afterEach(() => sandbox.faults.clear());

  const fpIssue = (predicate: (summary: string) => boolean = () => true) => {
    for (const report of sandbox.dataset.reports) {
      if (report.id === bigReport) continue;
      for (let i = 0; i < sandbox.dataset.issueCount(report.id); i++) {
        const issue = sandbox.dataset.issueAt(report.id, i);
        if (issue.fpId && predicate(sandbox.dataset.fpSummary(issue.fpId) ?? '')) return { report, issue };
      }
    }
    throw new Error('no matching FP issue in the dataset');
  };

  it('lists reports as a table and as JSON', async () => {
    const table = await cli(['reports'], env);
    assert.equal(table.code, 0, table.stderr);
    for (const r of sandbox.dataset.reports) assert.ok(table.stdout.includes(r.id), `table lists ${r.id}`);
    assert.match(table.stdout, /^ID\s+PROJECT\s+VENDOR/m);

    const json = await cli(['reports', '--format', 'json'], env);
    assert.deepEqual(
      (JSON.parse(json.stdout) as { id: string }[]).map((r) => r.id),
      sandbox.dataset.reports.map((r) => r.id),
    );
    const jsonl = await cli(['reports', '--format', 'jsonl'], env);
    assert.equal(jsonl.stdout.trim().split('\n').length, sandbox.dataset.reports.length);
  });

  it('shows one report with derived confidence and lifecycle', async () => {
    const id = sandbox.dataset.reports.find((r) => r.id !== bigReport)!.id;
    const result = await cli(['report', id, '--format', 'json'], env);
    assert.equal(result.code, 0, result.stderr);
    const report = JSON.parse(result.stdout) as {
      id: string;
      fixes: { id: string; confidence: number; derived: { confidence: { label: string } } }[];
    };
    assert.equal(report.id, id);
    assert.equal(report.fixes.length, sandbox.dataset.detail(id)!.fixes.length);
    for (const fix of report.fixes) {
      const label = fix.confidence === 90 ? 'Stable fix' : fix.confidence === 50 ? 'Adaptive fix' : undefined;
      if (label) assert.equal(fix.derived.confidence.label, label);
    }
    const table = await cli(['report', id], env);
    assert.match(table.stdout, /CONFIDENCE/);
    assert.match(table.stdout, /Stable fix|Adaptive fix/);
  });

  it('streams 100,000 issues of one report as JSONL without duplicates or loss', async () => {
    const result = await cli(['issues', '--fix-report', bigReport, '--format', 'jsonl'], env);
    assert.equal(result.code, 0, result.stderr);
    const lines = result.stdout.trimEnd().split('\n');
    assert.equal(lines.length, 100_000);
    const ids = lines.map((l) => (JSON.parse(l) as { id: string }).id);
    assert.equal(new Set(ids).size, 100_000, 'no duplicates');
    assert.equal(ids[0], sandbox.dataset.issueAt(bigReport, 0).id);
    assert.equal(ids[99_999], sandbox.dataset.issueAt(bigReport, 99_999).id);
  });

  it('writes one JSON array across pages and stops at --limit mid-page, in either format', async () => {
    const expected = Array.from({ length: 2_500 }, (_, i) => sandbox.dataset.issueAt(bigReport, i).id);
    const json = await cli(['issues', '--fix-report', bigReport, '--format', 'json', '--limit', '2500'], env);
    assert.equal(json.code, 0, json.stderr);
    assert.deepEqual(
      (JSON.parse(json.stdout) as { id: string }[]).map((i) => i.id),
      expected,
      'three pages, in order, once each',
    );
    const jsonl = await cli(['issues', '--fix-report', bigReport, '--format', 'jsonl', '--limit', '1500'], env);
    assert.equal(jsonl.code, 0, jsonl.stderr);
    assert.ok(jsonl.stdout.endsWith('}\n'), 'ends with a complete line');
    assert.deepEqual(
      jsonl.stdout
        .trimEnd()
        .split('\n')
        .map((l) => (JSON.parse(l) as { id: string }).id),
      expected.slice(0, 1_500),
    );
  });

  it('filters issues by state and writes a valid JSON array', async () => {
    const { report } = fpIssue();
    const result = await cli(['issues', '--fix-report', report.id, '--state', 'FalsePositive', '--format', 'json'], env);
    assert.equal(result.code, 0, result.stderr);
    const issues = JSON.parse(result.stdout) as { state: string; fpId: string }[];
    assert.ok(issues.length > 0);
    assert.ok(issues.every((i) => i.state === 'FalsePositive' && i.fpId));

    const table = await cli(['issues', '--fix-report', report.id, '--state', 'falsepositive', '--limit', '2'], env);
    assert.equal(table.code, 0, table.stderr);
    const rows = table.stdout.trimEnd().split('\n');
    assert.match(rows[0]!, /^ISSUE\s+VENDOR ID/);
    assert.deepEqual(
      rows.slice(1, 3).map((r) => r.split(/\s+/)[0]),
      issues.slice(0, 2).map((i) => (i as unknown as { id: string }).id),
    );
    assert.equal(rows[3], '2 issues');
  });

  it('prints an FP summary and a sanitized suppression comment', async () => {
    const { issue, report } = fpIssue((s) => /^[\p{L}\p{N} ,.;:'"()/-]+$/u.test(s));
    const summary = await cli(['fp-summary', issue.fpId!], env);
    assert.equal(summary.code, 0, summary.stderr);
    assert.equal(summary.stdout.trim(), sandbox.dataset.fpSummary(issue.fpId!));

    const python = await cli(['suppression-comment', issue.fpId!, '--language', 'python', '--vendor', 'sonarqube'], env);
    assert.equal(python.code, 0, python.stderr);
    assert.match(python.stdout.trim(), /^# NOSONAR/);
    assert.equal(python.stdout.trim().split('\n').length, 1);

    const html = await cli(
      ['suppression-comment', issue.fpId!, '--language', 'html', '--vendor', 'checkmarx', '--fix-report', report.id, '--format', 'json'],
      env,
    );
    assert.equal(html.code, 0, html.stderr);
    const parsed = JSON.parse(html.stdout) as { comment: string; placement: string };
    assert.match(parsed.comment, /^<!-- .* -->$/);
    assert.ok(parsed.comment.includes(issue.vendorIssueId!), 'the rule id was filled from the report');
    assert.equal(parsed.placement, 'line-above');

    const missing = await cli(['suppression-comment', issue.fpId!, '--language', 'java', '--vendor', 'checkmarx'], env);
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /needs \{vendorIssueId\} \(pass --vendor-issue-id, --issue-id or --fix-report\)/);
  });

  it('writes a vendor-neutral suppression comment from the fpId alone, and says so on stderr', async () => {
    const { issue } = fpIssue((s) => /^[\p{L}\p{N} ,.;:'"()/-]+$/u.test(s));
    const fpId = issue.fpId!;
    const neutral = await cli(['suppression-comment', fpId, '--language', 'python'], env);
    assert.equal(neutral.code, 0, neutral.stderr);
    assert.equal(neutral.stdout, `# False positive: ${sandbox.dataset.fpSummary(fpId)} (fp ${fpId})\n`);
    assert.equal(
      neutral.stderr,
      "warning: no vendor given: writing a vendor-neutral comment; pass --vendor or --fix-report for the scanner's own syntax\n",
    );
    observe(`fpId only → exit ${neutral.code}: ${neutral.stdout.trim().slice(0, 40)}…; stderr: ${neutral.stderr.trim()}`);

    const json = await cli(['suppression-comment', fpId, '--language', 'typescript', '--format', 'json'], env);
    assert.equal(json.code, 0, json.stderr);
    assert.deepEqual(JSON.parse(json.stdout), {
      fpId,
      languageId: 'typescript',
      placement: 'line-above',
      comment: `// False positive: ${sandbox.dataset.fpSummary(fpId)} (fp ${fpId})`,
    });

    const scanner = await cli(['suppression-comment', fpId, '--language', 'python', '--vendor', 'sonarqube'], env);
    assert.equal(scanner.code, 0, scanner.stderr);
    assert.equal(scanner.stderr, '', 'a known vendor gets its own syntax without a note');

    const asked = await cli(['suppression-comment', fpId, '--language', 'python', '--template', '{vendor}: {summary}'], env);
    assert.equal(asked.code, 2);
    assert.match(
      asked.stderr,
      /^error: The comment template "\{vendor\}: \{summary\}" needs \{vendor\} \(pass --vendor or --fix-report\)\.$/m,
    );
    assert.equal(asked.stdout, '');
    observe(`--template with {vendor} and no vendor → exit ${asked.code}: ${asked.stderr.split('\n')[0]}`);
  });

  it('refuses hostile summary text with exit code 7 and says why', async () => {
    const { issue, report } = fpIssue((s) => /[\u202a-\u202e\u2066-\u2069\r\n]/.test(s));
    const result = await cli(['suppression-comment', issue.fpId!, '--language', 'typescript', '--fix-report', report.id], env);
    assert.equal(result.code, 7, result.stderr);
    assert.match(result.stderr, /U\+/);
    assert.equal(result.stdout, '');
  });

  it('never prints control characters from server text to the terminal', async () => {
    const { issue } = fpIssue((s) => /[\u0000-\u001f\u202a-\u202e]/.test(s));
    const result = await cli(['fp-summary', issue.fpId!], env);
    assert.equal(result.code, 0, result.stderr);
    assert.ok(!/[\u0000-\u0009\u000b-\u001f\u202a-\u202e]/.test(result.stdout), JSON.stringify(result.stdout));
  });

  it('escapes every line it writes to stderr: server text and argv never reach the terminal raw', async () => {
    const hostile = 'A\u001b[31mRED\u202eevil\rCR\nLF';
    const status200 = (body: unknown) => ({ kind: 'status', status: 200, body: JSON.stringify(body) }) as const;
    const report = sandbox.dataset.reports[0]!.id;
    const cases: [string, string[], Parameters<typeof sandbox.faults.add>[0] | undefined][] = [
      ['an envelope name', ['reports'], { route: 'fix-reports', fault: status200({ [hostile]: { fixReport: 1 } }) }],
      ["a decoder's received value", ['reports'], { route: 'fix-reports', fault: status200({ getReportsApiV2: { fixReport: hostile } }) }],
      ['a mismatched report id', ['report', report], { route: 'fix-report', fault: status200({ fixReport: [{ id: hostile }] }) }],
      [
        'an error body',
        ['reports'],
        { route: 'fix-reports', fault: { kind: 'status', status: 400, body: JSON.stringify({ error: hostile }) } },
      ],
      [
        'an error envelope, with verbose log lines',
        ['reports', '--verbose'],
        { route: 'fix-reports', fault: { kind: 'error-envelope', message: hostile } },
      ],
      ['an unknown option', ['reports', `--${hostile}`], undefined],
      ['a bad --format value', ['reports', '--format', hostile], undefined],
      ['an unknown command', [hostile], undefined],
      ['extra arguments', ['reports', hostile], undefined],
      ['a bad --base-url', ['reports', '--base-url', hostile], undefined],
      ['a bad report id', ['report', hostile], undefined],
    ];
    const known = /^(error|warning|debug|info): |^Run "security-fix-reports --help" for usage\.$/;
    for (const [what, args, fault] of cases) {
      sandbox.faults.clear();
      if (fault) sandbox.faults.add(fault);
      const result = await cli(args, env);
      assert.notEqual(result.code, 0, what);
      assert.ok(!/[\u001b\u202e\r]/.test(result.stderr), `${what}: raw ESC, bidi or CR on stderr: ${JSON.stringify(result.stderr)}`);
      const lines = result.stderr.replace(/\n$/, '').split('\n');
      for (const line of lines)
        assert.match(line, known, `${what}: a line break from the text started a line of its own: ${JSON.stringify(result.stderr)}`);
      observe(`${what} → exit ${result.code}: ${lines.find((l) => l.startsWith('error:')) ?? lines[0]}`);
    }
  });

  it('uses distinct exit codes: usage 2, auth 3, not found 4, unreachable 5, bad response 6', async () => {
    const exit = async (args: string[], environment: Record<string, string | undefined>, expected: number, what: string) => {
      const result = await cli(args, environment);
      assert.equal(result.code, expected, `${what}: ${result.stderr}`);
      observe(`${what} → exit ${result.code}: ${result.stderr.split('\n')[0]}`);
      return result;
    };
    await exit(['frobnicate'], env, 2, 'unknown command');
    await exit(['report'], env, 2, 'missing argument');
    await exit(['reports', '--format', 'xml'], env, 2, 'bad --format');
    await exit(['reports'], { SECURITY_FIX_REPORTS_URL: sandbox.baseUrl }, 3, 'no key in the environment');
    await exit(['reports'], { ...env, SECURITY_FIX_REPORTS_KEY: 'wrong' }, 3, 'wrong key (401)');
    await exit(['report', '00000000-0000-4000-8000-000000000000'], env, 4, 'unknown report (404)');
    await exit(['reports'], { ...env, SECURITY_FIX_REPORTS_URL: 'http://127.0.0.1:9' }, 5, 'connection refused');
    await exit(['reports'], { ...env, SECURITY_FIX_REPORTS_URL: 'http://example.com' }, 2, 'plain http to a non-loopback host');
    sandbox.faults.add({ route: 'fix-reports', fault: { kind: 'status', status: 503 } });
    await exit(['reports'], env, 5, '503 on every attempt');
    sandbox.faults.clear();
    sandbox.faults.add({ route: 'fix-reports', fault: { kind: 'error-envelope', message: 'down for maintenance' } });
    const envelope = await exit(['reports'], env, 6, 'HTTP 200 with an error envelope');
    assert.match(envelope.stderr, /down for maintenance/);
    sandbox.faults.clear();
    sandbox.faults.add({ route: 'issues', skip: 1, fault: { kind: 'repeat-page' } });
    await exit(['issues', '--fix-report', bigReport, '--format', 'jsonl'], env, 6, 'a cursor that repeats the same page');
  });

  it('refuses a key on the command line and never prints the key', async () => {
    const result = await cli(['reports', '--key', sandbox.key], env);
    assert.equal(result.code, 2);
    assert.match(result.stderr, /never taken from the command line/);
    const verbose = await cli(['reports', '--verbose'], env);
    const failing = await cli(['reports', '--verbose'], { ...env, SECURITY_FIX_REPORTS_URL: `${sandbox.baseUrl.replace(/\/$/, '')}/nope` });
    for (const r of [result, verbose, failing]) {
      assert.ok(!r.stdout.includes(sandbox.key) && !r.stderr.includes(sandbox.key), 'the key never appears in output');
    }
    assert.match(verbose.stderr, /GET .*fix-reports → 200/);
  });

  it('prints its version and its usage', async () => {
    const version = await cli(['--version'], {});
    assert.equal(version.code, 0, version.stderr);
    assert.equal(version.stdout.trim(), JSON.parse(readFileSync(join(__dirname, '..', '..', '..', 'package.json'), 'utf8')).version);
    const help = await cli(['--help'], {});
    assert.equal(help.code, 0);
    assert.match(help.stdout, /^Usage: security-fix-reports/);
    assert.equal((await cli([], {})).code, 2, 'no command is a usage error');
  });

  it('exits cleanly when the reader closes the pipe early', async () => {
    const result = await cli(['issues', '--fix-report', bigReport, '--format', 'jsonl'], env, { stdoutLimit: 1 });
    assert.equal(result.code, 0, result.stderr);
  });

  it('never sends a request to a proxy for a loopback base URL (HTTP_PROXY and HTTPS_PROXY set)', async () => {
    const proxy = await startRecordingProxy();
    try {
      const proxyEnv = { HTTP_PROXY: proxy.url, HTTPS_PROXY: proxy.url, http_proxy: proxy.url, https_proxy: proxy.url };
      const result = await cli(['reports', '--format', 'json'], { ...env, ...proxyEnv });
      assert.equal(result.code, 0, result.stderr);
      assert.equal((JSON.parse(result.stdout) as unknown[]).length, sandbox.dataset.reports.length);
      assert.equal(proxy.connections, 0, 'the proxy was never contacted, so it never saw the key');
      observe(`exit ${result.code}; ${proxy.connections} connection(s) to the proxy`);
    } finally {
      await proxy.close();
    }
  });

  const proxied = (proxyUrl: string) => ({
    SECURITY_FIX_REPORTS_URL: `https://${PROXIED_HOST}`,
    SECURITY_FIX_REPORTS_KEY: 'proxy-test-key-7f3a',
    HTTPS_PROXY: proxyUrl,
  });

  it('a proxy that closes every CONNECT: the CLI gives up after its retries with exit 5', async () => {
    const proxy = await startMisbehavingProxy('close');
    try {
      const result = await cli(['reports', '--timeout', '2'], proxied(proxy.url), { killAfterMs: 30_000 });
      assert.ok(!result.killed, 'the CLI ended by itself');
      assert.equal(result.code, 5, result.stderr);
      assert.match(result.stderr, /closed the connection instead of opening a tunnel.*gave up after 4 attempts/);
      assert.ok(proxy.connects <= 4, `${proxy.connects} CONNECT attempts`);
      observe(`exit ${result.code} after ${proxy.connects} CONNECT attempts: ${result.stderr.trim()}`);
    } finally {
      await proxy.close();
    }
  });

  it('SIGTERM while a proxy holds the CONNECT: exits at once with 130', async () => {
    const proxy = await startMisbehavingProxy('hang');
    let sentAt = 0;
    try {
      const result = await cli(['reports'], proxied(proxy.url), {
        killAfterMs: 20_000,
        onStart: (child) => void until(() => proxy.connects > 0).then(() => ((sentAt = Date.now()), child.kill('SIGTERM'))),
      });
      const after = Date.now() - sentAt;
      assert.ok(!result.killed, 'the CLI ended after SIGTERM');
      assert.equal(result.code, 130, result.stderr);
      assert.ok(after < 3_000, `exited ${after} ms after SIGTERM`);
      observe(`exit ${result.code} ${after} ms after SIGTERM (the proxy held the CONNECT)`);
    } finally {
      await proxy.close();
    }
  });

  it('a second SIGTERM exits at once when the graceful stop is stuck (a reader that stopped reading)', async () => {
    sandbox.clearRequests();
    let stillRunning: boolean | undefined;
    const result = await cli(['issues', '--fix-report', bigReport, '--format', 'jsonl'], env, {
      stuckReader: true,
      killAfterMs: 20_000,
      onStart: (child) =>
        void until(() => sandbox.requests.length > 0)
          .then(() => pause(500))
          .then(() => child.kill('SIGTERM'))
          .then(() => pause(500))
          .then(() => ((stillRunning = child.exitCode === null && child.signalCode === null), child.kill('SIGTERM'))),
    });
    assert.ok(!result.killed, 'the second SIGTERM ended the CLI');
    assert.equal(result.code, 130);
    observe(`first SIGTERM: ${stillRunning ? 'still writing to the stuck reader' : 'exited'}; second SIGTERM: exit ${result.code}`);
  });
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
