// Removing a suppression comment (src/model/suppressionRemoval.ts): the exact inverse of what
// Insert Suppression Comment inserts. Each round trip inserts with chooseInsertion and the real
// templates, finds the marker as the audit does and removes it, proven by the real Prover.
import { strict as assert } from 'node:assert';
import { commentSyntaxFor, type CommentSyntax } from '../../../src/model/commentSyntax';
import { chooseInsertion } from '../../../src/model/insertion';
import { Prover } from '../../../src/model/proof/prover';
import { buildSuppressionComment, resolveStyles } from '../../../src/model/suppression';
import type { Placement } from '../../../src/common/scanners';
import { findMarkers, type CommentLocator } from '../../../src/model/suppressionAudit';
import { planRemoval, type RemovalPlan } from '../../../src/model/suppressionRemoval';
import { GRAMMAR_DIR } from './insertion/oracles';

const A = '5f0c6a43-8d2e-4f0b-9a51-2c1d6e7f8a90';
const B = '0b4bd5a2-3c8e-4e1f-a6a0-9d2f4c7e1b33';
const prover = new Prover(GRAMMAR_DIR);

function syntax(languageId: string): CommentSyntax {
  const s = commentSyntaxFor(languageId);
  assert.ok(s, languageId);
  return s;
}

/** The position of the nth marker of `id` in `text`, as findMarkers gives it. */
function markerOf(text: string, id = A, nth = 0): { row: number; column: number } {
  const marker = findMarkers(text).filter((m) => m.fpId === id)[nth];
  assert.ok(marker, `marker ${nth} of ${id} in ${JSON.stringify(text)}`);
  return marker;
}

async function remove(
  languageId: string,
  text: string,
  options: { id?: string; fpId?: string; parser?: boolean; locator?: CommentLocator } = {},
) {
  const { row, column } = markerOf(text, options.id ?? A);
  const parser = options.parser ?? true;
  return planRemoval({
    text,
    row,
    column,
    fpId: options.fpId ?? options.id ?? A,
    syntax: syntax(languageId),
    locator: options.locator ?? (parser ? prover : undefined),
    prover: parser ? prover : undefined,
  });
}

function removed(plan: RemovalPlan, text?: string): Extract<RemovalPlan, { kind: 'remove' }> {
  assert.equal(plan.kind, 'remove', plan.kind === 'refuse' ? plan.reason : '');
  const ok = plan as Extract<RemovalPlan, { kind: 'remove' }>;
  if (text !== undefined) assert.equal(text.slice(0, ok.start) + text.slice(ok.end), ok.after);
  return ok;
}

function refused(plan: RemovalPlan): string {
  assert.equal(plan.kind, 'refuse', plan.kind === 'remove' ? `removed ${JSON.stringify(plan.after)}` : '');
  return plan.kind === 'refuse' ? plan.reason : '';
}

/** Inserts the comment chooseInsertion chooses at `line`, then removes it by its marker. */
async function roundTrip(languageId: string, text: string, line: number, placement: Placement, eol: '\n' | '\r\n') {
  const [style] = resolveStyles('checkmarx', languageId, { default: { placement } });
  const comment = buildSuppressionComment({
    languageId,
    style: style!,
    fields: { summary: 'input is validated upstream', vendor: 'checkmarx', issueType: 'XSS', vendorIssueId: 'S5131', fpId: A },
  });
  assert.ok(comment.ok, comment.ok ? '' : comment.reason);
  const s = syntax(languageId);
  const choice = await chooseInsertion({ text, line, eol, syntax: s, candidates: comment.candidates, prover, fpId: A });
  if (choice.kind === 'refuse') assert.fail(`${languageId} ${placement}: ${choice.reason}`);
  assert.equal(choice.kind, placement === 'line-above' ? 'insert-above' : 'append');
  const { row, column } = markerOf(choice.after);
  const plan = removed(await planRemoval({ text: choice.after, row, column, fpId: A, syntax: s, locator: prover, prover }), choice.after);
  assert.equal(plan.after, text, `${languageId} ${placement} ${JSON.stringify(eol)}: ${JSON.stringify(choice.after)}`);
  assert.equal(plan.shape, placement === 'line-above' ? 'line' : 'end-of-line');
  assert.equal(plan.checkedBy, choice.checkedBy);
  return { plan, choice };
}

