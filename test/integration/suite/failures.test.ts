// A failed load is announced once (the extension turns it into a notification with Retry),
// and its retry really repeats the load.
import { strict as assert } from 'node:assert';
import * as vscode from 'vscode';
import type { StoreFailure } from '../../../src/editor/reportStore';
import type { Sandbox } from '../../../tools/sandbox/server';
import { closeMainSandbox, connectTo, extensionApi, sandbox, waitFor } from './support';

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
      services.store.refresh();
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
});
