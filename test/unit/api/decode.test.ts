// Property tests of the response decoders: any bytes and any JSON give a value or a typed
// ServiceError, never another throw; valid bodies round-trip.
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { ServiceError } from '../../../src/api/errors';
import { decodeFpSummary, decodeIssuePage, decodeReportDetail, decodeReportList } from '../../../src/api/responses';
import type { RawResponse } from '../../../src/api/transport';
import { createDataset } from '../../../tools/sandbox/generator';

const url = new URL('http://127.0.0.1/api/rest/x');
const response = (body: Buffer, contentType = 'application/json'): RawResponse => ({ status: 200, contentType, body, url });
const json = (value: unknown) => response(Buffer.from(JSON.stringify(value)));

const decoders: [string, (res: RawResponse) => unknown][] = [
  ['report list', decodeReportList],
  ['report detail', (res) => decodeReportDetail(res, 'r1')],
  ['issue page', decodeIssuePage],
  ['fp summary', (res) => decodeFpSummary(res, 'fp1')],
];

function valueOrTypedError(decode: (res: RawResponse) => unknown, res: RawResponse): void {
  try {
    decode(res);
  } catch (e) {
    if (!(e instanceof ServiceError)) throw new Error(`untyped throw: ${String(e)}`);
    assert.ok(['decode', 'not-found', 'service-error'].includes(e.kind), e.kind);
    assert.ok(e.message.length > 0);
  }
}

// Envelopes around arbitrary JSON, so the generator reaches past the top level.
const nearlyValid = fc.oneof(
  fc.jsonValue(),
  fc.record({ getReportsApiV2: fc.record({ fixReport: fc.oneof(fc.array(fc.jsonValue()), fc.jsonValue()) }) }),
  fc.record({ fixReport: fc.array(fc.record({ id: fc.oneof(fc.constant('r1'), fc.jsonValue()), fixes: fc.jsonValue() })) }),
  fc.record({
    getIssuesApiV5: fc.record({
      vulnerability_report_issue: fc.array(fc.dictionary(fc.string(), fc.jsonValue())),
      hasNextPage: fc.jsonValue(),
    }),
  }),
  fc.record({ fpDescriptionShort: fc.jsonValue() }),
  fc.record({ error: fc.jsonValue() }),
);

describe('decoders: properties', () => {
  for (const [name, decode] of decoders) {
    it(`${name}: any JSON value gives a value or a typed error`, () => {
      fc.assert(
        fc.property(nearlyValid, (value) => valueOrTypedError(decode, json(value))),
        { numRuns: 1_500 },
      );
    });

    it(`${name}: any byte string gives a value or a typed error`, () => {
      fc.assert(
        fc.property(fc.uint8Array({ maxLength: 300 }), fc.constantFrom('application/json', 'text/html', ''), (bytes, type) =>
          valueOrTypedError(decode, response(Buffer.from(bytes), type)),
        ),
        { numRuns: 1_500 },
      );
    });
  }

  it('generated service bodies round-trip through the decoders', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), (seed) => {
        const dataset = createDataset({ seed, reports: 2, issuesPerReport: [5, 30] });
        const reports = decodeReportList(json({ getReportsApiV2: { fixReport: dataset.reports } }));
        assert.deepEqual(
          reports.map((r) => r.id),
          dataset.reports.map((r) => r.id),
        );
        // Decoding is idempotent: what it produced decodes to itself.
        assert.deepEqual(decodeReportList(json({ fixReport: reports })), reports);
        for (const summary of dataset.reports) {
          const wire = dataset.detail(summary.id)!;
          const detail = decodeReportDetail(json({ fixReport: [wire] }), summary.id);
          assert.deepEqual(
            detail.fixes.map((f) => [f.id, f.confidence, f.state]),
            wire.fixes.map((f) => [f.id, f.confidence, f.state]),
          );
          assert.deepEqual(decodeReportDetail(json({ fixReport: [detail] }), summary.id), detail);
          const issues = Array.from({ length: dataset.issueCount(summary.id) }, (_, i) => dataset.issueAt(summary.id, i));
          const page = decodeIssuePage(json({ getIssuesApiV5: { vulnerability_report_issue: issues, hasNextPage: false } }));
          assert.deepEqual(
            page.vulnerability_report_issue.map((i) => [i.id, i.state, i.fpId ?? null, i.createdAt]),
            issues.map((i) => [i.id, i.state, i.fpId ?? null, i.createdAt]),
          );
          assert.deepEqual(
            decodeIssuePage(json({ vulnerability_report_issue: page.vulnerability_report_issue, hasNextPage: false })),
            page,
          );
        }
      }),
      { numRuns: 25 },
    );
  });
});

