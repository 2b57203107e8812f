// A test-only language pack (tools/editor/localization-de): it declares the German locale and
// translates none of VS Code's own strings. Installed beside the extension and registered
// (codeServer.registerLanguagePacks), it makes code-server run the workbench and the
// extension host in German (vscode.env.language = "de"), so the extension's package.nls.de.json
// and l10n/bundle.l10n.de.json are what the editor shows. Microsoft's real pack cannot be
// downloaded here; the way the editor picks a locale is the same.
import { spawnSync } from 'node:child_process';
import { cp, mkdtemp } from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import { REPO_ROOT } from './codeServer';

const PACK_SOURCE = path.join(REPO_ROOT, 'tools', 'editor', 'localization-de');

/** Packages the pack into a VSIX in a new temporary folder and returns its path. */
export async function buildGermanLanguagePack(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'sfr-language-pack-'));
  const source = path.join(dir, 'pack');
  await cp(PACK_SOURCE, source, { recursive: true });
  const vsix = path.join(dir, 'test-language-pack-de.vsix');
  const vsce = path.join(REPO_ROOT, 'node_modules', '@vscode', 'vsce', 'vsce');
  const result = spawnSync(process.execPath, [vsce, 'package', '--allow-missing-repository', '--skip-license', '--out', vsix], {
    cwd: source,
    encoding: 'utf8',
    timeout: 60_000,
  });
  if (result.status !== 0) throw new Error(`packaging the test language pack failed: ${result.stderr || result.stdout}`);
  return vsix;
}
