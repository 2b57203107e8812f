// `security-fix-reports doctor`, the built CLI (dist/cli.js) as a child process, against real
// servers on loopback: the sandbox, a wrong key, a self-signed https front of the sandbox with
// and without the CA file, a proxy that drops CONNECT, refused configurations and a closed port.
// The exit code is the first failed step's; the key never appears in the output.
import { strict as assert } from 'node:assert';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { startSandbox, type Sandbox } from '../../tools/sandbox/server';
import { observe } from '../support/evidence';
import { makeSelfSigned, startTlsFront, type SelfSigned, type TlsFront } from '../support/tlsFront';
import { PROXIED_HOST, startMisbehavingProxy } from '../support/tlsProxy';

const CLI = join(__dirname, '..', '..', '..', 'dist', 'cli.js');
const WRONG_KEY = 'sfr-wrong-cli-doctor-key-93d1';

interface Result {
  code: number | null;
  stdout: string;
  stderr: string;
}

function doctor(env: Record<string, string | undefined>, args: string[] = []): Promise<Result> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, 'doctor', ...args], {
      env: { PATH: process.env.PATH, ...env } as NodeJS.ProcessEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    // A hang fails the test instead of the suite.
    const guard = setTimeout(() => child.kill('SIGKILL'), 50_000);
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(guard);
      resolve({ code, stdout, stderr });
    });
  });
}

/** The report's line for a step, by its name. */
function line(result: Result, name: string): string {
  const found = result.stdout.split('\n').find((l) => l.slice(7).startsWith(`${name} `));
  assert.ok(found, `a line for ${name} in:\n${result.stdout}`);
  return found;
}

