// What changed since the previous scan, in the real editor on the sandbox's rescans of the
// workspace's repository: the current report's row says "+N new · −M fixed" with the counts an
// independent count of fingerprints gives; "New since previous scan" keeps exactly the new
// issues in the tree and in the Problems panel; a new finding's hover says since when; Compare
// With Another Scan compares with the scan picked.
import { strict as assert } from 'node:assert';
import * as vscode from 'vscode';
import { applyFilter } from '../../../src/commands/filter';
import { NO_FILTER } from '../../../src/views/filter';
import type { SandboxIssue as Issue } from '../../../tools/sandbox/generator';
import type { Sandbox } from '../../../tools/sandbox/server';
import { observe } from '../../support/evidence';
import {
  connectTo,
  expectedCurrent,
  extensionApi,
  plainText,
  RESCANS_DATASET,
  sandbox,
  quiet,
  rootNodes,
  treeItem,
  waitFor,
} from './support';

/** The oracle: fingerprints as multisets, counted in the plainest way. */
function expectedChanges(later: readonly Issue[], earlier: readonly Issue[]) {
  const key = (i: Issue) =>
    typeof i.fingerprintHash === 'string' && i.fingerprintHash.trim() !== '' ? i.fingerprintHash.trim() : undefined;
  const left = new Map<string, number>();
  for (const issue of earlier) {
    const k = key(issue);
    if (k !== undefined) left.set(k, (left.get(k) ?? 0) + 1);
  }
  const newIds = new Set<string>();
  let unchanged = 0;
  for (const issue of later) {
    const k = key(issue);
    if (k === undefined) continue;
    const n = left.get(k) ?? 0;
    if (n > 0) {
      left.set(k, n - 1);
      unchanged++;
    } else newIds.add(issue.id);
  }
  const fixed = [...left.values()].reduce((a, b) => a + b, 0);
  return { newIds, fixed, unchanged };
}

