// Findings follow the code while it is edited, in the real extension host: a line inserted above
// a finding (unsaved, then saved) moves its problem and its quick fix to the new line and the
// comment lands there; an undo, a formatter and Apply-like edits move it the same way; deleting
// its line marks it "changed since the scan" in the problem and the hover.
import { strict as assert } from 'node:assert';
import * as vscode from 'vscode';
import { readableVendor } from '../../../src/common/scanners';
import { HIDDEN_ISSUE_STATES } from '../../../src/model/issue';
import { CHANGED_SINCE_SCAN } from '../../../src/views/problems';
import { FIXTURE_BRANCH } from '../../../tools/editor/workspace';
import type { Sandbox } from '../../../tools/sandbox/server';
import { connectTo, extensionApi, isFalsePositiveIssue, mainSandbox, quiet, sinkOf, waitFor, workspaceFile } from './support';

const WORKSPACE_REMOTE = 'https://github.com/acme/payments-api';

function currentOf(service: Sandbox): string {
  const mine = service.dataset.reports.filter((r) => r.repo?.originalUrl === WORKSPACE_REMOTE);
  const live = mine.filter((r) => r.repo?.reference === FIXTURE_BRANCH && !(r.expirationOn && Date.parse(r.expirationOn) <= Date.now()));
  return [...(live.length ? live : mine)].sort((a, b) => Date.parse(b.createdOn ?? '') - Date.parse(a.createdOn ?? ''))[0]!.id;
}

