// The language model tools in the real editor: each is listed in vscode.lm.tools and answers
// vscode.lm.invokeTool against the sandbox over the extension's own connection (no key of
// their own); code_context reads the current report's findings where the code is now and
// writes the comment Insert Suppression Comment would insert; bad arguments are refused with a
// message and the tools keep answering.
import { strict as assert } from 'node:assert';
import * as vscode from 'vscode';
import { LM_TOOL_PREFIX } from '../../../src/common/manifest';
import { HIDDEN_ISSUE_STATES } from '../../../src/model/issue';
import type { Sandbox } from '../../../tools/sandbox/server';
import { connectTo, expectedCurrent, extensionApi, isFalsePositiveIssue, mainSandbox, sinkOf, waitFor, workspaceFile } from './support';

const TOOLS = ['list_fix_reports', 'get_fix_report', 'find_issues', 'get_fp_summary', 'suppression_comment', 'code_context'];

async function invoke(name: string, input: object): Promise<Record<string, unknown>> {
  const result = await vscode.lm.invokeTool(LM_TOOL_PREFIX + name, { input, toolInvocationToken: undefined });
  const text = result.content.map((part) => (part instanceof vscode.LanguageModelTextPart ? part.value : '')).join('');
  return JSON.parse(text) as Record<string, unknown>;
}

describe('language model tools', () => {
  let service: Sandbox;
  let reportId: string;
  let fp: ReturnType<Sandbox['dataset']['issueRange']>[number];
  let file: string;
  let languageId: string;

  before(async () => {
    service = await mainSandbox();
    await connectTo(service);
    reportId = expectedCurrent(service);
    const { services } = await extensionApi();
    await waitFor(() => services.findings.current.some((c) => c.report.id === reportId), 'the current report', 20_000);
    await services.store.issuesSettled(reportId);
    const issues = service.dataset.issueRange(reportId, 0, service.dataset.issueCount(reportId));
    fp = issues.find(
      (i) => isFalsePositiveIssue(i) && i.fpId && !HIDDEN_ISSUE_STATES.includes(i.state ?? '') && (sinkOf(i)?.startLine ?? 0) > 1,
    )!;
    assert.ok(fp, 'the current report has a false positive in the workspace');
    file = sinkOf(fp)!.path!;
    // Findings are placed in slices after the issues arrive: ask once the false positive has its place.
    await waitFor(() => services.findings.placeOf(reportId, fp.id), 'the false positive to be placed', 20_000);
    languageId = (await vscode.workspace.openTextDocument(workspaceFile(file))).languageId;
  });

  it('lists every tool under our prefix', () => {
    const ours = vscode.lm.tools.filter((t) => t.name.startsWith(LM_TOOL_PREFIX)).map((t) => t.name.slice(LM_TOOL_PREFIX.length));
    assert.deepEqual(ours.sort(), [...TOOLS].sort());
    for (const tool of vscode.lm.tools.filter((t) => t.name.startsWith(LM_TOOL_PREFIX))) {
      assert.ok(tool.inputSchema, `${tool.name} has an input schema`);
      assert.match(tool.description, /untrusted data/, `${tool.name} says its text is untrusted`);
    }
  });

  it('list_fix_reports and get_fix_report read the reports the extension loaded', async () => {
    const listed = await invoke('list_fix_reports', {});
    assert.match(String(listed.notice), /untrusted data/);
    const reports = listed.reports as { id: string }[];
    assert.ok(
      reports.some((r) => r.id === reportId),
      'the current report is listed',
    );
    const detail = await invoke('get_fix_report', { fixReportId: reportId });
    const expected = service.dataset.detail(reportId)!;
    assert.equal((detail.report as { id: string }).id, reportId);
    assert.equal(detail.fixCount, expected.fixes.length);
  });

  it('find_issues pages a file of the report; get_fp_summary and suppression_comment answer for its false positive', async () => {
    const found = await invoke('find_issues', { fixReportId: reportId, path: file, state: 'FalsePositive' });
    const issues = found.issues as { id: string; fpId?: string }[];
    assert.ok(
      issues.some((i) => i.id === fp.id),
      'the false positive is found by its file',
    );
    const summary = await invoke('get_fp_summary', { fpId: fp.fpId });
    assert.equal(summary.fpId, fp.fpId);
    assert.ok(String(summary.summary).length > 0);
    const comment = await invoke('suppression_comment', { fpId: fp.fpId, languageId, fixReportId: reportId });
    assert.match(String(comment.comment), new RegExp(`\\(fp ${fp.fpId}\\)`));
  });

  it('code_context tells what is known at a line: the finding where its code is now, and the comment that would be inserted', async () => {
    const line = sinkOf(fp)!.startLine!;
    const context = await invoke('code_context', { path: file, line });
    const findings = context.findings as {
      issueId: string;
      lines: { start: number };
      changedSinceScan: boolean;
      falsePositive: { fpId: string; suppressionComment: { text?: string; placement?: string; refused?: string } } | null;
    }[];
    const here = findings.find((f) => f.issueId === fp.id);
    assert.ok(here, `the false positive is among the findings at line ${line}: ${JSON.stringify(context).slice(0, 400)}`);
    assert.equal(here.lines.start, line);
    assert.equal(here.changedSinceScan, false);
    assert.equal(here.falsePositive?.fpId, fp.fpId);
    assert.match(String(here.falsePositive?.suppressionComment.text), new RegExp(`\\(fp ${fp.fpId}\\)`));
    assert.ok(['line-above', 'end-of-line'].includes(String(here.falsePositive?.suppressionComment.placement)));
    // Nothing was inserted by asking.
    const document = await vscode.workspace.openTextDocument(workspaceFile(file));
    assert.ok(!document.getText().includes(fp.fpId!), 'the file is unchanged');
  });

  it('code_context answers where the code is now: after a line is inserted above, the finding is one line lower', async () => {
    const line = sinkOf(fp)!.startLine!;
    const uri = workspaceFile(file);
    const editor = await vscode.window.showTextDocument(uri);
    const original = editor.document.getText();
    const { services } = await extensionApi();
    try {
      await editor.edit((e) => e.insert(new vscode.Position(0, 0), '\n'));
      await waitFor(() => services.findings.placeOf(reportId, fp.id)?.line === line + 1, 'the finding to move down one line', 20_000);
      const moved = await invoke('code_context', { path: file, line: line + 1 });
      const here = (moved.findings as { issueId: string; lines: { start: number } }[]).find((f) => f.issueId === fp.id);
      assert.equal(here?.lines.start, line + 1, 'the finding is reported at its line as it is now');
      const before = await invoke('code_context', { path: file, line });
      assert.ok(!(before.findings as { issueId: string }[]).some((f) => f.issueId === fp.id), 'the old line no longer holds the finding');
    } finally {
      await editor.edit((e) => e.replace(new vscode.Range(0, 0, editor.document.lineCount, 0), original));
      await editor.document.save();
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    }
  });

  it('refuses bad arguments with a message the model can act on, and keeps answering', async () => {
    await assert.rejects(invoke('get_fix_report', { fixReportId: 'not-a-uuid' }), /must be a UUID/);
    await assert.rejects(invoke('code_context', { path: '../outside.py', line: 1 }), /inside the workspace/);
    await assert.rejects(invoke('code_context', { path: file, line: 1_000_000 }), /at most \d+/);
    const listed = await invoke('list_fix_reports', {});
    assert.ok((listed.reports as unknown[]).length > 0, 'still answering');
  });
});
