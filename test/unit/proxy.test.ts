// Proxies and private CAs, proven through a real forward proxy and an https server with a
// certificate from a throwaway CA, all on loopback.
import { strict as assert } from 'node:assert';
import { FixReportsClient } from '../../src/api/client';
import { createDispatcher, networkOptionsFromEnv } from '../../src/api/network';
import { startSandbox, type Sandbox } from '../sandbox/server';
import { fastRetry, rejectsWith } from './helpers';
import { makeTestPki, startHttpsServer, startRecordingProxy, type Listening, type RecordingProxy, type TestPki } from './support/tlsProxy';

const KEY = 'proxy-test-key-7f3a';
const body = JSON.stringify({ getReportsApiV2: { fixReport: [{ id: 'via-tls' }] } });

describe('network: proxy and private CA', () => {
  let pki: TestPki;
  let https: Listening;
  let proxy: RecordingProxy;
  const keysSeenByServer: (string | string[] | undefined)[] = [];

  before(async () => {
    pki = makeTestPki();
    https = await startHttpsServer(pki, (req, res) => {
      keysSeenByServer.push(req.headers['x-service-key']);
      res.setHeader('content-type', 'application/json');
      res.end(body);
    });
  });
  after(async () => {
    await https.close();
    pki.cleanup();
  });
  beforeEach(async () => {
    proxy = await startRecordingProxy();
    keysSeenByServer.length = 0;
  });
  afterEach(() => proxy.close());

  const client = (options: ConstructorParameters<typeof FixReportsClient>[0]['network']) =>
    new FixReportsClient({ baseUrl: `https://localhost:${https.port}`, key: KEY, network: options, retry: fastRetry, timeoutMs: 5_000 });

  it('tunnels https through the configured proxy and trusts a private CA', async () => {
    const c = client({ proxyUrl: proxy.url, caCertificates: [pki.caPem] });
    try {
      const reports = await c.listReports();
      assert.equal(reports[0]?.id, 'via-tls');
    } finally {
      await c.close();
    }
    assert.deepEqual(proxy.targets, [`localhost:${https.port}`], 'one CONNECT to the service');
    assert.deepEqual(keysSeenByServer, [KEY]);
    for (const headers of proxy.headersSeen) {
      assert.ok(!JSON.stringify(headers).includes(KEY), 'the proxy never sees the key of an https request');
    }
  });

  it('takes HTTPS_PROXY, NO_PROXY and a CA file from the environment (the CLI)', async () => {
    const env = { HTTPS_PROXY: proxy.url, SECURITY_FIX_REPORTS_CA_FILE: pki.caFile };
    const c = client(networkOptionsFromEnv(env));
    try {
      assert.equal((await c.listReports())[0]?.id, 'via-tls');
    } finally {
      await c.close();
    }
    assert.equal(proxy.targets.length, 1);

    const bypass = client(networkOptionsFromEnv({ ...env, NO_PROXY: 'localhost' }));
    try {
      assert.equal((await bypass.listReports())[0]?.id, 'via-tls');
    } finally {
      await bypass.close();
    }
    assert.equal(proxy.targets.length, 1, 'NO_PROXY bypassed the proxy');
  });

  it('without the CA, fails with a network error that explains private CAs', async () => {
    const c = client({ proxyUrl: proxy.url });
    try {
      await rejectsWith(c.listReports(), 'network', /certificate is not trusted.*private CA/);
    } finally {
      await c.close();
    }
    assert.deepEqual(keysSeenByServer, [], 'no request reached the server over an untrusted connection');
  });

  it('strictSSL false accepts the certificate (the editor setting http.proxyStrictSSL)', async () => {
    const c = client({ proxyUrl: proxy.url, strictSSL: false });
    try {
      assert.equal((await c.listReports())[0]?.id, 'via-tls');
    } finally {
      await c.close();
    }
  });

  it('proxies a loopback http service through HTTP_PROXY', async () => {
    const sandbox: Sandbox = await startSandbox({ seed: 2 });
    const c = new FixReportsClient({ baseUrl: sandbox.baseUrl, key: sandbox.key, network: networkOptionsFromEnv({ HTTP_PROXY: proxy.url }), retry: fastRetry });
    try {
      assert.equal((await c.listReports()).length, sandbox.dataset.reports.length);
      assert.equal(proxy.targets.length, 1);
      assert.match(proxy.targets[0]!, new RegExp(`127\\.0\\.0\\.1:${new URL(sandbox.baseUrl).port}`));
    } finally {
      await c.close();
      await sandbox.close();
    }
  });

  it('uses no dispatcher of its own when nothing is configured', () => {
    assert.equal(createDispatcher({}), undefined);
    assert.equal(networkOptionsFromEnv({}).proxyUrl, undefined);
  });
});
