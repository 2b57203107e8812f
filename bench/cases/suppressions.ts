// Case 14: `suppressions` over a generated 20,000-file repository against ripgrep finding the
// same markers. The tree (generateTree) is a git work tree of source files in fourteen languages
// written as their own code (so the parsers read real syntax, not error recovery), most without a
// marker; ~1% carry suppression comments (line, end-of-line and multi-line block comments), ~0.3%
// the marker text inside a string (which must not count), plus JSON and Markdown (no comment
// syntax), binaries, files over 2 MB and an ignored directory full of markers. The CLI runs end to
// end against the bench's sandbox (one small report); ripgrep searches the same files for the
// same marker regex. The check first: ripgrep's lines ⊇ the CLI's, the CLI's are exactly the
// planted comments, and the difference is exactly the planted strings.
import { copyFileSync, mkdirSync } from 'node:fs';
import * as path from 'node:path';
import { FixReportsClient } from '../../src/api/client';
import { GIT_RUNS } from '../../src/model/suppressionAuditGit';
import { REPO_ROOT, type BenchContext } from '../lib/context';
import { check, runTimed } from '../lib/proc';
import { readProfile, summarizeProfile } from '../lib/profile';
import { atMost, variant, withRatios, type CaseResult } from '../lib/result';
import { summarize } from '../lib/stats';
import { onlyFile } from './paging';
import { generateTree } from './suppressionsTree';

const RG = 'ripgrep (rg), same files, same marker regex';
const CLI = 'security-fix-reports suppressions (parser proof)';
const LINE_RULE = 'the same CLI without dist/proof.js (same-line rule)';
const STARTUP = 'CLI start-up only (--help)';
const BARE_NODE = 'Node start-up alone (node -e 0)';
const GIT = "git's list and git grep alone, side by side as the CLI runs them";
const FLOOR = 'floor: bare Node + git / ripgrep, run by run (wall)';
const PAIRED = 'CLI / ripgrep, run by run (wall)';

/** The marker's regex for ripgrep: what model/suppressionAudit.ts matches. */
const RG_MARKER = String.raw`\(fp [0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}\)`;