describe('findings follow the code', () => {
  let service: Sandbox;
  let vendor: string;
  let uri: vscode.Uri;
  let line: number;
  let fpId: string;
  let original: string;

  before(async () => {
    service = await mainSandbox();
    await connectTo(service);
    const reportId = currentOf(service);
    const { services } = await extensionApi();
    await waitFor(() => services.findings.current.some((c) => c.report.id === reportId), 'the current report', 20_000);
    await services.store.issuesSettled(reportId);
    await waitFor(() => services.findings.uris().length > 0, 'findings to be placed', 20_000);
    vendor = readableVendor(service.dataset.detail(reportId)!.vulnerabilityReport?.vendor);
    const issues = service.dataset.issueRange(reportId, 0, service.dataset.issueCount(reportId));
    // A false positive alone on its line, past the file's first line.
    const fp = issues.find((i) => {
      const sink = sinkOf(i);
      if (!isFalsePositiveIssue(i) || !sink?.path || !sink.startLine || sink.startLine < 2) return false;
      const here = issues.filter(
        (o) => sinkOf(o)?.path === sink.path && sinkOf(o)?.startLine === sink.startLine && isFalsePositiveIssue(o),
      );
      return new Set(here.map((o) => o.fpId)).size === 1 && !HIDDEN_ISSUE_STATES.includes(i.state ?? '');
    })!;
    assert.ok(fp, 'a false positive alone on its line');
    const sink = sinkOf(fp)!;
    uri = workspaceFile(sink.path!);
    line = sink.startLine! - 1;
    fpId = fp.fpId!;
    original = (await vscode.workspace.openTextDocument(uri)).getText();
    await quiet();
  });

  afterEach(async () => {
    // Back to the fixture's text, saved, whatever the test did.
    const editor = await vscode.window.showTextDocument(uri);
    if (editor.document.getText() !== original) {
      await editor.edit((e) => e.replace(new vscode.Range(0, 0, editor.document.lineCount, 0), original));
    }
    await editor.document.save();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  /** Our problem for the false positive (a hint with the scanner as source), once it is at `at`. */
  const problemAt = (at: number) =>
    waitFor(
      () =>
        vscode.languages
          .getDiagnostics(uri)
          .find((d) => d.source === vendor && d.severity === vscode.DiagnosticSeverity.Hint && d.range.start.line === at),
      `the false positive's problem at line ${at + 1} (problems at ${vscode.languages
        .getDiagnostics(uri)
        .filter((d) => d.source === vendor)
        .map((d) => d.range.start.line + 1)
        .join(', ')})`,
    );

  /** The insert quick fixes offered on the line (over its whole text, as the lightbulb asks). */
  const insertActions = async (at: number) => {
    const document = await vscode.workspace.openTextDocument(uri);
    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>(
      'vscode.executeCodeActionProvider',
      uri,
      document.lineAt(at).range,
      vscode.CodeActionKind.QuickFix.value,
    );
    return actions.filter((a) => a.title.startsWith('Insert suppression comment'));
  };

  async function insertAbove(editor: vscode.TextEditor, text: string): Promise<void> {
    assert.ok(await editor.edit((e) => e.insert(new vscode.Position(line, 0), text)));
  }

  async function quickFixLandsAt(at: number): Promise<void> {
    const [insert] = await waitFor(
      async () => {
        const found = await insertActions(at);
        return found.length ? found : undefined;
      },
      `an insert quick fix at line ${at + 1}`,
    );
    assert.ok(insert!.title.includes(`:${at + 1}`), `the title names the line as it is now: ${insert!.title}`);
    assert.equal(await vscode.commands.executeCommand(insert!.command!.command, ...(insert!.command!.arguments ?? [])), true);
    const document = (await vscode.workspace.openTextDocument(uri)).getText().split(/\r?\n/);
    const comment = document.findIndex((l) => l.includes(`fp ${fpId}`));
    const code = original.split(/\r?\n/)[line]!;
    assert.equal(comment, at, `the comment is at line ${at + 1}`);
    // Above the code line (which follows it) or at its end.
    assert.ok(document[at + 1] === code || document[at]!.startsWith(code), 'the finding’s code line is the one suppressed');
  }

  it('a line inserted above, unsaved: the problem and its quick fix move down, the old line offers nothing, the comment lands at the new line', async () => {
    const editor = await vscode.window.showTextDocument(uri);
    await problemAt(line);
    await insertAbove(editor, '# a line added above\n');
    assert.ok(editor.document.isDirty);
    await problemAt(line + 1);
    assert.equal((await insertActions(line)).length, 0, 'the old line offers nothing');
    await quickFixLandsAt(line + 1);
  });

  it('the same once saved, and an undo takes the problem back', async () => {
    const editor = await vscode.window.showTextDocument(uri);
    await insertAbove(editor, '# one\n# two\n');
    await editor.document.save();
    await problemAt(line + 2);
    await vscode.commands.executeCommand('undo');
    await problemAt(line);
    const { services } = await extensionApi();
    await waitFor(
      () => services.findings.forUri(uri).some((f) => f.issue.fpId === fpId && !f.changed && f.range.start.line === line),
      'the place back, not changed, after the undo',
    );
    await quickFixLandsAt(line);
  });

  it('a formatter’s edits move the problem too', async () => {
    const language = (await vscode.workspace.openTextDocument(uri)).languageId;
    const formatter = vscode.languages.registerDocumentFormattingEditProvider(language, {
      provideDocumentFormattingEdits: () => [vscode.TextEdit.insert(new vscode.Position(0, 0), '\n\n\n')],
    });
    try {
      await vscode.window.showTextDocument(uri);
      await vscode.commands.executeCommand('editor.action.formatDocument');
      await problemAt(line + 3);
      await quickFixLandsAt(line + 3);
    } finally {
      formatter.dispose();
    }
  });

  it('deleting the finding’s line marks it changed since the scan: the problem and the hover say so', async () => {
    const editor = await vscode.window.showTextDocument(uri);
    assert.ok(await editor.edit((e) => e.delete(new vscode.Range(line, 0, line + 1, 0))));
    const problem = await waitFor(
      () =>
        vscode.languages
          .getDiagnostics(uri)
          .find((d) => d.source === vendor && d.severity === vscode.DiagnosticSeverity.Hint && d.message.includes(CHANGED_SINCE_SCAN)),
      'the problem marked changed since the scan',
    );
    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', uri, problem.range.start);
    const text = hovers.flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : c.value))).join('\n');
    assert.ok(text.includes(CHANGED_SINCE_SCAN), 'the hover says so');
    const { services } = await extensionApi();
    assert.ok(services.findings.forUri(uri).some((f) => f.issue.fpId === fpId && f.changed));
  });
});
