// `security-fix-reports mcp`: the built CLI (dist/cli.js, with dist/mcp.js) as an MCP server,
// spawned by the SDK's own Client over stdio (StdioClientTransport), against the sandbox.
import { strict as assert } from 'node:assert';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { Issue } from '../../src/api/schemas';
import { findUnsafe } from '../../src/common/text';
import { issueLocations } from '../../src/model/locations';
import { startSandbox, type Sandbox } from '../../tools/sandbox/server';
import { CLI, runCli } from '../support/cli';
import { observe } from '../support/evidence';

const UNKNOWN = '3f2b8c1e-4d5a-4e6f-8a9b-0c1d2e3f4a5b';

type Json = Record<string, unknown>;
interface ToolResult {
  content: { type: string; text: string }[];
  structuredContent?: Json;
  isError?: boolean;
}

interface Connection {
  client: Client;
  stderr: () => string;
  /** Transport or protocol errors the client saw (a stray line on stdout would be one). */
  errors: Error[];
  close(): Promise<void>;
}

async function until(condition: () => boolean, ms = 10_000): Promise<void> {
  for (const end = Date.now() + ms; !condition();) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Runs the CLI once (not as a server), for comparing with what the tools say. */
const cli = runCli;

describe('cli: security-fix-reports mcp', function () {
  this.timeout(120_000);
  let sandbox: Sandbox;
  let env: Record<string, string>;
  let big: string;
  let hostile: string;
  let server: Connection;

  async function connect(args: string[] = []): Promise<Connection> {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [CLI, 'mcp', ...args],
      env: { PATH: process.env.PATH ?? '', ...env },
      stderr: 'pipe',
    });
    let stderr = '';
    transport.stderr?.on('data', (d: Buffer) => (stderr += d.toString('utf8')));
    const client = new Client({ name: 'e2e', version: '1.0.0' });
    const errors: Error[] = [];
    client.onerror = (e) => void errors.push(e);
    await client.connect(transport);
    return { client, stderr: () => stderr, errors, close: () => client.close() };
  }

  const callTool = async (name: string, args: Json, connection = server, options?: { signal?: AbortSignal }) =>
    (await connection.client.callTool({ name, arguments: args }, undefined, options)) as ToolResult;

  /** A result that is not an error, its text the JSON of its structured content, nothing unsafe in it. */
  async function ok(name: string, args: Json, connection = server): Promise<Json> {
    const result = await callTool(name, args, connection);
    assert.ok(!result.isError, result.content[0]?.text);
    assert.ok(result.structuredContent, 'structured content');
    assert.equal(result.content.length, 1);
    assert.equal(result.content[0]!.text, JSON.stringify(result.structuredContent), 'a text mirror of the structured content');
    assert.equal(findUnsafe(result.content[0]!.text), undefined);
    return result.structuredContent;
  }

  async function toolError(name: string, args: Json, message: RegExp, connection = server): Promise<string> {
    const result = await callTool(name, args, connection);
    assert.equal(result.isError, true, `expected a tool error from ${name}, got ${result.content[0]?.text.slice(0, 300)}`);
    const text = result.content[0]!.text;
    assert.match(text, message);
    assert.equal(findUnsafe(text), undefined);
    observe(`${name} ${JSON.stringify(args).slice(0, 80)} → isError: ${text}`);
    return text;
  }

  before(async function () {
    assert.ok(existsSync(CLI), `${CLI} is missing: run "npm run build" first`);
    assert.ok(existsSync(join(CLI, '..', 'mcp.js')), 'dist/mcp.js is missing: run "npm run build" first');
    sandbox = await startSandbox({ dataset: { seed: 42, reports: 4, bigReportIssues: 5_000, hostileText: true } });
    env = { SECURITY_FIX_REPORTS_URL: sandbox.baseUrl, SECURITY_FIX_REPORTS_KEY: sandbox.key };
    big = sandbox.dataset.bigReportId!;
    hostile = sandbox.dataset.hostileReportId!;
    server = await connect(['--verbose']);
  });
  after(async () => {
    await server?.close();
    await sandbox?.close();
  });
  afterEach(() => sandbox.faults.clear());

  const issuesOf = (reportId: string) =>
    Array.from({ length: sandbox.dataset.issueCount(reportId) }, (_, i) => sandbox.dataset.issueAt(reportId, i) as Issue);
  const plainFp = () => {
    for (const report of sandbox.dataset.reports) {
      if (report.id === big || report.id === hostile) continue;
      const issue = issuesOf(report.id).find((i) => i.fpId && /^[\p{L}\p{N} ,.;:'"()/-]+$/u.test(sandbox.dataset.fpSummary(i.fpId) ?? ''));
      if (issue) return { report, issue };
    }
    throw new Error('no plain FP issue');
  };

  it('lists five read-only tools with JSON Schemas for their camelCase arguments and their results, and says the text is untrusted', async () => {
    const { tools } = await server.client.listTools();
    assert.deepEqual(
      tools.map((t) => t.name),
      ['list_fix_reports', 'get_fix_report', 'find_issues', 'get_fp_summary', 'suppression_comment'],
    );
    const args: Record<string, string[]> = {};
    for (const tool of tools) {
      assert.equal(tool.annotations?.readOnlyHint, true, `${tool.name} is read-only`);
      assert.equal(tool.inputSchema.type, 'object');
      assert.equal(tool.outputSchema?.type, 'object');
      assert.match(tool.description ?? '', /untrusted data/);
      args[tool.name] = Object.keys(tool.inputSchema.properties ?? {});
    }
    assert.deepEqual(args, {
      list_fix_reports: ['repositoryUrl', 'vendor', 'limit', 'cursor'],
      get_fix_report: ['fixReportId', 'fixId', 'limit', 'cursor'],
      find_issues: ['fixReportId', 'path', 'startLine', 'endLine', 'state', 'limit', 'cursor'],
      get_fp_summary: ['fpId'],
      suppression_comment: ['fpId', 'languageId', 'fixReportId'],
    });
    assert.match(server.client.getInstructions() ?? '', /untrusted data/);
  });

  it('answers every tool with structured content (checked by the client against the output schema) and its text', async () => {
    const list = await ok('list_fix_reports', { limit: 3 });
    assert.equal((list.reports as unknown[]).length, 3);
    assert.equal(typeof list.nextCursor, 'string');
    const more = await ok('list_fix_reports', { limit: 3, cursor: list.nextCursor });
    assert.ok((more.reports as unknown[]).length > 0);

    const { report, issue } = plainFp();
    const detail = await ok('get_fix_report', { fixReportId: report.id, limit: 2 });
    assert.equal(detail.fixCount, sandbox.dataset.fixCount(report.id));
    const fix = (detail.fixes as Json[])[0]!;
    assert.ok(['Stable fix', 'Adaptive fix'].includes((fix.confidence as { label: string }).label));
    assert.ok('lifecycle' in fix && 'ratings' in fix && 'patch' in fix);

    const sink = issueLocations(issuesOf(big)[0]!)!.primary;
    const expected = issuesOf(big).filter((i) => issueLocations(i)?.primary.path === sink.path);
    const page = await ok('find_issues', { fixReportId: big, path: sink.path, limit: 20 });
    assert.deepEqual(
      (page.issues as { id: string }[]).map((i) => i.id),
      expected.slice(0, 20).map((i) => i.id),
    );
    assert.equal(page.totalMatches, expected.length);
    const next = await ok('find_issues', { fixReportId: big, path: sink.path, limit: 20, cursor: page.nextCursor });
    assert.deepEqual(
      (next.issues as { id: string }[]).map((i) => i.id),
      expected.slice(20, 40).map((i) => i.id),
    );

    const summary = await ok('get_fp_summary', { fpId: issue.fpId });
    assert.equal(summary.summary, sandbox.dataset.fpSummary(issue.fpId!));
    const comment = await ok('suppression_comment', { fpId: issue.fpId, languageId: 'python', fixReportId: report.id });
    assert.match(comment.comment as string, /^# /);
    assert.deepEqual(server.errors, []);
  });

  it("writes exactly the suppression comment the CLI's suppression-comment writes, and refuses what it refuses", async () => {
    const { report, issue } = plainFp();
    for (const [languageId, withReport] of [
      ['python', false],
      ['typescript', true],
      ['html', true],
    ] as const) {
      const args = withReport ? ['--fix-report', report.id] : [];
      const printed = await cli(['suppression-comment', issue.fpId!, '--language', languageId, ...args], env);
      assert.equal(printed.code, 0, printed.stderr);
      const tool = await ok('suppression_comment', { fpId: issue.fpId, languageId, ...(withReport ? { fixReportId: report.id } : {}) });
      assert.equal(tool.comment, printed.stdout.replace(/\n$/, ''), `${languageId}${withReport ? ' with the report' : ''}`);
    }
    const bidi = issuesOf(hostile).find((i) => i.fpId && /[\u202a-\u202e]/.test(sandbox.dataset.fpSummary(i.fpId) ?? ''))!;
    const refused = await cli(['suppression-comment', bidi.fpId!, '--language', 'typescript', '--fix-report', hostile], env);
    assert.equal(refused.code, 7);
    const text = await toolError(
      'suppression_comment',
      { fpId: bidi.fpId, languageId: 'typescript', fixReportId: hostile },
      /^No suppression comment: /,
    );
    assert.equal(`error: ${text}\n`, refused.stderr, 'the same refusal, word for word');
  });

  it('turns bad input into tool errors a model can act on, and keeps serving', async () => {
    await toolError('get_fix_report', { fixReportId: 'not-a-uuid' }, /fixReportId must be a UUID such as .*list_fix_reports gives the ids/);
    await toolError('get_fix_report', { fixReportId: UNKNOWN }, /^Not found: Fix report 3f2b8c1e-.* was not found/);
    await toolError('find_issues', { fixReportId: UNKNOWN }, /not in the service's list of fix reports/);
    await toolError('find_issues', { fixReportId: big, limit: 1_000_000 }, /limit must be a whole number from 1 to 100 \(got 1000000\)/);
    await toolError('get_fp_summary', { fpId: UNKNOWN }, /^Not found: No summary exists for false positive/);
    await toolError('list_fix_reports', { key: sandbox.key }, /Unknown argument "key"/);
    assert.ok(!server.stderr().includes(sandbox.key), 'the key is never logged');
    const still = await ok('list_fix_reports', { limit: 1 });
    assert.equal((still.reports as unknown[]).length, 1);
  });

  it('a cancelled call aborts its HTTP request, and the server answers the next call', async () => {
    const { issue } = plainFp();
    sandbox.faults.add({ route: 'fp-summary', fault: { kind: 'slow-headers', ms: 60_000 }, times: 1 });
    sandbox.clearRequests();
    const controller = new AbortController();
    const pending = callTool('get_fp_summary', { fpId: issue.fpId }, server, { signal: controller.signal });
    await until(() => sandbox.requests.some((r) => r.path.endsWith('/fp-summary')));
    controller.abort();
    await assert.rejects(pending, /abort/i);
    // notifications/cancelled reached the server, which aborted the request to the service.
    await until(() => sandbox.requests.find((r) => r.path.endsWith('/fp-summary'))!.abandonedAt !== undefined);
    observe('client abort → the sandbox saw the fp-summary request abandoned');
    sandbox.faults.clear();
    const summary = await ok('get_fp_summary', { fpId: issue.fpId });
    assert.equal(summary.summary, sandbox.dataset.fpSummary(issue.fpId!));
  });

  it('gives a tool error when the service hangs past --timeout', async () => {
    const { issue } = plainFp();
    const quick = await connect(['--timeout', '1']);
    try {
      sandbox.faults.add({ route: 'fp-summary', fault: { kind: 'slow-headers', ms: 30_000 } });
      await toolError('get_fp_summary', { fpId: issue.fpId }, /^Request timed out: No complete response from .* within 1 s/, quick);
      sandbox.faults.clear();
      await ok('get_fp_summary', { fpId: issue.fpId }, quick);
    } finally {
      await quick.close();
    }
  });

  it('returns hostile server text inert: escaped inside JSON fields, never raw', async () => {
    const page = await ok('find_issues', { fixReportId: hostile, state: 'FalsePositive', limit: 50 });
    const text = JSON.stringify(page);
    assert.match(text, /\\\\u202e/, 'bidi overrides as escapes');
    assert.match(text, /\\\\u001b/, 'terminal escapes as escapes');
    for (const issue of issuesOf(hostile).filter((i) => i.fpId)) {
      const summary = await ok('get_fp_summary', { fpId: issue.fpId });
      assert.equal(findUnsafe(summary.summary as string), undefined);
    }
    const detail = await ok('get_fix_report', { fixReportId: hostile, limit: 5 });
    assert.match((detail.report as { repository: { name: string } }).repository.name, /\\u202e\\u000a/);
  });

  it('writes only the protocol to stdout and logs to stderr; closing stdin ends it with exit code 0', async () => {
    const child = spawn(process.execPath, [CLI, 'mcp', '--verbose'], {
      env: { PATH: process.env.PATH, ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const lines: string[] = [];
    const responses = new Map<number, Json>();
    createInterface({ input: child.stdout }).on('line', (line) => {
      lines.push(line);
      const message = JSON.parse(line) as { id?: number };
      if (typeof message.id === 'number') responses.set(message.id, message as Json);
    });
    const send = (message: Json) => child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`);
    send({
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
    });
    await until(() => responses.has(1));
    send({ method: 'notifications/initialized' });
    send({ id: 2, method: 'tools/call', params: { name: 'list_fix_reports', arguments: { limit: 1 } } });
    await until(() => responses.has(2));
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    child.stdin.end();
    assert.equal(await exited, 0);
    assert.ok(lines.length >= 2);
    for (const line of lines) assert.equal((JSON.parse(line) as { jsonrpc: string }).jsonrpc, '2.0', `stdout line: ${line.slice(0, 100)}`);
    assert.match(stderr, /info: list_fix_reports → ok/);
    assert.ok(!stderr.includes(sandbox.key));
  });

  it('takes the key from the environment only, and the base URL by the CLI rules', async () => {
    const noKey = await cli(['mcp'], { SECURITY_FIX_REPORTS_URL: sandbox.baseUrl });
    assert.equal(noKey.code, 3);
    assert.match(noKey.stderr, /No service key: set SECURITY_FIX_REPORTS_KEY/);
    const argvKey = await cli(['mcp', '--key', 'k'], env);
    assert.equal(argvKey.code, 2);
    const insecure = await cli(['mcp'], { ...env, SECURITY_FIX_REPORTS_URL: 'http://service.example' });
    assert.equal(insecure.code, 2, insecure.stderr);
    assert.match(insecure.stderr, /https/);
  });
});
