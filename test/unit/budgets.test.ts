// Size budgets (deterministic, unlike timings): the minified extension bundle and the VSIX,
// and what loading the bundle pulls in. Needs the production build (`npm test` packages, and
// so builds, first); the VSIX is the one test/support/vsix gives.
import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { EXTENSION_BUDGET_BYTES, INSIGHTS_BUDGET_BYTES, VSIX_BUDGET_BYTES, fileBytes, vsixContents } from '../../bench/lib/sizes';
import { withPackagedVsix } from '../support/vsix';

const root = path.resolve(__dirname, '..', '..', '..');
const bundle = path.join(root, 'dist', 'extension.js');
const insights = path.join(root, 'dist', 'insights.js');
const reporting = path.join(root, 'dist', 'reporting.js');
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

  it("the extension bundle leaves the dashboard's metrics and the exports to dist/reporting.js (loaded on first use)", () => {
    const source = readFileSync(bundle, 'utf8');
    // Markers of model/export (the SARIF schema address) and of the metrics' tables (a table id).
    for (const marker of ['sarif-2.1.0.json', 'false-positives-by-issue-type']) {
      assert.ok(!source.includes(marker), `"${marker}" is not in dist/extension.js`);
      assert.ok(readFileSync(reporting, 'utf8').includes(marker), `"${marker}" is in dist/reporting.js`);
    }
  });

  it("the extension bundle leaves a fix's patch code (the diff library, the write policy) to dist/patch.js, which loads in plain Node", () => {
    const patch = path.join(root, 'dist', 'patch.js');
    // A marker of the diff library (its error for a hunk whose counts are wrong).
    const marker = 'Added line count did not match';
    assert.ok(!readFileSync(bundle, 'utf8').includes(marker), `"${marker}" is not in dist/extension.js`);
    assert.ok(readFileSync(patch, 'utf8').includes(marker), `"${marker}" is in dist/patch.js`);
    const script = `process.stdout.write(JSON.stringify(Object.keys(require(${JSON.stringify(patch)})).sort()))`;
    assert.deepEqual(JSON.parse(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' })), [
      'checkPatchTargets',
      'checkWriteTarget',
      'parseFixPatch',
      'patchText',
      'planDetail',
      'planQuestion',
    ]);
  });

  it('the extension bundle leaves the comparison of a scanned file with its text now to dist/lines.js, which loads in plain Node', () => {
    const lines = path.join(root, 'dist', 'lines.js');
    const script = `const { LineMap } = require(${JSON.stringify(lines)});
      const map = LineMap.between('a\\nb\\nc\\n', 'new\\na\\nb\\nc\\n');
      process.stdout.write(JSON.stringify(map.map({ startLine: 1, startCharacter: 0, endLine: 1, endCharacter: 1 })));`;
    assert.deepEqual(JSON.parse(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' })), {
      range: { startLine: 2, startCharacter: 0, endLine: 2, endCharacter: 1 },
      changed: false,
    });
  });

  it('dist/reporting.js loads in plain Node (no editor API, no undici) and offers what the panel and Export Issues… call', () => {
    const script = `
      const r = require(${JSON.stringify(reporting)});
      process.stdout.write(JSON.stringify({
        exports: Object.keys(r).sort(),
        loaded: Object.keys(require.cache).filter((f) => f !== ${JSON.stringify(reporting)}),
      }));`;
    const { exports, loaded } = JSON.parse(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' })) as {
      exports: string[];
      loaded: string[];
    };
    assert.deepEqual(exports, [
      'clientIssuePages',
      'exportChunks',
      'exportFileName',
      'exportFolder',
      'gatherInsights',
      'loadIssues',
      'writeNewFileExclusive',
    ]);
    assert.deepEqual(loaded, [], 'it requires nothing else');
  });

  it(`the VSIX stays within ${kb(VSIX_BUDGET_BYTES)}`, function () {
    this.timeout(180_000);
    const vsix = withPackagedVsix(root, vsixContents);
    const parts = Object.entries(vsix.parts)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 3)
      .map(([name, n]) => `${name} ${kb(n)}`)
      .join(', ');
    assert.ok(
      vsix.bytes <= VSIX_BUDGET_BYTES,
      `the VSIX is ${kb(vsix.bytes)}, over the ${kb(VSIX_BUDGET_BYTES)} budget (largest parts: ${parts})`,
    );
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
