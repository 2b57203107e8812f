import { strict as assert } from 'node:assert';
import { type Placement } from '../../../src/common/scanners';
import fc from 'fast-check';
import { commentSyntaxFor, knownCommentLanguages } from '../../../src/model/commentSyntax';
import { codePointLength } from '../../../src/common/text';
import {
  buildSuppressionComment,
  NEUTRAL_STYLE,
  planInsertion,
  VENDORLESS_STYLE,
  resolveStyle,
  resolveStyles,
  type SuppressionFields,
  type SuppressionSettings,
  type SuppressionStyle,
} from '../../../src/model/suppression';

const fields: SuppressionFields = {
  summary: 'Input is validated by isSafePath() before use, so the path cannot escape the root.',
  vendor: 'checkmarx',
  issueType: 'PATH_TRAVERSAL',
  vendorIssueId: 'python.lang.security.path-traversal',
  fpId: '5f0c6a43-8d2e-4f0b-9a51-2c1d6e7f8a90',
};

function build(languageId: string, overrides: Partial<SuppressionFields> = {}, style?: Partial<SuppressionStyle>) {
  const f = { ...fields, ...overrides };
  const resolved = resolveStyle(f.vendor, languageId);
  return buildSuppressionComment({ languageId, fields: f, style: { ...resolved, ...style } });
}

function line(languageId: string, overrides: Partial<SuppressionFields> = {}, style?: Partial<SuppressionStyle>): string {
  const r = build(languageId, overrides, style);
  assert.ok(r.ok, `${languageId}: ${r.ok ? '' : r.reason}`);
  return r.line;
}

function reason(languageId: string, overrides: Partial<SuppressionFields> = {}, style?: Partial<SuppressionStyle>): string {
  const r = build(languageId, overrides, style);
  assert.equal(r.ok, false, `${languageId}: expected a rejection, got ${r.ok ? r.line : ''}`);
  return r.ok ? '' : r.reason;
}

const neutral = (s: string) => `False positive (checkmarx python.lang.security.path-traversal): ${s} (fp ${fields.fpId})`;

// ---- An independent reading of "is this exactly one comment in that language" ----

const C_PREPROCESSED = new Set(['c', 'cpp', 'cuda-cpp', 'objective-c', 'objective-cpp']);
const UNICODE_ESCAPES = new Set(['java', 'groovy', 'scala']);
const MARKUP = new Set(['html', 'xml', 'xsl']);
const NESTING: Record<string, string> = {
  rust: '/*',
  kotlin: '/*',
  swift: '/*',
  dart: '/*',
  scala: '/*',
  sql: '/*',
  haskell: '{-',
  julia: '#=',
};
const LINE_BREAK = /[\n\r\u000B\u000C\u0085\u2028\u2029]/;

/** Returns why `text` is not a single comment in `languageId`, or undefined if it is. */
function notOneComment(languageId: string, text: string): string | undefined {
  if (LINE_BREAK.test(text)) return 'contains a line break';
  const syntax = commentSyntaxFor(languageId);
  if (!syntax) return 'unknown language';
  for (const form of syntax.forms) {
    if (form.kind === 'block') {
      if (!text.startsWith(`${form.open} `) || !text.endsWith(` ${form.close}`)) continue;
      const inner = text.slice(form.open.length, text.length - form.close.length);
      if (inner.includes(form.close)) return `closer ${form.close} before the end`;
      if (text.indexOf(form.close) !== text.length - form.close.length) return 'closer overlaps the opener';
      const nestOpen = NESTING[languageId];
      if (nestOpen === form.open && inner.includes(nestOpen)) return 'nested opener';
      if (MARKUP.has(languageId) && (inner.includes('--') || inner.endsWith('-'))) return "'--' in a markup comment";
      if (languageId === 'powershell' && inner.includes('#>')) return "'#>' in a block comment";
      return undefined;
    }
    if (!text.startsWith(`${form.open} `)) continue;
    if (C_PREPROCESSED.has(languageId) && /(\\|\?\?\/)\s*$/.test(text)) return 'line splice';
    if (languageId === 'makefile' && /\\\s*$/.test(text)) return 'make continuation';
    if (languageId === 'php' && text.includes('?>')) return "'?>' ends PHP mode";
    if (UNICODE_ESCAPES.has(languageId) && /\\u/i.test(text)) return 'unicode escape';
    return undefined;
  }
  return 'does not start with a comment marker of the language';
}

/** The prose allowlist, written independently of src/model/sanitize.ts: letters, marks, numbers,
 * space separators and punctuation of any script, printable ASCII, minus each language's
 * hazard characters. */
