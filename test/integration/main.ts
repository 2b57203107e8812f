// CLI: node out/test/integration/main.js [--extension-path DIR] [--tests-path FILE]
//      [--fixture DIR] [--timeout MS] [--skip-install]
// Installs the editor if needed, copies the fixture workspace to a temp folder, runs the
// integration tests inside code-server and exits with their code (2 = could not run them).
import { spawnSync } from 'node:child_process';
import { readFile, rm } from 'node:fs/promises';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { installScript, REPO_ROOT } from '../../tools/editor/codeServer';
import { closeAllEditors, runTestsInEditor } from '../../tools/editor/runner';
// A throwaway copy (tests may write to it); its git-config becomes .git/config.
import { prepareWorkspace } from '../../tools/editor/workspace';

const HARNESS_FAILURE = 2;

function ensureEditorInstalled(): void {
  const started = Date.now();
  const result = spawnSync('bash', [installScript()], { stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`${installScript()} failed (exit ${result.status ?? result.signal})`);
  console.log(`[harness] editor install check: ${Date.now() - started} ms`);
}

/** `publisher.name` of the extension under development, for the smoke test to look up. */
async function extensionId(extensionPath: string): Promise<string | undefined> {
  try {
    const manifest = JSON.parse(await readFile(path.join(extensionPath, 'package.json'), 'utf8')) as Record<string, unknown>;
    const { publisher, name } = manifest;
    return typeof publisher === 'string' && typeof name === 'string' ? `${publisher}.${name}` : undefined;
  } catch {
    return undefined;
  }
}

/** Set once a signal arrived: the signal handler, not main(), decides the exit then. */
let shuttingDown = false;

/**
 * Ctrl-C / kill: close the editor and remove temp folders, then exit. A second signal or a
 * stuck close exits at once; the exit hooks still kill code-server's group and chromium.
 */
function cleanUpOnSignals(cleanUp: () => Promise<void>): void {
  const handle = (signal: NodeJS.Signals, code: number) => {
    process.once(signal, () => {
      shuttingDown = true;
      console.error(`[harness] ${signal}: closing the editor`);
      process.once(signal, () => process.exit(code));
      setTimeout(() => process.exit(code), 15_000).unref();
      void cleanUp().finally(() => process.exit(code));
    });
  };
  handle('SIGINT', 130);
  handle('SIGTERM', 143);
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      'extension-path': { type: 'string', default: REPO_ROOT },
      'tests-path': { type: 'string', default: path.join(__dirname, 'index.js') },
      fixture: { type: 'string', default: path.join(REPO_ROOT, 'test', 'fixtures', 'workspace') },
      timeout: { type: 'string', default: String(10 * 60_000) },
      'skip-install': { type: 'boolean', default: false },
    },
  });
  const timeoutMs = Number(values.timeout);
  if (!Number.isInteger(timeoutMs) || timeoutMs <= 0) throw new Error(`--timeout must be a positive number of ms, got ${values.timeout}`);
  const extensionDevelopmentPath = path.resolve(values['extension-path']);
  const extensionTestsPath = path.resolve(values['tests-path']);

  if (!values['skip-install']) ensureEditorInstalled();
  const workspace = await prepareWorkspace(path.resolve(values.fixture));
  cleanUpOnSignals(async () => {
    await closeAllEditors();
    await rm(workspace, { recursive: true, force: true });
  });
  try {
    const id = await extensionId(extensionDevelopmentPath);
    return await runTestsInEditor({
      extensionDevelopmentPath,
      extensionTestsPath,
      workspace,
      timeoutMs,
      // The suites test what the service sends, each from a reset store: a cache would answer
      // for it. The cache's own suite turns it on (suite/cache.test.ts).
      userSettings: { 'securityFixReports.cache.enabled': false },
      env: {
        SFR_INTEGRATION: '1',
        ...(id ? { SFR_EXPECT_EXTENSION: id } : {}),
        // The extension host writes the evidence file (see test/support/evidenceReporter.ts).
        ...(process.env['SFR_EVIDENCE_FILE'] ? { SFR_EVIDENCE_FILE: path.resolve(process.env['SFR_EVIDENCE_FILE']) } : {}),
      },
    });
  } finally {
    await rm(workspace, { recursive: true, force: true });
  }
}

main().then(
  (code) => {
    if (!shuttingDown) process.exit(code);
  },
  (err: unknown) => {
    // After a signal the run fails because its editor was closed: the handler reports and exits.
    if (shuttingDown) return;
    console.error(`[harness] ${err instanceof Error ? err.message : String(err)}`);
    process.exit(HARNESS_FAILURE);
  },
);
