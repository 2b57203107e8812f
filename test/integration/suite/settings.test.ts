// Where requests go is decided by user settings only. A repository's .vscode/settings.json
// that sets the base URL or http.proxy has no effect (a live trap records nothing), while a
// user-level http.proxy does route the extension's requests to a non-loopback service (a
// recording proxy sees the tunnels, never the key).
import { strict as assert } from 'node:assert';
import { readFile, writeFile } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as vscode from 'vscode';
import { migrateRenamedSettings } from '../../../src/editor/settings';
import type { Sandbox } from '../../../tools/sandbox/server';
import { observe } from '../../support/evidence';
import {
  makeTestPki,
  PROXIED_HOST,
  startHttpsServer,
  startRecordingProxy,
  type Listening,
  type RecordingProxy,
  type TestPki,
} from '../../support/tlsProxy';
import {
  CommandId,
  connectTo,
  extensionApi,
  loadedReport,
  mainSandbox,
  quiet,
  rootNodes,
  setUserSetting,
  waitFor,
  workspaceFile,
} from './support';

interface Trap {
  url: string;
  requests: { url: string; headers: IncomingHttpHeaders }[];
  close(): Promise<void>;
}

/** Answers like the service would (an empty report list), so using it would look like success. */
async function startTrap(): Promise<Trap> {
  const requests: Trap['requests'] = [];
  const server: Server = createServer((req, res) => {
    requests.push({ url: req.url ?? '', headers: req.headers });
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ getReportsApiV2: { fixReport: [] } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/trap`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const workspaceSettings = () => workspaceFile('.vscode/settings.json').fsPath;
const timeoutInWorkspace = () =>
  vscode.workspace.getConfiguration('securityFixReports').inspect<number>('requestTimeoutSeconds')?.workspaceValue;

describe('settings that decide where requests go', () => {
  let service: Sandbox;

  before(async () => {
    service = await mainSandbox();
    await connectTo(service);
  });

  it("ignores the base URL and http.proxy traps in the workspace's .vscode/settings.json", async () => {
    const { services } = await extensionApi();
    const text = await readFile(workspaceSettings(), 'utf8');
    assert.match(text, /"securityFixReports\.baseURL": "http:\/\/127\.0\.0\.1:9\/trap"/, 'the fixture sets a workspace base URL');
    assert.match(text, /"securityFixReports\.baseUrl": "http:\/\/127\.0\.0\.1:9\/trap"/, 'and one under the 0.1 name');
    assert.match(text, /"http\.proxy": "http:\/\/127\.0\.0\.1:9"/, 'the fixture sets a workspace proxy');
    assert.equal(services.connection.settings.baseUrl, service.baseUrl);
    assert.equal(services.connection.settings.network.proxyUrl, undefined);
    const roots = await rootNodes();
    assert.equal(roots.length, service.dataset.reports.length, 'reports load from the user-level service, not through the trap proxy');
  });

  describe('with live traps in .vscode/settings.json', () => {
    let trap: Trap;
    let trapProxy: RecordingProxy;
    let original: string;

    before(async () => {
      trap = await startTrap();
      trapProxy = await startRecordingProxy();
      original = await readFile(workspaceSettings(), 'utf8');
      await writeFile(
        workspaceSettings(),
        JSON.stringify(
          {
            'securityFixReports.baseURL': trap.url,
            'securityFixReports.baseUrl': trap.url, // the 0.1 name is read from user settings only too
            'securityFixReports.certificateAuthoritiesFile': '/nonexistent/trap-ca.pem',
            'securityFixReports.caCertificatesFile': '/nonexistent/trap-ca.pem', // the old name too
            'http.proxy': trapProxy.url,
            'http.noProxy': [],
            // A window-scoped setting of ours: when the editor reports it, the file was re-read.
            'securityFixReports.requestTimeoutSeconds': 29,
          },
          null,
          2,
        ),
      );
      await waitFor(() => timeoutInWorkspace() === 29, 'the editor to read the new workspace settings');
      await quiet();
    });

    after(async () => {
      await writeFile(workspaceSettings(), original);
      await waitFor(() => timeoutInWorkspace() === undefined, 'the original workspace settings');
      await Promise.all([trap.close(), trapProxy.close()]);
      await quiet();
    });

    it('sends nothing to them: every request goes straight to the user-level service', async () => {
      const { services } = await extensionApi();
      assert.equal(services.connection.settings.timeoutMs, 29_000, 'the extension re-read the workspace settings');
      assert.equal(services.connection.origin, service.origin);
      assert.equal(services.connection.settings.network.proxyUrl, undefined);
      service.clearRequests();
      services.store.reset();
      const report = (await rootNodes())[0]!;
      await loadedReport(report.report.id);
      assert.ok(service.requests.length >= 3, 'the list, the detail and the issues came from the sandbox');
      assert.ok(service.requests.every((r) => r.headers['x-service-key'] === service.key));
      assert.deepEqual(trap.requests, [], 'the workspace base URL got no request');
      assert.deepEqual(trapProxy.targets, [], 'the workspace proxy got no request');
    });
  });

  it('moves a base URL from its 0.1 name (baseUrl, "Base Url" in the Settings UI) to baseURL in user settings', async () => {
    const { services } = await extensionApi();
    const config = () => vscode.workspace.getConfiguration('securityFixReports');
    await setUserSetting('securityFixReports.baseURL', undefined);
    await setUserSetting('securityFixReports.baseUrl', service.baseUrl);
    await waitFor(() => services.connection.state.kind === 'ready', 'the connection to read the 0.1 name meanwhile');
    assert.equal(services.connection.settings.baseUrl, service.baseUrl);
    assert.deepEqual(await migrateRenamedSettings(), [
      'Moved securityFixReports.baseUrl to securityFixReports.baseURL in your user settings (renamed).',
    ]);
    assert.equal(config().inspect('baseURL')?.globalValue, service.baseUrl);
    assert.equal(config().inspect('baseUrl')?.globalValue, undefined, 'the old name is gone from user settings');
    assert.deepEqual(await migrateRenamedSettings(), [], 'nothing left to move');
    await waitFor(() => services.connection.origin === service.origin, 'the connection to stay on the service');
  });

  it('moves a CA file from its old name (caCertificatesFile, "Ca Certificates File" in the Settings UI) to certificateAuthoritiesFile', async () => {
    const { services } = await extensionApi();
    const config = () => vscode.workspace.getConfiguration('securityFixReports');
    const pki = makeTestPki();
    try {
      await setUserSetting('securityFixReports.certificateAuthoritiesFile', undefined);
      await setUserSetting('securityFixReports.caCertificatesFile', pki.caFile);
      await waitFor(
        () => services.connection.settings.network.caCertificates?.some((pem) => pki.caPem.includes(pem)) === true,
        'the connection to read the old name meanwhile',
      );
      assert.deepEqual(await migrateRenamedSettings(), [
        'Moved securityFixReports.caCertificatesFile to securityFixReports.certificateAuthoritiesFile in your user settings (renamed).',
      ]);
      assert.equal(config().inspect('certificateAuthoritiesFile')?.globalValue, pki.caFile);
      assert.equal(config().inspect('caCertificatesFile')?.globalValue, undefined, 'the old name is gone from user settings');
      assert.ok(
        services.connection.settings.network.caCertificates?.some((pem) => pki.caPem.includes(pem)),
        'the CA is still trusted',
      );

      // Both names set: the new one wins and the old one is only removed.
      await setUserSetting('securityFixReports.caCertificatesFile', '/nonexistent/old-ca.pem');
      assert.deepEqual(await migrateRenamedSettings(), [
        'Removed securityFixReports.caCertificatesFile from your user settings: securityFixReports.certificateAuthoritiesFile is set and wins.',
      ]);
      assert.equal(config().inspect('certificateAuthoritiesFile')?.globalValue, pki.caFile);
      assert.deepEqual(await migrateRenamedSettings(), [], 'nothing left to move');
    } finally {
      await setUserSetting('securityFixReports.caCertificatesFile', undefined);
      await setUserSetting('securityFixReports.certificateAuthoritiesFile', undefined);
      pki.cleanup();
    }
  });

  describe('user-level http.proxy', () => {
    // A loopback service is never proxied (proxy.test.ts): the key would cross the proxy in
    // clear. So the proxied service here is https at a name only the proxy can resolve
    // (fixes.test), with a certificate from a throwaway CA set as the user's CA file.
    let proxy: RecordingProxy;
    let pki: TestPki;
    let https: Listening;
    const keysSeen: (string | string[] | undefined)[] = [];
    const KEY = 'proxied-service-key-5e1b';

    before(async () => {
      proxy = await startRecordingProxy();
      pki = makeTestPki();
      https = await startHttpsServer(pki, (req, res) => {
        keysSeen.push(req.headers['x-service-key']);
        res.setHeader('content-type', 'application/json');
        res.end(
          JSON.stringify({ getReportsApiV2: { fixReport: [{ id: '0f7c1a52-3b1e-4d7a-9c1f-2b6e8d4a5c3b', repo: { name: 'via-proxy' } }] } }),
        );
      });
    });

    after(async () => {
      await setUserSetting('http.proxy', undefined);
      await setUserSetting('securityFixReports.certificateAuthoritiesFile', undefined);
      await connectTo(service);
      await quiet();
      await proxy.close();
      await https.close();
      pki.cleanup();
    });

    it("routes the extension's requests to a non-loopback service through the proxy, and the proxy never sees the key", async () => {
      const { services } = await extensionApi();
      await setUserSetting('http.proxy', proxy.url);
      await setUserSetting('securityFixReports.certificateAuthoritiesFile', pki.caFile);
      await setUserSetting('securityFixReports.baseURL', `https://${PROXIED_HOST}:${https.port}`);
      await waitFor(
        () => services.connection.origin === `https://${PROXIED_HOST}:${https.port}`,
        'the connection to use the proxied service',
      );
      assert.equal(
        await vscode.commands.executeCommand<boolean>(CommandId.SetServiceKey, { key: KEY }),
        true,
        'the key was checked through the proxy',
      );
      services.store.reset();
      await waitFor(async () => (await rootNodes()).length === 1, "the proxied service's report to be listed");

      assert.ok(
        proxy.targets.includes(`${PROXIED_HOST}:${https.port}`),
        `the proxy tunnelled to the service (saw ${proxy.targets.join(', ')})`,
      );
      assert.ok(keysSeen.length >= 2 && keysSeen.every((k) => k === KEY), 'the service got the key through the tunnel');
      assert.ok(!JSON.stringify(proxy.headersSeen).includes(KEY), 'the proxy never saw the key');
      observe(
        `http.proxy routes https://${PROXIED_HOST}: ${proxy.targets.length} CONNECT(s) to ${PROXIED_HOST}:${https.port}; the service saw the key ${keysSeen.length} time(s); the proxy's headers never held it`,
      );

      // Proof that the requests depend on the proxy: with it gone, the name does not resolve.
      await proxy.close();
      services.store.reset();
      await assert.rejects(services.store.reports(), /proxy|resolve|ENOTFOUND|EAI_AGAIN|refused|ECONNREFUSED|connect/i);
    });
  });
});