describe('changes since the previous scan', () => {
  let service: Sandbox;
  let reportId: string;
  const scansOf = (id: string) => {
    const report = service.dataset.reports.find((r) => r.id === id)!;
    return service.dataset.reports
      .filter(
        (r) =>
          r.id !== id &&
          r.repo?.originalUrl === report.repo?.originalUrl &&
          r.repo?.reference === report.repo?.reference &&
          r.vulnerabilityReport?.vendor === report.vulnerabilityReport?.vendor &&
          Date.parse(r.createdOn!) < Date.parse(report.createdOn!),
      )
      .sort((a, b) => Date.parse(b.createdOn!) - Date.parse(a.createdOn!));
  };
  const issuesOf = (id: string) => service.dataset.issueRange(id, 0, service.dataset.issueCount(id));

  before(async () => {
    service = await sandbox({ dataset: RESCANS_DATASET });
    await connectTo(service);
    reportId = expectedCurrent(service);
    assert.ok(scansOf(reportId).length >= 2, 'the sandbox has two earlier scans of the current report');
  });

  after(async () => {
    await service.close();
  });

  afterEach(async () => {
    const { services } = await extensionApi();
    applyFilter(services, NO_FILTER);
    services.changes.compareWith(reportId, undefined);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('the current report row shows +N new · −M fixed, as matching fingerprints gives', async () => {
    const { services } = await extensionApi();
    const previous = scansOf(reportId)[0]!;
    const expected = expectedChanges(issuesOf(reportId), issuesOf(previous.id));
    assert.ok(expected.newIds.size > 0 && expected.fixed > 0, 'the rescans have new and fixed issues');
    await rootNodes(); // the roots ask for the current reports' changes
    await waitFor(() => services.changes.state(reportId)?.kind === 'done', 'the changes of the current report', 30_000);
    const state = services.changes.state(reportId);
    assert.ok(state?.kind === 'done');
    assert.equal(state.since.id, previous.id, 'compared with the previous scan of the same repository, branch and scanner');
    assert.equal(state.changes.counts.new, expected.newIds.size);
    assert.equal(state.changes.counts.fixed, expected.fixed);
    assert.equal(state.changes.counts.unchanged, expected.unchanged);
    assert.deepEqual(new Set(state.newIds), expected.newIds);
    const node = (await rootNodes()).find((n) => n.report.id === reportId)!;
    const item = await treeItem(node);
    const description = String(item.description);
    assert.ok(description.includes(`+${expected.newIds.size} new · −${expected.fixed} fixed`), description);
    assert.match(
      plainText((item.tooltip as vscode.MarkdownString).value),
      new RegExp(`Since the scan of .*: ${expected.newIds.size} new, ${expected.fixed} fixed, ${expected.unchanged} unchanged`),
    );
    observe(`the current report's row reads “${description}” (${expected.newIds.size} new, ${expected.fixed} fixed by the oracle)`);
  });

  it('"New since previous scan" keeps exactly the new issues, in the tree and the Problems panel', async () => {
    const { services } = await extensionApi();
    await rootNodes();
    await waitFor(() => services.changes.state(reportId)?.kind === 'done', 'the changes of the current report', 30_000);
    const state = services.changes.state(reportId);
    assert.ok(state?.kind === 'done');
    await waitFor(() => services.findings.uris().length > 0, 'findings in the workspace', 20_000);
    const problems = () => services.findings.uris().flatMap((uri) => services.findings.forUri(uri).filter((f) => f.reportId === reportId));
    const before = problems();
    applyFilter(services, { ...NO_FILTER, newOnly: true });
    await waitFor(() => problems().length < before.length, 'the Problems panel to follow the filter', 10_000);
    await quiet();
    const after = problems();
    assert.ok(after.length > 0, 'some new issue is located in the workspace');
    for (const finding of after) assert.ok(state.newIds.has(finding.issue.id), `${finding.issue.id} in the Problems panel is new`);
    assert.deepEqual(
      new Set(after.map((f) => f.issue.id)),
      new Set(before.filter((f) => state.newIds.has(f.issue.id)).map((f) => f.issue.id)),
      'every new finding stays',
    );
    const model = services.store.entry(reportId)!.model!;
    const shown = [...model.issues()].filter((i) => services.tree.shows(i, reportId)).map((i) => i.id);
    assert.deepEqual(new Set(shown), state.newIds, 'the tree shows the new issues only');
    const description = String((await treeItem((await rootNodes()).find((n) => n.report.id === reportId)!)).description);
    assert.match(description, new RegExp(`${state.newIds.size} of [\\d,]+ issues`), description);
    assert.match(services.treeView.message ?? '', /new since previous scan/);
    // The hover on a new finding says since when.
    const finding = after[0]!;
    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', finding.uri, finding.range.start);
    const text = hovers.flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : c.value))).join('\n');
    assert.match(text, /New since the scan of/, 'the hover of a new finding says since when');
    observe(`New since previous scan: ${after.length} of ${before.length} findings of the report stay in the Problems panel, all new`);
  });

  it('Compare With Another Scan compares with the scan picked, and back', async () => {
    const { services } = await extensionApi();
    const [previous, older] = scansOf(reportId);
    const expected = expectedChanges(issuesOf(reportId), issuesOf(older!.id));
    services.changes.compareWith(reportId, older!.id);
    await waitFor(
      () => {
        const s = services.changes.state(reportId);
        return s?.kind === 'done' && s.since.id === older!.id;
      },
      'the comparison with the older scan',
      30_000,
    );
    const state = services.changes.state(reportId);
    assert.ok(state?.kind === 'done');
    assert.equal(state.changes.counts.new, expected.newIds.size);
    assert.equal(state.changes.counts.fixed, expected.fixed);
    const tooltip = plainText(
      ((await treeItem((await rootNodes()).find((n) => n.report.id === reportId)!)).tooltip as vscode.MarkdownString).value,
    );
    assert.match(tooltip, /\(chosen\)/);
    services.changes.compareWith(reportId, undefined);
    await waitFor(
      () => {
        const s = services.changes.state(reportId);
        return s?.kind === 'done' && s.since.id === previous!.id;
      },
      'the comparison with the previous scan again',
      30_000,
    );
  });
});
