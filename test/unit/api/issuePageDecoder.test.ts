// The issue-page fast path must be invisible: whenever the schema accepts a page, the fast
// path returns the same value with the same key order; whenever the schema rejects it, the
// fast path declines, so the schema's error (and JSON path) is what the user sees.
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import * as v from 'valibot';
import { decodeIssuePageFast } from '../../../src/api/issuePageDecoder';
import { CodeNodeSchema, IssuePageBodySchema, IssueSchema, IssueTagSchema } from '../../../src/api/schemas';
import { createDataset } from '../../../tools/sandbox/generator';

/** Values that are wrong for every field, arrays and objects included. */
const junk = fc.oneof(
  fc.constant(undefined),
  fc.boolean(),
  fc.integer(),
  fc.double(),
  fc.constant(Number.NaN),
  fc.constant([]),
  fc.array(fc.string(), { maxLength: 2 }),
  fc.object({ maxDepth: 1 }),
);
const text = fc.oneof({ weight: 6, arbitrary: fc.string() }, { weight: 2, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: junk });
const idLike = fc.oneof({ weight: 4, arbitrary: text }, { weight: 2, arbitrary: fc.integer() }, { weight: 1, arbitrary: fc.double() });
const tag = fc.oneof(
  { weight: 6, arbitrary: fc.record({ vulnerability_report_issue_tag_value: text, other: fc.string() }, { requiredKeys: [] }) },
  { weight: 1, arbitrary: junk },
  { weight: 1, arbitrary: fc.constant(null) },
);
/** Mostly well-formed issues: every key optional, each value occasionally wrong, extra keys. */
const issue = fc.record(
  {
    id: fc.oneof({ weight: 9, arbitrary: fc.uuid() }, { weight: 1, arbitrary: junk }),
    vendorInstanceId: text,
    vendorIssueId: idLike,
    issueType: text,
    severity: text,
    issueLanguage: text,
    state: text,
    createdAt: text,
    fingerprintHash: text,
    vulnerabilityReportIssueTags: fc.oneof(
      { weight: 6, arbitrary: fc.array(tag, { maxLength: 3 }) },
      { weight: 1, arbitrary: junk },
      { weight: 1, arbitrary: fc.constant(null) },
    ),
    fix: fc.oneof(fc.constant(null), fc.record({ id: fc.uuid(), state: fc.string() }), fc.anything({ maxDepth: 1 })),
    fpId: text,
    fpDescription: text,
    extra: fc.anything({ maxDepth: 1 }),
  },
  { requiredKeys: ['id', 'vendorInstanceId', 'issueType', 'state', 'createdAt'] },
);
const page = fc.oneof(
  {
    weight: 8,
    arbitrary: fc.record(
      {
        vulnerability_report_issue: fc.oneof(
          { weight: 8, arbitrary: fc.array(fc.oneof({ weight: 12, arbitrary: issue }, { weight: 1, arbitrary: junk }), { maxLength: 6 }) },
          { weight: 1, arbitrary: junk },
          { weight: 1, arbitrary: fc.constant(null) },
        ),
        hasNextPage: fc.oneof(
          { weight: 6, arbitrary: fc.boolean() },
          { weight: 1, arbitrary: fc.constant(null) },
          { weight: 1, arbitrary: junk },
        ),
        getIssuesApiV5: fc.anything({ maxDepth: 1 }),
      },
      { requiredKeys: [] },
    ),
  },
  { weight: 1, arbitrary: fc.anything() },
);

/** A trace node as a service may send it: numbers, numeric strings, NaN, nulls, missing keys. */
const looseNumber = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constant(null),
  fc.constant(undefined),
  fc.constant('12'),
  fc.constant(Number.NaN),
);
const codeNode = fc.record(
  {
    path: fc.oneof(fc.string(), fc.constant(null), fc.integer()),
    startLine: looseNumber,
    endLine: looseNumber,
    startCol: looseNumber,
    endCol: looseNumber,
    index: looseNumber,
    extra: fc.string(),
  },
  { requiredKeys: [] },
);

