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
    for (const safe of ['SQL injection', "'quoted", '1+1', 'a=b', '']) assert.equal(neutraliseFormula(safe), safe);
  });

  it('look past blanks and invisible characters, and read full-width and other compatibility forms (NFKC)', () => {
    const hidden = [
      ' =1+1', // a leading space: spreadsheets skip it
      ' =HYPERLINK("https://evil.example","x")',
      '\u00a0\u3000=1+1', // no-break and ideographic spaces
      '\u200b=HYPERLINK("https://evil.example","x")', // zero-width space
      '\ufeff+1', // byte order mark
      '\u202e\u2066-1', // bidi controls
      '\u00ad@SUM(A1)', // soft hyphen
      '\n=1+1', // a line break before it
      '\u000b\u000c=1', // vertical tab, form feed
      '\u{e0041}=1', // a tag character
      '＝HYPERLINK("https://evil.example","x")', // full-width =
      '＋1',
      '－1',
      '＠SUM(A1)',
      '﹦1', // small equals sign
      ' ＋1',
      ' \tfoo', // a tab before the first visible character
      '\u200b\rfoo',
    ];
    for (const cell of hidden) {
      assert.equal(neutraliseFormula(cell), `'${cell}`, JSON.stringify(cell));
      const [[back]] = readBack(csvRow([cell, 'x'])) as [[string]];
      assert.equal(back, `'${cell}`, `${JSON.stringify(cell)}: read back with its prefix and otherwise unchanged`);
    }
    // Text that shows something else first stays as it is, full-width and invisible characters included.
    for (const safe of [' a=b', '\u200bSQL', '＄1', 'Ｓ=1', '\u3000', ' ', '\u200b', '−1', '1＝1', ' \n ']) {
      assert.equal(neutraliseFormula(safe), safe, JSON.stringify(safe));
    }
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