const PROSE_CHAR = /^[\p{L}\p{M}\p{N}\p{Zs}\p{P}\x20-\x7e]$/u;
const HAZARD_CHARS: Record<string, string> = {
  javascript: '{}<>',
  javascriptreact: '{}<>',
  typescriptreact: '{}<>',
  html: '<>',
  xml: '<>',
  xsl: '<>',
  php: '<>',
  yaml: '{}',
  dockercompose: '{}',
  'github-actions-workflow': '{}',
  bat: '%!^&|<>',
  makefile: '$',
};
function outsideAllowlist(languageId: string, text: string): boolean {
  const hazards = HAZARD_CHARS[languageId] ?? '';
  return Array.from(text).some((ch) => !PROSE_CHAR.test(ch) || hazards.includes(ch));
}

/** Forbidden in any inserted text; one U+FE0E/U+FE0F right after a visible character is allowed. */
const FORBIDDEN =
  /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\u00AD\u034F\u061C\u115F\u1160\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\u3164\uFE00-\uFE0F\uFEFF\uFFA0\u{E0000}-\u{E0FFF}]/u;
const hasForbidden = (s: string) => FORBIDDEN.test(s.replace(/(?<=[^\uFE00-\uFE0F\u200D])[\uFE0E\uFE0F]/gu, ''));

// ---- Examples ----

