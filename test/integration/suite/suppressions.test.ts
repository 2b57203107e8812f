// The Suppressions view in the real editor: two comments inserted with Insert Suppression
// Comment are found and current; the previous scan pinned as current makes the one whose false
// positive it does not have stale and leaves the other current; Remove Suppression Comment (a
// row) and Remove Stale Suppressions… (through the refactor preview, applied there) restore
// the files byte for byte on the disk.
import { strict as assert } from 'node:assert';
import { readFile } from 'node:fs/promises';
import * as vscode from 'vscode';
import { HIDDEN_ISSUE_STATES } from '../../../src/model/issue';
import type { Suppression } from '../../../src/editor/suppressions';
import type { IssueNode, ReportNode } from '../../../src/views/nodes';
import type { SuppressionRow } from '../../../src/views/suppressionsView';
import type { Sandbox } from '../../../tools/sandbox/server';
import { observe } from '../../support/evidence';
import {
  CommandId,
  connectTo,
  expectedCurrent,
  extensionApi,
  falsePositiveNodes,
  isFalsePositiveIssue,
  RESCANS_DATASET,
  sandbox,
  rootNodes,
  sleep,
  waitFor,
} from './support';

describe('suppressions, audited', () => {
  let service: Sandbox;
  let reportId: string;
  let previousId: string;

  before(async () => {
    service = await sandbox({ dataset: RESCANS_DATASET });
    await connectTo(service);
    reportId = expectedCurrent(service);
    const report = service.dataset.reports.find((r) => r.id === reportId)!;
    previousId = service.dataset.reports
      .filter(
        (r) =>
          r.id !== reportId &&
          r.repo?.originalUrl === report.repo?.originalUrl &&
          r.repo?.reference === report.repo?.reference &&
          r.vulnerabilityReport?.vendor === report.vulnerabilityReport?.vendor &&
          Date.parse(r.createdOn!) < Date.parse(report.createdOn!),
      )
      .sort((a, b) => Date.parse(b.createdOn!) - Date.parse(a.createdOn!))[0]!.id;
  });

  after(async () => {
    const node = (await rootNodes()).find((n) => n.report.id === previousId);
    if (node) await vscode.commands.executeCommand(CommandId.UnpinReport, node);
    await vscode.commands.executeCommand('workbench.action.files.revertAll').then(undefined, () => undefined);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await service.close();
  });

  it('lists inserted comments, judges them against the current report, and removes them exactly', async () => {
    const { services } = await extensionApi();
    await waitFor(() => services.findings.current.some((c) => c.report.id === reportId), 'the current report', 20_000);
    await services.store.issuesSettled(reportId);
    const fpIdsOf = (id: string) =>
      new Set(
        service.dataset
          .issueRange(id, 0, service.dataset.issueCount(id))
          .filter((i) => isFalsePositiveIssue(i) && i.fpId)
          .map((i) => i.fpId!),
      );
    const earlier = fpIdsOf(previousId);
    // Two false positives of the current report placed in the workspace: one the previous scan
    // also has (it stays current there), one it does not (it becomes stale).
    const nodes = (await falsePositiveNodes(reportId)).filter((n) => !HIDDEN_ISSUE_STATES.includes(n.issue.state ?? ''));
    await waitFor(() => nodes.some((n) => services.findings.placeOf(reportId, n.issue.id)), 'false positives placed', 20_000);
    const placed = nodes.filter((n) => services.findings.placeOf(reportId, n.issue.id) && languageOk(services, reportId, n));
    const kept = placed.find((n) => earlier.has(n.issue.fpId!));
    const gone = placed.find((n) => !earlier.has(n.issue.fpId!) && n.issue.fpId !== kept?.issue.fpId);
    assert.ok(kept && gone, 'a placed false positive the previous scan has, and one it does not');
    // Where they are while the report is current (it will not stay current).
    const uris = new Map([kept, gone].map((n) => [n, services.findings.find(reportId, n.issue.id)!.uri]));
    const uriOf = (n: IssueNode) => uris.get(n)!;
    const original = new Map<string, Buffer>();
    for (const n of [kept, gone]) original.set(uriOf(n).toString(), await readFile(uriOf(n).fsPath));

    const textAfterKept = await insertAndSave(kept, uriOf(kept));
    await insertAndSave(gone, uriOf(gone));
    await services.suppressions.refresh();
    const find = (fpId: string) => services.suppressions.all.find((s) => s.fpId === fpId);
    await waitFor(
      () => find(kept.issue.fpId!)?.verdict.status === 'current' && find(gone.issue.fpId!)?.verdict.status === 'current',
      'both comments found and current',
      20_000,
    );
    assert.equal(find(kept.issue.fpId!)!.checkedBy, 'parser');

    // Switching the current report to the previous scan: one stays current, the other is stale.
    await vscode.commands.executeCommand(CommandId.PinReport, await reportNode(previousId));
    await waitFor(
      () => find(gone.issue.fpId!)?.verdict.status === 'stale' && find(kept.issue.fpId!)?.verdict.status === 'current',
      'the comment of the false positive the previous scan lacks to be stale',
      30_000,
    );
    const staleRow = await row(find(gone.issue.fpId!)!);
    const item = services.suppressionsTree.getTreeItem(staleRow);
    assert.match(String(item.description), /^stale · not in the report/);
    assert.equal(item.contextValue, 'suppression.stale');
    assert.match(String(services.suppressionsView.description), /^1 stale of \d+/);
    assert.equal((item.command?.arguments?.[0] as vscode.Uri).toString(), uriOf(gone).toString(), 'a click opens the file');

    // Remove Suppression Comment on the stale row: the file is as before the insertion.
    assert.equal(await vscode.commands.executeCommand(CommandId.RemoveSuppressionComment, staleRow), true);
    const goneDoc = await vscode.workspace.openTextDocument(uriOf(gone));
    await goneDoc.save();
    const expectedGone =
      uriOf(gone).toString() === uriOf(kept).toString() ? Buffer.from(textAfterKept) : original.get(uriOf(gone).toString())!;
    assert.ok((await readFile(uriOf(gone).fsPath)).equals(expectedGone), 'removal restored the file byte for byte');
    await waitFor(() => find(gone.issue.fpId!) === undefined, 'the removed comment to leave the view', 10_000);

    // Again, and Remove Stale Suppressions…: its edit waits in the refactor preview (the UI check
    // ticks it there and applies it); discarded, nothing changes.
    await insertAndSave(gone, uriOf(gone));
    await waitFor(() => find(gone.issue.fpId!)?.verdict.status === 'stale', 'the comment inserted again, stale', 10_000);
    const withStale = await readFile(uriOf(gone).fsPath);
    const pending = vscode.commands.executeCommand<{ planned: number; applied: boolean } | undefined>(CommandId.RemoveStaleSuppressions);
    let settled = false;
    void pending.then(() => (settled = true));
    await sleep(1_500);
    assert.equal(settled, false, 'nothing is applied before the refactor preview is confirmed');
    for (let i = 0; i < 20 && !settled; i++) {
      await vscode.commands.executeCommand('refactorPreview.discard').then(undefined, () => undefined);
      await sleep(250);
    }
    const result = await pending;
    assert.deepEqual({ planned: result?.planned, applied: result?.applied }, { planned: 1, applied: false });
    const goneNow = await vscode.workspace.openTextDocument(uriOf(gone));
    assert.equal(goneNow.isDirty, false, 'discarded: the document is untouched');
    assert.ok((await readFile(uriOf(gone).fsPath)).equals(withStale));
    assert.equal(await vscode.commands.executeCommand(CommandId.RemoveSuppressionComment, await row(find(gone.issue.fpId!)!)), true);
    await goneNow.save();
    assert.ok((await readFile(uriOf(gone).fsPath)).equals(expectedGone), 'removed again, byte for byte');
    assert.equal(find(kept.issue.fpId!)?.verdict.status, 'current', 'the current one was left');

    // The last one from the editor at its line (the palette's way): the file as it was.
    const keptDoc = await vscode.workspace.openTextDocument(uriOf(kept));
    const editor = await vscode.window.showTextDocument(keptDoc, { preview: false });
    const at = find(kept.issue.fpId!)!;
    editor.selection = new vscode.Selection(at.row, 0, at.row, 0);
    assert.equal(await vscode.commands.executeCommand(CommandId.RemoveSuppressionComment), true);
    await keptDoc.save();
    assert.ok((await readFile(uriOf(kept).fsPath)).equals(original.get(uriOf(kept).toString())!), 'the file is as it was, byte for byte');
    observe(
      `two comments (${kept.issue.fpId}, ${gone.issue.fpId}) inserted, judged current, one stale after pinning ${previousId}, each removed byte for byte`,
    );
  });

  async function insertAndSave(node: IssueNode, uri: vscode.Uri): Promise<string> {
    assert.equal(await vscode.commands.executeCommand(CommandId.InsertSuppressionComment, node), true, `inserted for ${node.issue.fpId}`);
    const document = await vscode.workspace.openTextDocument(uri);
    await document.save();
    return document.getText();
  }

  async function reportNode(id: string): Promise<ReportNode> {
    const node = (await rootNodes()).find((n) => n.report.id === id);
    assert.ok(node, `report ${id} is listed`);
    return node;
  }

  async function row(s: Suppression): Promise<SuppressionRow> {
    const { services } = await extensionApi();
    const files = services.suppressionsTree.getChildren();
    const file = files.find((f) => f.kind === 'file' && f.uri.toString() === s.uri.toString());
    assert.ok(file, `the view lists ${s.path}`);
    const found = services.suppressionsTree
      .getChildren(file)
      .find((r) => r.kind === 'suppression' && r.suppression.fpId === s.fpId && r.suppression.row === s.row);
    assert.ok(found, `the view lists the comment at line ${s.row + 1}`);
    return found;
  }
});

/** A file in a language with a parser (so the proof is exercised), not Markdown or JSON. */
function languageOk(
  services: { findings: { find(r: string, i: string): { uri: vscode.Uri } | undefined } },
  reportId: string,
  n: IssueNode,
): boolean {
  const uri = services.findings.find(reportId, n.issue.id)?.uri;
  return !!uri && /\.(py|ts|java|go|js|cs|rb|php)$/.test(uri.path);
}
