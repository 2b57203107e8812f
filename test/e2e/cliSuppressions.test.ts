// `security-fix-reports suppressions` as a child process (dist/cli.js, with dist/proof.js and its
// grammars beside it) against the sandbox, over a real git repository made in a temp dir: git's
// file list (an ignored file skipped), markers proven inside comments by the parser (not in
// strings), binaries, files over 2 MB, an unreadable file (listed on stderr, not fatal), fpIds
// current and stale, --fail-on-stale, and the bad inputs.
import { strict as assert } from 'node:assert';
import { spawn } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import { join } from 'node:path';
import { startSandbox, type Sandbox } from '../../tools/sandbox/server';
import { observe } from '../support/evidence';
import { git } from '../support/git';

const CLI = join(__dirname, '..', '..', '..', 'dist', 'cli.js');
/** An fpId no report of any seed has. */
const NOWHERE = '00000000-0000-4000-8000-00000000beef';

interface Result {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The CLI (`script`) in `cwd`; `asUser`: with that uid and gid (root's tests need one that file modes bind). */
function cli(args: string[], env: Record<string, string>, cwd: string, asUser?: number, script = CLI): Promise<Result> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, ...args], {
      cwd,
      env: { PATH: process.env.PATH, ...env } as NodeJS.ProcessEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
      ...(asUser === undefined ? {} : { uid: asUser, gid: asUser }),
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

interface SuppressionRow {
  path: string;
  line: number;
  fpId: string;
  status: string;
  reason?: string;
  vendor?: string;
  issueType?: string;
  checkedBy: string;
}

describe('cli: suppressions', function () {
  this.timeout(120_000);
  let sandbox: Sandbox;
  let env: Record<string, string>;
  let reportId: string;
  let current: { fpId: string; issueType: string }[];
  /** A false positive of another report: stale against this one. */
  let elsewhere: string;
  let root: string;
  let repo: string;
  /** Root runs the CLI as nobody so that the unreadable file is unreadable; others as themselves. */
  let user: number | undefined;

  before(async function () {
    assert.ok(existsSync(CLI), `${CLI} is missing: run "npm run build" first`);
    assert.ok(existsSync(join(CLI, '..', 'proof.js')), 'dist/proof.js is missing: run "npm run build" first');
    sandbox = await startSandbox({ dataset: { seed: 42, reports: 4 } });
    env = { SECURITY_FIX_REPORTS_URL: sandbox.baseUrl, SECURITY_FIX_REPORTS_KEY: sandbox.key };
    const fps = (id: string) =>
      Array.from({ length: sandbox.dataset.issueCount(id) }, (_, i) => sandbox.dataset.issueAt(id, i)).filter((i) => i.fpId !== null);
    const [first, second] = sandbox.dataset.reports.filter((r) => fps(r.id).length >= 3);
    assert.ok(first && second, 'two reports with false positives');
    reportId = first.id;
    current = fps(first.id).map((i) => ({ fpId: i.fpId!, issueType: i.issueType! }));
    elsewhere = fps(second.id)[0]!.fpId!;

    root = mkdtempSync(join(os.tmpdir(), 'sfr-cli-suppressions-'));
    repo = join(root, 'repo');
    user = process.getuid?.() === 0 ? 65534 : undefined;
    const write = (rel: string, content: string | Buffer) => {
      mkdirSync(join(repo, rel, '..'), { recursive: true });
      writeFileSync(join(repo, rel), content);
    };
    mkdirSync(repo);
    git(repo, 'init', '-q');
    write('.gitignore', 'generated/\n');
    const [a, b, c] = current;
    write(
      'src/app.py',
      `import os\n\n# False positive: validated upstream (fp ${a!.fpId})\npath = os.path.join(base, name)\nnote = "# (fp ${b!.fpId})"\n`,
    );
    write(
      'src/web.ts',
      `export function f(): string {\n  /*\n   * false positive (fp ${c!.fpId})\n   */\n  return \`// (fp ${a!.fpId})\`;\n}\n`,
    );
    write('src/stale.go', `package main\n\n// False positive (fp ${elsewhere})\nfunc main() {} // (fp ${NOWHERE})\n`);
    write('generated/out.py', `# (fp ${NOWHERE})\n`);
    write('assets/blob.py', Buffer.concat([Buffer.from([0, 1, 2, 3]), Buffer.from(`# (fp ${NOWHERE})\n`)]));
    write('dist/bundle.js', `// (fp ${NOWHERE})\n${'x'.repeat(2 * 1024 * 1024)}\n`);
    write('data/fixture.json', `{"note": "(fp ${NOWHERE})"}\n`);
    write('src/secret.py', `# (fp ${NOWHERE})\n`);
    git(repo, 'add', 'src/app.py');
    git(repo, 'commit', '-q', '-m', 'app');
    // The unreadable file: no permission for anyone but root, whom the CLI does not run as.
    chmodSync(join(repo, 'src', 'secret.py'), 0o000);
    if (user !== undefined) {
      // nobody must reach the tree, and git must accept a repository nobody does not own.
      chmodSync(root, 0o755);
      const gitConfig = join(root, 'gitconfig');
      writeFileSync(gitConfig, '[safe]\n\tdirectory = *\n');
      env = { ...env, GIT_CONFIG_GLOBAL: gitConfig, HOME: root };
    }
  });
  after(async () => {
    await sandbox?.close();
    if (root) rmSync(root, { recursive: true, force: true });
  });

  const run = (args: string[], cwd = repo) => cli(args, env, cwd, user);

  it('lists the suppressions of a git work tree with their status, skipping what it cannot or must not read', async () => {
    const result = await run(['suppressions', '--fix-report', reportId, '--format', 'json']);
    assert.equal(result.code, 0, result.stderr);
    const out = JSON.parse(result.stdout) as { fixReportId: string; suppressions: SuppressionRow[]; summary: Record<string, number> };
    assert.equal(out.fixReportId, reportId);
    const [a, , c] = current;
    assert.deepEqual(
      out.suppressions.map((s) => [s.path, s.line, s.fpId, s.status, s.reason ?? s.issueType, s.checkedBy]),
      [
        ['src/app.py', 3, a!.fpId, 'current', a!.issueType, 'parser'],
        ['src/stale.go', 3, elsewhere, 'stale', 'not-in-report', 'parser'],
        ['src/stale.go', 4, NOWHERE, 'stale', 'not-in-report', 'parser'],
        ['src/web.ts', 3, c!.fpId, 'current', c!.issueType, 'parser'],
      ],
    );
    assert.equal(out.suppressions[0]!.vendor, sandbox.dataset.reports.find((r) => r.id === reportId)!.vulnerabilityReport?.vendor);
    assert.deepEqual(
      {
        current: out.summary.current,
        stale: out.summary.stale,
        binary: out.summary.skippedBinary,
        tooLarge: out.summary.skippedTooLarge,
        noSyntax: out.summary.skippedNoCommentSyntax,
        unreadable: out.summary.unreadable,
        outside: out.summary.markersOutsideComments,
      },
      { current: 2, stale: 2, binary: 1, tooLarge: 1, noSyntax: 2, unreadable: 1, outside: 2 },
    );
    assert.equal(out.summary.filesListed, 8, 'generated/out.py is ignored by git');
    assert.match(result.stderr, /^warning: Cannot read src\/secret\.py \(EACCES\); skipped\.$/m);
    observe(`${out.suppressions.length} suppressions, summary ${JSON.stringify(out.summary)}; stderr: ${result.stderr.trim()}`);
  });

  it('prints a table with the scanner and issue type of current ones, and a summary line', async () => {
    const result = await run(['suppressions', 'src', '--fix-report', reportId]);
    assert.equal(result.code, 0, result.stderr);
    const lines = result.stdout.trimEnd().split('\n');
    assert.match(lines[0]!, /^PATH\s+LINE\s+FP ID\s+STATUS\s+DETAIL$/);
    assert.match(lines[1]!, new RegExp(`^src/app\\.py\\s+3\\s+${current[0]!.fpId}\\s+current\\s+\\S.* · `));
    assert.match(lines[2]!, new RegExp(`^src/stale\\.go\\s+3\\s+${elsewhere}\\s+stale\\s+no issue of the report has this fpId$`));
    assert.match(
      lines.at(-1)!,
      /^4 suppressions \(2 current, 2 stale\)\. 4 files from git's file list: 3 searched; skipped 1 unreadable; 2 markers outside comments not counted\.$/,
    );
  });

  it('exits 9 with --fail-on-stale when a suppression is stale, 0 when none is', async () => {
    const stale = await run(['suppressions', '--fix-report', reportId, '--fail-on-stale']);
    assert.equal(stale.code, 9, stale.stderr);
    assert.match(stale.stderr, /^error: 2 stale suppressions \(--fail-on-stale\)\.$/m);
    assert.ok(stale.stdout.includes('stale'), 'the table is still printed');
    const clean = await run(['suppressions', 'src/app.py', 'src/web.ts', '--fix-report', reportId, '--fail-on-stale']);
    assert.equal(clean.code, 0, clean.stderr);
    assert.match(clean.stdout, /^2 suppressions \(2 current\)\./m);
    observe(`--fail-on-stale: exit ${stale.code} (${stale.stderr.trim().split('\n').at(-1)}), exit ${clean.code} with none stale`);
  });

  it('falls back to the same-line rule, and says so, when the parser bundle is not beside the CLI', async () => {
    const alone = join(root, 'alone');
    mkdirSync(alone);
    copyFileSync(CLI, join(alone, 'cli.js'));
    const result = await cli(
      ['suppressions', 'src/app.py', '--fix-report', reportId, '--format', 'json'],
      env,
      repo,
      user,
      join(alone, 'cli.js'),
    );
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stderr, /^warning: The parser could not check 1 file \(src\/app\.py: the parser bundle is not beside the CLI/m);
    const out = JSON.parse(result.stdout) as { suppressions: SuppressionRow[] };
    // The rule's blind spot: the string that holds a comment opener before the marker counts.
    assert.deepEqual(
      out.suppressions.map((s) => [s.line, s.checkedBy]),
      [
        [3, 'line'],
        [5, 'line'],
      ],
    );
  });

  it('reads each file once when the paths overlap', async () => {
    const result = await run(['suppressions', '.', 'src', join(repo, 'src', 'app.py'), '--fix-report', reportId, '--format', 'json']);
    assert.equal(result.code, 0, result.stderr);
    const out = JSON.parse(result.stdout) as { suppressions: SuppressionRow[]; summary: Record<string, number> };
    assert.equal(out.suppressions.length, 4);
    assert.equal(out.summary.filesListed, 8);
  });

  it('walks a folder outside any repository, ignoring nothing and following no link', async () => {
    const plain = join(root, 'plain');
    mkdirSync(join(plain, 'generated'), { recursive: true });
    writeFileSync(join(plain, 'generated', 'out.py'), `# (fp ${current[0]!.fpId})\n`);
    writeFileSync(join(plain, '.gitignore'), 'generated/\n');
    symlinkSync(join(repo, 'src', 'app.py'), join(plain, 'link.py'));
    symlinkSync(join(repo, 'src'), join(plain, 'linked-src'));
    const result = await run(['suppressions', plain, '--fix-report', reportId, '--format', 'json'], root);
    assert.equal(result.code, 0, result.stderr);
    const out = JSON.parse(result.stdout) as { suppressions: SuppressionRow[]; summary: Record<string, number> };
    assert.deepEqual(
      out.suppressions.map((s) => [s.path, s.status]),
      [[join(plain, 'generated', 'out.py'), 'current']],
    );
    assert.equal(out.summary.skippedNotRegular, 1, 'link.py (linked-src has no extension: skipped by name first)');
  });

  it('refuses a missing --fix-report, a path that does not exist and another format (2), and an unknown report (4)', async () => {
    const noReport = await run(['suppressions']);
    assert.equal(noReport.code, 2);
    assert.match(noReport.stderr, /suppressions needs --fix-report ID/);
    const noDir = await run(['suppressions', 'no/such/dir', '--fix-report', reportId]);
    assert.equal(noDir.code, 2);
    assert.match(noDir.stderr, /^error: Cannot read no\/such\/dir: ENOENT\. Give directories or files that exist\.$/m);
    const jsonl = await run(['suppressions', '--fix-report', reportId, '--format', 'jsonl']);
    assert.equal(jsonl.code, 2);
    assert.match(jsonl.stderr, /"suppressions" writes table, json, not jsonl/);
    const unknown = await run(['suppressions', '--fix-report', '11111111-2222-4333-8444-555555555555']);
    assert.equal(unknown.code, 4, unknown.stderr);
    observe(
      `missing --fix-report: ${noReport.code}; missing dir: ${noDir.code}; unknown report: ${unknown.code} (${unknown.stderr.trim()})`,
    );
  });
});
