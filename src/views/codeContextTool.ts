// The language model tool only the editor has: what is known about the code at a file and
// line, from the workspace's current reports as the user sees them (the places follow edits):
// each finding there, its fix and that fix's confidence, and for a false positive its summary
// and the suppression comment Insert Suppression Comment would insert at that line now.
import * as path from 'node:path';
import * as vscode from 'vscode';
import { errorMessage } from '../common/errors';
import { CONFIDENCE } from '../model/fix';
import { readableIssueType } from '../model/format';
import { CODE_CONTEXT, FINDINGS_MAX } from '../model/agentTools/codeContext';
import { defineTool, ToolInputError, ToolRefusal, type AgentTool, type ToolHooks } from '../model/agentTools/tool';
import { planComment } from '../editor/commentPlan';
import type { Finding } from '../editor/places';
import { suppressionCode } from '../editor/suppression';
import type { Connection } from '../editor/connection';
import type { Findings } from '../editor/findings';
import type { ReportStore } from '../editor/reportStore';

/** What code_context reads: the current reports' findings, the loaded reports, the suppression settings. */
export interface CodeContextDeps {
  readonly findings: Findings;
  readonly store: ReportStore;
  readonly connection: Connection;
}

/** How long code_context waits for findings still being loaded or placed. */
const SETTLE_WAIT_MS = 10_000;

export function codeContextTool(s: CodeContextDeps, hooks?: ToolHooks): AgentTool {
  return defineTool(
    {
      ...CODE_CONTEXT,
      async run(args, { signal }) {
        const uri = await resolveFile(args.path);
        const document = await vscode.workspace.openTextDocument(uri);
        if (args.line > document.lineCount)
          throw new ToolInputError(`line must be at most ${document.lineCount}: ${args.path} has ${document.lineCount} lines.`);
        // Right after a connection or a report change the findings are still being placed: wait
        // a little for them rather than answer "nothing here" too early.
        const deadline = Date.now() + SETTLE_WAIT_MS;
        while (s.findings.settling && Date.now() < deadline && !signal.aborted) await new Promise((r) => setTimeout(r, 100));
        await s.findings.placeIn(document);
        const notes: string[] = [];
        if (s.findings.settling)
          notes.push(
            'The current reports are still loading or being placed in the code: findings here may be missing from this answer; ask again shortly.',
          );
        if (s.findings.current.length === 0)
          notes.push('No current report is loaded for this workspace (no connection, or no report of its repositories): nothing is known.');
        const found = s.findings.at(uri, new vscode.Position(args.line - 1, 0));
        const findings = [];
        for (const finding of found.slice(0, FINDINGS_MAX)) {
          if (signal.aborted) throw new ToolRefusal('Cancelled.');
          findings.push(await describe(s, document, finding, notes));
        }
        return {
          path: vscode.workspace.asRelativePath(uri, false),
          line: args.line,
          findings,
          omitted: Math.max(0, found.length - FINDINGS_MAX),
          notes,
        };
      },
    },
    hooks,
  );
}

/** A workspace file by a relative or absolute path; never one outside the workspace. */
async function resolveFile(given: string): Promise<vscode.Uri> {
  const folders = vscode.workspace.workspaceFolders ?? [];
  if (folders.length === 0) throw new ToolRefusal('No folder is open in the editor: open the repository first.');
  const candidates = path.isAbsolute(given)
    ? [vscode.Uri.file(path.normalize(given))]
    : folders.map((folder) => vscode.Uri.joinPath(folder.uri, given.replace(/\\/g, '/')));
  for (const uri of candidates) {
    const folder = vscode.workspace.getWorkspaceFolder(uri);
    const inside = folder && !path.relative(folder.uri.fsPath, uri.fsPath).split(path.sep).includes('..');
    if (!inside) continue;
    try {
      if ((await vscode.workspace.fs.stat(uri)).type & vscode.FileType.File) return uri;
    } catch {
      // Not in this folder: the next one may have it.
    }
  }
  throw new ToolInputError(
    `path must name a file inside the workspace (${folders.map((f) => f.name).join(', ')}); ${given} is not one. Give it relative to a workspace folder, e.g. src/app.py.`,
  );
}

async function describe(
  s: CodeContextDeps,
  document: vscode.TextDocument,
  finding: Finding,
  notes: string[],
): Promise<Record<string, unknown>> {
  const { issue, model } = finding;
  const fix = model.fixOfIssue(issue.id);
  const view = fix ? model.fixView(fix.id) : undefined;
  return {
    fixReportId: finding.reportId,
    scanner: finding.vendor,
    issueId: issue.id,
    issueType: readableIssueType(issue.issueType),
    ruleId: issue.vendorIssueId,
    severity: issue.severity,
    state: issue.state,
    lines: { start: finding.range.start.line + 1, end: finding.range.end.line + 1 },
    changedSinceScan: finding.changed,
    tracesToThisPlace: finding.place.findings.length,
    fix: view
      ? {
          fixId: view.id,
          confidence: {
            value: view.confidence.value,
            label: CONFIDENCE[view.confidence.kind].short,
            meaning: CONFIDENCE[view.confidence.kind].meaning,
          },
          state: view.state,
          ratings: { up: view.ratings.up, down: view.ratings.down },
        }
      : null,
    falsePositive: finding.falsePositive && issue.fpId ? await falsePositive(s, document, finding, issue.fpId, notes) : null,
  };
}

async function falsePositive(
  s: CodeContextDeps,
  document: vscode.TextDocument,
  finding: Finding,
  fpId: string,
  notes: string[],
): Promise<Record<string, unknown>> {
  let summary;
  try {
    summary = await s.store.fpSummary(fpId);
  } catch (e) {
    notes.push(`The summary of ${fpId} could not be read: ${errorMessage(e)}`);
    return { fpId, summary: null, suppressionComment: null };
  }
  const syntax = suppressionCode().commentSyntaxFor(document.languageId);
  if (!syntax)
    return { fpId, summary: summary.text, suppressionComment: { refused: `no comment syntax is known for ${document.languageId} files` } };
  const line = finding.range.start.line;
  const { choice } = await planComment(document, line, syntax, finding, summary, s.connection.settings.suppression);
  const comment =
    choice.kind === 'refuse'
      ? { refused: choice.reason }
      : {
          text: choice.candidate.line,
          placement: choice.kind === 'insert-above' ? 'line-above' : 'end-of-line',
          atLine: line + 1,
          provenBy: choice.checkedBy ?? null,
          ...(finding.changed ? { warning: 'The code here changed since the scan: the editor asks before inserting.' } : {}),
        };
  return { fpId, summary: summary.text, suppressionComment: comment };
}