/** Per language: a text with LF line breaks and the line of the finding. */
const SAMPLES: ReadonlyArray<{ languageId: string; text: string; line: number; checkedBy: string | undefined }> = [
  { languageId: 'typescript', text: 'function f(a: string) {\n  return eval(a);\n}\n', line: 1, checkedBy: 'tree-sitter typescript' },
  { languageId: 'python', text: 'def f(a):\n    return eval(a)\n', line: 1, checkedBy: 'tree-sitter python' },
  { languageId: 'go', text: 'package p\n\nfunc f() int {\n\treturn 1\n}\n', line: 3, checkedBy: 'tree-sitter go' },
  { languageId: 'java', text: 'class A {\n  int f() {\n    return 1;\n  }\n}\n', line: 2, checkedBy: 'tree-sitter java' },
  { languageId: 'csharp', text: 'class A {\n  int F() {\n    return 1;\n  }\n}\n', line: 2, checkedBy: 'tree-sitter c-sharp' },
  { languageId: 'ruby', text: 'def f(a)\n  eval(a)\nend\n', line: 1, checkedBy: 'tree-sitter ruby' },
  { languageId: 'shellscript', text: '#!/bin/sh\nrm -rf "$1"\necho done\n', line: 1, checkedBy: 'tree-sitter bash' },
  { languageId: 'php', text: '<?php\nfunction f($a) {\n  return eval($a);\n}\n', line: 2, checkedBy: 'tree-sitter php' },
  { languageId: 'css', text: 'a {\n  color: red;\n}\n', line: 1, checkedBy: 'tree-sitter css' },
  { languageId: 'yaml', text: 'on: push\njobs:\n  build:\n    runs-on: ubuntu-latest\n', line: 3, checkedBy: 'YAML' },
  { languageId: 'html', text: '<html>\n<body>\n<p>hi</p>\n</body>\n</html>\n', line: 2, checkedBy: 'parse5 HTML' },
  {
    languageId: 'typescriptreact',
    text: 'export const P = ({ user }) => (\n  <div>\n    <p>{user.name}</p>\n  </div>\n);\n',
    line: 2,
    checkedBy: 'tree-sitter tsx',
  },
  { languageId: 'sql', text: 'SELECT *\nFROM t\nWHERE a = 1;\n', line: 1, checkedBy: undefined },
  { languageId: 'lua', text: 'local a = 1\nprint(a)\n', line: 1, checkedBy: undefined },
];

