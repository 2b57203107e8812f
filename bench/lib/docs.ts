// Writes out/performance.md (or the file --docs names) from bench runs: the machine, the table,
// the method and what dominates each case (from the profiles taken in the same run). Never edited
// by hand; docs/performance.md is the hand-kept summary of it. A run of
// some cases (--cases) replaces those and keeps the others from the file as they were, each
// section saying which run it comes from, so the file stays whole without rerunning everything.
import { readFile, writeFile } from 'node:fs/promises';
import * as os from 'node:os';
import type { LatencyModel } from '../../tools/sandbox/latency';
import type { SandboxInfo } from './sandboxProcess';
import { jsonLine, markdownTable } from './report';
import type { CaseResult, RunLabel } from './result';
import { pagingPairs } from '../cases/paging';

export interface RunInfo {
  totalMs: number;
  tools: Record<string, string>;
  installedTools: string[];
  runs: number;
  slowRuns: number;
  editorRuns: number;
  sandbox: SandboxInfo;
  /** The second sandbox's network model (cases 1b and 3b), when they ran. */
  latency?: LatencyModel;
  argv: string[];
  /** Every case of the bench was selected (a full run replaces the whole file). */
  allCases: boolean;
}

/** The order of the cases in the file, whichever runs they come from. */
const ORDER = [
  'paging',
  'paging-latency',
  'memory',
  'tree',
  'tree-latency',
  'size',
  'activation',
  'cli',
  'mcp',
  'picker',
  'warmstart',
  'findings',
  'metrics',
  'changes',
  'suppressions',
];

/** How the second sandbox models the network: the same words in cases 1b and 3b. */
function latencyMethod(i: RunInfo): string {
  const l = i.latency ?? { rttMs: 0, jitterMs: 0, bytesPerMs: 0 };
  return (
    `The service is a second sandbox process over the same dataset (seed ${i.sandbox.seed}) that models a remote network (\`tools/sandbox/latency.ts\`, \`--latency ${l.rttMs} --jitter ${l.jitterMs} --bytes-per-ms ${l.bytesPerMs}\`): ` +
    `every answer waits one round trip of ${l.rttMs} ms ± up to ${l.jitterMs} ms, then its body flows at ${l.bytesPerMs.toLocaleString('en-US')} bytes per ms (about ${Math.round((l.bytesPerMs * 8) / 1000)} Mbit/s), written in 16 KB slices each when it would have arrived whole. ` +
    'The jitter of a request is a hash of the seed and of the request (its path and sorted query), not of time or arrival order: every run, and the client and the bare loop within a run, wait exactly as long for the same page.'
  );
}

