// The CLI's tables are looked up by what the user typed: a command named after an Object.prototype
// member (`constructor`, `toString`, `__proto__`) is an unknown command, not Object's method.
import { strict as assert } from 'node:assert';
import { PassThrough } from 'node:stream';
import { run } from '../../../src/cli/main';

async function cli(args: string[]): Promise<{ code: number; stderr: string }> {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let err = '';
  stderr.setEncoding('utf8').on('data', (d: string) => (err += d));
  stdout.resume();
  const env = { SECURITY_FIX_REPORTS_URL: 'http://127.0.0.1:9', SECURITY_FIX_REPORTS_KEY: 'k'.repeat(20) };
  const code = await run(args, { stdout, stderr, env });
  return { code, stderr: err };
}

describe('CLI lookups by a typed name', () => {
  for (const name of ['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf']) {
    it(`"${name}" is an unknown command`, async () => {
      const { code, stderr } = await cli([name]);
      assert.equal(code, 2);
      assert.match(stderr, new RegExp(`Unknown command "${name}"`));
    });
  }
});
