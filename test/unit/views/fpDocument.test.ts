// The FP explanation document is plain text with a few header lines of ours. Server values in a
// header line are cleaned to one line (a vendorIssueId with a line break cannot add a header
// line); the summary and explanation keep their paragraphs, but no bidi control, zero-width or
// other control character reaches the document.
import { strict as assert } from 'node:assert';
import type { Explanation } from '../../../src/editor/explanations';
import { HOSTILE_CASES } from '../../../tools/sandbox/hostile';
import { fpDocumentText, type FpDocumentFacts } from '../../../src/views/fpDocument';

const UNSAFE = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Zl}\p{Zp}]/u;

function facts(overrides: Partial<FpDocumentFacts> = {}): FpDocumentFacts {
  return {
    issueId: '0b3c1f6e-8a8e-4c1e-9d7a-0c1d2e3f4a5b',
    issueType: 'SQL_Injection',
    vendor: 'semgrep',
    vendorIssueId: 'python.lang.security.sql',
    severity: 'high',
    fpId: '3f2b8c1e-4d5a-4e6f-8a9b-0c1d2e3f4a5b',
    reportId: '9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b',
    project: 'Payments',
    summary: 'Validated input.',
    explanation: { kind: 'text', text: 'Paragraph one.\n\nParagraph two.' },
    ...overrides,
  };
}

describe('the FP explanation document', () => {
  it('writes the facts, the summary and the explanation with its paragraphs', () => {
    assert.equal(
      fpDocumentText(facts()),
      [
        'False positive: SQL Injection (Semgrep python.lang.security.sql)',
        'Issue 0b3c1f6e-8a8e-4c1e-9d7a-0c1d2e3f4a5b · severity high · FP id 3f2b8c1e-4d5a-4e6f-8a9b-0c1d2e3f4a5b',
        'Fix report 9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b (Payments)',
        '',
        'Summary:',
        'Validated input.',
        '',
        'Explanation:',
        'Paragraph one.',
        '',
        'Paragraph two.',
        '',
      ].join('\n'),
    );
  });

  it('keeps every server value of a header on its own line: no forged header line', () => {
    const text = fpDocumentText(
      facts({
        vendorIssueId: 'rule\nIssue 00000000 · severity low · FP id verified-by-security',
        severity: 'high\r\nFix report trusted',
        fpId: 'x\u2028Summary:',
        project: 'P\u0085Explanation: none needed',
        issueType: 'XSS\r\nInjected-Header: yes',
      }),
    );
    const lines = text.split('\n');
    assert.equal(lines.filter((l) => l.startsWith('Issue ')).length, 1);
    assert.equal(lines.filter((l) => l.startsWith('Fix report')).length, 1);
    assert.equal(lines.filter((l) => l === 'Explanation:').length, 1);
    assert.equal(lines.filter((l) => l === 'Summary:').length, 1);
    assert.ok(!lines.some((l) => l.startsWith('Injected-Header')));
  });

  it('keeps the paragraphs of hostile explanations and summaries, and nothing else unsafe', () => {
    for (const hostile of HOSTILE_CASES) {
      for (const explanation of [
        { kind: 'text', text: hostile.description },
        { kind: 'unavailable', message: hostile.summary },
      ] satisfies Explanation[]) {
        const text = fpDocumentText(facts({ summary: hostile.summary, explanation, vendorIssueId: hostile.vendorIssueId ?? null }));
        for (const line of text.split('\n')) assert.doesNotMatch(line, UNSAFE, `${hostile.name}: ${JSON.stringify(line)}`);
      }
    }
    const bidi = HOSTILE_CASES.find((c) => c.name === 'bidi-controls')!;
    const text = fpDocumentText(facts({ explanation: { kind: 'text', text: bidi.description } }));
    assert.match(text, /Reviewed by security\. +\}; if \(isAdmin\) \{ +\/\/\n\nThe value never reaches the query\.\n/);
  });
});