describe('comment syntax per language', () => {
  const expected: [string, string][] = [
    ['python', `# ${neutral(fields.summary)}`],
    ['typescript', `// ${neutral(fields.summary)}`],
    ['javascript', `// ${neutral(fields.summary)}`],
    ['javascriptreact', `// ${neutral(fields.summary)}`],
    ['typescriptreact', `// ${neutral(fields.summary)}`],
    ['java', `// ${neutral(fields.summary)}`],
    ['csharp', `// ${neutral(fields.summary)}`],
    ['c', `// ${neutral(fields.summary)}`],
    ['cpp', `// ${neutral(fields.summary)}`],
    ['go', `// ${neutral(fields.summary)}`],
    ['php', `// ${neutral(fields.summary)}`],
    ['kotlin', `// ${neutral(fields.summary)}`],
    ['swift', `// ${neutral(fields.summary)}`],
    ['scala', `// ${neutral(fields.summary)}`],
    ['rust', `// ${neutral(fields.summary)}`],
    ['dart', `// ${neutral(fields.summary)}`],
    ['groovy', `// ${neutral(fields.summary)}`],
    ['objective-c', `// ${neutral(fields.summary)}`],
    ['jsonc', `// ${neutral(fields.summary)}`],
    ['scss', `// ${neutral(fields.summary)}`],
    ['less', `// ${neutral(fields.summary)}`],
    ['ruby', `# ${neutral(fields.summary)}`],
    ['shellscript', `# ${neutral(fields.summary)}`],
    ['powershell', `# ${neutral(fields.summary)}`],
    ['yaml', `# ${neutral(fields.summary)}`],
    ['dockerfile', `# ${neutral(fields.summary)}`],
    ['terraform', `# ${neutral(fields.summary)}`],
    ['hcl', `# ${neutral(fields.summary)}`],
    ['perl', `# ${neutral(fields.summary)}`],
    ['r', `# ${neutral(fields.summary)}`],
    ['elixir', `# ${neutral(fields.summary)}`],
    ['toml', `# ${neutral(fields.summary)}`],
    ['makefile', `# ${neutral(fields.summary)}`],
    ['properties', `# ${neutral(fields.summary)}`],
    ['ini', `; ${neutral(fields.summary)}`],
    ['bat', `REM ${neutral(fields.summary)}`],
    ['sql', `-- ${neutral(fields.summary)}`],
    ['lua', `-- ${neutral(fields.summary)}`],
    ['haskell', `-- ${neutral(fields.summary)}`],
    ['clojure', `; ${neutral(fields.summary)}`],
    ['html', `<!-- ${neutral(fields.summary)} -->`],
    ['xml', `<!-- ${neutral(fields.summary)} -->`],
    ['css', `/* ${neutral(fields.summary)} */`],
  ];
  for (const [languageId, want] of expected) {
    it(`${languageId}: ${want.slice(0, 12)}…`, () => assert.equal(line(languageId), want));
  }

  it('has no entry for languages whose syntax depends on context or that have no comments', () => {
    for (const id of ['vue', 'svelte', 'json', 'plaintext', 'markdown', 'constructor', '__proto__']) {
      assert.equal(commentSyntaxFor(id), undefined, id);
      assert.equal(reason(id), `No comment syntax is known for language '${id}'`);
    }
  });

  it('puts Dockerfile, Makefile, INI, properties and batch comments only at the start of a line', () => {
    for (const id of ['dockerfile', 'makefile', 'ini', 'properties', 'bat']) {
      assert.equal(commentSyntaxFor(id)?.endOfLine, false, id);
      assert.match(reason(id, {}, { placement: 'end-of-line' }), /must start a line.*'line-above'/);
    }
    assert.equal(commentSyntaxFor('python')?.endOfLine, true);
  });

  it('falls back to a block comment when the line form cannot hold the text', () => {
    assert.equal(line('scss', { summary: 'uses #{x}' }, { template: '{summary}' }), '// uses #{x}');
    assert.equal(line('cpp', { summary: 'ends in a backslash \\' }, { template: '{summary}' }), '/* ends in a backslash \\ */');
    assert.equal(line('go', { summary: 'a */ b' }), `// ${neutral('a */ b')}`);
  });

  it('rejects, naming the hazard, what no comment form of the language can hold', () => {
    assert.match(reason('css', { summary: 'ends */ early' }), /css comment: '\*\/' would end the comment early/);
    assert.match(reason('xml', { summary: 'a -- b' }), /'--' is not allowed inside an XML\/HTML comment/);
    // HTML keeps the forms of <script>/<style> lines; which one fits is the parser's to prove.
    const html = build('html', { summary: 'a -- b' });
    assert.ok(html.ok && html.candidates.every((c) => c.form.open !== '<!--'));
    assert.match(reason('xml', { summary: 'x --> <script>' }), /U\+003E GREATER-THAN SIGN.*can close a tag/);
    assert.match(reason('xml', { summary: 'x' }, { template: '{summary} -->' }), /'-->' would end the comment early/);
    assert.match(reason('c', { summary: 'a */ and \\' }, { template: '{summary}' }), /line splice/);
    // Found by the main property (seed 1835465407): a trigraph backslash, then a no-break space.
    assert.match(reason('cpp', { summary: 'a */ and ??/\u00a0 ' }, { template: '{summary}' }), /line splice/);
    assert.match(reason('java', { summary: 'see \\u000a here' }), /Unicode escape/);
    assert.match(reason('python', { summary: 'coding: utf-7' }), /PEP 263/);
    assert.match(reason('ruby', { summary: 'x frozen_string_literal: false' }), /magic comment/);
    assert.match(reason('makefile', { summary: 'runs $(shell id)' }), /make expands/);
    assert.match(reason('bat', { summary: 'path %~dp0 is fixed' }), /U\+0025 PERCENT SIGN.*'%'/);
    assert.match(reason('dockerfile', { summary: 'x' }, { template: '{summary}=1' }), /parser directive/);
    assert.match(reason('typescript', { summary: 'vim: set ft=sh' }), /Vim modeline/);
    assert.match(reason('python', { summary: 'x -*- mode: python -*-' }), /Emacs/);
    assert.match(reason('csharp', { summary: 'x' }, { template: '<auto-generated> {summary}' }), /analyzers skip/);
  });
});

