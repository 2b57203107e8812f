// Findings follow the code while it is edited, in the real extension host: a line inserted above
// a finding (unsaved, then saved) moves its problem and its quick fix to the new line and the
// comment lands there; an undo, a formatter and Apply-like edits move it the same way; deleting
// its line marks it "changed since the scan" in the problem and the hover.
import { strict as assert } from 'node:assert';
import * as vscode from 'vscode';
import { readableVendor } from '../../../src/common/scanners';
import { HIDDEN_ISSUE_STATES } from '../../../src/model/issue';
import { CHANGED_SINCE_SCAN } from '../../../src/views/findingText';
import type { Sandbox } from '../../../tools/sandbox/server';
import type { FixNode } from '../../../src/views/nodes';
import {
  CommandId,
  connectTo,
  extensionApi,
  groupItems,
  groupOf,
  isFalsePositiveIssue,
  loadedReport,
  mainSandbox,
  quiet,
  sinkOf,
  waitFor,
  workspaceFile,
  expectedCurrent,
} from './support';

describe('findings follow the code', () => {
  let service: Sandbox;
  let vendor: string;
  let uri: vscode.Uri;
  let line: number;
  let fpId: string;
  let original: string;
  let reportId: string;
  let issues: ReturnType<Sandbox['dataset']['issueRange']>;

  /** False positives alone on their line (one quick fix each), past the file's first line. */
  const loneFalsePositives = () =>
    issues.filter((i) => {
      const sink = sinkOf(i);
      if (!isFalsePositiveIssue(i) || !sink?.path || !sink.startLine || sink.startLine < 2) return false;
      const here = issues.filter(
        (o) => sinkOf(o)?.path === sink.path && sinkOf(o)?.startLine === sink.startLine && isFalsePositiveIssue(o),
      );
      return new Set(here.map((o) => o.fpId)).size === 1 && !HIDDEN_ISSUE_STATES.includes(i.state ?? '');
    });

  /** The false positive the checks below are about. */
  async function target(fp: (typeof issues)[number]): Promise<void> {
    const sink = sinkOf(fp)!;
    uri = workspaceFile(sink.path!);
    line = sink.startLine! - 1;
    fpId = fp.fpId!;
    original = (await vscode.workspace.openTextDocument(uri)).getText();
  }

  before(async () => {
    service = await mainSandbox();
    await connectTo(service);
    reportId = expectedCurrent(service);
    const { services } = await extensionApi();
    await waitFor(() => services.findings.current.some((c) => c.report.id === reportId), 'the current report', 20_000);
    await services.store.issuesSettled(reportId);
    await waitFor(() => services.findings.uris().length > 0, 'findings to be placed', 20_000);
    vendor = readableVendor(service.dataset.detail(reportId)!.vulnerabilityReport?.vendor);
    issues = service.dataset.issueRange(reportId, 0, service.dataset.issueCount(reportId));
    await target(loneFalsePositives()[0]!);
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
    const changed = services.findings.forUri(uri).find((f) => f.issue.fpId === fpId && f.changed);
    assert.ok(changed, 'the finding is marked changed');
    // Its row in the tree says so too, at the line where its code was.
    const node = services.tree.issueNode(changed.reportId, changed.issue.id);
    assert.ok(node, 'the false positive has a row');
    assert.match(
      String(services.tree.getTreeItem(node).description),
      new RegExp(`:${changed.range.start.line + 1} · ${CHANGED_SINCE_SCAN}`),
    );
  });

  it('Apply Fix adding lines above a finding in the same file moves its problem, and the quick fix follows', async () => {
    const { services } = await extensionApi();
    const node = await loadedReport(reportId);
    const fixes = (await groupItems((await groupOf(node, 'fixes'))!)) as FixNode[];
    // A fix whose one hunk ends above a lone false positive of its file and adds lines.
    const hunkOf = (f: FixNode) => /@@ -(\d+),(\d+) \+\d+,(\d+) @@/.exec(f.view.fix.patchAndQuestions?.patch ?? '');
    let fix: FixNode | undefined;
    for (const fp of loneFalsePositives()) {
      fix = fixes.find((f) => {
        const hunk = hunkOf(f);
        return (
          f.view.fix.fixFiles.length === 1 &&
          f.view.fix.fixFiles[0]?.fileRepoRelativePath === sinkOf(fp)!.path &&
          f.view.id !== service.dataset.conflictingFixId &&
          hunk !== null &&
          Number(hunk[1]) + Number(hunk[2]) <= sinkOf(fp)!.startLine! - 1 &&
          Number(hunk[3]) > Number(hunk[2])
        );
      });
      if (fix) {
        await target(fp);
        break;
      }
    }
    if (!fix) assert.fail('no fix adds lines above a lone false positive of its file');
    const hunk = /@@ -\d+,(\d+) \+\d+,(\d+) @@/.exec(fix.view.fix.patchAndQuestions!.patch!)!;
    const added = Number(hunk[2]) - Number(hunk[1]);
    await vscode.window.showTextDocument(uri);
    await problemAt(line);
    assert.equal(await vscode.commands.executeCommand(CommandId.PreviewFix, fix), true);
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
    const confirm = services.confirmFix;
    services.confirmFix = async () => ({ ok: true });
    try {
      assert.equal(await vscode.commands.executeCommand(CommandId.ApplyFix, fix), true);
    } finally {
      services.confirmFix = confirm;
    }
    await problemAt(line + added);
    await quickFixLandsAt(line + added);
  });
});
