// What dist/agent.js holds (esbuild.mjs): the agent tools the language model tools run
// (model/agentTools over the extension's reports, and code_context). Required by
// views/languageModelTools on a tool's first call, never at activation.
import { createAgentTools, type AgentTool } from '../model/agentTools';
import { editorSource } from '../editor/agentSource';
import type { ExtensionLog } from '../editor/log';
import { codeContextTool, type CodeContextDeps } from './codeContextTool';

export interface AgentDeps extends CodeContextDeps {
  readonly log: ExtensionLog;
}

export function agentTools(s: AgentDeps): AgentTool[] {
  const log = (message: string) => s.log.error(message);
  return [...createAgentTools(editorSource(s.store, s.connection), { log }), codeContextTool(s, { log })];
}