describe('vendor defaults', () => {
  it('SonarQube: NOSONAR at the end of the finding line', () => {
    assert.deepEqual(resolveStyle('sonarqube', 'java'), { template: 'NOSONAR: {summary} (fp {fpId})', placement: 'end-of-line' });
    const r = build('python', { vendor: 'sonarqube' });
    assert.ok(r.ok);
    assert.equal(r.line, `# NOSONAR: ${fields.summary} (fp ${fields.fpId})`);
    assert.equal(r.placement, 'end-of-line');
  });

  it('SonarQube cannot be suppressed where comments must start a line, and not from the line above', () => {
    assert.match(reason('dockerfile', { vendor: 'sonarqube' }), /must start a line/);
    assert.match(reason('java', { vendor: 'sonarqube' }, { placement: 'line-above' }), /SonarQube does not honour .* on the line above/);
    assert.match(reason('java', { vendor: 'sonarqube' }, { template: 'nosonar {summary}' }), /capitals/);
  });

  it('Semgrep: the line above first (the code stays in view); a summary with commas falls back to the end of the line, justification before the marker', () => {
    const styles = resolveStyles('semgrep', 'python');
    assert.deepEqual(
      styles.map((s) => s.placement),
      ['line-above', 'end-of-line'],
    );
    const f = { ...fields, vendor: 'semgrep', summary: 'Escaped, quoted, and bounded.' };
    const above = buildSuppressionComment({ languageId: 'python', fields: f, style: styles[0]! });
    assert.equal(above.ok, false, 'commas after nosemgrep: on the line above would be read as rule ids');
    const r = buildSuppressionComment({ languageId: 'python', fields: f, style: styles[1]! });
    assert.ok(r.ok);
    assert.equal(
      r.line,
      `# False positive: Escaped, quoted, and bounded. (fp ${fields.fpId}) nosemgrep: python.lang.security.path-traversal`,
    );
    assert.equal(r.placement, 'end-of-line');
    const plain = buildSuppressionComment({ languageId: 'python', fields: { ...f, summary: 'Escaped and bounded.' }, style: styles[0]! });
    assert.ok(plain.ok);
    assert.equal(plain.placement, 'line-above');
    assert.equal(plain.line, `# nosemgrep: python.lang.security.path-traversal - false positive: Escaped and bounded. (fp ${fields.fpId})`);
    assert.equal(resolveStyle('opengrep', 'go').template, resolveStyle('semgrep', 'go').template);
    assert.ok(
      line('html', { vendor: 'semgrep', summary: 'ok' }, styles[1]).endsWith(' nosemgrep: python.lang.security.path-traversal -->'),
    );
  });

  it('a placement or template the user chose is the only style tried', () => {
    assert.deepEqual(
      resolveStyles('semgrep', 'python', { byVendor: { semgrep: { placement: 'end-of-line' } } }).map((s) => s.placement),
      ['end-of-line'],
    );
    assert.equal(resolveStyles('semgrep', 'python', { byLanguage: { python: { placement: 'line-above' } } }).length, 1);
    assert.equal(resolveStyles('sonarqube', 'python').length, 1, 'SonarQube has one form');
  });

  it('Semgrep on the line above: the marker comes first and stray ids are refused', () => {
    assert.deepEqual(resolveStyle('semgrep', 'dockerfile'), {
      template: 'nosemgrep: {vendorIssueId} - false positive: {summary} (fp {fpId})',
      placement: 'line-above',
    });
    assert.equal(
      line('dockerfile', { vendor: 'semgrep', summary: 'The base image is pinned by digest' }),
      `# nosemgrep: python.lang.security.path-traversal - false positive: The base image is pinned by digest (fp ${fields.fpId})`,
    );
    assert.match(reason('dockerfile', { vendor: 'semgrep', summary: 'Pinned, verified' }), /rule id.*\('verified'\)$/);
    assert.match(
      reason('python', { vendor: 'semgrep' }, { template: 'Note {summary} nosemgrep: {vendorIssueId}', placement: 'line-above' }),
      /first word of the comment/,
    );
    assert.match(reason('python', { vendor: 'semgrep', vendorIssueId: 'rule id' }), /'rule'/);
    assert.match(reason('python', { vendor: 'semgrep', vendorIssueId: 'rule#1' }), /not a valid Semgrep rule id/);
    // Ids written literally into the user's template are the user's choice.
    assert.equal(
      line('python', { vendor: 'semgrep' }, { template: 'nosemgrep: my-rule, {vendorIssueId}', placement: 'line-above' }),
      '# nosemgrep: my-rule, python.lang.security.path-traversal',
    );
  });

  it('Snyk Code: deepcode ignore on the line above', () => {
    const r = build('javascript', { vendor: 'snyk', vendorIssueId: 'javascript/Sqli' });
    assert.ok(r.ok);
    assert.equal(r.line, `// deepcode ignore javascript/Sqli: ${fields.summary} (fp ${fields.fpId})`);
    assert.equal(r.placement, 'line-above');
    assert.match(reason('javascript', { vendor: 'snyk', vendorIssueId: 'a b' }), /Snyk Code/);
  });

  it('CodeQL: codeql[query-id] on the line above, never after code', () => {
    const r = build('javascript', { vendor: 'codeql', vendorIssueId: 'js/path-injection' });
    assert.ok(r.ok);
    assert.equal(r.line, `// codeql[js/path-injection] ${fields.summary} (fp ${fields.fpId})`);
    assert.equal(r.placement, 'line-above');
    assert.match(reason('javascript', { vendor: 'codeql', vendorIssueId: 'js/x' }, { placement: 'end-of-line' }), /CodeQL does not honour/);
    assert.match(reason('javascript', { vendor: 'codeql', vendorIssueId: 'js/x] other[' }), /CodeQL would read a different query id/);
  });

  it('Checkmarx, Fortify and unknown scanners get the neutral text on the line above', () => {
    for (const vendor of ['checkmarx', 'fortify', 'veracode', 'something-new']) {
      assert.deepEqual(resolveStyle(vendor, 'java'), NEUTRAL_STYLE);
    }
    assert.equal(
      line('java', { vendor: 'fortify', vendorIssueId: 'F-12' }),
      `// False positive (fortify F-12): ${fields.summary} (fp ${fields.fpId})`,
    );
  });

  it('with no vendor known, the neutral text has only the summary and the fpId, and a bare form', () => {
    const none = { vendor: '', vendorIssueId: '', issueType: '' };
    const full = buildSuppressionComment({ languageId: 'java', fields: { ...fields, ...none }, style: VENDORLESS_STYLE });
    assert.ok(full.ok && full.line === `// False positive: ${fields.summary} (fp ${fields.fpId})`, JSON.stringify(full));
    const bare = buildSuppressionComment({
      languageId: 'java',
      fields: { ...fields, ...none },
      style: VENDORLESS_STYLE,
      omitSummary: true,
    });
    assert.ok(bare.ok && bare.line === `// False positive (fp ${fields.fpId})`, JSON.stringify(bare));
  });

  it('refuses server text that smuggles in a suppression directive', () => {
    assert.match(reason('python', { summary: 'fine. NOSONAR' }), /summary contains NOSONAR/);
    assert.match(reason('python', { summary: 'ok nosemgrep' }), /nosemgrep/);
    assert.match(reason('python', { issueType: 'x # noqa' }, { template: '{issueType}: {summary}' }), /issue type contains noqa/);
    assert.match(reason('typescript', { summary: 'see codeql [js/x]' }), /codeql/);
    assert.match(reason('typescript', { summary: 'x eslint-disable-next-line' }), /ESLint/);
    assert.match(reason('python', { summary: 'type: ignore' }), /mypy/);
  });
});