/** Pages the schema accepts: absent keys, nulls, numeric scanner ids, extra keys; no wrong types. */
const okText = fc.oneof(fc.string(), fc.constant(null), fc.constant(undefined));
const okIssue = fc.record(
  {
    id: fc.uuid(),
    vendorInstanceId: okText,
    vendorIssueId: fc.oneof(okText, fc.integer(), fc.double({ noNaN: true })),
    issueType: okText,
    severity: okText,
    issueLanguage: okText,
    state: fc.oneof(okText, fc.constant('FalsePositive')),
    createdAt: okText,
    fingerprintHash: okText,
    vulnerabilityReportIssueTags: fc.oneof(
      fc.constant(null),
      fc.array(fc.oneof(fc.record({ vulnerability_report_issue_tag_value: okText }, { requiredKeys: [] }), fc.constant([])), {
        maxLength: 3,
      }),
    ),
    fix: fc.anything({ maxDepth: 1 }),
    fpId: okText,
    fpDescription: okText,
    // Not in the spec, so tolerant: any value, a wrong one decodes as [] / null (README, "Open points").
    codeNodes: fc.oneof(
      fc.constant(null),
      fc.anything({ maxDepth: 1 }),
      fc.array(fc.oneof(codeNode, fc.anything({ maxDepth: 0 })), { maxLength: 3 }),
      fc.array(codeNode, { maxLength: 3 }),
    ),
    codeFilePath: fc.oneof(okText, fc.integer(), fc.constant({})),
    extra: fc.string(),
  },
  { requiredKeys: ['id'] },
);
/** Issues already in decoded shape (every key, schema order), as a service like the sandbox sends them. */
const okTextOnly = fc.oneof(fc.string(), fc.constant(null));
const exactIssue = fc.record({
  id: fc.uuid(),
  vendorInstanceId: okTextOnly,
  vendorIssueId: okTextOnly,
  issueType: okTextOnly,
  severity: okTextOnly,
  issueLanguage: okTextOnly,
  state: okTextOnly,
  createdAt: okTextOnly,
  fingerprintHash: okTextOnly,
  vulnerabilityReportIssueTags: fc.array(fc.record({ vulnerability_report_issue_tag_value: okTextOnly }), { maxLength: 2 }),
  fix: fc.oneof(fc.constant(null), fc.record({ id: fc.uuid() })),
  fpId: okTextOnly,
  fpDescription: okTextOnly,
  codeNodes: fc.array(
    fc.record({
      path: okTextOnly,
      startLine: fc.oneof(fc.integer(), fc.constant(null)),
      endLine: fc.oneof(fc.integer(), fc.constant(null)),
      startCol: fc.oneof(fc.integer(), fc.constant(null)),
      endCol: fc.oneof(fc.integer(), fc.constant(null)),
      index: fc.oneof(fc.integer(), fc.constant(null)),
    }),
    { maxLength: 3 },
  ),
  codeFilePath: okTextOnly,
});
/** Decoded shape but for the location keys (not in the spec), which services and the sandbox often leave out. */
const withoutLocations = fc.tuple(exactIssue, fc.constantFrom(1, 2)).map(([issue, dropped]) => {
  const { codeNodes, codeFilePath: _, ...rest } = issue;
  return dropped === 1 ? { ...rest, codeNodes } : rest;
});
const okPage = fc.record(
  {
    vulnerability_report_issue: fc.oneof(fc.constant(null), fc.array(fc.oneof(okIssue, exactIssue, withoutLocations), { maxLength: 8 })),
    hasNextPage: fc.oneof(fc.boolean(), fc.constant(null)),
  },
  { requiredKeys: [] },
);

