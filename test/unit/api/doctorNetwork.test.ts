// The connection doctor's network steps against real servers on loopback: a self-signed
// certificate and one from a private CA (without and with the CA file), a proxy that tunnels,
// one that refuses, one that drops CONNECT and one that never answers, NO_PROXY, DNS. The
// service's proxied name, fixes.test, goes to 127.0.0.1 through the test proxies or a
// dns.lookup stub, so nothing leaves the machine.
import { strict as assert } from 'node:assert';
import dns from 'node:dns';
import { runDoctor } from '../../../src/api/doctor/doctor';
import { doctorText } from '../../../src/api/doctor/report';
import { readCaFile } from '../../../src/api/network';
import { startSandbox, type Sandbox } from '../../../tools/sandbox/server';
import { observe } from '../../support/evidence';
import { makeSelfSigned, startTlsFront, type SelfSigned, type TlsFront } from '../../support/tlsFront';
import { PROXIED_HOST, makeTestPki, startMisbehavingProxy, startRecordingProxy, type TestPki } from '../../support/tlsProxy';
import { doctorInput, statuses, step } from './doctorSupport';

describe('connection doctor: TLS, proxies and DNS', function () {
  this.timeout(60_000);
  let sandbox: Sandbox;
  let pki: TestPki;
  let selfSigned: SelfSigned;
  let viaCa: TlsFront;
  let viaSelfSigned: TlsFront;
  let viaChain: TlsFront;

  before(async () => {
    sandbox = await startSandbox({ dataset: { seed: 23, reports: 2 } });
    pki = makeTestPki();
    selfSigned = makeSelfSigned();
    viaCa = await startTlsFront(sandbox.port, pki);
    viaSelfSigned = await startTlsFront(sandbox.port, selfSigned);
    // The server sends its CA too: the chain ends in a root nobody here trusts.
    viaChain = await startTlsFront(sandbox.port, { keyPem: pki.keyPem, certPem: pki.certPem + pki.caPem });
  });
  after(async () => {
    await Promise.all([viaCa.close(), viaSelfSigned.close(), viaChain.close(), sandbox.close()]);
    pki.cleanup();
    selfSigned.cleanup();
  });

  const tlsOf = async (base: string, caFile?: string) => {
    const network = caFile ? { caCertificates: readCaFile(caFile) } : {};
    const report = await runDoctor(doctorInput(base, sandbox.key, { network, caFile: caFile ? { path: caFile } : undefined }));
    return { report, tls: step(report, 'tls') };
  };

  it('names the verification error verbatim for a self-signed certificate, a private CA and an untrusted root', async () => {
    const cases: [string, string, RegExp][] = [
      ['self-signed', `https://localhost:${viaSelfSigned.port}`, /certificate not accepted: DEPTH_ZERO_SELF_SIGNED_CERT\./],
      ['private CA, leaf only', `https://localhost:${viaCa.port}`, /certificate not accepted: UNABLE_TO_VERIFY_LEAF_SIGNATURE\./],
      ['private CA, root sent', `https://127.0.0.1:${viaChain.port}`, /certificate not accepted: SELF_SIGNED_CERT_IN_CHAIN\./],
    ];
    for (const [what, base, error] of cases) {
      const { report, tls } = await tlsOf(base);
      assert.equal(tls.status, 'fail', what);
      assert.match(tls.detail, error, what);
      assert.match(tls.detail, /^TLSv1\.[23], \S+; /, `${what}: protocol and cipher`);
      assert.match(tls.detail, /Give its CA certificate \(PEM\): CA_FILE=…$/, `${what}: what to do`);
      assert.ok(tls.facts?.includes("trust: Node's default CA list"), what);
      assert.ok(
        tls.facts?.some((f) => /^certificate 0: subject CN=localhost.*; SHA-256 ([0-9A-F]{2}:){31}[0-9A-F]{2}$/.test(f)),
        `${what}: the leaf`,
      );
      assert.ok(tls.facts?.some((f) => f.startsWith("names the server's certificate covers: DNS:localhost")));
      assert.equal(report.verdict.failure, 'network', `${what}: unreachable, exit 5`);
      assert.equal(step(report, 'list').detail, 'the TLS handshake failed');
      observe(`${what}: ${tls.detail.split('.')[0]}`);
    }
  });

  it('passes TLS and every endpoint with the CA file, and shows the chain and the CA file', async () => {
    for (const [what, base, caFile] of [
      ['self-signed, itself as the CA file', `https://localhost:${viaSelfSigned.port}`, selfSigned.certFile],
      ['private CA', `https://localhost:${viaCa.port}`, pki.caFile],
    ] as const) {
      const { report, tls } = await tlsOf(base, caFile);
      assert.equal(report.verdict.status, 'ok', `${what}: ${report.verdict.summary}`);
      assert.match(tls.detail, /^TLSv1\.[23], \S+; certificate verified for localhost$/);
      assert.ok(tls.facts?.includes("trust: Node's bundled roots and 1 extra CA certificate"));
      const ca = step(report, 'ca-file');
      assert.match(ca.detail, /: 1 certificate, trusted beside Node's bundled roots$/);
      assert.match(ca.facts?.[0] ?? '', /^CA 1: CN=(localhost|Security Fix Reports Test CA).*; valid \d{4}-\d\d-\d\d to \d{4}-\d\d-\d\d$/);
    }
    const { tls } = await tlsOf(`https://localhost:${viaCa.port}`, pki.caFile);
    assert.match(
      tls.facts?.find((f) => f.startsWith('certificate 1:')) ?? '',
      /subject CN=Security Fix Reports Test CA; issuer \(itself\)/,
    );
  });

  it('names the host a certificate does not cover', async () => {
    // The PKI's certificate covers localhost, fixes.test and 127.0.0.1; ask by a name it lacks.
    const report = await withHostsOnLoopback(['unlisted.test'], () =>
      runDoctor(
        doctorInput(`https://unlisted.test:${viaCa.port}`, sandbox.key, {
          network: { caCertificates: [pki.caPem] },
          caFile: { path: pki.caFile },
        }),
      ),
    );
    assert.match(step(report, 'tls').detail, /certificate not accepted: ERR_TLS_CERT_ALTNAME_INVALID\. The certificate is for other names/);
  });

  it('fails the CA file step for a file it cannot read, and checks the rest without it', async () => {
    const report = await runDoctor(
      doctorInput(`https://localhost:${viaCa.port}`, sandbox.key, {
        caFile: { path: '/nonexistent/ca.pem', problem: 'Cannot read the CA certificate file /nonexistent/ca.pem: ENOENT.' },
      }),
    );
    assert.equal(step(report, 'ca-file').status, 'fail');
    assert.match(step(report, 'ca-file').detail, /^Cannot read the CA certificate file \/nonexistent\/ca\.pem: ENOENT\. Fix or remove it/);
    assert.equal(step(report, 'tls').status, 'fail', 'the handshake without it');
    assert.equal(report.verdict.failure, 'insecure-url', 'a configuration error first: exit 2');
  });

  it('tunnels through the proxy: its host resolved, a CONNECT opened, TLS inside, and the key never seen by it', async () => {
    const proxy = await startRecordingProxy();
    try {
      const report = await runDoctor(
        doctorInput(`https://${PROXIED_HOST}:${viaCa.port}`, sandbox.key, {
          network: { proxyUrl: proxy.url.replace('//', '//user:secret@'), caCertificates: [pki.caPem] },
        }),
      );
      assert.equal(report.verdict.status, 'ok', report.verdict.summary);
      assert.match(
        step(report, 'proxy').detail,
        new RegExp(`^through ${proxy.url.replace(/\./g, '\\.')} \\(the test\\), by a CONNECT tunnel`),
      );
      assert.match(step(report, 'dns').detail, /the proxy's host; the proxy resolves fixes\.test itself/);
      assert.match(step(report, 'tcp').detail, /^connected to the proxy http:\/\/127\.0\.0\.1:\d+ at 127\.0\.0\.1:\d+$/);
      assert.match(step(report, 'connect').detail, new RegExp(`opened a tunnel to ${PROXIED_HOST}:${viaCa.port} \\(HTTP 200\\)$`));
      assert.match(step(report, 'tls').detail, /certificate verified for fixes\.test$/);
      assert.ok(
        proxy.targets.every((t) => t === `${PROXIED_HOST}:${viaCa.port}`),
        'CONNECTs only',
      );
      for (const headers of proxy.headersSeen) assert.ok(!JSON.stringify(headers).includes(sandbox.key), 'the proxy never sees the key');
      assert.ok(!doctorText(report, sandbox.key).includes('secret'), "the proxy's password is not in the report");
    } finally {
      await proxy.close();
    }
  });

  it('names the proxy and what it did: dropped the CONNECT, refused it (502), or never answered', async () => {
    const dropping = await startMisbehavingProxy('close');
    const holding = await startMisbehavingProxy('hang');
    const refusing = await startRecordingProxy(); // refuses every name but fixes.test and localhost
    try {
      const cases: [string, string, string, number, RegExp, string][] = [
        [
          'drops CONNECT',
          dropping.url,
          PROXIED_HOST,
          5_000,
          /^The proxy http:\/\/127\.0\.0\.1:\d+ closed the connection instead of opening a tunnel to fixes\.test:\d+\. Check the proxy settings \(HTTPS_PROXY\)/,
          'network',
        ],
        [
          'refuses',
          refusing.url,
          'other.test',
          5_000,
          /^The proxy http:\/\/127\.0\.0\.1:\d+ refused a tunnel to other\.test:\d+ with HTTP 502\./,
          'network',
        ],
        ['never answers', holding.url, PROXIED_HOST, 500, /did not open a tunnel to fixes\.test:\d+ within 0\.5 s/, 'timeout'],
      ];
      for (const [what, proxyUrl, host, stepTimeoutMs, detail, failure] of cases) {
        const report = await runDoctor(doctorInput(`https://${host}:${viaCa.port}`, sandbox.key, { network: { proxyUrl }, stepTimeoutMs }));
        const connect = step(report, 'connect');
        assert.equal(connect.status, 'fail', what);
        assert.match(connect.detail, detail, what);
        assert.equal(report.verdict.failure, failure, what);
        assert.equal(step(report, 'tls').detail, 'the proxy opened no tunnel', what);
        observe(`proxy that ${what}: ${connect.detail.split('. Check')[0]}`);
      }
      assert.equal(dropping.connects, 1, 'one CONNECT: no retry storm');
    } finally {
      await Promise.all([dropping.close(), holding.close(), refusing.close()]);
    }
  });

  it('says when the proxy is bypassed: loopback always, NO_PROXY when it matches', async () => {
    const proxy = await startRecordingProxy();
    try {
      const loopback = await runDoctor(
        doctorInput(sandbox.baseUrl, sandbox.key, { network: { proxyUrl: proxy.url, httpProxyUrl: proxy.url } }),
      );
      assert.match(
        step(loopback, 'proxy').detail,
        /^direct: loopback is never proxied, whatever NO_PROXY says; the proxy http:\/\/127\.0\.0\.1:\d+ \(the test\) is bypassed$/,
      );
      assert.equal(loopback.verdict.status, 'ok');
      const listed = await withHostsOnLoopback([PROXIED_HOST], () =>
        runDoctor(
          doctorInput(`https://${PROXIED_HOST}:${viaCa.port}`, sandbox.key, {
            network: { proxyUrl: proxy.url, noProxy: 'example.com, .test', caCertificates: [pki.caPem] },
          }),
        ),
      );
      assert.match(
        step(listed, 'proxy').detail,
        /^direct: NO_PROXY \(example\.com, \.test\) matches fixes\.test, so the proxy .* is bypassed$/,
      );
      assert.match(step(listed, 'dns').detail, /^fixes\.test → 127\.0\.0\.1$/);
      assert.equal(step(listed, 'connect').detail, 'no proxy in use for this address');
      assert.equal(listed.verdict.status, 'ok', listed.verdict.summary);
      assert.equal(proxy.connections, 0, 'the proxy saw no connection');
    } finally {
      await proxy.close();
    }
  });

  it('warns when http.proxyStrictSSL is false: the proxy step and an unverified certificate', async () => {
    const proxy = await startRecordingProxy();
    try {
      const report = await runDoctor(
        doctorInput(`https://${PROXIED_HOST}:${viaSelfSigned.port}`, sandbox.key, { network: { proxyUrl: proxy.url, strictSSL: false } }),
      );
      assert.equal(step(report, 'proxy').status, 'warn');
      assert.match(
        step(report, 'tls').detail,
        /certificate NOT verified \(DEPTH_ZERO_SELF_SIGNED_CERT\), accepted only because http\.proxyStrictSSL is false$/,
      );
      assert.equal(report.verdict.status, 'warn');
      assert.match(report.verdict.summary, /^OK, with warnings at Proxy, TLS$/);
    } finally {
      await proxy.close();
    }
  });

  it('refuses a proxy setting that is not an http(s) URL, as configuration', async () => {
    const report = await runDoctor(
      doctorInput(`https://localhost:${viaCa.port}`, sandbox.key, { network: { proxyUrl: 'socks5://127.0.0.1:1080' } }),
    );
    assert.equal(step(report, 'proxy').status, 'fail');
    assert.match(step(report, 'proxy').detail, /is not an http:\/\/ or https:\/\/ URL/);
    assert.equal(report.verdict.failure, 'insecure-url');
    assert.equal(step(report, 'dns').detail, 'the proxy setting is unusable');
  });

  it('fails DNS for a name that does not resolve, and skips TCP', async () => {
    const report = await withHostsOnLoopback([], () => runDoctor(doctorInput('https://unknown.test', sandbox.key)), ['unknown.test']);
    assert.equal(step(report, 'dns').status, 'fail');
    assert.match(step(report, 'dns').detail, /^unknown\.test does not resolve \(ENOTFOUND/);
    assert.equal(step(report, 'tcp').detail, 'the host name did not resolve');
    assert.equal(report.verdict.failure, 'network');
  });

  it('lists every address a name resolves to', async () => {
    const report = await runDoctor(
      doctorInput(`https://localhost:${viaCa.port}`, sandbox.key, { network: { caCertificates: [pki.caPem] } }),
    );
    assert.match(step(report, 'dns').detail, /^localhost → (127\.0\.0\.1|::1)(, (127\.0\.0\.1|::1))?$/);
    assert.deepEqual(statuses(report).slice(4, 8), ['dns: ok', 'tcp: ok', 'connect: skipped', 'tls: ok']);
  });
});

/**
 * Runs `fn` with dns.lookup answering 127.0.0.1 for `names` and ENOTFOUND for `unknown`, without
 * asking any resolver (net.connect and the doctor's lookup both go through dns.lookup).
 */
async function withHostsOnLoopback<T>(names: string[], fn: () => Promise<T>, unknown: string[] = []): Promise<T> {
  const original = dns.lookup;
  const patched = ((hostname: string, options: unknown, callback: unknown) => {
    const done = (typeof options === 'function' ? options : callback) as (...args: unknown[]) => void;
    const all = typeof options === 'object' && options !== null && (options as { all?: boolean }).all;
    if (unknown.includes(hostname)) {
      const error = Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND', hostname });
      return process.nextTick(done, error);
    }
    if (!names.includes(hostname)) return (original as (...args: unknown[]) => void)(hostname, options, callback);
    return process.nextTick(() => (all ? done(null, [{ address: '127.0.0.1', family: 4 }]) : done(null, '127.0.0.1', 4)));
  }) as typeof dns.lookup;
  dns.lookup = patched;
  try {
    return await fn();
  } finally {
    dns.lookup = original;
  }
}