export async function suppressionsCase(ctx: BenchContext): Promise<CaseResult> {
  const rgVersion = await runTimed(['rg', '--version']).catch(() => undefined);
  if (rgVersion?.code !== 0)
    throw new Error('ripgrep (rg) is not installed: apt-get install ripgrep (scripts/install-editor.sh installs it)');
  const { reportId, current } = await smallReport(ctx);
  const root = path.join(ctx.tmpDir, 'suppressions-tree');
  const tree = generateTree(root, { files: 20_000, ignored: 300, current, seed: 14 });
  const cli = path.join(REPO_ROOT, 'dist', 'cli.js');
  // The same bundle alone in a folder: proof.js cannot be required, so the CLI falls back to the same-line rule.
  const alone = path.join(ctx.tmpDir, 'cli-alone');
  mkdirSync(alone, { recursive: true });
  copyFileSync(cli, path.join(alone, 'cli.js'));
  const env = { ...process.env, SECURITY_FIX_REPORTS_URL: ctx.sandbox.baseUrl, SECURITY_FIX_REPORTS_KEY: ctx.sandbox.key };
  const cliArgv = (file: string) => [process.execPath, file, 'suppressions', '.', '--fix-report', reportId, '--format', 'json'];
  const globs = tree.extensions.flatMap((ext) => ['-g', `*.${ext}`]);
  const rgArgv = [
    'rg',
    '--no-config',
    '--hidden',
    '--no-messages',
    '-n',
    '--no-heading',
    '--with-filename',
    '--max-filesize',
    '2M',
    ...globs,
    '-e',
    RG_MARKER,
    '.',
  ];

  // Once each, untimed: the lines each finds.
  const ours = linesOfCli(check(await runTimed(cliArgv(cli), { env, cwd: root }), 'CLI').stdout);
  const lineRule = linesOfCli(
    check(await runTimed(cliArgv(path.join(alone, 'cli.js')), { env, cwd: root }), 'CLI without the parser').stdout,
  );
  const rg = linesOfRg(check(await runTimed(rgArgv, { cwd: root }), 'ripgrep').stdout);
  const missing = [...ours.lines].filter((l) => !rg.has(l));
  if (missing.length > 0) throw new Error(`ripgrep did not find ${missing.length} lines the CLI found, e.g. ${missing[0]}`);
  const wrong = symmetricDifference(ours.lines, tree.comments);
  if (wrong.length > 0)
    throw new Error(`the CLI's suppressions differ from the planted comments at ${wrong.length} lines, e.g. ${wrong[0]}`);
  const extra = symmetricDifference(new Set([...rg].filter((l) => !ours.lines.has(l))), tree.strings);
  if (extra.length > 0)
    throw new Error(`ripgrep's lines beyond the CLI's are not exactly the planted strings (${extra.length} differ, e.g. ${extra[0]})`);

  const rgMs: number[] = [];
  const cliMs: number[] = [];
  const once = async (argv: readonly string[], what: string, options: { env?: NodeJS.ProcessEnv } = {}) =>
    check(await runTimed(argv, { ...options, cwd: root, stdout: 'discard' }), what).ms;
  for (let i = 0; i < ctx.runs; i++) {
    if (i % 2 === 0) {
      rgMs.push(await once(rgArgv, 'ripgrep'));
      cliMs.push(await once(cliArgv(cli), 'CLI', { env }));
    } else {
      cliMs.push(await once(cliArgv(cli), 'CLI', { env }));
      rgMs.push(await once(rgArgv, 'ripgrep'));
    }
  }
  const lineMs: number[] = [];
  const startupMs: number[] = [];
  const bareMs: number[] = [];
  const gitMs: number[] = [];
  const floorPairs: number[] = [];
  // Both git runs at once, output to /dev/null, as the CLI starts them; `wait` alone exits 0, whatever git grep found.
  const gitArgv = ['sh', '-c', `${GIT_RUNS.map((args) => `git ${args.map(shellQuote).join(' ')} >/dev/null &`).join(' ')} wait`];
  for (let i = 0; i < ctx.runs; i++) {
    lineMs.push(await once(cliArgv(path.join(alone, 'cli.js')), 'CLI without the parser', { env }));
    startupMs.push(await once([process.execPath, cli, '--help'], 'CLI --help'));
    const rgNext = await once(rgArgv, 'ripgrep');
    bareMs.push(await once([process.execPath, '-e', '0'], 'node -e 0'));
    gitMs.push(await once(gitArgv, 'git ls-files and git grep'));
    floorPairs.push((bareMs.at(-1)! + gitMs.at(-1)!) / rgNext);
  }
  const pairs = summarize(
    cliMs.map((ms, i) => ms / rgMs[i]!),
    3,
  );
  const variants = withRatios(
    [
      variant(RG, 'ms', summarize(rgMs), `${firstLine(rgVersion.stdout)}; --hidden, the tree's extensions as globs, --max-filesize 2M`),
      variant(
        CLI,
        'ms',
        summarize(cliMs),
        'dist/cli.js --format json, a fresh process each run: git ls-files and git grep, read the candidates, parse, page the report',
      ),
      variant(LINE_RULE, 'ms', summarize(lineMs), 'dist/cli.js copied alone into a folder'),
      variant(STARTUP, 'ms', summarize(startupMs)),
      variant(BARE_NODE, 'ms', summarize(bareMs)),
      variant(GIT, 'ms', summarize(gitMs), GIT_RUNS.map((args) => args.find((a) => a === 'ls-files' || a === 'grep')).join(' and ')),
    ],
    RG,
  );
  variants.push(variant(PAIRED, 'x', pairs, 'CLI run / the ripgrep run next to it'));
  const floor = summarize(floorPairs, 3);
  variants.push(
    variant(
      FLOOR,
      'x',
      floor,
      'a process that starts Node and waits for git, doing nothing else: no design that lists with git gets below it',
    ),
  );
  const result: CaseResult = {
    id: 'suppressions',
    title: `14. Suppressions: ${tree.listed.toLocaleString('en-US')} files against ripgrep`,
    baseline: RG,
    variants,
    targets: [atMost('CLI / ripgrep (wall, whole process, median of the pairs)', pairs.median, 1.5, '≤ 1.50×', 'x')],
    details: {
      files: tree.listed,
      bytes: tree.bytes,
      ignoredFiles: tree.ignored,
      filesWithComments: tree.filesWithComments,
      filesWithStrings: tree.filesWithStrings,
      suppressions: tree.comments.size,
      markersInStrings: tree.strings.size,
      ripgrepLines: rg.size,
      current: ours.current,
      lineRuleWrong: symmetricDifference(lineRule.lines, tree.comments).length,
      summary: ours.summary,
    },
  };
  // From the medians of this run: what the parser adds, what start-up is, and what is left (git, reading the candidates, the report).
  const [cliMedian, lineMedian, startMedian] = [CLI, LINE_RULE, STARTUP].map(
    (name) => variants.find((v) => v.name === name)!.summary.median,
  );
  result.dominates = [
    `Of the CLI's ${Math.round(cliMedian!)} ms (medians): the parser ${Math.round(cliMedian! - lineMedian!)} ms (loading the grammars, one parse of each of the ${
      tree.filesWithComments + tree.filesWithStrings
    } files with a candidate), Node and the bundle's start-up ${Math.round(startMedian!)} ms, the rest ${Math.round(
      lineMedian! - startMedian!,
    )} ms (git's list and git grep over ${(tree.bytes / 1e6).toFixed(0)} MB, reading the candidates, the report's list and pages); ripgrep ${Math.round(variants[0]!.summary.median)} ms in all.`,
    `The floor of this design, bare Node start-up plus git's two runs and nothing else, is ${floor.median.toFixed(2)}× ripgrep (median of the pairs).`,
  ];
  if (ctx.profile) {
    const dir = path.join(ctx.tmpDir, 'suppressions-profile');
    const main = path.join(REPO_ROOT, 'out', 'src', 'cli', 'main.js');
    // out/src has no proof.js beside it: this profile is of the listing (git ls-files and git grep) and reading the candidates.
    check(
      await runTimed([process.execPath, '--cpu-prof', `--cpu-prof-dir=${dir}`, main, ...cliArgv(cli).slice(2)], {
        env,
        cwd: root,
        stdout: 'discard',
      }),
      'profiling the CLI',
    );
    const p = summarizeProfile(readProfile(await onlyFile(dir)));
    result.profile = p;
    result.dominates.push(
      `CLI process without the parser (one run, out/src/cli/main.js): ${p.busyMs} ms busy, ${p.idleMs} ms waiting. Busy time: ${p.categories
        .slice(0, 5)
        .map((c) => `${c.name} ${c.pct}%`)
        .join(', ')}.`,
      `Hottest functions: ${p.functions
        .slice(0, 4)
        .map((f) => `${f.name} (${f.pct}%)`)
        .join(', ')}.`,
    );
  }
  return result;
}

