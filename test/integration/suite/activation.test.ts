// Activation in the real extension host: lazy (never `*`), fast, every command registered,
// and a clean start with no base URL (user settings are empty; the workspace's trap is ignored).
import { strict as assert } from 'node:assert';
import * as vscode from 'vscode';
import { CommandId, EXTENSION_ID, ensureGitConfig, extensionApi, userSetting } from './support';

describe('activation', () => {
  before(ensureGitConfig);

  it('activates without `*`, records activationMs and logs it', async () => {
    const extension = vscode.extensions.getExtension(EXTENSION_ID);
    assert.ok(extension);
    const events = (extension.packageJSON as { activationEvents?: string[] }).activationEvents ?? [];
    assert.ok(!events.includes('*'), `activationEvents ${JSON.stringify(events)} do not include *`);

    const api = await extensionApi();
    assert.equal(extension.isActive, true);
    assert.equal(typeof api.activationMs, 'number');
    assert.ok(api.activationMs > 0 && api.activationMs < 2_000, `activationMs ${api.activationMs} is recorded and small`);
    assert.ok(
      api.services.log.lines().some((l) => /Activated in \d+(\.\d+)? ms/.test(l)),
      'the activation time is logged',
    );
  });

  it('registers every command it contributes', async () => {
    const registered = new Set(await vscode.commands.getCommands(true));
    for (const id of Object.values(CommandId)) assert.ok(registered.has(id), `${id} is registered`);
  });

  it('starts unconfigured: the workspace-level base URL trap is not used', async function () {
    // A profile kept from an interrupted earlier run (test-electron's .vscode-test) may hold one.
    if (userSetting('securityFixReports.baseURL') !== undefined) this.skip();
    const { services, statusBar } = await extensionApi();
    // The runner seeds no user-level base URL; .vscode/settings.json sets one, which must not count.
    assert.equal(services.connection.settings.baseUrl, '');
    assert.equal(services.connection.state.kind, 'no-base-url');
    assert.equal(statusBar.text, '$(shield) Fix Reports: set up');
    assert.deepEqual(await services.tree.getChildren(), [], 'no base URL: the welcome view explains, the tree is empty');
  });
});
