// The agent tools over one source: what the CLI's MCP server serves and the editor's language
// model tools will register. No editor API and no protocol here; a host maps each AgentTool
// onto its own registration and passes the caller's cancellation in.
import { fpSummaryTool, suppressionCommentTool } from './falsePositives';
import { findIssuesTool } from './findIssues';
import { DEFAULT_INDEX_OPTIONS, IssueIndex, type IssueIndexOptions } from './issueIndex';
import { getReportTool, listReportsTool } from './reports';
import type { FixReportsSource } from './source';
import type { AgentTool, ToolHooks } from './tool';

export type { AgentTool, ToolOutcome } from './tool';

export interface AgentToolsOptions extends ToolHooks {
  /** The bound of the issues held for find_issues (issueIndex.ts); DEFAULT_INDEX_OPTIONS when left out. */
  readonly index?: IssueIndexOptions;
  readonly now?: () => number;
}

/** The five tools, in the order a host lists them. */
export function createAgentTools(source: FixReportsSource, options: AgentToolsOptions = {}): AgentTool[] {
  const now = options.now ?? Date.now;
  const indexOptions = options.index ?? DEFAULT_INDEX_OPTIONS;
  const index = new IssueIndex(source, { ...indexOptions, now });
  const hooks: ToolHooks = { log: options.log };
  return [
    listReportsTool(source, now, hooks),
    getReportTool(source, now, hooks),
    findIssuesTool({ source, index, maxHeldIssues: indexOptions.maxIssues }, hooks),
    fpSummaryTool(source, hooks),
    suppressionCommentTool(source, hooks),
  ];
}
