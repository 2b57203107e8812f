// Extension-tests entry (extensionTestsPath): the editor's extension host calls run() and
// treats a rejection as failure. Runs every compiled suite/**/*.test.js next to this file.
// mocha resolves from the repository's node_modules because this file lives in <repo>/out.
import { readdirSync } from 'node:fs';
import * as path from 'node:path';
import Mocha from 'mocha';
import EvidenceReporter from '../support/evidenceReporter';

export function findTestFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.test.js'))
    .map((name) => path.join(dir, name))
    .sort();
}

export function run(): Promise<void> {
  const mocha = new Mocha({
    ui: 'bdd',
    color: false,
    reporter: EvidenceReporter,
    timeout: 60_000,
    // Inherited from code-server's environment: `MOCHA_GREP=pattern npm run test:integration`.
    ...(process.env['MOCHA_GREP'] ? { grep: process.env['MOCHA_GREP'] } : {}),
  });
  for (const file of findTestFiles(path.join(__dirname, 'suite'))) mocha.addFile(file);

  return new Promise((resolve, reject) => {
    try {
      mocha.run((failures) => {
        if (failures > 0) reject(new Error(`${failures} integration test(s) failed`));
        else resolve();
      });
    } catch (err) {
      reject(err instanceof Error ? err : new Error(String(err)));
    }
  });
}