describe('resolveStyle with user settings', () => {
  const settings: SuppressionSettings = {
    byVendor: { SonarQube: { template: 'NOSONAR {summary} ({fpId})' }, checkmarx: { placement: 'end-of-line' } },
    byLanguage: { python: { template: 'FP {fpId}: {summary}', placement: 'line-above' } },
    default: { template: 'Reviewed: {summary}' },
  };

  it('per-language settings beat per-vendor settings, which beat built-in scanner syntax', () => {
    assert.deepEqual(resolveStyle('sonarqube', 'python', settings), { template: 'FP {fpId}: {summary}', placement: 'line-above' });
    assert.deepEqual(resolveStyle('sonarqube', 'java', settings), { template: 'NOSONAR {summary} ({fpId})', placement: 'end-of-line' });
    assert.deepEqual(resolveStyle('checkmarx', 'java', settings), { template: 'Reviewed: {summary}', placement: 'end-of-line' });
  });

  it('the general default applies to scanners without inline syntax only', () => {
    assert.deepEqual(resolveStyle('fortify', 'java', settings), { template: 'Reviewed: {summary}', placement: 'line-above' });
    assert.deepEqual(resolveStyle('codeql', 'java', settings), {
      template: 'codeql[{vendorIssueId}] {summary} (fp {fpId})',
      placement: 'line-above',
    });
  });

  it('a placement chosen without a template takes the scanner template for that placement', () => {
    const s: SuppressionSettings = { byVendor: { semgrep: { placement: 'line-above' } } };
    assert.equal(resolveStyle('semgrep', 'java', s).template, 'nosemgrep: {vendorIssueId} - false positive: {summary} (fp {fpId})');
  });

  it('an explicit end-of-line placement is kept even where it cannot work, so the build explains why', () => {
    const s: SuppressionSettings = { byLanguage: { dockerfile: { placement: 'end-of-line' } } };
    assert.equal(resolveStyle('checkmarx', 'dockerfile', s).placement, 'end-of-line');
    assert.equal(resolveStyle('checkmarx', 'dockerfile', { default: { placement: 'end-of-line' } }).placement, 'line-above');
  });

  it('ignores malformed settings values and inherited keys', () => {
    const bad = { byLanguage: { java: { placement: 'sideways', template: 42 } } } as unknown as SuppressionSettings;
    assert.deepEqual(resolveStyle('checkmarx', 'java', bad), NEUTRAL_STYLE);
    assert.deepEqual(resolveStyle('checkmarx', 'constructor', { byLanguage: {} }), NEUTRAL_STYLE);
  });
});