describe('suppression removal: round trips through Insert Suppression Comment', function () {
  this.timeout(60_000);

  for (const sample of SAMPLES) {
    for (const placement of ['line-above', 'end-of-line'] as const) {
      it(`${sample.languageId}, ${placement}: gives back the text byte for byte (LF, CRLF; a middle line, a last line without a line break)`, async () => {
        for (const eol of ['\n', '\r\n'] as const) {
          const text = sample.text.replace(/\n/g, eol);
          const { plan } = await roundTrip(sample.languageId, text, sample.line, placement, eol);
          assert.equal(plan.checkedBy, sample.checkedBy);
          // The same file ending without a line break, the finding on its last line.
          const unterminated = text.slice(0, -eol.length);
          await roundTrip(sample.languageId, unterminated, unterminated.split('\n').length - 1, placement, eol);
        }
      });
    }
  }

  it('removes the JSX children form with its braces and no gap ({/* … */} is tight)', async () => {
    const text = 'export const P = ({ user }) => (\n  <div>\n    <p>{user.name}</p>\n  </div>\n);\n';
    const { choice, plan } = await roundTrip('typescriptreact', text, 2, 'end-of-line', '\n');
    assert.match(choice.after, /<\/p>\{\/\* /);
    assert.equal(plan.after, text);
    const above = await roundTrip('typescriptreact', text, 2, 'line-above', '\n');
    assert.match(above.choice.after, /\n {4}\{\/\* /);
  });

  it('removes a Python comment with the two spaces PEP 8 puts before it, and no more', async () => {
    const text = 'x = 1 \n';
    const { choice, plan } = await roundTrip('python', text, 0, 'end-of-line', '\n');
    assert.match(choice.after, /^x = 1 {3}# /);
    assert.equal(plan.after, text);
  });

  it('removes a Semgrep comment from either of its two placements', async () => {
    const text = 'function f(a) {\n  return eval(a);\n}\n';
    for (const style of resolveStyles('semgrep', 'javascript')) {
      const comment = buildSuppressionComment({
        languageId: 'javascript',
        style,
        fields: { summary: 'validated upstream', vendor: 'semgrep', issueType: 'XSS', vendorIssueId: 'js.eval', fpId: A },
      });
      assert.ok(comment.ok, comment.ok ? '' : comment.reason);
      const choice = await chooseInsertion({
        text,
        line: 1,
        eol: '\n',
        syntax: syntax('javascript'),
        candidates: comment.candidates,
        prover,
      });
      assert.notEqual(choice.kind, 'refuse');
      if (choice.kind === 'refuse') return;
      const plan = removed(await remove('javascript', choice.after), choice.after);
      assert.equal(plan.after, text);
      assert.equal(plan.checkedBy, 'tree-sitter javascript');
    }
  });
});

describe('suppression removal: comments written by hand', function () {
  this.timeout(60_000);

  it('keeps the code after a comment, and one side of the white space around it', async () => {
    const inline = removed(await remove('typescript', `foo(/* reviewed (fp ${A}) */ 1);\n`));
    assert.deepEqual([inline.after, inline.shape, inline.checkedBy], ['foo(1);\n', 'inline', 'tree-sitter typescript']);
    const first = removed(await remove('typescript', `  /* (fp ${A}) */ foo();\n`));
    assert.equal(first.after, '  foo();\n');
    const between = removed(await remove('sql', `SELECT a /* (fp ${A}) */, b FROM t;\n`));
    assert.deepEqual([between.after, between.checkedBy], ['SELECT a , b FROM t;\n', undefined]);
    const kept = removed(await remove('typescript', `const x = a -/* (fp ${A}) */ -b;\n`));
    assert.equal(kept.after, 'const x = a - -b;\n');
    assert.equal(removed(await remove('typescript', `f(a,/* (fp ${A}) */ b);\n`)).after, 'f(a,b);\n');
  });

  it('refuses, without a parser, to join the code on both sides of a comment', async () => {
    assert.match(refused(await remove('kotlin', `val x = a/* (fp ${A}) */b\n`)), /code touches the comment on both sides/);
    assert.equal(removed(await remove('kotlin', `f(/* (fp ${A}) */)\n`)).after, 'f()\n');
  });

  it('removes a block comment over several lines, found from a marker on a middle line', async () => {
    const text = `function f() {\n  /*\n   * reviewed (fp ${A})\n   */\n  return 1;\n}\n`;
    const plan = removed(await remove('typescript', text), text);
    assert.deepEqual([plan.after, plan.shape], ['function f() {\n  return 1;\n}\n', 'line']);
    const css = `a {\r\n  color: red; /* reviewed\r\n  (fp ${A}) */\r\n}\r\n`;
    assert.equal(removed(await remove('css', css)).after, 'a {\r\n  color: red;\r\n}\r\n');
    // The same-line rule finds a block opened on the marker's line and closed lines later.
    const sql = `SELECT 1; /* reviewed (fp ${A})\n   by the team */\nSELECT 2;\n`;
    assert.equal(removed(await remove('sql', sql)).after, 'SELECT 1;\nSELECT 2;\n');
  });

  it('keeps the braces around a comment where they are code, not the JSX form', async () => {
    const text = `function f() {/* (fp ${A}) */}\n`;
    const plan = removed(await remove('typescriptreact', text), text);
    assert.deepEqual([plan.after, plan.checkedBy], ['function f() {}\n', 'tree-sitter tsx']);
  });

  it('removes a Ruby =begin … =end block, found by the parser', async () => {
    const text = `x = 1\n=begin\nreviewed (fp ${A})\n=end\ny = 2\n`;
    assert.equal(removed(await remove('ruby', text), text).after, 'x = 1\ny = 2\n');
  });

  it('removes a comment on the last line without a line break, with the line break before it', async () => {
    assert.equal(removed(await remove('typescript', `a();\r\n// (fp ${A})`)).after, 'a();');
    assert.equal(removed(await remove('typescript', `// (fp ${A})`)).after, '');
    assert.equal(removed(await remove('typescript', `a();\t// (fp ${A})  `)).after, 'a();');
    // Nothing left to prove: checked by no parser.
    assert.deepEqual(removed(await remove('typescript', `\n// (fp ${A})\n`)), {
      kind: 'remove',
      start: 1,
      end: 46,
      after: '\n',
      shape: 'line',
      checkedBy: undefined,
    });
  });

  it('takes the language gap when the white space ends with it, else all of it', async () => {
    assert.equal(removed(await remove('python', `x = 1   # (fp ${A})\n`)).after, 'x = 1 \n');
    assert.equal(removed(await remove('typescript', `x();\t// (fp ${A})\n`)).after, 'x();\n');
    assert.equal(removed(await remove('typescript', `x();  // (fp ${A})\n`)).after, 'x(); \n');
  });

  it('counts columns in UTF-16 code units: accents and emoji before the comment on its line', async () => {
    const text = `const s = "é😀"; // reviewed (fp ${A})\nconst t = 1;\n`;
    const { column } = markerOf(text);
    assert.equal(column, text.indexOf('(fp'));
    assert.notEqual(column, [...text.slice(0, column)].length, 'the emoji is two code units, one code point');
    for (const parser of [true, false]) {
      const plan = removed(await remove('typescript', text, { parser }), text);
      assert.deepEqual([plan.after, plan.checkedBy], ['const s = "é😀";\nconst t = 1;\n', parser ? 'tree-sitter typescript' : undefined]);
    }
    // Through the insertion, on a line of Python with them, CRLF.
    const python = 'print("é😀")\r\nx = "日本"\r\n';
    for (const placement of ['line-above', 'end-of-line'] as const) await roundTrip('python', python, 1, placement, '\r\n');
  });

  it("finds the HTML comment after a URL that holds the other forms' opener (//)", async () => {
    const text = `<p><a href="http://example.com/">x</a></p> <!-- reviewed (fp ${A}) -->\n`;
    const plan = removed(await remove('html', text), text);
    assert.deepEqual(
      [plan.after, plan.shape, plan.checkedBy],
      ['<p><a href="http://example.com/">x</a></p>\n', 'end-of-line', 'parse5 HTML'],
    );
    const inline = `<p><a href="http://example.com/">x</a> <!-- reviewed (fp ${A}) --></p>\n`;
    assert.equal(removed(await remove('html', inline)).after, '<p><a href="http://example.com/">x</a> </p>\n');
    const yaml = `key: "a#b" # reviewed (fp ${A})\n`;
    assert.deepEqual(removed(await remove('yaml', yaml)).after, 'key: "a#b"\n');
  });

  it('reads past a block comment closed before the marker on the same line', async () => {
    const text = `/* x */ SELECT 1; -- (fp ${A})\n`;
    assert.equal(removed(await remove('sql', text)).after, '/* x */ SELECT 1;\n');
    const lua = `print(1) --[[ (fp ${A}) ]] print(2)\n`;
    assert.equal(removed(await remove('lua', lua)).after, 'print(1) print(2)\n');
  });

  it('removes without a proof where no prover is given, and says so', async () => {
    const plan = removed(await remove('python', `x = 1  # (fp ${A})\n`, { parser: false }));
    assert.deepEqual([plan.after, plan.checkedBy], ['x = 1\n', undefined]);
  });
});

describe('suppression removal: refusals', function () {
  this.timeout(60_000);

  it("refuses when the marker is no longer there, or is another false positive's", async () => {
    const text = `a();\n// reviewed (fp ${A})\nb();\n`;
    const { row, column } = markerOf(text);
    const s = syntax('typescript');
    const gone = await planRemoval({ text: 'a();\nb();\n', row, column, fpId: A, syntax: s, locator: prover, prover });
    assert.match(refused(gone), /moved or changed: line 2 no longer holds a suppression marker/);
    const shifted = await planRemoval({ text: `\n${text}`, row, column, fpId: A, syntax: s, locator: prover, prover });
    assert.match(refused(shifted), /moved or changed/);
    const past = await planRemoval({ text, row: 9, column, fpId: A, syntax: s, locator: prover, prover });
    assert.match(refused(past), /moved or changed/);
    const other = await planRemoval({ text: text.replace(A, B), row, column, fpId: A, syntax: s, locator: prover, prover });
    assert.match(refused(other), new RegExp(`another false positive \\(fp ${B}\\)`));
    // The fpId is compared without regard to case.
    assert.equal(removed(await remove('typescript', text, { fpId: A.toUpperCase() })).after, 'a();\nb();\n');
  });

  it('refuses a marker inside a string, by the parser, even after a comment opener in the string', async () => {
    assert.match(refused(await remove('typescript', `const s = "// (fp ${A})";\n`)), /not inside a comment/);
    assert.match(refused(await remove('python', `s = """\n# (fp ${A})\n"""\n`)), /not inside a comment/);
    assert.match(refused(await remove('sql', `SELECT '(fp ${A})';\n`)), /not inside a comment/);
  });

  it('refuses a block comment that is not closed', async () => {
    assert.match(refused(await remove('sql', `SELECT 1; /* (fp ${A})\nSELECT 2;\n`)), /not closed \('\*\/' is missing\)/);
    assert.match(refused(await remove('typescript', `a();\n/* (fp ${A})\nb();\n`)), /not closed/);
    assert.match(refused(await remove('css', `a {}\n/* (fp ${A})\n`)), /not closed/);
  });

  it('refuses when the proof fails: removing the comment would change the code', async () => {
    const reason = refused(await remove('typescript', `const x = a/* (fp ${A}) */b;\n`));
    assert.match(reason, /cannot be proven to leave the code as it is: .*tree-sitter typescript/);
  });

  it("refuses a comment that also holds another false positive's marker", async () => {
    const text = `// (fp ${A}) and (fp ${B})\nx();\n`;
    assert.match(refused(await remove('typescript', text)), new RegExp(`another false positive \\(fp ${B}\\)`));
    assert.match(refused(await remove('sql', text.replace('//', '--'))), /edit the comment by hand/);
  });

  it('refuses when the parser fails, with its message', async () => {
    const failing: CommentLocator = { commentAt: () => Promise.reject(new Error('grammar missing')) };
    assert.match(
      refused(await remove('python', `# (fp ${A})\n`, { locator: failing })),
      /python parser failed on the file \(grammar missing\)/,
    );
  });
});