/** How each case is measured; the numbers come from the run. */
const METHOD: Record<string, (info: RunInfo) => string> = {
  changes: (i) =>
    'A sandbox process of its own (`bench/cases/changesService.ts`) serves two 100,000-issue scans of one repository and branch: the big report and its earlier scan (`bigReportRescans: 1`: 94,000 findings in both, 6,000 fixed, 6,000 new, a sixth of the fixed ones without a fingerprint), every page generated before the first request. ' +
    `In the bench process, ${pagingPairs(i.runs)} back-to-back pairs alternating which goes first, each with a new client: \`compareReports\` (\`src/model/changes/compare.ts\`: both reports paged at once, each page matched by fingerprintHash as 64-bit hashes in an open-addressing table of typed arrays that holds only the fingerprints waiting for their pair, with a compact record of each waiting issue; the new and fixed issues listed with their locations at the end) against the baseline, the same client paging both reports at once and counting the issues. The target (≤ 1.2×) is on the median of the per-pair ratios; each compare run is checked to give the counts of the generated data. ` +
    'Memory in fresh `node --expose-gc` processes (3 each): peak RSS (the kernel’s maxRSS) and peak heap (sampled after each page) of paging both and of comparing, the heap the result keeps after two GCs; and the worst case of the matcher alone, 100,000 + 100,000 decoded issues with no fingerprint in common added one report after the other, so every issue waits. ' +
    'The sandbox’s scans list their findings in the same order, so few issues wait at a time; in the worst case all of them do, which the last rows bound.',
  suppressions: (i) =>
    '`node dist/cli.js suppressions . --fix-report <id> --format json` in a generated git work tree (`bench/cases/suppressionsTree.ts`: 20,000 files git lists, untracked, in fourteen languages written as their own code, ~1% with suppression comments — line, end-of-line and multi-line block — and ~0.3% with the marker text in a string; JSON and Markdown, binaries, files over 2 MB, and 300 files with markers in an ignored folder), against one small report of the bench sandbox, ' +
    `and \`rg\` searching the same files (\`--hidden\`, the tree's code extensions as globs, \`--max-filesize 2M\`) for the same marker regex, in ${i.runs} back-to-back pairs alternating which goes first; each a fresh process, stdout to /dev/null. ` +
    'One untimed run first checks that ripgrep’s lines include the CLI’s, that the CLI’s are exactly the planted comments, and that the lines only ripgrep prints are exactly the planted strings: ripgrep only searches bytes, the CLI also lists the files with git, reads them under its caps and parses every file with a candidate (one tree-sitter parse per file, `src/model/suppressionAudit.ts`), and pages the report for the fpIds it found. ' +
    'The same bundle copied alone into a folder cannot load `dist/proof.js` and checks markers by the same-line rule: the difference is the parser’s cost; `--help` is the floor of any Node CLI here. The target (≤ 1.5×) is on the median of the per-pair ratios. The profile is of one run from `out/src` (no `proof.js` there, so without the parser).',
  mcp: () =>
    '`find_issues` by file through `node dist/cli.js mcp`, called by the SDK’s own `Client` over stdio on the 100,000-issue report, each run a fresh server: the first call (it pages the report and holds its issues by file, `src/model/agentTools/issueIndex.ts`) and the calls after it (same file, another file, lines, a state), answered from memory; ' +
    'against the CLI doing the same work in the same run, `issues --fix-report X --format jsonl` piped into `bench/cases/mcpFilterProbe.ts`, which parses every line and keeps the file’s issues. Ratios are paired run by run; the server’s start (spawn and initialize) is timed apart.',
  paging: (i) =>
    `All ${i.sandbox.issues.toLocaleString('en-US')} issues of one report, ${Math.ceil(i.sandbox.issues / i.sandbox.pageSize)} pages of ${i.sandbox.pageSize}, three ways: ` +
    '`FixReportsClient.issuePages` (a new client per run: UTF-8 check, JSON.parse, schema decoding, dedupe, order check); ' +
    'the floor, a bare loop of `undici.request` + `JSON.parse` that checks nothing; and `bench/curl-jq.sh pages`, one `curl` and one `jq` per page. ' +
    `The client and the bare loop run in the bench process as ${pagingPairs(i.runs)} pairs of back-to-back runs (alternating which goes first), after one warm-up each; curl + jq ${i.slowRuns} runs. ` +
    'Ratios are against the bare loop measured in the same run. The target (≤ 1.15×) is on wall time, checked on the median of the per-pair ratios (each client run over the bare run next to it), which drift on the machine disturbs less than the ratio of the two medians; both are in the table. ' +
    'The CPU time of the bench process during each loop is shown beside it: it excludes the service, so it shows the client’s own overhead more sharply, and it includes V8’s background GC and compiler threads. ' +
    'The client asks for the next page as soon as a page’s JSON names its last id and decodes while that request is on the wire (`src/api/paging.ts`); on loopback that overlaps its checks with the service’s own work on the next page. ' +
    'It turns the event loop once after asking: undici writes a request on a kept-alive socket from a `setImmediate`, so until that turn the request waited for all synchronous work on the page (the decoding, the consumer), and nothing overlapped.',
  'paging-latency': (i) =>
    `${latencyMethod(i)} ` +
    `\`FixReportsClient.issuePages\` and the bare \`undici.request\` + \`JSON.parse\` loop page all ${i.sandbox.issues.toLocaleString('en-US')} issues of the report in ${i.runs} pairs of back-to-back runs (alternating which goes first) in the bench process, after one warm-up each; the bare loop is the floor at this latency (the same round trips and transfer, plus the service’s and JSON.parse’s time), and the target (≤ 1.05×) is on the median of the per-pair ratios. ` +
    'The bare loop’s warm-up also sums what the modelled network alone costs for the same requests (Σ round trip + body bytes / rate), shown as a computed row: what any client pays, however fast. ' +
    'The client sends the next request once a page is parsed and decodes, dedupes and checks the page while it travels, so only what the bare loop does too (receive, UTF-8, JSON.parse) stays between two requests.',
  memory: (i) =>
    `A fresh \`node --expose-gc\` process per run (${i.runs} runs) loads the report detail (fixes) into a \`ReportModel\` and adds every issue page, as the editor does. ` +
    'Heap figures are `process.memoryUsage().heapUsed` after two forced GCs; the peak heap is sampled before and after each page is added; peak RSS is the kernel’s maxRSS. ' +
    'Bytes per issue = (heap with issues − heap with fixes only) / issues; the target (≤ 400 B) is the memory goal of issue 15. ' +
    'The model keeps each issue as a `HeldIssue` (src/model/heldIssue.ts): no fpDescription text (fetched by issue id when shown, src/editor/explanations.ts), repeated texts and file paths shared, the data-flow trace as one string. ' +
    'One extra run writes a heap snapshot for the breakdown.',
  tree: (i) =>
    `Inside code-server’s extension host (${i.editorRuns} editor launches, 2 passes each), through the running extension’s own \`ReportsTree\` and \`ReportStore\` (the shipped, minified bundle): ` +
    '`getChildren(node)` plus `getTreeItem` for every child, which is what the editor asks for when a node is expanded. ' +
    'A pass refreshes the store, expands the 10k-fix report from cold (detail request, model, group items), expands the fixes group and one range while the issue pages still stream in, waits for all issues, ' +
    'then times each level again 5 times once loaded; then the same for a report whose 100k issues are all false positives. ' +
    '“Shown before paging ends” compares the first level’s time with the time until the last page is in the model. The view itself is not rendered. ' +
    "After the passes, once per launch: the extension host’s heap (`process.memoryUsage().heapUsed` after two GCs forced through `v8.setFlagsFromString('--expose-gc')`) with the store reset, then with three 100,000-issue reports expanded at once (their rows’ children, which page every issue in: the 10k-fix report, the all-FP report and a third like the first from another seed), with the peak sampled every 100 ms while they page in; the target (≤ 250 MB) is the memory goal of issue 15. " +
    'The heap is the whole extension host’s: code-server’s built-in extensions and ours included. ' +
    'The model build alone is timed in plain Node on the same detail. ' +
    `The floor of loading each report is a bare \`undici.request\` of its detail + \`JSON.parse\`, then the bare page loop, in the bench process against the same service (${i.runs} runs after a warm-up); “vsFloor” in the raw result is the tree’s loading time (from expanding until every issue is in the model) over it, medians.`,
  'tree-latency': (i) =>
    `${latencyMethod(i)} ` +
    `The tree passes of case 3 (${i.editorRuns} editor launches, 2 passes each, no profile) against that service, and the floor of loading each report — a bare detail request + \`JSON.parse\` and the bare page loop, in the bench process against the same delays (${i.slowRuns} runs after a warm-up). ` +
    'The targets (≤ 1.05×) compare the medians: the tree’s time from expanding a report until every issue is in the model, over its floor. The extension host decodes a page, adds it to the model and redraws while the next request travels.',
  warmstart: (i) =>
    `Inside code-server’s extension host (${i.editorRuns} editor launches, 5 samples each, after the tree passes), through the running extension: ` +
    'the time from the view asking for its rows (`getChildren()`) to the first row’s `TreeItem`, then the 100k-issue report’s children (`store.report`). ' +
    'Without the cache (the setting off): the list request, then the detail and all 100 issue pages from the sandbox on loopback. ' +
    'With it: the report is loaded once and cached, then each sample closes the cache (so its index is read from disk again, as in a new window), drops everything in memory and starts again: ' +
    'the rows from the index, the report from its file. The requests of each start are counted on the extension’s own client until the start settles (revalidation included): ' +
    'list, details (the counts prefetch and the revalidation) and issue pages. The cache’s bundle is already loaded in these samples; a new window also pays its `require` (30 KB).',
  findings: (i) =>
    `Inside code-server’s extension host (${i.editorRuns} editor launches, after the tree passes), 10,000 of the big report’s own issues placed as findings on synthetic files in two layouts: 50 per file (200 files) and 1,000 per file (10 files, the host’s cap per file). ` +
    'Each layout is published 5 times by the extension’s publisher (`src/views/problems.ts`: a file at a time, yielding to the event loop after 8 ms of work, `src/common/timeSlice.ts`) and 5 times by one synchronous loop that builds the same diagnostics and sets every file, alternating which goes first. ' +
    'Wall time runs until the last file is set; the longest stall is the largest gap between two callbacks of a `setImmediate` heartbeat that runs from the start of the publication until 200 ms after it (the host sends diagnostics to the window after `set` returns): how long the host could not answer anything else. ' +
    'After each publication the host’s `languages.getDiagnostics` is checked to hold all 10,000. The target (≤ 50 ms, the web’s long-task threshold) is on the worst run. ' +
    'Placing the findings (matching paths, checking that files exist) runs in the same slices (`src/editor/findings.ts`) and is not timed here.',
  metrics: () =>
    'In the bench process, over synthetic reports decoded through the client’s schemas (`bench/lib/metricsData.ts`: 3 fixes and 5 issues each, every repository scanned twice under two spellings of its address). ' +
    'The metrics of the first 1,000, 4,000 and 16,000 reports (`MetricsBuilder`, `result()`, `metricsTables()`), the sizes in a rotating order each round after a warm-up, each the fastest of 3 timings in a quiet moment (`bench/lib/quiet.ts`); ' +
    'the target is on the median of the per-round ratios of the 16,000-report time over the 1,000-report one. ' +
    'The de-dup set of the false-positive figures: heap kept by a `NoiseTally` per distinct fingerprint (after two GCs), 100,000 fingerprints of 64 and of 2,048 characters. ' +
    'Fix Insights: `gatherInsights` (src/views/insights/data.ts, as the extension host runs it) over “All reports” of a 4,000-report list, capped to 200, the 10 newest held by the store with 20,000 issues each and every other detail answered by a fake client on the next turn of the event loop; ' +
    'the longest stall is the largest gap between two callbacks of a `setImmediate` heartbeat (as case 10), for the pass yielding every 8 ms and for the same pass never yielding, alternating which goes first; both must compute the same data. ' +
    'A sliced gap longer than the budget is the slice plus a young-generation collection that V8 ran before the next callback.',
  size: () =>
    '`vsce package` into a temporary folder (it runs the production build first), then the bytes of `dist/extension.js` and of the VSIX, and the VSIX’s compressed bytes by part. ' +
    'Budgets use 1 KB = 1024 bytes. The same budgets are checked by `test/unit/budgets.test.ts` in `npm test`.',
  activation: (i) =>
    `One sample per editor launch (${i.editorRuns}): the extension measures \`performance.now()\` from the start of \`activate()\` to \`createTreeView\` returning and returns it in its API. ` +
    'What activation loads is read from the extension host’s module cache right after activation, and again after the tree passes (files under `dist/` and `node_modules/`). ' +
    `The cost of loading that code is timed outside the editor: a cold \`require\` in a fresh Node process per run (${i.runs} runs), of the bundle (\`vscode\` stubbed for the require only) and of undici alone. ` +
    '(Re-requiring inside the extension host would hit V8’s compilation cache and look cheaper than a real start.)',
  cli: (i) =>
    `\`node dist/cli.js issues --fix-report <id> --format jsonl\` against its floor, \`bench/cases/bareJsonl.ts\` (a bare \`undici.request\` + \`JSON.parse\` + one write per page of the same JSON lines, checking and escaping nothing), in ${pagingPairs(i.runs)} pairs of back-to-back runs alternating which goes first, and against \`bench/curl-jq.sh jsonl\` (curl per page, jq for the lines and for the cursor, ${i.slowRuns} runs); stdout to /dev/null, each a fresh process, start-up included. ` +
    'The target (≤ 1.10×) is on the median of the per-pair ratios. One untimed run of each first counts the lines (all must print every issue). The CLI escapes every unsafe character for the terminal: `escapedJson` (`src/common/text.ts`) skips its regex when a line is all ASCII, which it checks natively. ' +
    'The profile is of one run of the same CLI from `out/src` (tsc output, readable names).',
};

