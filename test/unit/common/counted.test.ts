// Counts are written with their noun in the right number ("1 download", "2 downloads"), through
// the one helper in common/text, never as "1 download(s)".
import { strict as assert } from 'node:assert';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { counted } from '../../../src/common/text';
import { observe } from '../../support/evidence';
import { relativeTime } from '../../../src/common/time';

const root = join(__dirname, '..', '..', '..', '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourceFiles(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

describe('counted', () => {
  it('writes one in the singular and every other count in the plural', () => {
    assert.equal(counted(1, 'download'), '1 download');
    assert.equal(counted(2, 'download'), '2 downloads');
    assert.equal(counted(0, 'download'), '0 downloads');
    assert.equal(counted(1, 'fix', 'fixes'), '1 fix');
    assert.equal(counted(3, 'fix', 'fixes'), '3 fixes');
    assert.equal(counted(1, 'more comment'), '1 more comment');
    assert.equal(counted(12_000, 'issue'), '12000 issues');
  });

  it('is how relative times count their unit', () => {
    const day = 24 * 3600 * 1000;
    assert.equal(relativeTime(0, day), '1 day ago');
    assert.equal(relativeTime(0, 3 * day), '3 days ago');
  });

  it('leaves no "<count> noun(s)" in the sources', () => {
    // A count interpolated before a noun with a (s) or (es) suffix, possibly with one word between.
    const pattern = /\$\{[^}]*\}\s+(?:\w+\s+)?\w+\((?:s|es)\)/g;
    const hits = sourceFiles(join(root, 'src')).flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, i) => [...line.matchAll(pattern)].map((m) => `${relative(root, file)}:${i + 1}: ${m[0]}`)),
    );
    assert.deepEqual(hits, []);
    observe('no count in src is written as "noun(s)"; 1 → "1 download", 2 → "2 downloads"');
  });
});
