// The SARIF result written as text (model/export/sarifJson) is byte for byte the JSON of the
// result object (sarif.ts sarifResult), escaped as escapedJson escapes it: on the sandbox's issues
// (hostile text and locations included, and without locations), and on arbitrary ones.
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import * as v from 'valibot';
import { IssuePageBodySchema, type Issue } from '../../../../src/api/schemas';
import { escapedJson, escapedJsonText } from '../../../../src/common/text';
import { sarifResult, sarifRuleId, type FalsePositiveSuppression, type ResultShape } from '../../../../src/model/export/sarif';
import { sarifResultJson } from '../../../../src/model/export/sarifJson';
import { isFalsePositive } from '../../../../src/model/issue';
import { createDataset, type DatasetOptions } from '../../../../tools/sandbox/generator';

/** Every issue of a dataset's reports, decoded as the client decodes a page. */
function sandboxIssues(options: DatasetOptions): Issue[] {
  const dataset = createDataset(options);
  return dataset.reports.flatMap((report) => {
    const items = dataset.issueRange(report.id, 0, 2_000);
    const body = JSON.parse(JSON.stringify({ vulnerability_report_issue: items, hasNextPage: false })) as unknown;
    return v.parse(IssuePageBodySchema, body).vulnerability_report_issue;
  });
}

function assertSame(issue: Issue, suppression?: FalsePositiveSuppression, shape?: ResultShape): void {
  const reference = sarifResult(issue, suppression, shape);
  const text = sarifResultJson(issue, suppression, shape);
  assert.equal(text, JSON.stringify(reference));
  assert.equal(escapedJsonText(text), escapedJson(reference));
}

const SHAPES: (ResultShape | undefined)[] = [undefined, { maxFlowSteps: 2 }, { maxFlowSteps: 1 }, { maxFlowSteps: 0 }];

describe('SARIF results written as text', () => {
  for (const [name, options] of [
    ['the sandbox', { seed: 3, reports: 6, bigReportIssues: 1_500 }],
    ['hostile text and locations', { seed: 7, reports: 2, hostileText: true, hostileFixes: true }],
    ['no locations (spec-minimal)', { seed: 5, reports: 3, specMinimal: true }],
  ] as const) {
    it(`are the JSON of the result object: ${name}`, () => {
      const issues = sandboxIssues(options);
      assert.ok(issues.length > 100);
      for (const [n, issue] of issues.entries()) {
        const suppression = isFalsePositive(issue) ? { justification: n % 7 === 0 ? '' : `Summary \u202e of ${issue.fpId}` } : undefined;
        const ruleId = sarifRuleId(issue, n % 2 === 0);
        assertSame(issue, suppression, SHAPES[n % SHAPES.length]);
        assertSame(issue, suppression, { ruleId, ruleIndex: n % 5 === 0 ? undefined : n, maxFlowSteps: 3 });
      }
    });
  }

  it('are the JSON of the result object for any issue', () => {
    // Text of every kind: quotes, backslashes, controls, DEL, bidi, lone surrogates, astral characters.
    const text = fc.oneof(
      fc.string({ unit: 'binary' }),
      fc.string({ unit: 'grapheme' }),
      fc.constantFrom('a"b\\c', '\u007f', '\u2028', 'x\ud800', '\udc00y', '😀', 'src/my file#1.py', 'FALSE_POSITIVE'),
    );
    const nullable = fc.option(text, { nil: null });
    const path = fc.oneof(nullable, fc.constantFrom('app/api.py', './a/b.c', 'dir/ü.py', 'a/../b', "it's (x)!~*.py", 'a%20b', 'C:\\x'));
    const number = fc.oneof(fc.constant(null), fc.integer({ min: -3, max: 2_000_000 }), fc.double());
    const node = fc.record({ path, startLine: number, endLine: number, startCol: number, endCol: number, index: number });
    const issue = fc.record({
      id: text,
      vendorInstanceId: nullable,
      vendorIssueId: nullable,
      issueType: nullable,
      severity: fc.oneof(nullable, fc.constantFrom('high', 'Medium', ' low ', 'critical')),
      issueLanguage: nullable,
      state: fc.oneof(nullable, fc.constantFrom('FalsePositive', 'Open', 'false-positive!')),
      createdAt: nullable,
      fingerprintHash: nullable,
      vulnerabilityReportIssueTags: fc.array(fc.record({ vulnerability_report_issue_tag_value: nullable }), { maxLength: 3 }),
      fix: fc.oneof(fc.constant(null), fc.record({ id: fc.oneof(text, fc.integer()) })),
      fpId: nullable,
      fpDescription: nullable,
      codeNodes: fc.array(node, { maxLength: 4 }),
      codeFilePath: path,
    }) as fc.Arbitrary<Issue>;
    const shape = fc.record(
      {
        ruleId: text,
        ruleIndex: fc.nat(),
        maxFlowSteps: fc.integer({ min: 0, max: 5 }),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(issue, fc.option(fc.record({ justification: text }), { nil: undefined }), shape, (subject, suppression, resultShape) =>
        assertSame(subject, suppression, resultShape),
      ),
      { numRuns: 2_000 },
    );
  });
});