function assertSameAsSchema(input: unknown): void {
  const slow = v.safeParse(IssuePageBodySchema, input);
  const fast = decodeIssuePageFast(input);
  if (!slow.success) {
    assert.equal(fast, undefined, 'the fast path must decline what the schema rejects');
    return;
  }
  assert.ok(fast, 'the fast path decides every page the schema accepts');
  assert.deepStrictEqual(fast, slow.output);
  // Key order too: the CLI prints decoded issues with JSON.stringify.
  assert.equal(JSON.stringify(fast), JSON.stringify(slow.output));
}

describe('issue page fast path', () => {
  it('agrees with IssuePageBodySchema on arbitrary pages', () => {
    fc.assert(fc.property(page, assertSameAsSchema), { numRuns: 1500 });
  });

  it('decides, and agrees with the schema on, every page the schema accepts', () => {
    fc.assert(
      fc.property(okPage, (input) => {
        assert.ok(v.safeParse(IssuePageBodySchema, input).success, 'okPage only generates valid pages');
        assertSameAsSchema(input);
      }),
      { numRuns: 800 },
    );
  });

  it('agrees with the schema on pages as the sandbox service sends them', () => {
    const dataset = createDataset({ seed: 3, reports: 2, bigReportIssues: 2500, hostileText: true });
    for (const report of dataset.reports) {
      const items = dataset.issueRange(report.id, 0, 1000);
      // Through JSON, as on the wire.
      const body: unknown = JSON.parse(JSON.stringify({ vulnerability_report_issue: items, hasNextPage: true }));
      assertSameAsSchema(body);
      assert.equal(decodeIssuePageFast(body)?.vulnerability_report_issue.length, items.length);
    }
  });

  it('builds values with the schemas’ keys in the schemas’ order, the key lists it checks against', () => {
    const input = {
      vulnerability_report_issue: [
        { id: 'a', vulnerabilityReportIssueTags: [{ vulnerability_report_issue_tag_value: 'X' }], codeNodes: [{ path: 'app/db.py' }] },
      ],
      hasNextPage: true,
    };
    const page = decodeIssuePageFast(input);
    assert.ok(page, 'the fast path is on: its literals follow the schemas');
    assert.deepEqual(Object.keys(page), Object.keys(IssuePageBodySchema.entries));
    const issue = page.vulnerability_report_issue[0]!;
    assert.notEqual(issue, input.vulnerability_report_issue[0], 'built, not the input as it is');
    assert.deepEqual(Object.keys(issue), Object.keys(IssueSchema.entries));
    assert.deepEqual(Object.keys(issue.vulnerabilityReportIssueTags[0]!), Object.keys(IssueTagSchema.entries));
    assert.deepEqual(Object.keys(issue.codeNodes[0]!), Object.keys(CodeNodeSchema.entries));
  });

  it('uses parsed issues that already have the decoded shape, and copies the others', () => {
    const exact = {
      id: 'a',
      vendorInstanceId: null,
      vendorIssueId: 'r1',
      issueType: 'XSS',
      severity: 'error',
      issueLanguage: 'js',
      state: 'Open',
      createdAt: null,
      fingerprintHash: 'f',
      vulnerabilityReportIssueTags: [{ vulnerability_report_issue_tag_value: 'X' }],
      fix: null,
      fpId: null,
      fpDescription: null,
      codeNodes: [{ path: 'app/db.py', startLine: 11, endLine: 11, startCol: 18, endCol: 53, index: 0 }],
      codeFilePath: 'app/db.py',
    };
    const { id, ...rest } = exact;
    const reordered = { ...rest, id }; // id last
    const numericRule = { ...exact, vendorIssueId: 7 };
    const out = decodeIssuePageFast({
      vulnerability_report_issue: [exact, reordered, numericRule],
      hasNextPage: false,
    })!.vulnerability_report_issue;
    assert.equal(out[0], exact);
    assert.notEqual(out[1], reordered);
    assert.deepEqual(Object.keys(out[1]!), Object.keys(exact));
    assert.notEqual(out[2], numericRule);
    assert.equal(out[2]!.vendorIssueId, '7');
  });
});