/** What the file held before this run: its cases' results and sections, and any other section. */
interface Previous {
  results: CaseResult[];
  /** "### title" section bodies of the method part, by title. */
  sections: Map<string, string[]>;
  /** "## …" sections the generator does not write (kept as they are by a partial run). */
  extra: string[][];
  /** The run the file's header names (for results written before each carried its run). */
  run?: RunLabel;
  machine: string[];
}

const GENERATED = new Set(['Machine', 'Results', 'Method and what dominates', 'Raw results']);
const PROVENANCE = '_Measured in the run of ';

async function readPrevious(file: string): Promise<Previous> {
  const previous: Previous = { results: [], sections: new Map(), extra: [], machine: [] };
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    return previous;
  }
  const header = /^Measured (\d{4}-\d\d-\d\d \d\d:\d\d) UTC in one run of `([^`]+)`/m.exec(text);
  if (header) previous.run = { at: header[1]!, command: header[2]! };
  const machineOf = (lines: string[]) => lines.map((m) => m.slice(2)).join('; ');
  // Split into "## " parts; the method part further into "### " sections.
  const parts = text.split(/^(?=## )/m).slice(1);
  for (const part of parts) {
    const lines = part.replace(/\n+$/, '').split('\n');
    const heading = lines[0]!.slice(3).trim();
    if (heading === 'Machine') {
      previous.machine = lines.slice(1).filter((l) => l.startsWith('- '));
      if (previous.run) previous.run.machine = machineOf(previous.machine);
    } else if (heading === 'Method and what dominates') {
      for (const section of part.split(/^(?=### )/m).slice(1)) {
        const body = section.replace(/\n+$/, '').split('\n');
        previous.sections.set(body[0]!.slice(4).trim(), body.slice(1));
      }
    } else if (heading === 'Raw results') {
      const json = /```json\n([\s\S]*?)\n```/.exec(part)?.[1] ?? '';
      for (const line of json.split('\n')) {
        if (line.trim() === '') continue;
        const result = JSON.parse(line) as CaseResult;
        // Results written before each carried its run (and its machine) come from the run the header names.
        const run = result.run ?? previous.run;
        previous.results.push({ ...result, run: run && { ...run, machine: run.machine ?? previous.run?.machine } });
      }
    } else if (!GENERATED.has(heading)) previous.extra.push(lines);
  }
  return previous;
}

function describeRun(run: RunLabel | undefined): string {
  return run ? `${run.at} UTC (\`${run.command}\`)` : 'an earlier run';
}

