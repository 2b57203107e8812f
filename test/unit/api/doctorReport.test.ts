// The doctor's report as text for a ticket and as JSON: one line per step (server text cleaned
// to one line, so a certificate field cannot forge a step), facts under their step, and the key
// redacted once more as a second lock.
import { strict as assert } from 'node:assert';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { doctorJson, doctorText } from '../../../src/api/doctor/report';
import type { DoctorReport } from '../../../src/api/doctor/types';

const KEY = 'sfr-report-key-0b7d4e';

function report(detail: string, facts?: string[]): DoctorReport {
  return {
    environment: [['Product', 'test 1.0']],
    origin: 'https://fixes.example.com',
    verdict: { status: 'fail', summary: `FAILED at TLS: ${detail}`, failure: 'network' },
    steps: [
      { id: 'url', name: 'Base URL and scope', status: 'ok', detail: 'https://fixes.example.com/', ms: 0 },
      { id: 'tls', name: 'TLS', status: 'fail', detail, facts, ms: 12, failure: 'network' },
      { id: 'list', name: 'GET api/rest/fix-reports', status: 'skipped', detail: 'the TLS handshake failed', ms: 0 },
    ],
  };
}

describe('connection doctor: the report', () => {
  it('writes one line per step with its mark and time, facts indented under it', () => {
    const text = doctorText(report('certificate not accepted', ['certificate 0: subject CN=x']), KEY);
    const lines = text.split('\n');
    assert.equal(lines[0], 'Security Fix Reports: connection check');
    assert.ok(lines.includes('Product:       test 1.0'));
    assert.ok(lines.includes('Origin:        https://fixes.example.com'));
    assert.ok(lines.includes('Verdict:       FAILED at TLS: certificate not accepted'));
    const tls = lines.findIndex((l) => l.startsWith('[FAIL] TLS'));
    assert.match(lines[tls]!, /^\[FAIL\] TLS +12 ms {2}certificate not accepted$/);
    assert.match(lines[tls + 1]!, /^ {20,}- certificate 0: subject CN=x$/);
    assert.match(lines[tls + 2]!, /^\[skip\] GET api\/rest\/fix-reports {10,}the TLS handshake failed$/, 'a skipped step has no time');
    assert.match(text, /The service key is never shown here/);
  });

  it("keeps the server's text to its line: line breaks, escapes and bidi controls are blanked", () => {
    const text = doctorText(report('subject CN=evil\n[ok]   Key accepted  0 ms  accepted\u202e\u001b[2J', ['O=a\r\nb']), KEY);
    assert.ok(!text.split('\n').some((l) => l.startsWith('[ok]   Key accepted')), 'no forged step line');
    assert.ok(!/[\u202e\u001b\r]/.test(text));
    assert.match(text, /- O=a b$/m);
  });

  it('redacts the key in text and JSON; a key too short to look for is left to the steps, which never hold it', () => {
    const leaked = report(`the server echoed ${KEY}`);
    assert.ok(!doctorText(leaked, KEY).includes(KEY));
    const json = doctorJson(leaked, KEY) as { environment: Record<string, string>; steps: { detail: string }[] };
    assert.equal(json.steps[1]!.detail, 'the server echoed «redacted»');
    assert.deepEqual(json.environment, { Product: 'test 1.0' });
    assert.match(doctorText(report('TLS handshake'), 'TLS'), /TLS handshake/, 'a three-letter key does not blot out words');
  });
});

describe('connection doctor: its bundle', () => {
  const dist = join(__dirname, '..', '..', '..', '..', 'dist');

  it('is dist/doctor.js, loaded in plain Node on the first check, and not in the extension bundle', () => {
    const file = join(dist, 'doctor.js');
    assert.ok(existsSync(file), `${file} is missing: run "npm run build" first`);
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the built bundle, as the command requires it
    const bundle = require(file) as Record<string, unknown>;
    assert.deepEqual(Object.keys(bundle).sort(), ['doctorText', 'runDoctor']);
    assert.ok(!readFileSync(join(dist, 'extension.js'), 'utf8').includes('Security Fix Reports: connection check'));
  });
});
