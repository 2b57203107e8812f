// The bundles from one script: the extension (vscode external), the CLI, the parser proof, the
// dashboard's metrics and the exports (loaded on first use) and the Fix Insights page.
// undici stays external in the extension so the editor's proxy/certificate patching of
// require('undici') still applies (see docs/security.md, "Proxy and certificates"); it ships in the VSIX.
import * as esbuild from 'esbuild';
import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');

const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  minify: production,
  sourcemap: !production,
  sourcesContent: false,
  logLevel: 'info',
  legalComments: 'none',
};

// The extension's words go through `l10n.t` of @vscode/l10n (English keys, l10n/bundle.l10n.json). In
// the bundles that run in the extension host that module is the editor's own vscode.l10n, which holds
// the bundle of the display language (package.json "l10n"): one source of translations for every
// bundle, and none of the library's code in them. The editor API is required on the first call, so a
// bundle still loads in plain Node (test/unit/budgets.test.ts). Plain Node (the CLI, tests) and the
// Fix Insights page keep the library itself: English, unless configured (the page is, by the panel).
const hostL10n = {
  name: 'host-l10n',
  setup(build) {
    build.onResolve({ filter: /^@vscode\/l10n$/ }, () => ({ path: 'vscode-l10n', namespace: 'host-l10n' }));
    build.onLoad({ filter: /.*/, namespace: 'host-l10n' }, () => ({
      contents: "let api; export const t = (...args) => (api ??= require('vscode').l10n).t(...args);",
      loader: 'js',
    }));
  },
};
const inHost = { plugins: [hostL10n] };

const builds = [
  { ...common, ...inHost, entryPoints: ['src/extension.ts'], outfile: 'dist/extension.js', external: ['vscode', 'undici'] },
  {
    ...common,
    entryPoints: ['src/cli/main.ts'],
    outfile: 'dist/cli.js',
    define: { PACKAGE_VERSION: JSON.stringify(version) },
    banner: { js: '#!/usr/bin/env node' },
  },
  // The CLI's MCP server (the SDK and its validators): required by cli/mcp.ts when `mcp` starts,
  // so the other commands do not load it. Ships beside dist/cli.js (not in the VSIX).
  { ...common, entryPoints: ['src/cli/mcpServer.ts'], outfile: 'dist/mcp.js' },
  // The parser proof for suppression comments: loaded on the first insertion, never at activation.
  // tree-sitter.js is UMD and takes the AMD branch when a global `define` exists, which the
  // extension host has once VS Code's own AMD-loaded code ran (workspace.encode does): then
  // require() returns {} and the parser never loads. Compiled out here.
  { ...common, entryPoints: ['src/model/proof/prover.ts'], outfile: 'dist/proof.js', define: { define: 'undefined' } },
  // The connection doctor (api/doctor/bundle.ts) with its own copy of the client: required by
  // commands/checkConnection on the first Check Connection, never at activation. undici stays
  // external, as in the extension, so the editor's handling of require('undici') applies alike.
  { ...common, entryPoints: ['src/api/doctor/bundle.ts'], outfile: 'dist/doctor.js', external: ['undici'] },
  // The report cache (editor/reportCaches.ts): required on the view's first load, never at activation.
  { ...common, ...inHost, entryPoints: ['src/editor/cache/bundle.ts'], outfile: 'dist/cache.js', external: ['vscode'] },
  // A fix's patch (model/patch and the diff library) and the write gate's checks of its targets
  // (the write policy's table): required by editor/fixPatches on the first Preview Fix or Apply
  // Fix, never at activation.
  { ...common, ...inHost, entryPoints: ['src/editor/fixPatchBundle.ts'], outfile: 'dist/patch.js', external: ['vscode'] },
  // The suppression comment's code (editor/suppressionBundle): required by editor/suppression on
  // the first insertion or hover over a comment, never at activation.
  { ...common, entryPoints: ['src/editor/suppressionBundle.ts'], outfile: 'dist/suppression.js' },
  // What changed since a report's previous scan (editor/changesBundle: model/changes): required
  // by editor/reportChanges when a current or expanded report's changes are first computed.
  { ...common, entryPoints: ['src/editor/changesBundle.ts'], outfile: 'dist/changes.js' },
  // The comparison of a file as scanned with its text now (model/lineMap and the diff library):
  // required by editor/trackedFile when a file with findings opens, never at activation.
  { ...common, entryPoints: ['src/model/lineMap.ts'], outfile: 'dist/lines.js' },
  // The dashboard's metrics and the issue exports (views/reporting): required by
  // views/loadReporting when Fix Insights draws or Export Issues… starts, never at activation.
  { ...common, ...inHost, entryPoints: ['src/views/reporting.ts'], outfile: 'dist/reporting.js', external: ['vscode'] },
  // The language model tools' code (views/agentToolsBundle: model/agentTools and code_context):
  // required by views/languageModelTools on a tool's first call, never at activation.
  { ...common, ...inHost, entryPoints: ['src/views/agentToolsBundle.ts'], outfile: 'dist/agent.js', external: ['vscode', 'undici'] },
  // The Fix Insights page: runs in the webview (a browser), loaded only when the dashboard opens.
  {
    ...common,
    entryPoints: ['src/webview/insights/main.ts'],
    outfile: 'dist/insights.js',
    platform: 'browser',
    target: 'chrome120',
    format: 'iife',
    tsconfig: 'tsconfig.webview.json',
  },
];

// Grammars the proof loads (model/proof/prover.ts GRAMMAR_FILES), beside dist/proof.js.
const GRAMMARS = [
  'tree-sitter',
  'tree-sitter-javascript',
  'tree-sitter-typescript',
  'tree-sitter-tsx',
  'tree-sitter-php',
  'tree-sitter-bash',
  'tree-sitter-powershell',
  'tree-sitter-python',
  'tree-sitter-go',
  'tree-sitter-java',
  'tree-sitter-c-sharp',
  'tree-sitter-cpp',
  'tree-sitter-ruby',
  'tree-sitter-rust',
  'tree-sitter-css',
];
mkdirSync('dist/grammars', { recursive: true });
for (const name of GRAMMARS) copyFileSync(`node_modules/@vscode/tree-sitter-wasm/wasm/${name}.wasm`, `dist/grammars/${name}.wasm`);

if (watch) {
  for (const b of builds) await (await esbuild.context(b)).watch();
} else {
  await Promise.all(builds.map((b) => esbuild.build(b)));
}
