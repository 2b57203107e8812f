// The language model tools (chat's agent mode, or any extension through vscode.lm.invokeTool):
// the MCP server's five tools (model/agentTools) over the extension's loaded reports and
// connection, and code_context, which only the editor can answer. package.json declares them
// (the list registered here), with the descriptions and input schemas of the tools themselves
// (test/unit/manifest checks); their code is dist/agent.js, loaded on the first call.
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import { requireBundle } from '../common/lazyBundle';
import { LM_TOOL_PREFIX } from '../common/manifest';
import { escapeUnsafe, truncate } from '../common/text';
import type { AgentTool } from '../model/agentTools';
import type { AgentDeps } from './agentToolsBundle';

/** What chat shows while a tool runs; the arguments come from a model, so they are escaped. */
const RUNNING = new Map<string, (input: Record<string, unknown>) => string>(
  Object.entries({
    list_fix_reports: () => l10n.t('Listing fix reports'),
    get_fix_report: (i) => l10n.t('Reading fix report {0}', shown(i.fixReportId)),
    find_issues: (i) =>
      i.path
        ? l10n.t('Finding issues of report {0} in {1}', shown(i.fixReportId), shown(i.path))
        : l10n.t('Finding issues of report {0}', shown(i.fixReportId)),
    get_fp_summary: (i) => l10n.t('Reading the summary of false positive {0}', shown(i.fpId)),
    suppression_comment: (i) => l10n.t('Writing a {0} suppression comment for {1}', shown(i.languageId), shown(i.fpId)),
    code_context: (i: Record<string, unknown>) => l10n.t('Looking up findings at {0}', `${shown(i.path)}:${shown(i.line)}`),
  }),
);

type AgentModule = typeof import('./agentToolsBundle');

export function registerLanguageModelTools(context: vscode.ExtensionContext, s: AgentDeps): vscode.Disposable[] {
  let tools: Map<string, AgentTool> | undefined;
  const toolNamed = (name: string): AgentTool => {
    tools ??= new Map(
      requireBundle<AgentModule>('agent.js')
        .agentTools(s)
        .map((tool) => [tool.name, tool]),
    );
    const tool = tools.get(name);
    if (!tool) throw new Error(l10n.t('{0} is declared in package.json but has no implementation; reinstall the extension.', name));
    return tool;
  };
  return declaredTools(context).map((name) =>
    vscode.lm.registerTool<Record<string, unknown>>(LM_TOOL_PREFIX + name, {
      prepareInvocation: (options) => ({ invocationMessage: (RUNNING.get(name) ?? (() => name))(options.input ?? {}) }),
      invoke: async (options, token) => {
        const controller = new AbortController();
        const cancelled = token.onCancellationRequested(() => controller.abort());
        try {
          const outcome = await toolNamed(name).run(options.input, { signal: controller.signal });
          // A refusal is thrown: chat shows the model the message, which says how to correct the call.
          if (outcome.isError) throw new Error(outcome.text);
          return new vscode.LanguageModelToolResult([new vscode.LanguageModelTextPart(outcome.text)]);
        } finally {
          cancelled.dispose();
        }
      },
    }),
  );
}

/** The tools package.json declares, by their agent-tool names. */
function declaredTools(context: vscode.ExtensionContext): string[] {
  const declared = (context.extension.packageJSON as { contributes?: { languageModelTools?: { name?: unknown }[] } }).contributes
    ?.languageModelTools;
  return (declared ?? [])
    .map((tool) => tool.name)
    .filter((name): name is string => typeof name === 'string' && name.startsWith(LM_TOOL_PREFIX))
    .map((name) => name.slice(LM_TOOL_PREFIX.length));
}

function shown(value: unknown): string {
  return escapeUnsafe(truncate(String(value ?? ''), 80));
}