describe('buildSuppressionComment rejections', () => {
  it('names unknown placeholders', () => {
    assert.match(
      reason('python', {}, { template: '{summary} {severity} {x}' }),
      /unknown placeholder\(s\) \{severity\}, \{x\}; known: \{summary\}/,
    );
  });

  it('checks every value it uses, with the field in the reason, and ignores unused ones', () => {
    assert.match(reason('python', { vendor: 'evil\u202Evendor' }), /^The vendor contains U\+202E RIGHT-TO-LEFT OVERRIDE/);
    assert.match(reason('python', { vendorIssueId: 'id\nx' }), /^The vendor issue id contains U\+000A LINE FEED/);
    assert.match(reason('python', { vendorIssueId: 'x'.repeat(201) }), /vendor issue id is 201 code points long; at most 200/);
    assert.match(reason('python', { summary: '' }), /^The summary is empty$/);
    assert.match(reason('python', { summary: 'a'.repeat(281) }), /281 code points long; at most 280/);
    assert.match(reason('python', { fpId: 'bad\u0000id' }), /^The false-positive id contains U\+0000 NULL/);
    assert.ok(line('python', { fpId: 'bad\u0000id' }, { template: '{summary}' }).length > 0);
  });

  it('checks the user template too', () => {
    assert.match(reason('python', {}, { template: 'FP\t{summary}' }), /^The template contains U\+0009 CHARACTER TABULATION/);
    assert.match(reason('python', {}, { template: ' ' }), /^The template is empty$/);
  });

  it('fills placeholders once, so braces in values stay literal', () => {
    assert.equal(line('python', { summary: 'see {fpId} and {summary}' }), `# ${neutral('see {fpId} and {summary}')}`);
    assert.match(reason('typescriptreact', { summary: 'see {fpId}' }), /U\+007B LEFT CURLY BRACKET.*JSX expression/);
  });

  it('refuses a value whose leading combining mark would merge with the template', () => {
    assert.match(reason('python', { summary: '\u0301abc' }, { template: 'e{summary}' }), /combining character/);
  });
});

describe('planInsertion', () => {
  const above = { line: '# NOTE', placement: 'line-above' as Placement };
  const after = { line: '# NOTE', placement: 'end-of-line' as Placement };

  it('inserts above with the same indentation, spaces and tabs as they are', () => {
    assert.deepEqual(planInsertion('    x = 1', above), { kind: 'insert-above', text: '    # NOTE\n' });
    assert.deepEqual(planInsertion('\t\t x = 1', above), { kind: 'insert-above', text: '\t\t # NOTE\n' });
    assert.deepEqual(planInsertion('x = 1', above), { kind: 'insert-above', text: '# NOTE\n' });
    assert.deepEqual(planInsertion('', above), { kind: 'insert-above', text: '# NOTE\n' });
  });

  it("appends after one space, or the language's gap", () => {
    assert.deepEqual(planInsertion('\tx = 1', after), { kind: 'append', text: ' # NOTE' });
    assert.deepEqual(planInsertion('\tx = 1', after, { gap: '  ' }), { kind: 'append', text: '  # NOTE' });
  });

  it('takes two spaces before an inline Python comment (PEP 8), one elsewhere', () => {
    assert.equal(commentSyntaxFor('python')?.endOfLineGap, '  ');
    for (const languageId of ['javascript', 'go', 'ruby', 'shellscript', 'sql'])
      assert.equal(commentSyntaxFor(languageId)?.endOfLineGap, ' ', languageId);
  });

  it('refuses where the comment would break a continued line or a first-line header', () => {
    assert.match(refusal(planInsertion('  cmd --flag \\', after)), /line continuation/);
    assert.match(refusal(planInsertion('  --more', above, { previousLineText: 'cmd \\  ' })), /line above ends with a line continuation/);
    assert.match(refusal(planInsertion('#!/usr/bin/env python3', above)), /shebang/);
    assert.match(refusal(planInsertion('<?xml version="1.0"?>', above)), /XML declaration/);
    assert.equal(planInsertion('#![allow(dead_code)]', above).kind, 'insert-above');
  });

  function refusal(plan: ReturnType<typeof planInsertion>): string {
    assert.equal(plan.kind, 'refuse');
    return plan.kind === 'refuse' ? plan.reason : '';
  }
});

// ---- Properties ----

