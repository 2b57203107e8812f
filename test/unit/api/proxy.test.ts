// Proxies and private CAs, proven through a real forward proxy and an https server with a
// certificate from a throwaway CA, all on loopback. The service's proxied name, fixes.test,
// is mapped to 127.0.0.1 by the test proxies (and by a dns.lookup stub where a test connects
// to it directly), so nothing leaves the machine.
import { strict as assert } from 'node:assert';
import dns from 'node:dns';
import { Agent, getGlobalDispatcher, setGlobalDispatcher, type Dispatcher } from 'undici';
import { FixReportsClient } from '../../../src/api/client';
import { networkOptionsFromEnv, type NetworkOptions } from '../../../src/api/network';
import { proxyFor } from '../../../src/api/proxyTunnel';
import { startSandbox, type Sandbox } from '../../../tools/sandbox/server';
import { observe } from '../../support/evidence';
import { fastRetry, rejectsWith } from '../helpers';
import {
  PROXIED_HOST,
  makeTestPki,
  startHttpsServer,
  startMisbehavingProxy,
  startRecordingProxy,
  type Listening,
  type RecordingProxy,
  type TestPki,
} from '../../support/tlsProxy';

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

  const client = (network: NetworkOptions, host = PROXIED_HOST) =>
    new FixReportsClient({ baseUrl: `https://${host}:${https.port}`, key: KEY, network, retry: fastRetry, timeoutMs: 5_000 });

  const reportIds = async (c: FixReportsClient) => {
    try {
      return (await c.listReports()).map((r) => r.id);
    } finally {
      await c.close();
    }
  };

  it('tunnels https through the configured proxy and trusts a private CA', async () => {
    assert.deepEqual(await reportIds(client({ proxyUrl: proxy.url, caCertificates: [pki.caPem] })), ['via-tls']);
    assert.deepEqual(proxy.targets, [`${PROXIED_HOST}:${https.port}`], 'one CONNECT to the service');
    assert.deepEqual(keysSeenByServer, [KEY]);
    for (const headers of proxy.headersSeen) {
      assert.ok(!JSON.stringify(headers).includes(KEY), 'the proxy never sees the key of an https request');
    }
  });

  it('takes HTTPS_PROXY, NO_PROXY and a CA file from the environment (the CLI)', async () => {
    const env = { HTTPS_PROXY: proxy.url, SECURITY_FIX_REPORTS_CA_FILE: pki.caFile };
    assert.deepEqual(await reportIds(client(networkOptionsFromEnv(env))), ['via-tls']);
    assert.equal(proxy.targets.length, 1);

    const bypass = await withProxiedHostOnLoopback(() =>
      reportIds(client(networkOptionsFromEnv({ ...env, NO_PROXY: 'other.example, .test' }))),
    );
    assert.deepEqual(bypass, ['via-tls']);
    assert.equal(proxy.targets.length, 1, 'NO_PROXY bypassed the proxy');
  });

  it('reads NO_PROXY like curl: hosts, domains, ports and *', () => {
    const direct = (noProxy: string, url: string) =>
      proxyFor({ httpsProxy: 'http://proxy.example:3128', noProxy }, new URL(url)) === undefined;
    assert.ok(!direct('', 'https://example.com'));
    assert.ok(direct('example.com', 'https://api.example.com'));
    assert.ok(direct('.example.com', 'https://example.com'));
    assert.ok(direct('*.example.com', 'https://a.b.example.com'));
    assert.ok(direct('example.com:8443', 'https://example.com:8443'));
    assert.ok(!direct('example.com:8443', 'https://example.com'));
    assert.ok(!direct('ample.com', 'https://example.com'));
    assert.ok(direct('a, *', 'https://anything.example'));
    assert.ok(direct('[2001:db8::1]:443', 'https://[2001:db8::1]'));
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

  it('strictSSL false accepts an untrusted certificate through the proxy (http.proxyStrictSSL, a TLS-inspecting proxy)', async () => {
    assert.deepEqual(await reportIds(client({ proxyUrl: proxy.url, strictSSL: false })), ['via-tls']);
    assert.equal(proxy.targets.length, 1);
  });

  it('strictSSL false never relaxes a direct connection: an untrusted certificate still fails', async () => {
    const direct: [string, NetworkOptions, string][] = [
      ['no proxy configured', { strictSSL: false }, 'localhost'],
      ['loopback, which bypasses the proxy', { proxyUrl: proxy.url, strictSSL: false }, 'localhost'],
      ['a NO_PROXY host', { proxyUrl: proxy.url, noProxy: PROXIED_HOST, strictSSL: false }, PROXIED_HOST],
    ];
    for (const [what, network, host] of direct) {
      const c = client(network, host);
      try {
        const error = await withProxiedHostOnLoopback(() => rejectsWith(c.listReports(), 'network', /certificate is not trusted/));
        observe(`${what}: ${error.kind}`);
      } finally {
        await c.close();
      }
    }
    assert.deepEqual(keysSeenByServer, [], 'the key never went over an unverified direct connection');
    assert.equal(proxy.connections, 0);
  });

  it('never sends a loopback request to a proxy, whatever NO_PROXY says', async () => {
    const sandbox: Sandbox = await startSandbox({ seed: 2 });
    const both = { HTTP_PROXY: proxy.url, HTTPS_PROXY: proxy.url, http_proxy: proxy.url, https_proxy: proxy.url };
    const settings: [string, string, NetworkOptions][] = [
      ['HTTP_PROXY and HTTPS_PROXY from the environment', sandbox.baseUrl, networkOptionsFromEnv(both)],
      ['the same with an unrelated NO_PROXY', sandbox.baseUrl, networkOptionsFromEnv({ ...both, NO_PROXY: 'example.com' })],
      ['explicit options (the editor)', sandbox.baseUrl, { proxyUrl: proxy.url, httpProxyUrl: proxy.url, noProxy: '' }],
      ['https on localhost', `https://localhost:${https.port}`, { proxyUrl: proxy.url, caCertificates: [pki.caPem] }],
    ];
    try {
      for (const [what, baseUrl, network] of settings) {
        const key = baseUrl === sandbox.baseUrl ? sandbox.key : KEY;
        const c = new FixReportsClient({ baseUrl, key, network, retry: fastRetry, timeoutMs: 5_000 });
        const ids = await reportIds(c);
        assert.ok(ids.length > 0, what);
        observe(`${what}: ${ids.length} report(s), ${proxy.connections} connection(s) to the proxy`);
      }
      assert.equal(proxy.connections, 0, 'the proxy was never contacted');
      assert.ok(sandbox.requests.length >= 3 && sandbox.requests.every((r) => r.headers['x-service-key'] === sandbox.key));
    } finally {
      await sandbox.close();
    }
  });

  it("never goes through undici's process-wide dispatcher, which any other code can replace", async () => {
    const previous = getGlobalDispatcher();
    const hijacked: string[] = [];
    setGlobalDispatcher(new RefusingAgent(hijacked));
    const sandbox = await startSandbox({ seed: 4 });
    try {
      for (const network of [{}, { proxyUrl: proxy.url }, { caCertificates: [pki.caPem] }]) {
        const c = new FixReportsClient({ baseUrl: sandbox.baseUrl, key: sandbox.key, network, retry: fastRetry });
        assert.ok((await reportIds(c)).length > 0);
      }
    } finally {
      setGlobalDispatcher(previous);
      await sandbox.close();
    }
    assert.deepEqual(hijacked, [], 'no request went through the global dispatcher');
    observe(`3 clients (no options, a proxy, a CA): ${hijacked.length} request(s) through the replaced global dispatcher`);
  });
});

