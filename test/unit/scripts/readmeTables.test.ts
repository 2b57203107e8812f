// scripts/readme-tables.mjs: the README's settings and commands tables are what package.json
// gives. The script is run as it is run by hand (a child process, plain Node); a drifted copy of
// the README in a temporary folder shows that --check fails, and that a plain run repairs it.
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(__dirname, '..', '..', '..', '..');
const SCRIPT = join(root, 'scripts', 'readme-tables.mjs');
const README = join(root, 'README.md');

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function script(...args: string[]): Run {
  const r = spawnSync(process.execPath, [SCRIPT, ...args], { cwd: root, encoding: 'utf8', timeout: 30_000 });
  if (r.error) throw r.error;
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** The text between `<!-- name:start -->` and `<!-- name:end -->`. */
function block(text: string, name: string): string {
  const from = text.indexOf(`<!-- ${name}:start -->`);
  const to = text.indexOf(`<!-- ${name}:end -->`);
  assert.ok(from >= 0 && to > from, `README has the ${name} markers`);
  return text.slice(from, to);
}

describe('scripts/readme-tables.mjs', function () {
  this.timeout(30_000);
  let dir: string;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'readme-tables-test-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("finds the README's settings and commands tables equal to what package.json renders", () => {
    const r = script('--check');
    assert.equal(r.code, 0, `${r.stderr}\nRun: node scripts/readme-tables.mjs`);
  });

  it('lists every contributed setting and command in the tables', () => {
    const readme = readFileSync(README, 'utf8');
    const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
      contributes: { commands: { command: string }[]; configuration: { properties: Record<string, unknown> } };
    };
    const settings = block(readme, 'settings');
    for (const key of Object.keys(manifest.contributes.configuration.properties)) {
      assert.ok(settings.includes(`| \`${key.replace('securityFixReports.', '')}\` |`), key);
    }
    const commands = block(readme, 'commands');
    for (const { command } of manifest.contributes.commands) assert.ok(commands.includes(`| \`${command}\` |`), command);
  });

  it('fails --check when a table drifted from package.json, and a plain run writes it back', () => {
    const readme = readFileSync(README, 'utf8');
    const copy = join(dir, 'README.md');
    const drifted = readme.replace(/(\| `requestTimeoutSeconds` \| )`30`/, '$1`45`');
    assert.notEqual(drifted, readme, 'the copy drifted');
    writeFileSync(copy, drifted);

    const check = script('--check', '--readme', copy);
    assert.equal(check.code, 1);
    assert.match(check.stderr, /differs from package\.json/);
    assert.equal(readFileSync(copy, 'utf8'), drifted, '--check writes nothing');

    const write = script('--readme', copy);
    assert.equal(write.code, 0, write.stderr);
    assert.equal(readFileSync(copy, 'utf8'), readme);
  });

  it('refuses a README without the markers', () => {
    const copy = join(dir, 'README.md');
    writeFileSync(copy, '# Security Fix Reports\n');
    const r = script('--check', '--readme', copy);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /no <!-- settings:start -->/);
  });
});
