// Findings in the code: the current report's issues as problems at their sinks, the hover on
// them, the quick fix that inserts at the finding's line whatever the cursor, Go to Finding,
// Show in the Fix Reports view, rows that go to code; and nothing of it without locations.
import { strict as assert } from 'node:assert';
import * as vscode from 'vscode';
import { readableVendor } from '../../../src/common/scanners';
import { readableIssueType } from '../../../src/model/format';
import type { Sandbox } from '../../../tools/sandbox/server';
import type { SandboxIssue } from '../../../tools/sandbox/generator';
import { applyPatch } from 'diff';
import { existsSync } from 'node:fs';
import { fixedPlace, type Place } from '../../../src/editor/places';
import { levelOf } from '../../../src/model/severity';
import { HIDDEN_ISSUE_STATES } from '../../../src/model/issue';
import { NO_FILTER } from '../../../src/views/filter';
import { Problems } from '../../../src/views/problems';
import { findingsNotes } from '../../../src/views/statusText';
import type { FixNode } from '../../../src/views/nodes';
import {
  CommandId,
  closeMainSandbox,
  connectTo,
  extensionApi,
  groupItems,
  groupOf,
  isFalsePositiveIssue,
  loadedReport,
  mainSandbox,
  quiet,
  sandbox,
  setUserSetting,
  sinkOf,
  treeItem,
  waitFor,
  workspaceFile,
  expectedCurrent,
} from './support';

/** The fields of a code node these checks read. */
interface CodeNodeLike {
  path: string;
  startLine: number;
  startCol: number;
  endLine: number;
  endCol: number;
  index: number;
}

/** The issues the extension shows, grouped as it does: file, range, rule, scanner, false positive or not. */
function placesOf(issues: readonly SandboxIssue[]): { sink: NonNullable<ReturnType<typeof sinkOf>>; members: SandboxIssue[] }[] {
  const places = new Map<string, { sink: NonNullable<ReturnType<typeof sinkOf>>; members: SandboxIssue[] }>();
  for (const issue of issues) {
    const sink = sinkOf(issue);
    if (!sink?.path || !sink.startLine || HIDDEN_ISSUE_STATES.includes(issue.state ?? '')) continue;
    if (!existsSync(workspaceFile(sink.path).fsPath)) continue;
    const key = JSON.stringify([
      sink.path,
      sink.startLine,
      sink.startCol,
      sink.endLine,
      sink.endCol,
      issue.vendorIssueId ?? issue.issueType,
      isFalsePositiveIssue(issue),
    ]);
    const place = places.get(key);
    if (place) place.members.push(issue);
    else places.set(key, { sink, members: [issue] });
  }
  return [...places.values()];
}