describe('fields the spec does not show (locations, patches, severity)', () => {
  const issue = { id: 'i1', fpId: null, fix: null };
  it('decode when present, and a wrong type costs the field, never the page', () => {
    const page = decodeIssuePage(
      json({
        vulnerability_report_issue: [
          {
            ...issue,
            codeNodes: [{ path: 'app/db.py', startLine: 11, endLine: 11, startCol: 18, endCol: 53, index: 0 }],
            codeFilePath: 'app/db.py',
          },
          { ...issue, id: 'i2', codeNodes: [{ path: 7, startLine: '12', endLine: null, index: Number.MAX_VALUE }], codeFilePath: 42 },
          { ...issue, id: 'i3', codeNodes: 'not a list' },
          { ...issue, id: 'i4', codeNodes: [null] },
          { ...issue, id: 'i5' },
        ],
        hasNextPage: false,
      }),
    );
    const [a, b, c, d, e] = page.vulnerability_report_issue;
    assert.deepEqual(a!.codeNodes, [{ path: 'app/db.py', startLine: 11, endLine: 11, startCol: 18, endCol: 53, index: 0 }]);
    assert.equal(a!.codeFilePath, 'app/db.py');
    assert.deepEqual(b!.codeNodes, [{ path: null, startLine: null, endLine: null, startCol: null, endCol: null, index: Number.MAX_VALUE }]);
    assert.equal(b!.codeFilePath, null);
    assert.deepEqual(c!.codeNodes, []);
    assert.deepEqual(d!.codeNodes, []);
    assert.deepEqual([e!.codeNodes, e!.codeFilePath], [[], null]);
  });

  it("decode a fix's files, patch, questions, effort and severity, tolerating odd values", () => {
    const fix = (extra: object) => ({ id: 'f1', ...extra });
    const detail = decodeReportDetail(
      json({
        fixReport: [
          {
            id: 'r1',
            fixes: [
              fix({
                fixFiles: [{ fileRepoRelativePath: 'app/db.py' }],
                patchAndQuestions: { patch: '--- a/x\n+++ b/x\n', questions: [{ key: 'q' }] },
                effortToApplyFix: 'LOW',
                severityText: 'high',
                severityValue: 8.1,
              }),
              fix({ fixFiles: 'x', patchAndQuestions: 'nope', effortToApplyFix: 3, severityText: null, severityValue: '8' }),
              fix({}),
            ],
          },
        ],
      }),
      'r1',
    );
    const [a, b, c] = detail.fixes;
    assert.deepEqual(a!.fixFiles, [{ fileRepoRelativePath: 'app/db.py' }]);
    assert.deepEqual(a!.patchAndQuestions, { patch: '--- a/x\n+++ b/x\n', questions: [{ key: 'q' }] });
    assert.deepEqual([a!.effortToApplyFix, a!.severityText, a!.severityValue], ['LOW', 'high', 8.1]);
    assert.deepEqual([b!.fixFiles, b!.patchAndQuestions, b!.effortToApplyFix, b!.severityValue], [[], null, null, null]);
    assert.deepEqual([c!.fixFiles, c!.patchAndQuestions], [[], null]);
  });
});
