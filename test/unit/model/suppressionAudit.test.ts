// The scanner of one text (src/model/suppressionAudit.ts): markers found by position, and counted
// only inside a comment token, by the real parser (the Prover over the grammars VS Code ships)
// where the language has one, else by the same-line rule.
import { strict as assert } from 'node:assert';
import { commentSyntaxFor, type CommentSyntax } from '../../../src/model/commentSyntax';
import { Prover } from '../../../src/model/proof/prover';
import { commentOnLine, findMarkers, scanText, type CommentLocator } from '../../../src/model/suppressionAudit';
import { GRAMMAR_DIR } from './insertion/oracles';

const A = '5f0c6a43-8d2e-4f0b-9a51-2c1d6e7f8a90';
const B = '0b4bd5a2-3c8e-4e1f-a6a0-9d2f4c7e1b33';
const prover = new Prover(GRAMMAR_DIR);

function syntax(languageId: string): CommentSyntax {
  const s = commentSyntaxFor(languageId);
  assert.ok(s, languageId);
  return s;
}

/** The suppressions of `text` as `row:column:fpId:checkedBy`, and how many markers were left out. */
async function scan(languageId: string, text: string, locator: CommentLocator | 'none' = prover) {
  const result = await scanText(text, syntax(languageId), locator === 'none' ? undefined : locator);
  return { found: result.suppressions.map((s) => `${s.row}:${s.column}:${s.fpId}:${s.checkedBy}`), ...result };
}

/** `row:column:fpId:checkedBy` of the nth marker of `id` in `text` (columns in UTF-16 code units, as JavaScript counts). */
function at(text: string, id: string, checkedBy: 'parser' | 'line', nth = 0): string {
  let index = -1;
  for (let i = 0; i <= nth; i++) index = text.indexOf(`(fp ${id})`, index + 1);
  assert.ok(index >= 0, `marker ${nth} of ${id}`);
  const before = text.slice(0, index);
  const row = before.split('\n').length - 1;
  return `${row}:${index - (before.lastIndexOf('\n') + 1)}:${id}:${checkedBy}`;
}

/** A locator that counts its calls and answers as the prover does. */
function counting(): CommentLocator & { calls: number } {
  const locator = {
    calls: 0,
    commentAt: (...args: Parameters<Prover['commentAt']>) => {
      locator.calls++;
      return prover.commentAt(...args);
    },
  };
  return locator;
}

describe('suppression audit: the markers of a text', () => {
  it('finds each marker with its row, UTF-16 column and lower-cased fpId', () => {
    const text = `x = 1\n# ok (fp ${A.toUpperCase()})\n\t😀 (fp ${B}) and (fp ${A})\n`;
    assert.deepEqual(findMarkers(text), [
      { row: 1, column: 5, fpId: A },
      { row: 2, column: 4, fpId: B },
      { row: 2, column: 50, fpId: A },
    ]);
  });

  it('counts CRLF line breaks as one row each', () => {
    assert.deepEqual(findMarkers(`a\r\nb\r\n// (fp ${A})\r\n`), [{ row: 2, column: 3, fpId: A }]);
  });

  it('takes no marker split across lines, without its parentheses, or with something else than a UUID', () => {
    for (const text of [
      `// (fp\n// ${A})`,
      `// (fp ${A.slice(0, 20)}\n${A.slice(20)})`,
      `// fp ${A}`,
      `// (fp ${A}`,
      `// (fp  ${A})`,
      `// (FP ${A})`,
      `// (fp ${A.replace(/-/g, '')})`,
      `// (fp ${A}0)`,
    ])
      assert.deepEqual(findMarkers(text), [], text);
  });
});

