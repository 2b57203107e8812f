// The VSIX the tests read: the repository's security-fix-reports.vsix when it is newer than the
// bundle (`npm test` packages before the unit tests), else one packaged into a temporary folder
// (~5 s); the repository's own file is never written.
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { buildVsix } from '../../bench/lib/sizes';

export function withPackagedVsix<T>(root: string, use: (file: string) => T): T {
  const packaged = path.join(root, 'security-fix-reports.vsix');
  const bundle = path.join(root, 'dist', 'extension.js');
  if (existsSync(packaged) && statSync(packaged).mtimeMs >= statSync(bundle).mtimeMs) return use(packaged);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sfr-vsix-'));
  try {
    return use(buildVsix(root, path.join(dir, 'test.vsix')));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