const LANGUAGES = knownCommentLanguages();
const VENDORS = ['sonarqube', 'semgrep', 'opengrep', 'snyk', 'codeql', 'checkmarx', 'fortify', 'unknown-scanner'];
const NAMED_FORBIDDEN = [
  0x00, 0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x1b, 0x7f, 0x85, 0x9b, 0xad, 0x034f, 0x061c, 0x115f, 0x180e, 0x200b, 0x200c, 0x200d, 0x200e, 0x200f,
  0x2028, 0x2029, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2060, 0x2066, 0x2067, 0x2068, 0x2069, 0x3164, 0xfe00, 0xfeff, 0xfff9, 0xe0001,
  0xe0041, 0xe000, 0x10ffff,
].map((cp) => String.fromCodePoint(cp));
const TERMINATORS = [
  '*/',
  '/*',
  '-->',
  '<!--',
  '--',
  '-',
  '?>',
  '\\',
  '??/',
  '#>',
  ']]',
  '-}',
  '{-',
  '=#',
  '%',
  '^',
  '$',
  '\\u000a',
  'coding: utf-7',
  'vim: set ft=sh',
  '-*- x -*-',
  '#{x}',
  '+build linux',
  'line 1',
  'nosemgrep: other',
  'NOSONAR',
  ', other-rule',
  'codeql[x]',
  ']',
  '[',
  'escape=`',
  '<auto-generated>',
  '\n',
  '\r\n',
];
const PROSE = [
  'the',
  'input',
  'is',
  'validated',
  'before',
  'use,',
  'so',
  'it',
  'cannot',
  'escape.',
  'Café',
  'naïve',
  'Ünïcödé',
  'данные',
  'проверены',
  '入力は検証済み',
  'مدخلات',
  'שלום',
  'ελέγχθηκε',
  '«ok»',
  '“x”',
  '𝒜',
  '、',
  '"quoted"',
  "'single'",
  '#',
  '//',
  '<',
  '>',
  '&',
  '(see',
  'docs)',
  '100%?',
  'e\u0301',
  '\u00A0',
  '—',
  '…',
];

const unit = fc.constantFrom('a', 'é', '😀', 'e\u0301', 'ab ', '𝒜 ');
/** Text of exactly n code points (before NFC) built from one repeated unit. */
const aroundLimit = fc
  .tuple(fc.constantFrom(278, 279, 280, 281, 282), unit, fc.option(fc.constantFrom(...NAMED_FORBIDDEN, ...TERMINATORS)))
  .map(([n, u, extra]) => {
    const points = Array.from(u.repeat(n));
    const base = points.slice(0, n).join('');
    return extra === null ? base : base.slice(0, Math.max(0, base.length - extra.length - 2)) + extra;
  });
const fragment = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...PROSE) },
  { weight: 2, arbitrary: fc.constantFrom(...TERMINATORS) },
  { weight: 2, arbitrary: fc.constantFrom(...NAMED_FORBIDDEN, '\uD800', '\uDFFF') },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 6 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 4 }) },
);
const clean = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...PROSE) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 6 }) },
);
const joined = (parts: fc.Arbitrary<string>, maxLength: number) =>
  fc.tuple(fc.array(parts, { maxLength }), fc.constantFrom(' ', '')).map(([p, sep]) => p.join(sep));
const textOf = (maxLength: number) => fc.oneof(joined(clean, maxLength), joined(fragment, maxLength));
const summaryArb = fc.oneof({ weight: 4, arbitrary: textOf(40) }, { weight: 1, arbitrary: aroundLimit });
const idArb = fc.oneof(fc.constantFrom('python.lang.sqli', 'js/sql-injection', 'S2077', 'G101', 'Sqli'), textOf(3));
const templateArb = fc.option(
  fc.oneof(
    fc.constantFrom(
      '{summary}',
      'FP {fpId}: {summary}',
      '{issueType} {vendorIssueId} -- {summary}',
      'nosemgrep: {vendorIssueId} {summary}',
    ),
    fc.tuple(textOf(3), textOf(2)).map(([a, b]) => `${a}{summary}${b}`),
  ),
);

