// The service key through the real commands and the editor's real SecretStorage: validated
// with one request, stored under the base URL's origin only, never in settings or state,
// removed by Clear; the status bar follows (connected / no key / error).
import { strict as assert } from 'node:assert';
import { readFile } from 'node:fs/promises';
import * as vscode from 'vscode';
import type { Sandbox } from '../../../tools/sandbox/server';
import { CommandId, extensionApi, keysUsed, quiet, sandbox, secretName, setUserSetting, waitFor } from './support';

const WRONG_KEY = 'sfr-wrong-key-3b9d71c0e2';

describe('service key in SecretStorage', () => {
  let service: Sandbox;

  before(async () => {
    keysUsed.add(WRONG_KEY);
    service = await sandbox({ dataset: { seed: 3, reports: 3 } });
    const { services } = await extensionApi();
    await setUserSetting('securityFixReports.baseURL', service.baseUrl);
    await waitFor(() => services.connection.origin === service.origin, 'the new origin');
    await quiet();
  });

  after(async () => {
    await vscode.commands.executeCommand('notifications.clearAll');
    await service.close();
  });

  it('shows "no key" before a key is stored, with an empty tree', async () => {
    const { services, statusBar } = await extensionApi();
    assert.equal(services.connection.state.kind, 'no-key');
    assert.equal(await services.context.secrets.get(secretName(service.origin)), undefined);
    assert.equal(statusBar.text, '$(key) Fix Reports: no key');
    assert.deepEqual(await services.tree.getChildren(), []);
    assert.equal(service.requests.length, 0, 'no request without a key');
  });

  it('rejects a wrong key after one request and stores nothing', async () => {
    const { services } = await extensionApi();
    service.clearRequests();
    const stored = await vscode.commands.executeCommand<boolean>(CommandId.SetServiceKey, { key: WRONG_KEY });
    assert.equal(stored, false);
    assert.equal(service.requests.length, 1, 'validated with exactly one request');
    assert.equal(service.requests[0]?.headers['x-service-key'], WRONG_KEY);
    assert.equal(await services.context.secrets.get(secretName(service.origin)), undefined);
    assert.ok(!services.keys.origins().includes(service.origin));
    assert.equal(services.connection.state.kind, 'no-key');
  });

  it('stores a valid key in SecretStorage under the origin after one validating request', async () => {
    const { services } = await extensionApi();
    service.clearRequests();
    const stored = await vscode.commands.executeCommand<boolean>(CommandId.SetServiceKey, { key: service.key });
    assert.equal(stored, true);
    assert.equal(service.requests.filter((r) => r.path === '/api/rest/fix-reports').length >= 1, true);
    assert.equal(service.requests[0]?.headers['x-service-key'], service.key, 'the validating request carried the key');

    assert.equal(
      await services.context.secrets.get(secretName(service.origin)),
      service.key,
      'context.secrets holds the key under the origin',
    );
    assert.ok(services.keys.origins().includes(service.origin));
    await waitFor(() => services.connection.state.kind === 'ready', 'the connection to be ready');
  });

  it('never writes the key to settings, global state or workspace state', async () => {
    const { services } = await extensionApi();
    const { context } = services;
    for (const memento of [context.globalState, context.workspaceState]) {
      for (const k of memento.keys()) {
        assert.ok(!JSON.stringify(memento.get(k) ?? null).includes(service.key), `state entry ${k} does not hold the key`);
      }
    }
    const all = JSON.stringify(vscode.workspace.getConfiguration('securityFixReports'));
    assert.ok(!all.includes(service.key), 'no setting holds the key');
    // The user settings file sits two levels above the extension's global storage folder.
    const settingsFile = vscode.Uri.joinPath(context.globalStorageUri, '..', '..', 'settings.json');
    const text = await readFile(settingsFile.fsPath, 'utf8');
    assert.ok(text.includes(service.baseUrl), 'this is the user settings file (it holds the base URL)');
    assert.ok(!text.includes(service.key), 'settings.json does not hold the key');
  });

  it('shows "connected" once reports load', async () => {
    const { services, statusBar } = await extensionApi();
    await quiet();
    const roots = await services.tree.getChildren();
    assert.equal(roots.length, service.dataset.reports.length);
    await waitFor(() => statusBar.text === '$(shield) Fix Reports', 'the status bar to show connected');
  });

  it('shows an error in the status bar when the service fails, and recovers', async () => {
    const { services, statusBar } = await extensionApi();
    service.faults.add({ route: 'fix-reports', fault: { kind: 'status', status: 500 } });
    try {
      services.store.reset();
      await assert.rejects(services.store.reports());
      await waitFor(() => statusBar.text === '$(error) Fix Reports', 'the status bar to show the error');
    } finally {
      service.faults.clear();
    }
    services.store.reset();
    await services.store.reports();
    await waitFor(() => statusBar.text === '$(shield) Fix Reports', 'the status bar to recover');
  });

  it('clears the key from SecretStorage', async () => {
    const { services, statusBar } = await extensionApi();
    await vscode.commands.executeCommand(CommandId.ClearServiceKey, { confirm: false });
    assert.equal(await services.context.secrets.get(secretName(service.origin)), undefined);
    assert.ok(!services.keys.origins().includes(service.origin));
    await waitFor(() => services.connection.state.kind === 'no-key', 'the connection to lose its key');
    await waitFor(() => statusBar.text === '$(key) Fix Reports: no key', 'the status bar to show no key');
    service.clearRequests();
    await quiet();
    assert.deepEqual(await services.tree.getChildren(), []);
    assert.equal(service.requests.length, 0, 'nothing is sent once the key is cleared');
  });
});