/** A report of the bench's sandbox that is not one of its three 100k-issue reports, and the fpIds of its false positives. */
async function smallReport(ctx: BenchContext): Promise<{ reportId: string; current: string[] }> {
  const client = new FixReportsClient({ baseUrl: ctx.sandbox.baseUrl, key: ctx.sandbox.key });
  try {
    const big = new Set([ctx.sandbox.reportId, ctx.sandbox.fpReportId, ctx.sandbox.thirdReportId]);
    for (const report of await client.listReports()) {
      if (big.has(report.id)) continue;
      const current: string[] = [];
      for await (const issue of client.issues({ fixReportId: report.id }))
        if (issue.fpId && issue.state === 'FalsePositive') current.push(issue.fpId);
      if (current.length >= 10) return { reportId: report.id, current };
    }
    throw new Error('no report of the bench sandbox has 10 false positives');
  } finally {
    await client.close();
  }
}

/** `path:line` of each suppression the CLI printed (--format json). */
function linesOfCli(stdout: string): { lines: Set<string>; current: number; summary: unknown } {
  const out = JSON.parse(stdout) as { suppressions: { path: string; line: number; status: string }[]; summary: unknown };
  return {
    lines: new Set(out.suppressions.map((s) => `${s.path}:${s.line}`)),
    current: out.suppressions.filter((s) => s.status === 'current').length,
    summary: out.summary,
  };
}

/** `path:line` of each line ripgrep printed (`./path:line:text`). */
function linesOfRg(stdout: string): Set<string> {
  const lines = new Set<string>();
  for (const line of stdout.split('\n')) {
    const m = /^(?:\.\/)?(.+?):(\d+):/.exec(line);
    if (m) lines.add(`${m[1]}:${m[2]}`);
  }
  return lines;
}

function symmetricDifference(a: ReadonlySet<string>, b: ReadonlySet<string>): string[] {
  return [...[...a].filter((x) => !b.has(x)), ...[...b].filter((x) => !a.has(x))].sort();
}

function firstLine(text: string): string {
  return text.split('\n')[0]?.trim() ?? '';
}

/** One argument for sh -c, single-quoted. */
function shellQuote(arg: string): string {
  return `'${arg.replace(/'/g, `'\\''`)}'`;
}