export async function writeDocs(file: string, fresh: readonly CaseResult[], info: RunInfo): Promise<void> {
  const cpus = os.cpus();
  const machine = [
    `- CPU: ${cpus[0]?.model ?? 'unknown'}, ${cpus.length} cores`,
    `- Memory: ${(os.totalmem() / 1024 ** 3).toFixed(0)} GB; ${os.type()} ${os.release()}`,
    `- Node ${process.versions.node}; ${
      Object.values(info.tools)
        .map((v) => v.split(' ').slice(0, 2).join(' '))
        .join(', ') || 'curl/jq not used'
    }${info.installedTools.length ? ` (installed by this run: ${info.installedTools.join(', ')})` : ''}`,
  ];
  const now: RunLabel = {
    at: new Date().toISOString().slice(0, 16).replace('T', ' '),
    command: `npm run bench${info.argv.length ? ` -- ${info.argv.join(' ')}` : ''}`,
    machine: machine.map((m) => m.slice(2)).join('; '),
  };
  const previous = info.allCases ? undefined : await readPrevious(file);
  const ran = new Set(fresh.map((r) => r.id));
  const kept = (previous?.results ?? []).filter((r) => !ran.has(r.id));
  const rank = (r: CaseResult) => (ORDER.includes(r.id) ? ORDER.indexOf(r.id) : ORDER.length);
  const results = [...fresh.map((r) => ({ ...r, run: now })), ...kept].sort((a, b) => rank(a) - rank(b));
  const where =
    'every case against the sandbox service on loopback (127.0.0.1), in its own process, serving pages it generated and cached before the first request' +
    (results.some((r) => r.id.endsWith('-latency'))
      ? '; cases 1b and 3b against a second one that models a remote network (round trip, jitter, body rate)'
      : '');
  const intro =
    kept.length === 0
      ? `Measured ${now.at} UTC in one run of \`${now.command}\` (${(info.totalMs / 1000 / 60).toFixed(1)} minutes), ${where}.`
      : `Measured in more than one run, ${where}: ${fresh.map((r) => r.title.split(':')[0]).join(', ')} in the run of ${describeRun(now)} (${(info.totalMs / 1000 / 60).toFixed(1)} minutes); ` +
        `${kept.map((r) => r.title.split(':')[0]).join(', ')} kept from ${[...new Set(kept.map((r) => describeRun(r.run)))].join(' and ')}. Each section of the method names its run; a ratio is only ever between measures of the same run.`;
  const lines = [
    '# Performance',
    '',
    `<!-- Generated by \`npm run bench -- --docs\` (bench/lib/docs.ts). Do not edit: run the bench again. -->`,
    '',
    intro,
    '',
    '## Machine',
    '',
    ...machine,
  ];
  // Each kept run measured on another machine says so (CPU and kernel; the tools of a run that used none differ anyway).
  const cpuAndKernel = (m: string | undefined) => m?.split('; ').slice(0, 2).join('; ');
  const elsewhere = new Map(kept.filter((r) => cpuAndKernel(r.run?.machine) !== cpuAndKernel(now.machine)).map((r) => [r.run?.at, r.run]));
  for (const run of elsewhere.values())
    lines.push(
      '',
      `The cases kept from the run of ${run?.at ?? 'an earlier run'} UTC were measured on: ${run?.machine ?? 'a machine not recorded'}.`,
    );
  lines.push(
    '',
    '## Results',
    '',
    'Median of the runs; the spread is min–max and half the interquartile range relative to the median. Ratios are against the case’s baseline, measured in the same run.',
    '',
    markdownTable(results),
    '',
    '## Method and what dominates',
    '',
  );
  for (const r of results) {
    lines.push(`### ${r.title}`, '');
    if (kept.includes(r)) {
      // As the earlier run wrote it (its method had that run's counts), under a line naming the run.
      const body = (previous?.sections.get(r.title) ?? []).filter((l) => !l.startsWith(PROVENANCE));
      while (body[0] === '') body.shift();
      lines.push(`${PROVENANCE}${describeRun(r.run)}._`, '', ...body, '');
      continue;
    }
    if (kept.length > 0) lines.push(`${PROVENANCE}${describeRun(now)}._`, '');
    const method = METHOD[r.id];
    if (method) lines.push(method(info), '');
    if (r.error) lines.push('**This case failed in this run:**', '', '```', r.error, '```', '');
    if (r.dominates?.length) {
      lines.push('What dominates (measured in this run):', '');
      for (const d of r.dominates) lines.push(`- ${d}`);
      lines.push('');
    }
  }
  // Sections this generator does not write (a case rendered from separate runs) stay until a full run.
  for (const extra of previous?.extra ?? []) lines.push(...extra, '');
  lines.push(
    '## Raw results',
    '',
    'One JSON line per case, as printed by the bench (with the run it comes from).',
    '',
    '```json',
    ...results.map(jsonLine),
    '```',
    '',
  );
  await writeFile(file, lines.join('\n'));
}
