// The one scanner table: the name shown and the suppression syntax used come from the same
// row, so a vendor name known to one cannot be unknown to the other (sonarcloud, deepcode).
import { strict as assert } from 'node:assert';
import { readableVendor, scannerFor, SCANNERS, SYNTAXES } from '../../../src/common/scanners';

describe('the scanner table', () => {
  it('has each alias once, lower-case and trimmed', () => {
    const aliases = SCANNERS.flatMap((s) => s.aliases);
    assert.equal(new Set(aliases).size, aliases.length, 'no alias belongs to two scanners');
    for (const alias of aliases) assert.equal(alias, alias.trim().toLowerCase());
  });

  it('names and suppresses every alias the same way', () => {
    for (const scanner of SCANNERS) {
      for (const alias of scanner.aliases) {
        assert.equal(readableVendor(alias), scanner.name, alias);
        assert.equal(readableVendor(` ${alias.toUpperCase()} `), scanner.name, 'compared trimmed, case-insensitively');
        assert.equal(scannerFor(alias)?.syntax, scanner.syntax, alias);
      }
    }
    assert.equal(readableVendor('sonarcloud'), 'SonarQube');
    assert.equal(scannerFor('sonarcloud')?.syntax?.label, 'SonarQube');
    assert.equal(readableVendor('deepcode'), 'Snyk');
    assert.equal(scannerFor('deepcode')?.syntax?.label, 'Snyk Code');
    assert.equal(scannerFor('opengrep')?.syntax, scannerFor('semgrep')?.syntax, "Opengrep reads Semgrep's comments");
  });

  it('lists each suppression syntax once, and every one is used by a scanner', () => {
    assert.equal(new Set(SYNTAXES).size, SYNTAXES.length);
    for (const syntax of SYNTAXES)
      assert.ok(
        SCANNERS.some((s) => s.syntax === syntax),
        syntax.label,
      );
  });

  it('shows unknown vendors cleaned and cut, and says when there is none', () => {
    assert.equal(readableVendor('acme-sast\u202e'), 'acme-sast');
    assert.equal(readableVendor(null), 'Unknown scanner');
    assert.equal(readableVendor('  '), 'Unknown scanner');
    assert.equal(Array.from(readableVendor('x'.repeat(200))).length, 80);
    assert.equal(scannerFor(undefined), undefined);
  });
});
