// Case 7: find_issues by file through `security-fix-reports mcp` (the SDK's own Client over
// stdio) on the 100k-issue report: the first call, which reads the report and holds its issues
// by file (model/agentTools/issueIndex), and the calls after it, answered from memory; against
// the CLI doing the same work, `issues --fix-report X --format jsonl` piped into a filter by
// file (mcpFilterProbe.ts), measured in the same run. Each run starts a fresh server.
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { REPO_ROOT, type BenchContext } from '../lib/context';
import { check, runTimed } from '../lib/proc';
import { atMost, variant, withRatios, type CaseResult } from '../lib/result';
import { summarize } from '../lib/stats';

const PIPELINE = 'CLI issues --format jsonl | filter by file';
const FIRST = 'MCP find_issues by file, first call';
const REPEATED = 'MCP find_issues, later calls';
const STARTUP = 'MCP server start (spawn + initialize)';
const PAIRED_FIRST = 'first call / CLI pipeline, run by run (wall)';
const PAIRED_REPEATED = 'later call / CLI pipeline, run by run (wall)';

interface FindResult {
  issues: { id: string; location: { path: string; startLine?: number } | null }[];
  totalMatches?: number;
  nextCursor: string | null;
}

export async function mcpCase(ctx: BenchContext): Promise<CaseResult> {
  const { sandbox } = ctx;
  const cli = path.join(REPO_ROOT, 'dist', 'cli.js');
  const probe = path.join(__dirname, 'mcpFilterProbe.js');
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    SECURITY_FIX_REPORTS_URL: sandbox.baseUrl,
    SECURITY_FIX_REPORTS_KEY: sandbox.key,
  };

  // The files to ask about, from the report itself (its first issue's file, then another).
  const files = await (async () => {
    const server = await startServer(cli, env);
    try {
      const page = await find(server.client, { fixReportId: sandbox.reportId, limit: 100 });
      const paths = [...new Set(page.result.issues.map((i) => i.location?.path).filter((p): p is string => p !== undefined))];
      if (paths.length < 2) throw new Error(`the report's first issues name ${paths.length} file(s); two are needed`);
      return paths.slice(0, 2) as [string, string];
    } finally {
      await server.close();
    }
  })();
  const [file, other] = files;
  const pipeEnv = { ...env, NODE: process.execPath, CLI: cli, PROBE: probe, REPORT: sandbox.reportId, FILE: file };
  const pipeline = (sink: string) => [
    'bash',
    '-c',
    `set -o pipefail; "$NODE" "$CLI" issues --fix-report "$REPORT" --format jsonl | "$NODE" "$PROBE" "$FILE"${sink}`,
  ];

  // Untimed: both give the same issues, in the same order.
  const checked = check(await runTimed(pipeline(''), { env: pipeEnv, stdout: 'capture' }), 'CLI pipeline');
  const expectedIds = checked.stdout
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => (JSON.parse(l) as { id: string }).id);
  const count = Number(/count (\d+)/.exec(checked.stderr)?.[1]);
  {
    const server = await startServer(cli, env);
    try {
      const { result } = await find(server.client, { fixReportId: sandbox.reportId, path: file });
      const ids = result.issues.map((i) => i.id);
      if (result.totalMatches !== count || ids.join() !== expectedIds.slice(0, ids.length).join() || ids.length !== 50)
        throw new Error(`find_issues gave ${ids.length} of ${result.totalMatches} issues, the CLI pipeline ${count}; they differ`);
    } finally {
      await server.close();
    }
  }

  const pipelineMs: number[] = [];
  const firstMs: number[] = [];
  const repeatedMs: number[] = [];
  const startupMs: number[] = [];
  const pairedFirst: number[] = [];
  const pairedRepeated: number[] = [];
  const rss = { started: [] as number[], held: [] as number[] };
  const runPipeline = async () => check(await runTimed(pipeline(' > /dev/null'), { env: pipeEnv, stdout: 'discard' }), 'CLI pipeline').ms;
  const runServer = async () => {
    const t = performance.now();
    const server = await startServer(cli, env);
    startupMs.push(performance.now() - t);
    try {
      rss.started.push(rssMb(server.pid));
      const first = await find(server.client, { fixReportId: sandbox.reportId, path: file });
      rss.held.push(rssMb(server.pid));
      const later: number[] = [];
      // The same file again, another file, lines of the first file, a state: each from memory.
      for (const args of [
        { path: file },
        { path: other },
        { path: file, startLine: 1, endLine: 100 },
        { path: other, state: 'FalsePositive' },
        { path: file },
      ])
        later.push((await find(server.client, { fixReportId: sandbox.reportId, ...args })).ms);
      return { first: first.ms, later };
    } finally {
      await server.close();
    }
  };
  for (let i = 0; i < ctx.runs; i++) {
    // Alternating which goes first, as the other paired cases do.
    let pipe: number;
    let served: { first: number; later: number[] };
    if (i % 2 === 0) {
      pipe = await runPipeline();
      served = await runServer();
    } else {
      served = await runServer();
      pipe = await runPipeline();
    }
    pipelineMs.push(pipe);
    firstMs.push(served.first);
    repeatedMs.push(...served.later);
    pairedFirst.push(served.first / pipe);
    for (const ms of served.later) pairedRepeated.push(ms / pipe);
  }
  const first = summarize(pairedFirst, 3);
  const repeated = summarize(pairedRepeated, 4);
  const variants = withRatios(
    [
      variant(PIPELINE, 'ms', summarize(pipelineMs), 'dist/cli.js piped into bench/cases/mcpFilterProbe.ts: 100k lines parsed and located'),
      variant(FIRST, 'ms', summarize(firstMs), 'a fresh server: reads the 100 pages, holds the issues by file, answers 50'),
      variant(REPEATED, 'ms', summarize(repeatedMs), 'the same file, another file, lines, a state: from the held issues'),
      variant(STARTUP, 'ms', summarize(startupMs), 'node dist/cli.js mcp, dist/mcp.js loaded, initialize answered'),
    ],
    PIPELINE,
  );
  variants.push(variant(PAIRED_FIRST, 'x', first, 'find_issues first call / the pipeline run next to it'));
  variants.push(variant(PAIRED_REPEATED, 'x', repeated, 'each later call / the pipeline run of its pair'));
  return {
    id: 'mcp',
    title: `7. MCP find_issues by file: ${sandbox.issues.toLocaleString('en-US')} issues`,
    baseline: PIPELINE,
    variants,
    targets: [
      atMost('first call / CLI pipeline (median of the pairs)', first.median, 1.0, '≤ 1.00×', 'x'),
      atMost('later call / CLI pipeline (median of the pairs)', repeated.median, 0.05, '≤ 0.05×', 'x'),
    ],
    details: {
      files: { asked: file, other, matches: count },
      serverRssMb: { afterStart: summarize(rss.started).median, afterFirstCall: summarize(rss.held).median },
      heldBound: 'at most 200,000 issues over at most 4 reports, each kept 15 minutes (model/agentTools/issueIndex.ts)',
    },
  };
}

interface Server {
  client: Client;
  pid: number;
  close(): Promise<void>;
}

async function startServer(cli: string, env: Record<string, string>): Promise<Server> {
  const transport = new StdioClientTransport({ command: process.execPath, args: [cli, 'mcp'], env, stderr: 'pipe' });
  transport.stderr?.on('data', () => {}); // drained, never shown
  const client = new Client({ name: 'bench', version: '1.0.0' });
  await client.connect(transport);
  return { client, pid: transport.pid ?? 0, close: () => client.close() };
}

async function find(client: Client, args: Record<string, unknown>): Promise<{ ms: number; result: FindResult }> {
  const t = performance.now();
  const result = (await client.callTool({ name: 'find_issues', arguments: args }, undefined, { timeout: 300_000 })) as {
    isError?: boolean;
    content: { text: string }[];
    structuredContent?: FindResult;
  };
  const ms = performance.now() - t;
  if (result.isError || !result.structuredContent) throw new Error(`find_issues failed: ${result.content[0]?.text ?? '?'}`);
  return { ms, result: result.structuredContent };
}

/** Resident memory of a process, MB (Linux /proc). */
function rssMb(pid: number): number {
  const kb = Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN);
  return Math.round((kb / 1024) * 10) / 10;
}