describe('suppression audit: markers inside comments, proven by the parser', function () {
  this.timeout(60_000);

  it('counts a marker in a line comment and an end-of-line comment', async () => {
    const pyText = `# False positive (fp ${A})\nx = 1  # reviewed (fp ${B})\n`;
    assert.deepEqual((await scan('python', pyText)).found, [at(pyText, A, 'parser'), at(pyText, B, 'parser')]);
    assert.deepEqual((await scan('python', pyText)).found, [`0:17:${A}:parser`, `1:18:${B}:parser`]);
    const tsText = `const a = 1; // (fp ${A})\n`;
    assert.deepEqual((await scan('typescript', tsText)).found, [at(tsText, A, 'parser')]);
  });

  it('counts a marker in a block comment, one line or several (where the same-line rule sees no opener)', async () => {
    const text = `/* (fp ${A}) */\nfunction f() {\n  /*\n   * nosemgrep: rule - false positive (fp ${B})\n   */\n  return 1;\n}\n`;
    const result = await scan('typescript', text);
    assert.deepEqual(result.found, [at(text, A, 'parser'), at(text, B, 'parser')]);
    const middle = `   * nosemgrep: rule - false positive (fp ${B})`;
    assert.equal(commentOnLine(middle, syntax('typescript'), middle.indexOf('(fp')), false);
  });

  it('does not count a marker in a string, even after a comment opener inside it', async () => {
    const ts = await scan('typescript', `const a = "// (fp ${A})";\nconst b = \`\n// (fp ${B})\n\`;\n`);
    assert.deepEqual(ts.found, []);
    assert.equal(ts.outsideComments, 2);
    const py = await scan('python', `s = "# (fp ${A})"\ndoc = """\n# (fp ${B})\n"""\n`);
    assert.deepEqual(py.found, []);
    assert.equal(py.outsideComments, 2);
    const go = await scan('go', `package p\n\nvar s = \`\n// (fp ${A})\n\`\n`);
    assert.deepEqual(go.found, []);
  });

  it('counts two markers on one line with one parse', async () => {
    const locator = counting();
    const text = `f(); // (fp ${A}) and (fp ${B})\n`;
    const result = await scan('javascript', text, locator);
    assert.deepEqual(result.found, [at(text, A, 'parser'), at(text, B, 'parser')]);
    assert.equal(locator.calls, 1);
  });

  it('reads CRLF text, and columns after characters outside the BMP', async () => {
    const text = `const s = "😀é";\r\nconst t = "😀 (fp ${B})"; // 😀 (fp ${A})\r\n`;
    const result = await scan('typescript', text);
    assert.deepEqual(result.found, [at(text, A, 'parser')]);
    assert.equal(result.found[0], `1:64:${A}:parser`);
    assert.equal(result.outsideComments, 1);
  });

  it('uses the same-line rule where the language has no grammar, or no locator is given', async () => {
    const ktText = `val s = "(fp ${A})" // (fp ${B})\n`;
    const kt = await scan('kotlin', ktText);
    assert.deepEqual(kt.found, [at(ktText, B, 'line')]);
    assert.equal(kt.outsideComments, 1);
    const py = await scan('python', `# (fp ${A})\n`, 'none');
    assert.deepEqual(py.found, [`0:2:${A}:line`]);
    // The rule's known blind spot, which the parser removes: a comment opener inside a string.
    const fooled = await scan('python', `s = "# (fp ${A})"\n`, 'none');
    assert.deepEqual(fooled.found, [`0:7:${A}:line`]);
  });

  it('counts a comment that only starts a line only at the start of a line (properties, ini)', async () => {
    const props = await scan('properties', `# (fp ${A})\nkey = value # (fp ${B})\n`);
    assert.deepEqual(props.found, [`0:2:${A}:line`]);
    const ini = await scan('ini', `  ; (fp ${A})\nkey = a ; (fp ${B})\n`);
    assert.deepEqual(ini.found, [`0:4:${A}:line`]);
  });

  it('closes a block comment before the marker on the same line', async () => {
    const text = `/* x */ SELECT '(fp ${A})'; /* (fp ${B}) */\n`;
    assert.deepEqual((await scan('sql', text)).found, [at(text, B, 'line')]);
  });

  it('falls back to the same-line rule when the parser fails, and says so', async () => {
    const failing: CommentLocator = { commentAt: () => Promise.reject(new Error('grammar missing')) };
    const result = await scan('python', `# (fp ${A})\ns = "(fp ${B})"\n`, failing);
    assert.deepEqual(result.found, [`0:2:${A}:line`]);
    assert.equal(result.parserError, 'grammar missing');
  });

  it('parses a text at most as often as its budget allows; the markers past it take the same-line rule', async () => {
    let calls = 0;
    const strings: CommentLocator = { commentAt: async () => (calls++, undefined) };
    // 4 MiB of text: the 16 Mi budget is 4 parses of it.
    const filler = 'x = 1\n'.repeat((4 * 1024 * 1024) / 6 - 200);
    const markers = Array.from({ length: 10 }, (_, i) => `s${i} = "(fp ${A})"  # (fp ${B})\n`).join('');
    const result = await scanText(filler + markers, syntax('python'), strings);
    assert.equal(calls, 4);
    assert.equal(result.overBudget, 16);
    assert.equal(result.outsideComments, 12);
    // 4 parsed markers said "not a comment"; of the 16 by the line rule, the 8 after '#' count.
    assert.equal(result.suppressions.length, 8);
    assert.ok(result.suppressions.every((s) => s.checkedBy === 'line' && s.fpId === B));
  });
});
