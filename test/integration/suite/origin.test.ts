// The key belongs to one origin. After the user-level base URL moves to another service, the
// old key is not sent there (nothing is, until the user acts); the old service never sees the
// new key either.
import { strict as assert } from 'node:assert';
import * as vscode from 'vscode';
import type { Sandbox } from '../../../tools/sandbox/server';
import { CommandId, connectTo, extensionApi, quiet, sandbox, secretName, setUserSetting, sleep, waitFor } from './support';

function carrying(s: Sandbox, key: string) {
  return s.requests.filter((r) => r.headers['x-service-key'] === key);
}

describe('base URL moved to another origin', () => {
  let first: Sandbox;
  let second: Sandbox;

  before(async () => {
    first = await sandbox({ dataset: { seed: 4, reports: 2 } });
    second = await sandbox({ dataset: { seed: 5, reports: 2 } });
    assert.notEqual(first.key, second.key);
    await connectTo(first);
    await (await extensionApi()).services.tree.getChildren();
  });

  after(async () => {
    await vscode.commands.executeCommand('notifications.clearAll');
    await Promise.all([first.close(), second.close()]);
  });

  it('does not send the first key to the second origin, and sends nothing until the user acts', async () => {
    const { services } = await extensionApi();
    second.clearRequests();
    await setUserSetting('securityFixReports.baseURL', second.baseUrl);
    await waitFor(() => services.connection.origin === second.origin, 'the second origin');
    assert.equal(services.connection.state.kind, 'no-key');
    await quiet();

    // Everything that would load data, tried while the second origin has no key.
    assert.deepEqual(await services.tree.getChildren(), []);
    await assert.rejects(services.store.reports(), /No service key is stored/);
    await vscode.commands.executeCommand(CommandId.Refresh);
    await sleep(500);

    assert.deepEqual(carrying(second, first.key), [], 'the second service never saw the first key');
    assert.equal(second.requests.length, 0, 'no request at all reached the second service');
    assert.equal(await services.context.secrets.get(secretName(second.origin)), undefined, 'the first key was not copied over');
    assert.ok(
      services.log.lines().some((l) => l.includes(`the key of ${first.origin} is not sent there`)),
      'the log says why',
    );
  });

  it('uses the second origin once the user stores its key, and the first service never sees it', async () => {
    const { services } = await extensionApi();
    await vscode.commands.executeCommand('notifications.clearAll');
    const stored = await vscode.commands.executeCommand<boolean>(CommandId.SetServiceKey, { key: second.key });
    assert.equal(stored, true);
    await waitFor(() => services.connection.state.kind === 'ready', 'ready for the second origin');
    await quiet();
    const roots = await services.tree.getChildren();
    const ids = roots.map((n) => (n.kind === 'report' ? n.report.id : `(${n.kind})`)).sort();
    assert.deepEqual(ids, second.dataset.reports.map((r) => r.id).sort(), "the tree shows the second service's reports");
    assert.ok(second.requests.length > 0);
    assert.deepEqual(
      second.requests.filter((r) => r.headers['x-service-key'] !== second.key),
      [],
      'every request to the second service carried its own key',
    );
    assert.deepEqual(carrying(first, second.key), [], 'the first service never saw the second key');
  });

  it('switching back uses the first key again, only with the first service', async () => {
    const { services } = await extensionApi();
    first.clearRequests();
    await setUserSetting('securityFixReports.baseURL', first.baseUrl);
    await waitFor(
      () => services.connection.origin === first.origin && services.connection.state.kind === 'ready',
      'ready for the first origin',
    );
    await quiet();
    await services.tree.getChildren();
    assert.ok(first.requests.length > 0);
    assert.deepEqual(
      first.requests.filter((r) => r.headers['x-service-key'] !== first.key),
      [],
    );
    assert.deepEqual(carrying(second, first.key), []);
  });
});
