// CSV cells read back by a real CSV parser (csv-parse) equal what was written, apart from the
// formula prefix; cells that would start a formula never reach a spreadsheet as one.
import { strict as assert } from 'node:assert';
import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { CSV_EOL, csvCell, csvRow, neutraliseFormula } from '../../../src/model/csv';

const readBack = (text: string): string[][] => parse(text, { relax_column_count: false, bom: true });

describe('CSV cells', () => {
  it('round-trip any text through a real parser, differing only by the formula prefix', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.string({ unit: 'grapheme' }), { minLength: 1, maxLength: 5 }), { minLength: 1, maxLength: 5 }),
        (records) => {
          const width = records[0]!.length;
          const rows = records.map((r) => Array.from({ length: width }, (_, i) => r[i] ?? ''));
          const text = rows.map(csvRow).join('');
          // A single empty cell is an empty line, which parsers skip: the export never writes one.
          fc.pre(!rows.some((r) => r.length === 1 && r[0] === ''));
          assert.deepEqual(
            readBack(text),
            rows.map((r) => r.map(neutraliseFormula)),
          );
        },
      ),
      { numRuns: 500 },
    );
  });

  it('prefix every formula start OWASP lists, and nothing else', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) {
      const cell = `${start}HYPERLINK("https://evil.example","x")`;
      const [[back]] = readBack(csvRow([cell])) as [[string]];
      assert.equal(back, `'${cell}`, JSON.stringify(start));
    }
    for (const safe of ['SQL injection', ' =1+1', "'quoted", '1+1', 'a=b', '']) assert.equal(neutraliseFormula(safe), safe);
  });

  it('write our own numbers as numbers, even negative ones, and null as an empty cell', () => {
    assert.equal(csvRow([-3, 0.5, true, null, undefined, '-3']), `-3,0.5,true,,,'-3${CSV_EOL}`);
  });

  it('quote commas, quotes and line breaks (RFC 4180), and end each record with CRLF', () => {
    assert.equal(csvCell('a,b'), '"a,b"');
    assert.equal(csvCell('say "hi"'), '"say ""hi"""');
    assert.equal(csvCell('line\nbreak'), '"line\nbreak"');
    assert.equal(csvRow(['x', 'y']), 'x,y\r\n');
  });
});
