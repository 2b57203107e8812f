// A failed load is announced once (the extension turns it into a notification with Retry),
// and its retry really repeats the load.
import { strict as assert } from 'node:assert';
import * as vscode from 'vscode';
import type { StoreFailure } from '../../../src/editor/reportStore';
import type { Sandbox } from '../../../tools/sandbox/server';
import { closeMainSandbox, CommandId, connectTo, extensionApi, loadedReport, rootNodes, sandbox, waitFor } from './support';

describe('load failures', () => {
  let service: Sandbox;

  before(async () => {
    await closeMainSandbox();
    service = await sandbox({ dataset: { seed: 17, reports: 2 } });
    await connectTo(service);
  });

  after(async () => {
    await vscode.commands.executeCommand('notifications.clearAll');
    await service.close();
  });

  it('announce a failed report list with a retry that loads it again', async () => {
    const { services } = await extensionApi();
    const failures: StoreFailure[] = [];
    const subscription = services.store.onDidFail((f) => failures.push(f));
    try {
      service.faults.add({ route: 'fix-reports', times: 1, fault: { kind: 'status', status: 500 } });
      services.store.reset();
      await assert.rejects(services.store.reports(), /HTTP 500/);
      await waitFor(() => failures.length === 1, 'one failure announced');
      assert.equal(failures[0]!.error.kind, 'server');
      assert.equal(services.store.lastError?.kind, 'server');

      failures[0]!.retry();
      const reports = await services.store.reports();
      assert.equal(reports.length, service.dataset.reports.length);
      assert.equal(services.store.lastError, undefined, 'the error clears once a load succeeds');
      assert.equal(failures.length, 1, 'the successful retry announced nothing');
    } finally {
      subscription.dispose();
    }
  });

  it('keep the data on screen while a refresh waits on a hung service, say so, and keep it (stale) when cancelled or failed', async () => {
    const { services } = await extensionApi();
    const { store, treeView } = services;
    store.reset();
    const ids = (await rootNodes()).map((n) => n.report.id);
    const expanded = ids[0]!;
    await loadedReport(expanded);
    await store.issuesSettled(expanded);
    const issuesBefore = store.entry(expanded)!.model!.issueCount;
    try {
      // The list request hangs: headers never come (within the test).
      service.faults.add({ route: 'fix-reports', times: 1, fault: { kind: 'slow-headers', ms: 120_000 } });
      const focused = (await rootNodes())[1]; // the workbench passes the focused row to title-bar commands
      await vscode.commands.executeCommand(CommandId.Refresh, focused);
      assert.ok(store.refreshing, 'a refresh is under way');
      assert.deepEqual(
        (await rootNodes()).map((n) => n.report.id),
        ids,
        'the reports stay on screen while it waits',
      );
      assert.equal(store.entry(expanded)?.model?.issueCount, issuesBefore, 'the expanded report keeps its issues');
      const waiting = await waitFor(
        () => (treeView.message?.includes('no answer for') ? treeView.message : undefined),
        'the view to say what it waits for',
        5_000,
      );
      assert.ok(waiting.startsWith(`Waiting for ${service.origin}: no answer for `), waiting);
      assert.match(waiting, /no answer for \d+ s\. The data shown is from /);
      assert.match(waiting, /Cancel Refresh/);

      await vscode.commands.executeCommand(CommandId.CancelRefresh, focused);
      await waitFor(() => !store.refreshing, 'the refresh to stop');
      assert.equal(store.stale?.reason, 'The refresh was cancelled.');
      await waitFor(() => treeView.message?.startsWith('Stale: showing the data from '), 'the view to say the data is stale');
      assert.equal(treeView.description, 'Stale');
      assert.deepEqual(
        (await rootNodes()).map((n) => n.report.id),
        ids,
        'cancelling kept the reports',
      );
      assert.equal(store.entry(expanded)?.model?.issueCount, issuesBefore);

      // A refresh that fails keeps the data too, and says why.
      service.faults.add({ route: 'fix-report', times: 1, fault: { kind: 'status', status: 500 } });
      store.refresh();
      await waitFor(() => !store.refreshing, 'the failed refresh to end');
      assert.match(store.stale?.reason ?? '', /^The refresh failed: .*HTTP 500/);
      assert.ok(store.lastError, 'the failure is announced (status bar, notification)');
      assert.deepEqual(
        (await rootNodes()).map((n) => n.report.id),
        ids,
      );
      assert.equal(store.entry(expanded)?.model?.issueCount, issuesBefore, "a failed detail does not drop the report's issues");
    } finally {
      service.faults.clear();
    }
    // A refresh that succeeds swaps everything in at once, the expanded report's detail included.
    service.clearRequests();
    store.refresh();
    await waitFor(() => !store.refreshing, 'the refresh to end');
    assert.equal(store.stale, undefined, 'the data is current again');
    assert.doesNotMatch(treeView.message ?? '', /Stale|Waiting for/, 'nothing said about the refresh any more');
    assert.equal(store.lastError, undefined);
    assert.ok(
      service.requests.some((r) => decodeURIComponent(r.path) === `/api/rest/fix-reports/${expanded}`),
      'the expanded report was fetched again',
    );
    await store.issuesSettled(expanded);
    assert.equal(store.entry(expanded)?.model?.issueCount, issuesBefore, 'and its issues paged in again');
  });
});
