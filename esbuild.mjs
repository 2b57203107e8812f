// Two bundles from one script: the extension (vscode external) and the CLI.
// undici stays external in the extension so the editor's proxy/certificate patching of
// require('undici') still applies (see README "Proxy and certificates"); it ships in the VSIX.
import * as esbuild from 'esbuild';
import { readFileSync } from 'node:fs';

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

const builds = [
  { ...common, entryPoints: ['src/extension.ts'], outfile: 'dist/extension.js', external: ['vscode', 'undici'] },
  { ...common, entryPoints: ['src/cli/main.ts'], outfile: 'dist/cli.js', define: { PACKAGE_VERSION: JSON.stringify(version) }, banner: { js: '#!/usr/bin/env node' } },
];

if (watch) {
  for (const b of builds) await (await esbuild.context(b)).watch();
} else {
  await Promise.all(builds.map((b) => esbuild.build(b)));
}
