// What dist/mcp.js holds (esbuild.mjs): the Model Context Protocol server over stdio, built on
// the SDK's low-level Server so that each tool's JSON Schemas come from model/agentTools as
// they are (one source for a tool's schema, shared with the editor's language model tools).
// Required by cli/mcp.ts when `security-fix-reports mcp` starts, never by the other commands:
// the SDK and its validators would add to every command's start-up.
import type { Readable, Writable } from 'node:stream';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError, type Tool } from '@modelcontextprotocol/sdk/types.js';
import type { AgentTool } from '../model/agentTools';

export interface McpServeOptions {
  readonly name: string;
  readonly version: string;
  /** Said to the client at initialization: what the server is for and the trust rule. */
  readonly instructions: string;
  readonly tools: readonly AgentTool[];
  /** The protocol's: nothing else may write to stdout. */
  readonly stdin: Readable;
  readonly stdout: Writable;
  /** Aborted: stop serving (SIGINT/SIGTERM). */
  readonly signal: AbortSignal;
  /** A transport or protocol problem, for stderr. */
  readonly onError: (message: string) => void;
}

/** Serves until the client closes stdin or `signal` aborts; calls in flight are cancelled then. */
export async function serveMcp(options: McpServeOptions): Promise<void> {
  const { tools } = options;
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  const server = new Server(
    { name: options.name, version: options.version },
    { capabilities: { tools: {} }, instructions: options.instructions },
  );
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: tools.map(describe) }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const tool = byName.get(request.params.name);
    if (!tool) {
      throw new McpError(ErrorCode.InvalidParams, `Unknown tool; this server has ${tools.map((t) => t.name).join(', ')}.`);
    }
    // extra.signal aborts on notifications/cancelled for this request and when the connection closes.
    const outcome = await tool.run(request.params.arguments ?? {}, { signal: extra.signal });
    const content = [{ type: 'text' as const, text: outcome.text }];
    return outcome.isError ? { content, isError: true } : { content, structuredContent: outcome.structured };
  });
  server.onerror = (e) => options.onError(e.message);

  const closed = new Promise<void>((resolve) => {
    server.onclose = resolve;
  });
  const close = () => void server.close().catch((e: unknown) => options.onError(String(e)));
  // The stdio transport does not end on end of input itself: the client closing stdin is the
  // protocol's way to stop a stdio server.
  options.stdin.once('end', close);
  options.stdin.once('close', close);
  if (options.signal.aborted) return;
  options.signal.addEventListener('abort', close, { once: true });
  try {
    await server.connect(new StdioServerTransport(options.stdin, options.stdout));
    await closed;
  } finally {
    options.signal.removeEventListener('abort', close);
    options.stdin.off('end', close);
    options.stdin.off('close', close);
  }
}

function describe(tool: AgentTool): Tool {
  return {
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: tool.inputSchema as Tool['inputSchema'],
    outputSchema: tool.outputSchema as Tool['outputSchema'],
    annotations: { title: tool.title, ...tool.annotations },
  };
}
