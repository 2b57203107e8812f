// The connection doctor against the sandbox on loopback: every step in order, the key judged
// (accepted, 401, 403) without ever appearing in the report, the configuration diagnosed when
// it is missing or refused, the endpoint steps bounded, and a cancel honoured.
import { strict as assert } from 'node:assert';
import { createServer, type AddressInfo } from 'node:net';
import { runDoctor } from '../../../src/api/doctor/doctor';
import { doctorJson, doctorText } from '../../../src/api/doctor/report';
import { startSandbox, type Sandbox } from '../../../tools/sandbox/server';
import { observe } from '../../support/evidence';
import { doctorInput, statuses, step } from './doctorSupport';

const WRONG_KEY = 'sfr-wrong-doctor-key-5e1c0a77';

describe('connection doctor: the sandbox', function () {
  this.timeout(30_000);
  let sandbox: Sandbox;

  before(async () => {
    sandbox = await startSandbox({ dataset: { seed: 21, reports: 3 } });
  });
  after(() => sandbox.close());
  afterEach(() => sandbox.faults.clear());

  it('passes every step against the sandbox, one request per endpoint', async () => {
    sandbox.clearRequests();
    const report = await runDoctor(doctorInput(sandbox.baseUrl, sandbox.key));
    assert.deepEqual(statuses(report), [
      'url: ok',
      'key: ok',
      'ca-file: ok',
      'proxy: ok',
      'dns: ok',
      'tcp: ok',
      'connect: skipped',
      'tls: skipped',
      'list: ok',
      'key-accepted: ok',
      'report: ok',
      'issues: ok',
      'fp-summary: ok',
    ]);
    assert.equal(report.verdict.status, 'ok');
    assert.equal(report.verdict.failure, undefined);
    assert.equal(report.origin, sandbox.origin);
    assert.match(step(report, 'list').detail, /^3 reports listed$/);
    assert.match(step(report, 'tls').detail, /plain http on loopback/);
    assert.match(step(report, 'proxy').detail, /^direct: loopback is never proxied/);
    const paths = sandbox.requests.map((r) => r.path);
    assert.deepEqual(
      paths.map((p) => p.replace(/[0-9a-f-]{36}/g, '{id}')),
      ['/api/rest/fix-reports', '/api/rest/fix-reports/{id}', '/api/rest/v5/issues', '/api/rest/fp-summary'],
    );
    for (const s of report.steps) assert.ok(Number.isInteger(s.ms) && s.ms >= 0, `${s.id} has a duration`);
    const text = doctorText(report, sandbox.key);
    assert.ok(!text.includes(sandbox.key), 'the key is not in the text');
    assert.ok(!JSON.stringify(doctorJson(report, sandbox.key)).includes(sandbox.key), 'nor in the JSON');
    assert.match(text, /^Verdict: +OK: every check passed$/m);
    assert.match(text, /^\[ok\] +GET api\/rest\/fix-reports +\d+ ms {2}3 reports listed$/m);
    observe(`sandbox: ${report.verdict.summary}; ${sandbox.requests.length} requests`);
  });

  it('says a wrong key was rejected with 401, and never shows it', async () => {
    const report = await runDoctor(doctorInput(sandbox.baseUrl, WRONG_KEY));
    assert.equal(step(report, 'key').status, 'ok', 'a key is present');
    assert.equal(step(report, 'list').status, 'fail');
    const judged = step(report, 'key-accepted');
    assert.equal(judged.status, 'fail');
    assert.match(judged.detail, /^rejected with HTTP 401: the service does not accept this key/);
    assert.deepEqual(
      report.steps.filter((s) => ['report', 'issues', 'fp-summary'].includes(s.id)).map((s) => s.status),
      ['skipped', 'skipped', 'skipped'],
    );
    assert.equal(report.verdict.failure, 'auth');
    assert.match(report.verdict.summary, /^FAILED at Key accepted: rejected with HTTP 401/);
    const text = doctorText(report, WRONG_KEY);
    assert.ok(!text.includes(WRONG_KEY));
    observe(`wrong key: ${report.verdict.summary}`);
  });

  it('tells 403 (known key, no access) from 401, and redacts a key the server echoes back', async () => {
    sandbox.faults.add({
      route: 'fix-reports',
      fault: { kind: 'status', status: 403, body: JSON.stringify({ error: `key ${sandbox.key} may not read reports\u001b[31m\u202e` }) },
    });
    const report = await runDoctor(doctorInput(sandbox.baseUrl, sandbox.key));
    assert.match(step(report, 'key-accepted').detail, /^rejected with HTTP 403: the service knows the key but refuses it access/);
    const text = doctorText(report, sandbox.key);
    assert.ok(!text.includes(sandbox.key), 'the echoed key is redacted');
    assert.match(text, /«redacted» may not read reports/);
    assert.ok(!/[\u001b\u202e]/.test(text), 'no escape or bidi character from the server');
    observe(`403: ${step(report, 'list').detail}`);
  });

  it('reports a missing base URL as configuration (and skips everything that needs one)', async () => {
    const report = await runDoctor(doctorInput(undefined, sandbox.key));
    assert.equal(step(report, 'url').status, 'fail');
    assert.equal(report.verdict.failure, 'insecure-url');
    assert.equal(report.origin, undefined);
    for (const id of ['proxy', 'dns', 'tcp', 'connect', 'tls', 'list', 'key-accepted', 'report', 'issues', 'fp-summary'] as const) {
      assert.equal(step(report, id).status, 'skipped', id);
      assert.equal(step(report, id).detail, 'no usable base URL');
    }
    assert.match(doctorText(report, sandbox.key), /^Origin: +\(none: no usable base URL\)$/m);
  });

  it('refuses plain http to a host that is not loopback, before any connection', async () => {
    const report = await runDoctor(doctorInput('http://fixes.test:8080', sandbox.key));
    assert.equal(step(report, 'url').status, 'fail');
    assert.match(step(report, 'url').detail, /Refusing plain http to fixes\.test:8080/);
    assert.equal(report.verdict.failure, 'insecure-url');
    assert.equal(step(report, 'dns').status, 'skipped');
  });

  it('with no key, still checks the network and says which key is missing', async () => {
    sandbox.clearRequests();
    const report = await runDoctor(doctorInput(sandbox.baseUrl, undefined));
    assert.equal(step(report, 'key').status, 'fail');
    assert.match(step(report, 'key').detail, /^No service key is set \(the test\)\. Set the key\.$/);
    assert.equal(step(report, 'tcp').status, 'ok', 'the network is checked anyway');
    assert.equal(step(report, 'list').detail, 'no usable service key');
    assert.equal(report.verdict.failure, 'auth');
    assert.equal(sandbox.requests.length, 0, 'nothing is asked without a key');
  });

  it('refuses a key that cannot go in a header, and reports a key file it could not read', async () => {
    const spaced = await runDoctor(doctorInput(sandbox.baseUrl, 'two words'));
    assert.match(step(spaced, 'key').detail, /contains spaces, line breaks or non-ASCII characters/);
    const unreadable = await runDoctor({
      ...doctorInput(sandbox.baseUrl, undefined),
      key: { value: undefined, source: 'a file', problem: 'Cannot read the key file: ENOENT.' },
    });
    assert.equal(step(unreadable, 'key').detail, 'Cannot read the key file: ENOENT.');
    assert.equal(unreadable.verdict.failure, 'auth');
  });

  it('fails TCP on a port nothing listens on, and skips what follows', async () => {
    const port = await freePort();
    const report = await runDoctor(doctorInput(`http://127.0.0.1:${port}`, sandbox.key));
    const tcp = step(report, 'tcp');
    assert.equal(tcp.status, 'fail');
    assert.match(tcp.detail, /^cannot connect to 127\.0\.0\.1 port \d+ \(ECONNREFUSED/);
    assert.equal(report.verdict.failure, 'network');
    for (const id of ['list', 'key-accepted', 'report', 'issues', 'fp-summary'] as const)
      assert.equal(step(report, id).detail, 'no TCP connection');
    observe(`closed port: ${tcp.detail}`);
  });

  it('asks for one page of issues, however many there are (the next one is cancelled)', async () => {
    const paged = await startSandbox({ dataset: { seed: 22, reports: 2 }, pageSize: 10 });
    try {
      const report = await runDoctor(doctorInput(paged.baseUrl, paged.key));
      assert.match(step(report, 'issues').detail, /: 10 issues, more pages follow \(not fetched\)$/);
      const pages = paged.requests.filter((r) => r.path === '/api/rest/v5/issues').length;
      assert.ok(pages >= 1 && pages <= 2, `${pages} page requests (the client asks for the next page while reading one)`);
    } finally {
      await paged.close();
    }
  });

  it('skips the FP summary when the first page holds no false positive', async () => {
    sandbox.faults.add({ route: 'issues', fault: { kind: 'empty-page-has-next' } });
    const report = await runDoctor(doctorInput(sandbox.baseUrl, sandbox.key));
    assert.match(step(report, 'issues').detail, /: 0 issues, more pages follow/);
    const fp = step(report, 'fp-summary');
    assert.equal(fp.status, 'skipped');
    assert.match(fp.detail, /^no false positive among the 0 issues of that page/);
    assert.equal(report.verdict.status, 'ok');
  });

  it('reports an endpoint failure with the kind the CLI maps to its exit code', async () => {
    sandbox.faults.add({ route: 'fix-report', fault: { kind: 'malformed-json' } });
    const report = await runDoctor(doctorInput(sandbox.baseUrl, sandbox.key));
    assert.equal(step(report, 'report').status, 'fail');
    assert.equal(step(report, 'report').failure, 'decode');
    assert.equal(step(report, 'issues').status, 'ok', 'the issues are asked anyway');
    assert.equal(report.verdict.failure, 'decode');
  });

  it('stops at a cancel: the request under way and the steps left end, and the verdict says so', async () => {
    const controller = new AbortController();
    sandbox.faults.add({ route: 'fix-reports', fault: { kind: 'slow-headers', ms: 3_000 } });
    const running = runDoctor({
      ...doctorInput(sandbox.baseUrl, sandbox.key),
      onStep: (name) => (name.startsWith('GET api/rest/fix-reports') ? setTimeout(() => controller.abort(), 50) : undefined),
      signal: controller.signal,
    });
    const report = await running;
    assert.equal(report.verdict.failure, 'cancelled');
    assert.equal(step(report, 'list').detail, 'cancelled');
    assert.equal(step(report, 'fp-summary').status, 'skipped');
  });
});

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