describe('findings in the code', () => {
  let service: Sandbox;
  let reportId: string;
  let issues: SandboxIssue[];

  before(async () => {
    service = await mainSandbox();
    await connectTo(service);
    reportId = expectedCurrent(service);
    issues = service.dataset.issueRange(reportId, 0, service.dataset.issueCount(reportId));
    const { services } = await extensionApi();
    await waitFor(
      () => services.findings.current.some((c) => c.report.id === reportId),
      'the workspace repository to have its current report',
      20_000,
    );
    await services.store.issuesSettled(reportId);
    await waitFor(() => services.findings.uris().length > 0, 'findings to be placed', 20_000);
    await quiet();
  });

  it('publishes one problem per place, rule and scanner of the current report at its sink (×N for several traces): readable type, highest level; false positives as hints; closed states hidden', async () => {
    const { services } = await extensionApi();
    assert.deepEqual(
      services.findings.current.map((c) => c.report.id),
      [reportId],
      'the current report is the newest live one for the checked-out branch',
    );
    const vendor = readableVendor(service.dataset.detail(reportId)!.vulnerabilityReport?.vendor);
    let checked = 0;
    for (const place of placesOf(issues)) {
      const { sink, members } = place;
      const uri = workspaceFile(sink.path!);
      const diagnostics = await waitFor(() => {
        const found = vscode.languages.getDiagnostics(uri).filter((d) => d.source === vendor && d.range.start.line === sink.startLine! - 1);
        return found.length ? found : undefined;
      }, `a problem at ${sink.path}:${sink.startLine}`);
      const first = members[0]!;
      const fp = isFalsePositiveIssue(first);
      const count = members.length > 1 ? ` ×${members.length}` : '';
      const steps = members.reduce((n, i) => n + (i.codeNodes ?? []).length - 1, 0);
      const mine = diagnostics.filter(
        (d) =>
          d.message.startsWith(`${readableIssueType(first.issueType)}${count}`) &&
          d.message.includes('(false positive') === fp &&
          (typeof d.code === 'object' ? d.code.value : d.code) === first.vendorIssueId &&
          d.range.start.character === (sink.startCol ?? 1) - 1 &&
          d.range.end.character === (sink.endCol ?? 1) - 1,
      );
      assert.equal(mine.length, 1, `${first.id}: one problem for the place (${diagnostics.map((d) => d.message).join(' | ')})`);
      const [problem] = mine as [vscode.Diagnostic];
      // One trace: its steps in order; several: each step location once, naming its traces.
      const traces = members.filter((i) => (i.codeNodes ?? []).length > 1);
      const stepLocations = new Set(
        traces.flatMap((i) =>
          [...((i.codeNodes ?? []) as unknown as CodeNodeLike[])]
            .sort((a, b) => a.index - b.index)
            .slice(0, -1)
            .filter((n) => existsSync(workspaceFile(n.path).fsPath))
            .map((n) => JSON.stringify([n.path, n.startLine, n.startCol, n.endLine, n.endCol])),
        ),
      );
      assert.equal(
        problem.relatedInformation?.length ?? 0,
        traces.length === 1 ? steps : Math.min(stepLocations.size, 200),
        'the traces’ steps are related information, each location once',
      );
      if (traces.length > 1)
        assert.ok(
          problem.relatedInformation!.every((r) =>
            /^Data flow step of (all \d+ traces|traces? [\d, ]+( and \d+ more)? of \d+)$/.test(r.message),
          ),
          problem.relatedInformation!.map((r) => r.message).join(' | '),
        );
      if (fp) assert.equal(problem.severity, vscode.DiagnosticSeverity.Hint, `${first.id}: a false positive is a hint`);
      else {
        const levels = members.map((i) => levelOf(i.severity));
        const expected = levels.includes('error') ? 0 : levels.includes('warning') ? 1 : levels.includes('information') ? 2 : 3;
        assert.equal(problem.severity, expected, `${first.id}: the highest level of the merged issues`);
      }
      checked++;
    }
    assert.ok(checked >= 5, `checked ${checked} places`);
    const hidden = issues.filter((i) => HIDDEN_ISSUE_STATES.includes(i.state ?? '') && sinkOf(i)?.startLine);
    for (const issue of hidden) {
      const sink = sinkOf(issue)!;
      if (!existsSync(workspaceFile(sink.path!).fsPath)) continue;
      assert.ok(
        !services.findings.forUri(workspaceFile(sink.path!)).some((f) => f.issue.id === issue.id),
        `${issue.id} (${issue.state}) is not shown`,
      );
    }
  });

  it("hovers a finding with its issue, its fix's confidence and ratings, and a false positive's summary", async () => {
    const fp = issues.find((i) => isFalsePositiveIssue(i) && sinkOf(i)?.startLine)!;
    const sink = sinkOf(fp)!;
    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>(
      'vscode.executeHoverProvider',
      workspaceFile(sink.path!),
      new vscode.Position(sink.startLine! - 1, (sink.startCol ?? 1) - 1),
    );
    const text = hovers.flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : 'value' in c ? c.value : ''))).join('\n');
    assert.ok(
      text.includes(
        service.dataset
          .fpSummary(fp.fpId!)!
          .replace(/[\\`*_{}[\]()#+\-.!<>|~]/g, '')
          .slice(0, 20),
      ) || text.replace(/\\/g, '').includes(service.dataset.fpSummary(fp.fpId!)!.slice(0, 20)),
      'the FP summary is in the hover',
    );
    const fixed = issues.find((i) => !isFalsePositiveIssue(i) && i.fix && sinkOf(i)?.startLine);
    if (fixed) {
      const at = sinkOf(fixed)!;
      const fixHovers = await vscode.commands.executeCommand<vscode.Hover[]>(
        'vscode.executeHoverProvider',
        workspaceFile(at.path!),
        new vscode.Position(at.startLine! - 1, (at.startCol ?? 1) - 1),
      );
      const fixText = fixHovers.flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : 'value' in c ? c.value : ''))).join('\n');
      assert.match(fixText, /Stable fix|Adaptive fix|Confidence/, "the fix's confidence");
    }
  });

  it("inserts the suppression comment at the finding's line from its quick fix, with the cursor elsewhere, and shows in the tree from another", async () => {
    const { services } = await extensionApi();
    const fp = issues.find((i) => isFalsePositiveIssue(i) && sinkOf(i)?.startLine)!;
    const sink = sinkOf(fp)!;
    const uri = workspaceFile(sink.path!);
    const editor = await vscode.window.showTextDocument(uri);
    editor.selection = new vscode.Selection(0, 0, 0, 0); // the cursor is not on the finding
    const line = sink.startLine! - 1;
    const diagnostic = vscode.languages
      .getDiagnostics(uri)
      .find((d) => d.range.start.line === line && d.severity === vscode.DiagnosticSeverity.Hint)!;
    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>(
      'vscode.executeCodeActionProvider',
      uri,
      diagnostic.range,
      vscode.CodeActionKind.QuickFix.value,
    );
    // Up to three false positives on the line: one action each, named by type, file:line and
    // the summary's first words; more: one action that offers them in the picker.
    const onLine = [
      ...new Map(
        issues
          .filter(
            (i) =>
              isFalsePositiveIssue(i) &&
              !HIDDEN_ISSUE_STATES.includes(i.state ?? '') &&
              sinkOf(i)?.path === sink.path &&
              sinkOf(i)?.startLine === sink.startLine,
          )
          .map((i) => [i.fpId, i]),
      ).values(),
    ];
    const inserts = actions.filter((a) => a.title.startsWith('Insert suppression comment'));
    assert.equal(
      inserts.length,
      onLine.length <= 3 ? onLine.length : 1,
      `one insert action per false positive, or one for many (${actions.map((a) => a.title).join(', ')})`,
    );
    const insert =
      onLine.length <= 3
        ? inserts.find(
            (a) =>
              (a.command?.arguments?.[0] as { atFinding?: { issueId: string } }).atFinding?.issueId ===
              onLine.find((i) => i.fpId === fp.fpId)?.id,
          )
        : inserts[0];
    assert.ok(insert?.command, `an insert action for ${fp.id}`);
    assert.ok(
      insert.title.includes(`${sink.path!.split('/').pop()}:${sink.startLine}`),
      `the title names the file and line: ${insert.title}`,
    );
    if (onLine.length <= 3)
      assert.ok(insert.title.startsWith(`Insert suppression comment: ${readableIssueType(fp.issueType)} — `), insert.title);
    try {
      const running = vscode.commands.executeCommand(insert.command.command, ...(insert.command.arguments ?? []));
      if (onLine.length > 3) {
        await new Promise((resolve) => setTimeout(resolve, 1000));
        await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem'); // the line's first, pre-selected
      }
      assert.equal(await running, true);
      const lines = editor.document.getText().split('\n');
      const at = lines.findIndex((l) => onLine.some((i) => l.includes(`fp ${i.fpId}`)));
      assert.equal(at, line, `inserted at the finding's line ${line + 1} (above it, or at its end), not the cursor's`);
    } finally {
      await vscode.commands.executeCommand('workbench.action.files.revert');
    }
    const reveal = actions.find((a) => a.title.startsWith('Show in the Fix Reports view'))!;
    assert.equal(await vscode.commands.executeCommand(reveal.command!.command, ...(reveal.command!.arguments ?? [])), true);
    const revealed = (reveal.command!.arguments![0] as { issueId: string }).issueId;
    await waitFor(
      () => services.treeView.selection[0]?.kind === 'issue' && services.treeView.selection[0].issue.id === revealed,
      'the issue selected in the tree',
    );
  });

  it('goes to the next and previous finding in the file, wrapping around', async () => {
    const fpPath = sinkOf(issues.find((i) => sinkOf(i)?.startLine)!)!.path!;
    const lines = [
      ...new Set(
        issues
          .map(sinkOf)
          .filter((s) => s?.path === fpPath && s.startLine)
          .map((s) => s!.startLine! - 1),
      ),
    ].sort((a, b) => a - b);
    const editor = await vscode.window.showTextDocument(workspaceFile(fpPath));
    editor.selection = new vscode.Selection(0, 0, 0, 0);
    assert.equal(await vscode.commands.executeCommand(CommandId.NextFinding), true);
    assert.equal(editor.selection.active.line, lines.find((l) => l > 0) ?? lines[0]);
    assert.equal(await vscode.commands.executeCommand(CommandId.PreviousFinding), true);
    assert.equal(editor.selection.active.line, lines[lines.length - 1], 'wraps around from the first');
  });

  it("makes a located issue's row open its code: the clicked row read from the selection, so a redraw cannot kill the click", async () => {
    const { services } = await extensionApi();
    const issue = issues.find((i) => sinkOf(i)?.startLine)!;
    const sink = sinkOf(issue)!;
    const node = services.tree.issueNode(reportId, issue.id)!;
    const command = (await treeItem(node)).command;
    // Arguments would reach the workbench as a handle that dies when the row redraws.
    assert.deepEqual(command, { command: CommandId.OpenIssue, title: 'Open issue' }, 'in the TreeItem, without arguments');
    const click = async () => {
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      assert.equal(await vscode.commands.executeCommand(command.command), true, 'what the workbench runs on a click');
      const editor = vscode.window.activeTextEditor;
      assert.equal(editor?.document.uri.toString(), workspaceFile(sink.path!).toString(), "the finding's file");
      assert.equal(editor.selection.start.line, sink.startLine! - 1, "the finding's line selected");
    };
    const select = async () => {
      await services.treeView.reveal(services.tree.issueNode(reportId, issue.id)!, { select: true, focus: true });
      await waitFor(
        () => services.treeView.selection[0]?.kind === 'issue' && services.treeView.selection[0].issue.id === issue.id,
        'the row selected',
      );
    };
    await select();
    await click();
    // A redraw makes the extension host forget the rows until the editor asks for them again:
    // a click then finds no selection for a moment and waits for the row to come back.
    let gaps = 0;
    for (let attempt = 0; attempt < 5 && gaps < 2; attempt++) {
      await select();
      await new Promise((resolve) => setTimeout(resolve, 250)); // past the extension host's redraw debounce
      services.tree.redraw();
      await new Promise((resolve) => setImmediate(resolve));
      if (services.treeView.selection.length === 0) gaps++;
      await click();
    }
    assert.ok(gaps > 0, 'a click landed while the redrawn rows were unknown');
  });

  it("previews a fix's patch in the diff editor and applies it as one edit once previewed; a conflicting patch changes nothing", async () => {
    const { services } = await extensionApi();
    const node = await loadedReport(reportId);
    const fixes = (await groupItems((await groupOf(node, 'fixes'))!)) as FixNode[];
    const withPatch = fixes.filter((f) => f.view.fix.patchAndQuestions?.patch && f.view.id !== service.dataset.conflictingFixId);
    const stable = withPatch.find((f) => f.view.confidence.kind !== 'adaptive')!;
    assert.ok(stable, 'a Stable fix with a patch');
    const file = workspaceFile(stable.view.fix.fixFiles[0]!.fileRepoRelativePath!);
    const original = (await vscode.workspace.openTextDocument(file)).getText();
    const expected = applyPatch(original, stable.view.fix.patchAndQuestions!.patch!);
    assert.equal(typeof expected, 'string', "jsdiff applies the sandbox's patch");

    assert.equal(await vscode.commands.executeCommand(CommandId.PreviewFix, stable), true);
    const tab = vscode.window.tabGroups.activeTabGroup.activeTab;
    assert.ok(
      tab?.input instanceof vscode.TabInputTextDiff ||
        /multi|changes/i.test(String((tab?.input as object | undefined)?.constructor?.name ?? tab?.label)),
      `the diff editor shows the patch (${tab?.label})`,
    );
    if (tab?.input instanceof vscode.TabInputTextDiff)
      assert.equal((await vscode.workspace.openTextDocument(tab.input.modified)).getText(), expected);
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');

    const confirm = services.confirmFix;
    services.confirmFix = async () => ({ ok: true });
    try {
      assert.equal(await vscode.commands.executeCommand(CommandId.ApplyFix, stable), true);
      assert.equal((await vscode.workspace.openTextDocument(file)).getText(), expected, 'the patched text, whole');
    } finally {
      await vscode.window.showTextDocument(file);
      await vscode.commands.executeCommand('workbench.action.files.revert');
    }

    try {
      const conflicting = fixes.find((f) => f.view.id === service.dataset.conflictingFixId);
      if (conflicting) {
        const target = workspaceFile(conflicting.view.fix.fixFiles[0]!.fileRepoRelativePath!);
        const before = (await vscode.workspace.openTextDocument(target)).getText();
        assert.equal(await vscode.commands.executeCommand(CommandId.ApplyFix, conflicting), false);
        assert.equal((await vscode.workspace.openTextDocument(target)).getText(), before, 'a patch that does not apply changes nothing');
        assert.equal(await vscode.commands.executeCommand(CommandId.PreviewFix, conflicting), false, 'nor can it be previewed');
      }
      const adaptive = withPatch.find((f) => f.view.confidence.kind === 'adaptive');
      if (adaptive) {
        const target = workspaceFile(adaptive.view.fix.fixFiles[0]!.fileRepoRelativePath!);
        const before = (await vscode.workspace.openTextDocument(target)).getText();
        assert.equal(await vscode.commands.executeCommand(CommandId.ApplyFix, adaptive), false, 'no fix is applied before its preview');
        assert.equal((await vscode.workspace.openTextDocument(target)).getText(), before);
        assert.equal(await vscode.commands.executeCommand(CommandId.PreviewFix, adaptive), true);
        await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
        try {
          assert.equal(await vscode.commands.executeCommand(CommandId.ApplyFix, adaptive), true, 'once previewed, it is');
        } finally {
          await vscode.window.showTextDocument(target);
          await vscode.commands.executeCommand('workbench.action.files.revert');
        }
      }
    } finally {
      services.confirmFix = confirm;
    }
    await vscode.commands.executeCommand('notifications.clearAll');
  });

  it('follows its settings and the tree filter: false positives hidden, a severity mapped by the table, filtered issues gone', async () => {
    const { services } = await extensionApi();
    const vendor = readableVendor(service.dataset.detail(reportId)!.vulnerabilityReport?.vendor);
    const ours = () =>
      services.findings
        .uris()
        .flatMap((uri) => vscode.languages.getDiagnostics(uri))
        .filter((d) => d.source === vendor);
    // The issues with a sink in a file of the workspace: one problem per place.
    const placed = placesOf(issues);
    const fps = placed.filter((p) => isFalsePositiveIssue(p.members[0]!));
    const others = placed.filter((p) => !isFalsePositiveIssue(p.members[0]!));
    assert.ok(fps.length > 0 && others.length > 0, `${fps.length} false positives and ${others.length} other places`);
    await waitFor(() => ours().length === placed.length, `${placed.length} problems (has ${ours().length})`);
    // A severity the default table makes loud, so mapping it to hint is visible.
    const severity = others
      .flatMap((p) => p.members.map((i) => i.severity!))
      .find((v) => v && levelOf(v) !== 'hint' && levelOf(v) !== 'information')!;
    assert.ok(severity, 'an issue of a loud severity is placed');
    // Places whose every issue has that severity become hints; the filter keeps that severity's issues only.
    const ofSeverity = others.filter((p) => p.members.every((i) => i.severity === severity)).length;
    const filtered = placesOf(issues.filter((i) => !isFalsePositiveIssue(i) && i.severity === severity)).length;
    const isFp = (d: vscode.Diagnostic) => d.message.includes('(false positive');
    try {
      await setUserSetting('securityFixReports.findings.falsePositives', 'hide');
      await waitFor(
        () => ours().length === others.length && !ours().some(isFp),
        `false positives hidden: ${others.length} problems (has ${ours().length})`,
      );

      await setUserSetting('securityFixReports.findings.severity', { [severity.toUpperCase()]: 'hint' });
      await waitFor(
        () => ours().filter((d) => d.severity === vscode.DiagnosticSeverity.Hint).length === ofSeverity,
        `the ${ofSeverity} "${severity}" problems as hints`,
      );
      assert.ok(
        ours().some((d) => d.severity !== vscode.DiagnosticSeverity.Hint),
        'the other severities keep their level',
      );

      services.tree.setFilter({ ...NO_FILTER, severities: new Set([severity.toLowerCase()]) });
      await waitFor(
        () => ours().length === filtered && ours().every((d) => d.severity === vscode.DiagnosticSeverity.Hint),
        `only the filtered severity's ${filtered} problems (has ${ours().length})`,
      );
    } finally {
      services.tree.setFilter(NO_FILTER);
      await setUserSetting('securityFixReports.findings.severity', undefined);
      await setUserSetting('securityFixReports.findings.falsePositives', undefined);
    }
    await waitFor(() => ours().length === placed.length && ours().filter(isFp).length === fps.length, 'every problem back');
    assert.ok(
      ours()
        .filter(isFp)
        .every((d) => d.severity === vscode.DiagnosticSeverity.Hint),
      'false positives are hints again',
    );
  });

  it('publishes at most 1,000 problems per file and names the capped files', async () => {
    const { services } = await extensionApi();
    const model = services.store.entry(reportId)!.model!;
    const held = [...model.issues()];
    const crowded = vscode.Uri.file('/capped/Crowded.java');
    const roomy = vscode.Uri.file('/capped/Roomy.java');
    const finding = (i: number, uri: vscode.Uri): Place =>
      fixedPlace(
        { reportId, issue: held[i % held.length]!, vendor: 'checkmarx', model, falsePositive: false, uri, related: [] },
        new vscode.Range(i, 0, i, 10),
      );
    const byUri = new Map([
      [crowded.toString(), Array.from({ length: 1_200 }, (_, i) => finding(i, crowded))],
      [roomy.toString(), Array.from({ length: 30 }, (_, i) => finding(i, roomy))],
    ]);
    // The extension's publisher over these findings (its own collection, so the workspace's stay).
    const problems = new Problems(
      {
        onDidChange: () => ({ dispose: () => undefined }),
        onDidChangeFile: () => ({ dispose: () => undefined }),
        uris: () => [crowded, roomy],
        placesOf: (uri) => byUri.get(uri.toString()) ?? [],
      },
      services.connection,
      () => undefined,
    );
    try {
      const result = await problems.publish();
      assert.ok(result);
      assert.deepEqual(
        result.capped.map((u) => u.toString()),
        [crowded.toString()],
      );
      assert.equal(result.diagnostics, 1_030);
      assert.equal(problems.diagnosticsOf(crowded).length, 1_000, 'the host keeps 1,000 per file');
      assert.deepEqual(
        problems.diagnosticsOf(crowded).map((d) => d.range.start.line),
        Array.from({ length: 1_000 }, (_, i) => i),
        'the first 1,000 in report order',
      );
      assert.equal(problems.diagnosticsOf(roomy).length, 30);
      assert.match(findingsNotes([], 0, result.capped.length).join(' '), /1 file .*1,000/);
    } finally {
      problems.dispose();
    }
  });

  describe('without locations (the spec-minimal sandbox)', () => {
    let minimal: Sandbox;
    before(async () => {
      await closeMainSandbox();
      minimal = await sandbox({ dataset: { seed: 9, reports: 10, issuesPerReport: [40, 300], specMinimal: true } });
      await connectTo(minimal);
    });
    after(async () => {
      await minimal.close();
      await connectTo(await mainSandbox());
    });

    it("publishes no problems and keeps every row's tree command", async () => {
      const { services } = await extensionApi();
      const current = expectedCurrent(minimal);
      await waitFor(() => services.findings.current.some((c) => c.report.id === current), 'the current report');
      await services.store.issuesSettled(current);
      await services.findings.recompute();
      assert.deepEqual(services.findings.uris(), []);
      for (const file of ['app/db.py', 'web/api.ts'])
        assert.deepEqual(
          vscode.languages.getDiagnostics(workspaceFile(file)).filter((d) => d.source && d.source !== 'ts'),
          [],
          file,
        );
      const fp = minimal.dataset.issueRange(current, 0, minimal.dataset.issueCount(current)).find(isFalsePositiveIssue)!;
      const node = services.tree.issueNode(current, fp.id)!;
      const item = await services.tree.resolveTreeItem(await treeItem(node), node);
      assert.deepEqual(item.command, { command: CommandId.OpenIssue, title: 'Open issue' }, 'the row keeps its command');
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      assert.equal(await vscode.commands.executeCommand(CommandId.OpenIssue, node), true);
      assert.match(
        vscode.window.activeTextEditor?.document.getText() ?? '',
        /Marked as a false positive by/,
        'a false positive without a location opens its explanation',
      );
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    });
  });
});