describe('properties', () => {
  it('the result is a refusal or exactly one clean comment line in the language (main property)', () => {
    const accepted = new Set<string>();
    let acceptedRuns = 0;
    fc.assert(
      fc.property(
        fc.constantFrom(...LANGUAGES),
        fc.constantFrom<Placement>('line-above', 'end-of-line'),
        fc.oneof(fc.constantFrom(...VENDORS), textOf(2)),
        summaryArb,
        idArb,
        fc.record({ issueType: textOf(3), fpId: textOf(3) }),
        templateArb,
        (languageId, placement, vendor, summary, vendorIssueId, rest, template) => {
          const settings: SuppressionSettings = { byLanguage: { [languageId]: { placement, ...(template === null ? {} : { template }) } } };
          const style = resolveStyle(vendor, languageId, settings);
          const input = { summary, vendor, vendorIssueId, ...rest };
          const r = buildSuppressionComment({ languageId, fields: input, style });
          const nfcSummary = summary.normalize('NFC');
          const usesSummary = style.template.includes('{summary}');
          const summaryIsBad =
            /\p{Cs}/u.test(summary) ||
            hasForbidden(nfcSummary) ||
            outsideAllowlist(languageId, nfcSummary) ||
            codePointLength(nfcSummary) > 280 ||
            /^\s*$/.test(nfcSummary);
          if (!r.ok) {
            assert.ok(r.reason.length > 0);
            return;
          }
          acceptedRuns++;
          accepted.add(languageId);
          assert.equal(r.placement, placement);
          const why = notOneComment(languageId, r.line);
          assert.equal(why, undefined, `${languageId}: ${why}: ${JSON.stringify(r.line)}`);
          assert.ok(!hasForbidden(r.line), JSON.stringify(r.line));
          assert.ok(!/[\r\n]/.test(r.line));
          assert.equal(r.line, r.line.normalize('NFC'));
          if (usesSummary) {
            assert.ok(!summaryIsBad, `accepted a bad summary: ${JSON.stringify(summary)}`);
            assert.ok(r.line.includes(nfcSummary));
            assert.ok(codePointLength(nfcSummary) <= 280);
          }
        },
      ),
      { numRuns: 10_000 },
    );
    // Guard against a vacuous property: plenty of lines were accepted, in every language.
    if (process.env.SUPPRESSION_STATS) console.log({ acceptedRuns, languages: accepted.size, of: LANGUAGES.length });
    assert.ok(acceptedRuns > 1500, `only ${acceptedRuns} accepted`);
    assert.deepEqual([...accepted].sort(), [...LANGUAGES].sort());
  });

  it('ordinary prose is accepted for every language with its default style', () => {
    // Ids in each scanner's own format (a Semgrep rule id has no '/', a CodeQL query id does).
    const ID_FOR: Record<string, string> = {
      semgrep: 'python.lang.security.sqli',
      opengrep: 'python.lang.security.sqli',
      codeql: 'js/sql-injection',
      snyk: 'javascript/Sqli',
    };
    const words = fc.constantFrom(
      'The',
      'value',
      'comes',
      'from',
      'a',
      'constant,',
      'not',
      'user',
      'input.',
      'It',
      "isn't",
      'reachable',
      '(see',
      'docs).',
      '"quoted"',
      '#',
      '//',
      '<',
      '>',
      '&',
      '&amp;',
      '@',
      '+',
      '=',
      '*',
      '/',
      '?',
      '!',
      ':',
      ';',
      '[x]',
      '{y}',
      'Café',
      'données',
      'проверено',
      '検証済み',
      'آمن',
      'בטוח',
      '“x”',
      '«y»',
      '𝒜',
      '—',
      '…',
      '-',
      "l'entrée",
      '50%',
      '¿qué?',
    );
    fc.assert(
      fc.property(
        fc.constantFrom(...LANGUAGES),
        fc.constantFrom(...VENDORS),
        fc.array(words, { minLength: 1, maxLength: 40 }).map((w) => w.join(' ')),
        (languageId, vendor, summary) => {
          const vendorIssueId = ID_FOR[vendor] ?? 'CX-1234';
          const style = resolveStyle(vendor, languageId);
          const blockedByScanner =
            (vendor === 'sonarqube' && commentSyntaxFor(languageId)?.endOfLine === false) || // NOSONAR needs the same line
            (style.template.startsWith('nosemgrep') && summary.includes(',')) || // Semgrep on the line above: commas are ids
            (style.template.startsWith('nosemgrep') && languageId === 'bat') || // Semgrep needs the marker first; REM is a word
            outsideAllowlist(languageId, summary); // the language's hazard characters ('{' in JSX, '<' in HTML…)
          const r = buildSuppressionComment({ languageId, fields: { ...fields, vendor, summary, vendorIssueId }, style });
          if (blockedByScanner) return;
          assert.ok(r.ok, `${languageId}/${vendor}: ${r.ok ? '' : r.reason} for ${JSON.stringify(summary)}`);
          assert.ok(r.line.includes(summary.normalize('NFC')));
        },
      ),
      { numRuns: 2000 },
    );
  });
});
