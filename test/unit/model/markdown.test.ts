// Markdown tables for CI job summaries: server text renders as itself, on one line, inside its
// cell; no link, image, HTML, emphasis or code comes from it. Read back with a real CommonMark +
// GFM-tables renderer (markdown-it, HTML allowed, as in a job summary).
import { decodeHtml } from '../../support/htmlText';
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import MarkdownIt from 'markdown-it';
import { cleanText } from '../../../src/common/text';
import { markdownTable, markdownText } from '../../../src/model/export/markdown';

const md = new MarkdownIt({ html: true, linkify: false });

/** The rendered cells of a one-row table, as text, and the tags the renderer produced. */
function rendered(cells: string[]): { texts: string[]; tags: string[] } {
  const html = md.render(
    markdownTable(
      cells.map((_, i) => ({ title: `c${i}`, numeric: false })),
      [cells],
    ),
  );
  const body = html.slice(html.indexOf('<tbody>'));
  const texts = [...body.matchAll(/<td>(.*?)<\/td>/gs)].map((m) => decodeHtml(m[1]!));
  const tags = [...html.matchAll(/<([a-z]+)[\s>]/g)].map((m) => m[1]!);
  return { texts, tags };
}

const TABLE_TAGS = new Set(['table', 'thead', 'tbody', 'tr', 'th', 'td']);

const HOSTILE = [
  '[Click to apply the fix](https://evil.example/steal?k=1)',
  '![tracker](https://evil.example/p.png)',
  '<img src=x onerror=alert(1)><script>alert(1)</script>',
  '**bold** _em_ `code` ~~strike~~ $x^2$',
  'pipe | in | cell',
  'line\nbreak\r\nand\u2028more',
  '\u202eevil\u200b bidi',
  '&lt;escaped&gt; &amp; &#60;script&#62;',
  '<https://evil.example/auto>',
  '\\| backslash \\',
  '# heading',
  '- list item',
];

describe('markdown tables', () => {
  it('render hostile server text as its own (cleaned) text, without links, images, HTML or emphasis', () => {
    const { texts, tags } = rendered(HOSTILE);
    assert.deepEqual(texts, HOSTILE.map(cleanText));
    assert.deepEqual(
      tags.filter((t) => !TABLE_TAGS.has(t)),
      [],
    );
  });

  it('render any text as itself in one cell', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: 'grapheme-ascii' }), { minLength: 1, maxLength: 4 }), (cells) => {
        const { texts, tags } = rendered(cells);
        assert.deepEqual(texts, cells.map(cleanText));
        assert.deepEqual(
          tags.filter((t) => !TABLE_TAGS.has(t)),
          [],
        );
      }),
      { numRuns: 500 },
    );
  });

  it('right-align numbers, write them as they are, and leave null cells empty', () => {
    const table = markdownTable(
      [
        { title: 'Scanner', numeric: false },
        { title: 'Share %', numeric: true },
      ],
      [
        ['SonarQube', -1.5],
        ['x', null],
      ],
    );
    assert.equal(table, '| Scanner | Share % |\n| --- | ---: |\n| SonarQube | -1.5 |\n| x |  |');
  });

  it('leave punctuation that does nothing in a cell readable', () => {
    assert.equal(markdownText('Issues (de-duplicated), 50%'), 'Issues (de-duplicated), 50%');
    assert.equal(markdownText('www.evil.example a@b.c https://x'), 'www\\.evil\\.example a\\@b\\.c https\\://x');
  });
});
