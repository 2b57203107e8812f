// Check Connection inside the extension host, as the user runs it: the extension's own base URL
// (user settings), its key (SecretStorage for the origin) and network settings, the report shown
// in a read-only document and copied by Copy Connection Report — with every step passing against
// the sandbox, and with a key the service rejects (HTTP 401). The key is never in the report.
import { strict as assert } from 'node:assert';
import * as vscode from 'vscode';
import { CONNECTION_REPORT_SCHEME } from '../../../src/common/manifest';
import { observe } from '../../support/evidence';
import { CommandId, connectTo, extensionApi, keysUsed, mainSandbox, quiet, sandbox, setUserSetting, waitFor } from './support';

const WRONG_KEY = 'sfr-wrong-key-check-connection-4f0b2c91';

describe('Check Connection', () => {
  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.commands.executeCommand('notifications.clearAll');
  });

  it('passes every step against the sandbox, shows the report in a read-only document and copies it', async () => {
    const service = await mainSandbox();
    await connectTo(service);
    const text = await vscode.commands.executeCommand<string>(CommandId.CheckConnection);
    assert.match(text, /^Verdict: +OK: every check passed$/m);
    assert.match(text, /^Product: +Security Fix Reports extension \S+$/m);
    assert.match(text, new RegExp(`^Origin: +${service.origin.replace(/\./g, '\\.')}$`, 'm'));
    assert.match(text, /^\[ok\] +Service key .*present \(from the editor's secret storage, for http:\/\/127\.0\.0\.1:\d+\)/m);
    assert.match(text, /^\[ok\] +Proxy .*direct: loopback is never proxied/m);
    assert.match(text, /^\[ok\] +GET api\/rest\/fix-reports +\d+ ms {2}\d+ reports listed$/m);
    assert.match(text, /^\[ok\] +Key accepted /m);
    assert.ok(!text.includes(service.key), 'the key is not in the report');

    const document = vscode.window.activeTextEditor?.document;
    assert.equal(document?.uri.scheme, CONNECTION_REPORT_SCHEME, 'the report is the active editor');
    assert.equal(document?.getText(), text);

    await vscode.env.clipboard.writeText('');
    assert.equal(await vscode.commands.executeCommand<boolean>(CommandId.CopyConnectionReport), true);
    assert.equal(await vscode.env.clipboard.readText(), text, 'Copy Connection Report copies the report as shown');
    observe(`sandbox: ${text.split('\n').find((l) => l.startsWith('Verdict:'))}`);
  });

  it('says a key the service rejects was rejected with HTTP 401, without showing it', async () => {
    keysUsed.add(WRONG_KEY);
    const other = await sandbox({ dataset: { seed: 41, reports: 2 } });
    const { services } = await extensionApi();
    try {
      await setUserSetting('securityFixReports.baseURL', other.baseUrl);
      await waitFor(() => services.connection.origin === other.origin, 'the other origin');
      // Stored directly: Set Service Key would check the key and refuse to store it.
      await services.keys.set(other.origin, WRONG_KEY);
      await waitFor(() => services.connection.state.kind === 'ready', 'the connection to take the key');
      await quiet();
      const text = await vscode.commands.executeCommand<string>(CommandId.CheckConnection);
      assert.match(text, /^Verdict: +FAILED at Key accepted: rejected with HTTP 401: the service does not accept this key/m);
      assert.match(text, /^\[FAIL\] +Key accepted +\d+ ms {2}rejected with HTTP 401/m);
      assert.match(text, /^\[ok\] +TCP /m, 'the network itself is fine');
      assert.match(text, /^\[skip\] +GET api\/rest\/fix-reports\/\{id\} +the list of reports failed$/m);
      assert.ok(!text.includes(WRONG_KEY), 'the rejected key is not in the report');
      // The document was open already: the editor asks for its new content when told it changed.
      await waitFor(() => vscode.window.activeTextEditor?.document.getText() === text, 'the open report to show the latest check');
      observe(`wrong key: ${text.split('\n').find((l) => l.startsWith('Verdict:'))}`);
    } finally {
      await services.keys.delete(other.origin);
      await other.close();
      await connectTo(await mainSandbox());
    }
  });
});