describe('cli: security-fix-reports doctor', function () {
  this.timeout(60_000);
  let sandbox: Sandbox;
  let cert: SelfSigned;
  let https: TlsFront;

  before(async () => {
    assert.ok(existsSync(CLI), `${CLI} is missing: run "npm run build" first`);
    sandbox = await startSandbox({ dataset: { seed: 31, reports: 3 } });
    cert = makeSelfSigned();
    https = await startTlsFront(sandbox.port, cert);
  });
  after(async () => {
    await Promise.all([https.close(), sandbox.close()]);
    cert.cleanup();
  });

  const withKey = (url: string, key = sandbox.key) => ({ SECURITY_FIX_REPORTS_URL: url, SECURITY_FIX_REPORTS_KEY: key });

  it('passes every step against the sandbox: exit 0, a report with timings and no key', async () => {
    const result = await doctor(withKey(sandbox.baseUrl));
    assert.equal(result.code, 0, result.stdout + result.stderr);
    assert.match(result.stdout, /^Verdict: +OK: every check passed$/m);
    assert.match(result.stdout, /^Product: +security-fix-reports CLI \d+\.\d+\.\d+/m);
    assert.match(result.stdout, new RegExp(`^Origin: +${sandbox.origin.replace(/\./g, '\\.')}$`, 'm'));
    for (const name of [
      'Base URL and scope',
      'Service key',
      'DNS',
      'TCP',
      'GET api/rest/fix-reports',
      'Key accepted',
      'GET api/rest/fp-summary',
    ])
      assert.match(line(result, name), /^\[ok\] /, name);
    assert.match(line(result, 'TCP'), / \d+ ms {2}connected to 127\.0\.0\.1:\d+$/);
    assert.match(line(result, 'TLS'), /^\[skip\] .* plain http on loopback: no TLS$/);
    assert.ok(!result.stdout.includes(sandbox.key) && !result.stderr.includes(sandbox.key), 'the key is never printed');
    assert.equal(result.stderr, '');
  });

  it('writes the same report as JSON with --format json', async () => {
    const result = await doctor(withKey(sandbox.baseUrl), ['--format', 'json']);
    assert.equal(result.code, 0);
    const report = JSON.parse(result.stdout) as {
      verdict: { status: string };
      environment: Record<string, string>;
      steps: { id: string; status: string; ms: number }[];
    };
    assert.equal(report.verdict.status, 'ok');
    assert.equal(report.steps.length, 13);
    assert.deepEqual(
      report.steps.filter((s) => s.status === 'ok').map((s) => s.id),
      ['url', 'key', 'ca-file', 'proxy', 'dns', 'tcp', 'list', 'key-accepted', 'report', 'issues', 'fp-summary'],
    );
    assert.ok(report.environment['Node.js']?.startsWith('v'));
    const refused = await doctor({}, ['--format', 'csv']);
    assert.equal(refused.code, 2, 'doctor writes text or json only');
  });

  it('a wrong key: rejected with HTTP 401, exit 3, the key not in the output', async () => {
    const result = await doctor(withKey(sandbox.baseUrl, WRONG_KEY));
    assert.equal(result.code, 3);
    assert.match(line(result, 'Key accepted'), /^\[FAIL\] .*rejected with HTTP 401: the service does not accept this key/);
    assert.match(result.stdout, /^Verdict: +FAILED at Key accepted: rejected with HTTP 401/m);
    assert.ok(!(result.stdout + result.stderr).includes(WRONG_KEY));
    observe(`wrong key → exit ${result.code}: ${line(result, 'Key accepted').replace(/\s+/g, ' ')}`);
  });

  it('a self-signed certificate: TLS fails with the verification error verbatim (exit 5); the CA file makes it pass (exit 0)', async () => {
    const base = `https://localhost:${https.port}`;
    const untrusted = await doctor(withKey(base));
    assert.equal(untrusted.code, 5, untrusted.stdout);
    assert.match(
      line(untrusted, 'TLS'),
      /^\[FAIL\] .*certificate not accepted: DEPTH_ZERO_SELF_SIGNED_CERT\. .*SECURITY_FIX_REPORTS_CA_FILE/,
    );
    assert.match(
      untrusted.stdout,
      /- certificate 0: subject CN=localhost, O=Security Fix Reports self-signed test; issuer \(itself\); valid /,
    );
    assert.match(line(untrusted, 'GET api/rest/fix-reports'), /^\[skip\] .*the TLS handshake failed$/);
    observe(`self-signed, no CA file → exit ${untrusted.code}: ${line(untrusted, 'TLS').replace(/\s+/g, ' ').slice(0, 160)}`);

    const trusted = await doctor({ ...withKey(base), SECURITY_FIX_REPORTS_CA_FILE: cert.certFile });
    assert.equal(trusted.code, 0, trusted.stdout);
    assert.match(line(trusted, 'TLS'), /^\[ok\] .*TLSv1\.[23], \S+; certificate verified for localhost$/);
    assert.match(line(trusted, 'CA file'), /^\[ok\] .*: 1 certificate, trusted beside Node's bundled roots$/);
    assert.match(line(trusted, 'GET api/rest/fix-reports'), /^\[ok\] /);

    const missing = await doctor({ ...withKey(base), SECURITY_FIX_REPORTS_CA_FILE: join(cert.certFile, 'nope.pem') });
    assert.equal(missing.code, 2, 'an unreadable CA file is configuration');
    assert.match(line(missing, 'CA file'), /^\[FAIL\] .*Cannot read the CA certificate file/);
  });

  it('a proxy that drops CONNECT: the tunnel step fails and names the proxy (exit 5), once', async () => {
    const proxy = await startMisbehavingProxy('close');
    try {
      const result = await doctor({
        ...withKey(`https://${PROXIED_HOST}:${https.port}`),
        HTTPS_PROXY: proxy.url.replace('//', '//user:pw@'),
      });
      assert.equal(result.code, 5, result.stdout);
      assert.match(line(result, 'Proxy'), new RegExp(`^\\[ok\\] .*through ${proxy.url.replace(/\./g, '\\.')} \\(from HTTPS_PROXY\\)`));
      const tunnel = line(result, 'Proxy tunnel (CONNECT)');
      assert.match(
        tunnel,
        new RegExp(
          `^\\[FAIL\\] .*The proxy ${proxy.url.replace(/\./g, '\\.')} closed the connection instead of opening a tunnel to fixes\\.test:\\d+`,
        ),
      );
      assert.match(line(result, 'TLS'), /^\[skip\] .*the proxy opened no tunnel$/);
      assert.ok(!result.stdout.includes('pw@') && !result.stdout.includes('user:'), "the proxy's credentials are not shown");
      assert.equal(proxy.connects, 1, 'one CONNECT, no retries');
      observe(`proxy drops CONNECT → exit ${result.code}: ${tunnel.replace(/\s+/g, ' ').slice(0, 160)}`);
    } finally {
      await proxy.close();
    }
  });

  it('a missing base URL and plain http to a host that is not loopback: configuration, exit 2', async () => {
    const none = await doctor({ SECURITY_FIX_REPORTS_KEY: sandbox.key });
    assert.equal(none.code, 2);
    assert.match(line(none, 'Base URL and scope'), /^\[FAIL\] .*No base URL: pass --base-url or set SECURITY_FIX_REPORTS_URL\.$/);
    assert.match(none.stdout, /^Origin: +\(none: no usable base URL\)$/m);
    assert.match(line(none, 'TCP'), /^\[skip\] .*no usable base URL$/);

    const plain = await doctor(withKey(`http://${PROXIED_HOST}:8080`));
    assert.equal(plain.code, 2);
    assert.match(line(plain, 'Base URL and scope'), /^\[FAIL\] .*Refusing plain http to fixes\.test:8080/);

    const flag = await doctor({ SECURITY_FIX_REPORTS_KEY: sandbox.key }, ['--base-url', sandbox.baseUrl]);
    assert.equal(flag.code, 0, '--base-url is read as by the other commands');
    assert.match(line(flag, 'Base URL and scope'), /\(from --base-url\)/);
  });

  it('no key: exit 3, and the network is still checked', async () => {
    const result = await doctor({ SECURITY_FIX_REPORTS_URL: sandbox.baseUrl });
    assert.equal(result.code, 3);
    assert.match(line(result, 'Service key'), /^\[FAIL\] .*No service key: set SECURITY_FIX_REPORTS_KEY/);
    assert.match(line(result, 'TCP'), /^\[ok\] /);
    assert.match(line(result, 'GET api/rest/fix-reports'), /^\[skip\] .*no usable service key$/);
  });

  it('a port nothing listens on: TCP fails (exit 5) and every later step is skipped', async () => {
    const port = await freePort();
    const result = await doctor(withKey(`http://127.0.0.1:${port}`));
    assert.equal(result.code, 5);
    assert.match(line(result, 'TCP'), /^\[FAIL\] .*cannot connect to 127\.0\.0\.1 port \d+ \(ECONNREFUSED/);
    for (const name of [
      'GET api/rest/fix-reports',
      'Key accepted',
      'GET api/rest/fix-reports/{id}',
      'GET api/rest/v5/issues',
      'GET api/rest/fp-summary',
    ])
      assert.match(line(result, name), /^\[skip\] .*no TCP connection$/, name);
  });
});

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
