// The same integration suite in desktop VS Code via @vscode/test-electron 2.x (3.x needs
// Node 22). Needs internet: it downloads VS Code into .vscode-test/. Machines without it use
// out/test/integration/main.js (code-server) instead. Run `npx tsc -p .` first.
//   node scripts/test-electron.mjs                    # VS Code 1.100.3, the engines minimum
//   VSCODE_TEST_VERSION=stable node scripts/test-electron.mjs
import { runTests } from '@vscode/test-electron';
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const version = process.env.VSCODE_TEST_VERSION ?? '1.100.3';
const extensionTestsPath = path.join(repoRoot, 'out', 'test', 'integration', 'index.js');
const fixture = path.join(repoRoot, 'test', 'fixtures', 'workspace');

if (!existsSync(extensionTestsPath)) {
  console.error(`${extensionTestsPath} not found: run \`npx tsc -p .\` first`);
  process.exit(2);
}

const manifest = JSON.parse(await readFile(path.join(repoRoot, 'package.json'), 'utf8'));
const workspace = await mkdtemp(path.join(os.tmpdir(), 'sfr-workspace-'));
if (existsSync(fixture)) await cp(fixture, workspace, { recursive: true });

let code;
try {
  code = await runTests({
    version,
    extensionDevelopmentPath: repoRoot,
    extensionTestsPath,
    launchArgs: [workspace, '--disable-extensions', '--disable-workspace-trust'],
    extensionTestsEnv: {
      SFR_INTEGRATION: '1',
      SFR_EXPECT_EXTENSION: `${manifest.publisher}.${manifest.name}`,
      // The smoke test pins the API version it runs against.
      SFR_EXPECT_VSCODE_VERSION: /^\d+\.\d+\./.exec(version)?.[0] ?? '1.',
    },
  });
} catch (err) {
  // TestRunFailedError carries VS Code's exit code; anything else is a harness failure.
  console.error(`test-electron: ${err instanceof Error ? err.message : String(err)}`);
  code = typeof err?.code === 'number' && err.code !== 0 ? err.code : 1;
} finally {
  await rm(workspace, { recursive: true, force: true });
}
process.exit(code);
