// Size budgets (deterministic, unlike timings): the minified extension bundle and the VSIX,
// and what loading the bundle pulls in. Needs the production build (`npm test` packages, and
// so builds, first). Without an up-to-date security-fix-reports.vsix the VSIX is packaged
// into a temporary folder (~5 s); the repository's own file is never written.
import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import {
  EXTENSION_BUDGET_BYTES,
  INSIGHTS_BUDGET_BYTES,
  VSIX_BUDGET_BYTES,
  buildVsix,
  fileBytes,
  vsixContents,
} from '../../bench/lib/sizes';

const root = path.resolve(__dirname, '..', '..', '..');
const bundle = path.join(root, 'dist', 'extension.js');
const insights = path.join(root, 'dist', 'insights.js');
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

describe('size budgets', () => {
  before(function () {
    if (!existsSync(bundle)) assert.fail(`${bundle} is missing: run "npm run build" (npm test does) before the unit tests`);
  });

  it(`dist/extension.js stays within ${kb(EXTENSION_BUDGET_BYTES)}`, () => {
    const bytes = fileBytes(bundle);
    assert.ok(bytes <= EXTENSION_BUDGET_BYTES, `dist/extension.js is ${kb(bytes)}, over the ${kb(EXTENSION_BUDGET_BYTES)} budget`);
  });

  it(`dist/insights.js (the Fix Insights page: Chart.js and vscode-elements) stays within ${kb(INSIGHTS_BUDGET_BYTES)}`, () => {
    const bytes = fileBytes(insights);
    assert.ok(bytes <= INSIGHTS_BUDGET_BYTES, `dist/insights.js is ${kb(bytes)}, over the ${kb(INSIGHTS_BUDGET_BYTES)} budget`);
  });

  it('the extension bundle does not contain the page script (it loads only when the dashboard opens)', () => {
    const source = readFileSync(bundle, 'utf8');
    assert.ok(
      !source.includes('Chart.register') && !source.includes('vscode-radio-group'),
      'no Chart.js or vscode-elements in dist/extension.js',
    );
  });

  it(`the VSIX stays within ${kb(VSIX_BUDGET_BYTES)}`, function () {
    this.timeout(180_000);
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sfr-vsix-'));
    try {
      // `npm test` packages before the unit tests; a VSIX older than the bundle is rebuilt here.
      const packaged = path.join(root, 'security-fix-reports.vsix');
      const fresh = existsSync(packaged) && statSync(packaged).mtimeMs >= statSync(bundle).mtimeMs;
      const vsix = vsixContents(fresh ? packaged : buildVsix(root, path.join(dir, 'budget.vsix')));
      const parts = Object.entries(vsix.parts)
        .sort((a, b) => b[1] - a[1])
        .slice(0, 3)
        .map(([name, n]) => `${name} ${kb(n)}`)
        .join(', ');
      assert.ok(
        vsix.bytes <= VSIX_BUDGET_BYTES,
        `the VSIX is ${kb(vsix.bytes)}, over the ${kb(VSIX_BUDGET_BYTES)} budget (largest parts: ${parts})`,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('loading the bundle does not load undici (it loads with the first request)', () => {
    // A fresh Node with `vscode` stubbed, since only the extension host provides it.
    const script = `
      const Module = require('node:module');
      const load = Module._load;
      const stub = () => new Proxy(function () {}, { get: () => stub(), apply: () => stub(), construct: () => stub() });
      Module._load = function (request, ...rest) { return request === 'vscode' ? stub() : load.call(this, request, ...rest); };
      require(${JSON.stringify(bundle)});
      process.stdout.write(JSON.stringify(Object.keys(require.cache).filter((f) => f.includes('node_modules'))));`;
    const loaded = JSON.parse(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' })) as string[];
    assert.deepEqual(
      loaded.filter((f) => f.includes(`${path.sep}undici${path.sep}`)),
      [],
    );
  });
});