describe('network: a misbehaving proxy cannot make the client spin', () => {
  const proxied = `https://${PROXIED_HOST}`;

  it('a proxy that closes every CONNECT: at most retries + 1 attempts, with backoff, then a typed error', async () => {
    const proxy = await startMisbehavingProxy('close');
    const retry = { retries: 3, baseDelayMs: 50, maxDelayMs: 200, maxRetryAfterMs: 1_000 };
    const c = new FixReportsClient({ baseUrl: proxied, key: KEY, network: { proxyUrl: proxy.url }, retry, timeoutMs: 2_000 });
    const started = Date.now();
    try {
      const error = await rejectsWith(c.listReports(), 'network', /proxy .*closed the connection.*Check the proxy settings/);
      assert.equal(error.attempts, 4);
    } finally {
      await c.close();
      await proxy.close();
    }
    assert.ok(proxy.connects <= retry.retries + 1, `${proxy.connects} CONNECT attempts`);
    assert.ok(Date.now() - started < 10_000, 'ended well within a generous bound');
    observe(`${proxy.connects} CONNECT attempts for retries: ${retry.retries} (before the fix: millions, without end)`);
  });

  it('a proxy that holds the CONNECT: the request deadline covers it, and an AbortSignal cancels at once', async () => {
    const proxy = await startMisbehavingProxy('hang');
    const quick = new FixReportsClient({
      baseUrl: proxied,
      key: KEY,
      network: { proxyUrl: proxy.url },
      retry: { retries: 0 },
      timeoutMs: 500,
    });
    const patient = new FixReportsClient({
      baseUrl: proxied,
      key: KEY,
      network: { proxyUrl: proxy.url },
      retry: fastRetry,
      timeoutMs: 60_000,
    });
    try {
      await rejectsWith(quick.listReports(), 'timeout', /within 0.5 s/);
      const controller = new AbortController();
      setTimeout(() => controller.abort(), 100);
      const started = Date.now();
      await rejectsWith(patient.listReports(controller.signal), 'cancelled');
      assert.ok(Date.now() - started < 5_000, 'cancelled without waiting for the proxy');
      observe(`cancelled after ${Date.now() - started} ms while the proxy held the CONNECT (${proxy.connects} CONNECTs in all)`);
    } finally {
      await quick.destroy();
      await patient.destroy();
      await proxy.close();
    }
  });
});

/** A global dispatcher as another extension might install: records and refuses every request. */
class RefusingAgent extends Agent {
  constructor(private readonly seen: string[]) {
    super();
  }

  override dispatch(options: Agent.DispatchOptions, _handler: Dispatcher.DispatchHandler): boolean {
    this.seen.push(String(options.origin));
    throw new Error('the process-wide dispatcher was used');
  }
}

/** Runs `fn` with fixes.test resolving to 127.0.0.1 for direct connections, no DNS query made. */
async function withProxiedHostOnLoopback<T>(fn: () => Promise<T>): Promise<T> {
  const original = dns.lookup;
  const patched = ((hostname: string, ...rest: unknown[]) =>
    (original as (...args: unknown[]) => void)(hostname === PROXIED_HOST ? '127.0.0.1' : hostname, ...rest)) as typeof dns.lookup;
  dns.lookup = patched;
  try {
    return await fn();
  } finally {
    dns.lookup = original;
  }
}
