// The key and a proxy, inside the real extension host: with the editor's `http.proxy` (and a
// proxy in the environment's style) pointing at a real recording proxy on loopback, requests
// to the loopback sandbox never go through it, so the proxy never sees `x-service-key`.
import { strict as assert } from 'node:assert';
import * as vscode from 'vscode';
import type { Sandbox } from '../../../tools/sandbox/server';
import { observe } from '../../support/evidence';
import { startRecordingProxy, type RecordingProxy } from '../../support/tlsProxy';
import { connectTo, extensionApi, mainSandbox, rootNodes, setUserSetting, waitFor } from './support';

describe('proxy settings and a loopback service', () => {
  let service: Sandbox;
  let proxy: RecordingProxy;

  before(async () => {
    service = await mainSandbox();
    await connectTo(service);
    proxy = await startRecordingProxy();
  });

  after(async () => {
    await setUserSetting('http.proxy', undefined);
    await setUserSetting('http.noProxy', undefined);
    await proxy.close();
  });

  it('never sends a request for the loopback base URL to http.proxy, whatever http.noProxy says', async () => {
    const api = await extensionApi();
    for (const noProxy of [undefined, ['example.com']]) {
      await setUserSetting('http.noProxy', noProxy);
      await setUserSetting('http.proxy', proxy.url);
      await waitFor(() => api.services.connection.settings.network.proxyUrl === proxy.url, 'the connection to take http.proxy');
      const before = service.requests.length;
      await vscode.commands.executeCommand('securityFixReports.refresh');
      await waitFor(async () => (await rootNodes()).length > 0 && service.requests.length > before, 'the reports to be listed again');
      const sent = service.requests.slice(before);
      assert.ok(
        sent.every((r) => r.headers['x-service-key'] === service.key),
        'the sandbox got the requests, with the key',
      );
      assert.equal(proxy.connections, 0, 'no connection reached the proxy');
      assert.deepEqual(proxy.headersSeen, []);
      observe(
        `http.proxy=${proxy.url}, http.noProxy=${JSON.stringify(noProxy ?? [])}: ${sent.length} request(s) went straight to ${service.origin}; the proxy saw ${proxy.connections} connections`,
      );
    }
  });
});
