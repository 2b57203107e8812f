// Server text in hovers (markdownLiteral) and in plain-text documents (cleanLines). A hover is
// markdown: what markdownLiteral writes is rendered here by markdown-it with auto-links on
// (linkify: bare `https://…`, `www.…`, `a@b.c` and `evil.com` become links, as GFM's auto-links
// do in the editor's renderer) and HTML on, and must come out as its own text: no link, no
// markup, the same words. Its output is also what VS Code's MarkdownString.appendText would
// have let through, shown auto-linked below, which is why hovers no longer use it.
import { decodeHtml } from '../../support/htmlText';
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import MarkdownIt from 'markdown-it';
import { cleanLines, cleanText, markdownLiteral } from '../../../src/common/text';

const md = new MarkdownIt({ html: true, linkify: true });

/** The tags of the rendered HTML, and its text with entities decoded, paragraph by paragraph. */
function rendered(markdown: string): { tags: string[]; paragraphs: string[] } {
  const html = md.render(markdown);
  const tags = [...html.matchAll(/<\/?([a-z0-9]+)[\s>]/gi)].map((m) => m[1]!.toLowerCase());
  const paragraphs = [...html.matchAll(/<p>(.*?)<\/p>/gs)].map((m) => decodeHtml(m[1]!));
  return { tags, paragraphs };
}

/** VS Code's MarkdownString.appendText (src/vs/base/common/htmlContent.ts), for the comparison. */
function appendText(text: string): string {
  return text
    .replace(/[\\`*_{}[\]()#+\-!~]/g, '\\$&')
    .replace(/([ \t]+)/g, (_m, g1: string) => '&nbsp;'.repeat(g1.length))
    .replace(/>/gm, '\\>')
    .replace(/\n/g, '\n\n');
}

/** How tooltips wrote server text before markdownLiteral: appendText word by word, `<` as `&lt;`. */
function formerTooltipText(text: string): string {
  return text
    .split(/\r\n|\r|\n/)
    .map((line) =>
      line
        .split(/[ \t]+/)
        .filter(Boolean)
        .map((word) => word.split('<').map(appendText).join('&lt;'))
        .join(' '),
    )
    .join('\n\n');
}

const HOSTILE = [
  'See https://evil.example/steal?k=1 for the fix',
  'http://evil.example',
  'www.evil.example and www.evil.com',
  'evil.com',
  'mail attacker@evil.com now',
  'mailto:attacker@evil.com',
  '//evil.example/protocol-relative',
  'ftp://evil.example/x',
  'xn--80ak6aa92e.com',
  'http：//evil.com (a full-width colon)',
  '<https://evil.example/auto>',
  '[Click to apply the fix](https://evil.example/steal?k=1)',
  '![tracker](https://evil.example/p.png)',
  '[Run](command:workbench.action.terminal.sendSequence?%7B%7D)',
  '<img src=x onerror=alert(1)><script>alert(1)</script>',
  '&lt;escaped&gt; &amp; &#60;script&#62;',
  '**bold** _em_ `code` ~~strike~~ $x^2$',
  '# heading',
  '- list item',
  '1. ordered',
  '> quote',
  '    indented code',
  '| a | b |\n|---|---|\n| c | d |',
  '---',
  'Setext\n===',
  'trailing backslash \\',
  'two trailing spaces  \nnext line',
  '\u202eevil\u200b bidi\u2066 and https://evil\u200b.example',
  'line\r\nbreak\rand\u2028more\u2029end\u0085done',
];

describe('markdownLiteral (server text in hovers)', () => {
  it('renders hostile text as its own text: no link, no auto-link, no markup', () => {
    for (const text of HOSTILE) {
      const { tags, paragraphs } = rendered(markdownLiteral(text));
      assert.deepEqual(
        tags.filter((t) => t !== 'p'),
        [],
        `${JSON.stringify(text)} → ${md.render(markdownLiteral(text))}`,
      );
      const lines = cleanLines(text)
        .split('\n')
        .map(cleanText)
        .filter((l) => l !== '');
      assert.deepEqual(paragraphs, lines, JSON.stringify(text));
    }
  });

  it('is what appendText was not: through it, bare addresses were auto-linked', () => {
    const bare = HOSTILE.slice(0, 8); // all but the punycode one, whose `--` appendText escapes
    for (const text of bare) {
      assert.ok(md.render(formerTooltipText(text)).includes('<a'), `linked before: ${text}`);
      assert.ok(!md.render(markdownLiteral(text)).includes('<a'), `not linked now: ${text}`);
    }
  });

  it('renders ordinary prose exactly as it reads, one paragraph per line', () => {
    const prose =
      'Semgrep reported SQL Injection (python.lang.security.sql) in app/db.py:12, in get_user().\n\nThe value is validated: it never reaches the query — see “Evidence” (3 steps, 100%).';
    const { tags, paragraphs } = rendered(markdownLiteral(prose));
    assert.deepEqual(tags, ['p', 'p', 'p', 'p']);
    assert.deepEqual(paragraphs, prose.split('\n\n'));
  });

  it('renders any text as its cleaned lines, and never makes a link or a tag', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'ab :/.@<>&[]()!*_`#-+=|~\\$w\n\t\u200b\u202e'.split('')) }), (text) => {
        const { tags, paragraphs } = rendered(markdownLiteral(text));
        assert.deepEqual(
          tags.filter((t) => t !== 'p'),
          [],
        );
        assert.deepEqual(
          paragraphs,
          cleanLines(text)
            .split('\n')
            .map(cleanText)
            .filter((l) => l !== ''),
        );
      }),
      { numRuns: 2_000 },
    );
  });
});

describe('cleanLines (plain-text documents of several lines)', () => {
  it('keeps line breaks (as \\n) and indentation, and turns every other unsafe character into a space', () => {
    assert.equal(cleanLines('a\r\nb\rc\nd\u0085e\u2028f\u2029g'), 'a\nb\nc\nd\ne\nf\ng');
    assert.equal(cleanLines('Safe \u202e// ;)"lla"\u202c done'), 'Safe  // ;)"lla"  done');
    assert.equal(cleanLines('    code();\n\tindented'), '    code();\n indented');
    assert.equal(cleanLines('zero\u200bwidth \ufeffbom\u000b\u000c end  '), 'zero width  bom   end');
    assert.equal(cleanLines('⚠️ kept'), '⚠️ kept', 'an emoji keeps its presentation selector');
  });

  it('never lets an unsafe character other than a line feed through', () => {
    const unsafe = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}]/u;
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        for (const line of cleanLines(text).split('\n')) {
          const hit = [...line].find(
            (ch, i, all) =>
              unsafe.test(ch) && !(/[\ufe0e\ufe0f]/.test(ch) && i > 0 && !unsafe.test(all[i - 1]!) && !/\s/.test(all[i - 1]!)),
          );
          assert.equal(hit, undefined, JSON.stringify(line));
        }
      }),
      { numRuns: 2_000 },
    );
  });
});
