// Case 4: bytes of dist/extension.js (production build) and of the VSIX. Deterministic, so
// one measurement; test/unit/budgets.test.ts checks the same budgets in `npm test`.
import * as path from 'node:path';
import { REPO_ROOT, type BenchContext } from '../lib/context';
import { atMost, variant, type CaseResult } from '../lib/result';
import { EXTENSION_BUDGET_BYTES, KB, MB, VSIX_BUDGET_BYTES, buildVsix, fileBytes, gzipBytes, vsixContents } from '../lib/sizes';
import { summarize } from '../lib/stats';

export async function sizeCase(ctx: BenchContext): Promise<CaseResult> {
  // vsce runs the production build (vscode:prepublish) before packaging.
  const vsix = vsixContents(buildVsix(REPO_ROOT, path.join(ctx.tmpDir, 'bench.vsix')));
  const bundle = path.join(REPO_ROOT, 'dist', 'extension.js');
  const bytes = fileBytes(bundle);
  const one = (n: number) => summarize([n]);
  const largest = Object.entries(vsix.parts).sort((a, b) => b[1] - a[1]);
  return {
    id: 'size',
    title: '4. Size',
    variants: [
      variant('dist/extension.js (minified)', 'KB', one(bytes / KB)),
      variant('dist/extension.js gzipped', 'KB', one(gzipBytes(bundle) / KB)),
      variant('VSIX', 'KB', one(vsix.bytes / KB), `${vsix.files} files`),
      variant(
        'dist/reporting.js (metrics and exports, loaded on first use)',
        'KB',
        one(fileBytes(path.join(REPO_ROOT, 'dist', 'reporting.js')) / KB),
      ),
      variant('dist/cli.js (not in the VSIX)', 'KB', one(fileBytes(path.join(REPO_ROOT, 'dist', 'cli.js')) / KB)),
    ],
    targets: [
      atMost('dist/extension.js', bytes / KB, EXTENSION_BUDGET_BYTES / KB, `≤ ${EXTENSION_BUDGET_BYTES / KB} KB`, 'KB'),
      atMost('VSIX', vsix.bytes / KB, VSIX_BUDGET_BYTES / KB, '≤ 3 MB (3,072 KB)', 'KB'),
    ],
    details: { extensionBytes: bytes, vsixBytes: vsix.bytes, vsixFiles: vsix.files, vsixCompressedByPart: Object.fromEntries(largest) },
    dominates: [
      `VSIX (${(vsix.bytes / MB).toFixed(2)} MB, ${vsix.files} files), compressed bytes by part: ${largest
        .slice(0, 4)
        .map(([name, n]) => `${name} ${(n / KB).toFixed(0)} KB`)
        .join(', ')}.`,
    ],
  };
}
