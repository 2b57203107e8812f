// SARIF's two profiles (model/export/sarifExport) with small injected limits: the github profile
// leaves out results without a location and counts them, keeps the most severe results of a
// run in arrival order, caps code flows, refuses too many runs, warns on the gzipped size; both
// profiles list a rule per rule id (ruleIndex, ≤ N tags, security-severity from the editor's
// severity table); the full profile keeps every result and writes the tool after them. Export
// Issues… (views/reporting) asks for the github profile. Logs are checked against the schema.
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import type { FixReportSummary, Issue } from '../../../../src/api/schemas';
import { exportChunks, type ExportOptions, type ExportSource } from '../../../../src/model/export/exportIssues';
import { sarifLevel, securitySeverity } from '../../../../src/model/export/sarif';
import { SarifRunLimitError } from '../../../../src/model/export/sarifExport';
import { GITHUB_LIMITS, MostSevere } from '../../../../src/model/export/sarifLimits';
import { exportChunks as editorExportChunks } from '../../../../src/views/reporting';
import { parseSarifProfile } from '../../../../src/cli/exports';
import { observe } from '../../../support/evidence';
import { sarifSchemaErrors } from '../../../support/sarifSchema';

let serial = 0;
function issue(overrides: Partial<Issue> = {}): Issue {
  serial++;
  return {
    id: `00000000-0000-4000-8000-${String(serial).padStart(12, '0')}`,
    vendorInstanceId: null,
    vendorIssueId: 'rule-a',
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
    codeNodes: [{ path: `app/f${serial}.py`, startLine: 3, endLine: 3, startCol: 1, endCol: 9, index: 0 }],
    codeFilePath: null,
    ...overrides,
  };
}

function report(id: string, vendor: string | null = 'semgrep'): FixReportSummary {
  return {
    id,
    createdOn: '2026-10-01T09:00:00.000000+00:00',
    expirationOn: '2026-12-30T09:00:00.000000+00:00',
    createdByUser: null,
    vulnerabilityReport: { vendor, project: { id: 'p1', name: 'Payments' } },
    repo: { name: 'payments-api', originalUrl: 'https://git.example/acme/payments-api', reference: 'main' },
  };
}

function source(byReport: [FixReportSummary, Issue[]][], pageSize = 3): ExportSource {
  const map = new Map(byReport);
  return {
    reports: [...map.keys()],
    async *issuePages(r) {
      const issues = (r && map.get(r)) ?? [];
      for (let i = 0; i < issues.length; i += pageSize) yield issues.slice(i, i + pageSize);
    },
    fpSummary: async (fpId) => `Summary of ${fpId}`,
  };
}

interface Rule {
  id: string;
  name?: string;
  shortDescription: { text: string };
  fullDescription: { text: string };
  help: { text: string };
  defaultConfiguration: { level: string };
  properties: { tags: string[]; 'security-severity': string };
}
interface Result {
  ruleId?: string;
  ruleIndex?: number;
  level: string;
  locations?: unknown[];
  codeFlows?: { threadFlows: { locations: { location: { physicalLocation: { region: { startLine: number } } } }[] }[] }[];
  suppressions?: { justification: string }[];
  properties: { issueId: string };
}
interface Run {
  tool: { driver: { name: string; rules: Rule[] } };
  automationDetails: { id: string };
  results: Result[];
}

async function exported(src: ExportSource, options: ExportOptions): Promise<{ log: { runs: Run[] }; raw: string; warnings: string[] }> {
  const warnings: string[] = [];
  let raw = '';
  for await (const chunk of exportChunks(src, 'sarif', { ...options, warn: (m) => warnings.push(m) })) raw += chunk;
  const log = JSON.parse(raw) as { runs: Run[] };
  assert.deepEqual(sarifSchemaErrors(log), [], 'a valid SARIF 2.1.0 log');
  return { log, raw, warnings };
}

/** Every result names a rule of its run, by id and by index. */
function assertRulesResolve(run: Run): void {
  const rules = run.tool.driver.rules;
  assert.equal(new Set(rules.map((r) => r.id)).size, rules.length, 'one rule per id');
  for (const result of run.results) {
    assert.ok(result.ruleId !== undefined, 'a rule id on every result');
    assert.equal(rules[result.ruleIndex!]?.id, result.ruleId, `ruleIndex ${result.ruleIndex} points at ${result.ruleId}`);
  }
}

describe('SARIF profiles', () => {
  describe('MostSevere: the most severe items of a stream, in bounded memory', () => {
    it('keeps the `capacity` lowest ranks (earlier first among equals) and gives them back in arrival order', () => {
      fc.assert(
        fc.property(fc.array(fc.integer({ min: 0, max: 2 }), { maxLength: 60 }), fc.integer({ min: 0, max: 20 }), (ranks, capacity) => {
          const kept = new MostSevere<number>(capacity, 3);
          ranks.forEach((rank, i) => kept.add(i, rank));
          const expected = ranks
            .map((rank, i) => ({ rank, i }))
            .sort((a, b) => a.rank - b.rank || a.i - b.i)
            .slice(0, capacity)
            .map((e) => e.i)
            .sort((a, b) => a - b);
          assert.equal(kept.offered, ranks.length);
          assert.equal(kept.dropped, ranks.length - expected.length);
          assert.deepEqual(kept.take(), expected);
          assert.deepEqual(kept.take(), [], 'taking empties it');
        }),
      );
    });
  });

  describe('github', () => {
    const github = (limits: ExportOptions['sarifLimits'] = {}): ExportOptions => ({ sarifProfile: 'github', sarifLimits: limits });

    it('leaves out results without a location in the repository, and says how many', async () => {
      const issues = [
        issue(),
        issue({ codeNodes: [], codeFilePath: null }),
        issue({ codeNodes: [{ path: '../../etc/passwd', startLine: 1, endLine: 1, startCol: null, endCol: null, index: 0 }] }),
        issue({ codeNodes: [], codeFilePath: 'src/only-a-file.py' }),
      ];
      const { log, warnings } = await exported(source([[report('r-1'), issues]]), github());
      const results = log.runs[0]!.results;
      assert.deepEqual(
        results.map((r) => r.properties.issueId),
        [issues[0]!.id, issues[3]!.id],
        'a file without a line is a location; a refused path is not',
      );
      assert.ok(results.every((r) => (r.locations?.length ?? 0) === 1));
      assert.equal(warnings.length, 1);
      assert.match(warnings[0]!, /^security-fix-reports\/semgrep\/r-1: left out 2 results without a location in the repository/);
      observe(warnings[0]!);
    });

    it('says when no result of a run has a location (an upload would report none)', async () => {
      const { log, warnings } = await exported(source([[report('r-1'), [issue({ codeNodes: [] }), issue({ codeNodes: [] })]]]), github());
      assert.deepEqual(log.runs[0]!.results, []);
      assert.deepEqual(log.runs[0]!.tool.driver.rules, []);
      assert.match(
        warnings[0]!,
        /left out 2 results .* No result of this run has one, so an upload of it reports no alerts for this scanner\.$/,
      );
    });

    it('keeps the most severe results of a run up to the limit, in the service order, with a warning', async () => {
      const severities = ['low', 'high', 'medium', 'low', 'critical', 'medium', 'high', 'low', 'medium'];
      const issues = severities.map((severity) => issue({ severity }));
      const { log, warnings } = await exported(source([[report('r-1'), issues]], 2), github({ resultsPerRun: 4 }));
      const kept = log.runs[0]!.results;
      // error: high, critical, high; then the first warning (medium at index 2).
      assert.deepEqual(
        kept.map((r) => r.properties.issueId),
        [1, 2, 4, 6].map((i) => issues[i]!.id),
      );
      assert.deepEqual(
        kept.map((r) => r.level),
        ['error', 'warning', 'error', 'error'],
      );
      assert.equal(warnings.length, 1);
      assert.match(warnings[0]!, /: 9 results, more than GitHub's 4 per run: kept the 4 most severe .* left out 5\.$/);
      observe(warnings[0]!);
    });

    it('refuses more runs than the limit before writing anything', async () => {
      const src = source([
        [report('a'), [issue()]],
        [report('b'), [issue()]],
        [report('c'), [issue()]],
      ]);
      const chunks = exportChunks(src, 'sarif', github({ runs: 2 }));
      await assert.rejects(chunks.next(), (e: unknown) => e instanceof SarifRunLimitError && e.reports === 3 && e.limit === 2);
      assert.equal(GITHUB_LIMITS.runs, 20);
      const { log } = await exported(src, github({ runs: 3 }));
      assert.equal(log.runs.length, 3, 'at the limit is fine');
    });

    it('gives every result a rule: vendorIssueId, else the issue type, else "unknown"; a rule per id with its index', async () => {
      const issues = [
        issue({ vendorIssueId: 'rule-a' }),
        issue({ vendorIssueId: 'rule-b', issueType: 'XSS', severity: 'medium' }),
        issue({ vendorIssueId: 'rule-a', severity: 'low' }),
        issue({ vendorIssueId: null, issueType: 'Path_Traversal' }),
        issue({ vendorIssueId: '  ', issueType: null }),
        issue({ vendorIssueId: null, issueType: 'Path_Traversal', severity: 'low' }),
      ];
      const { log } = await exported(source([[report('r-1'), issues]]), github());
      const run = log.runs[0]!;
      assertRulesResolve(run);
      assert.deepEqual(
        run.results.map((r) => r.ruleId),
        ['rule-a', 'rule-b', 'rule-a', 'Path_Traversal', 'unknown', 'Path_Traversal'],
      );
      assert.deepEqual(
        run.tool.driver.rules.map((r) => r.id),
        ['rule-a', 'rule-b', 'Path_Traversal', 'unknown'],
        'in order of first sight',
      );
      const [a, b] = run.tool.driver.rules as [Rule, Rule];
      assert.equal(a.name, 'SQL_Injection');
      assert.equal(a.shortDescription.text, 'SQL Injection');
      assert.equal(a.fullDescription.text, 'SQL Injection: reported by Semgrep as rule rule-a.');
      assert.match(a.help.text, /^SQL Injection, reported by Semgrep \(rule rule-a\)\./);
      assert.deepEqual(a.properties.tags, ['security', 'SQL_Injection']);
      assert.equal(a.properties['security-severity'], '8.0', 'its most severe result is high (error)');
      assert.equal(a.defaultConfiguration.level, 'error');
      assert.equal(b.properties['security-severity'], '5.0');
      assert.equal(run.tool.driver.rules[2]!.name, undefined, 'no name equal to the id (SARIF1001)');
    });

    it('bounds the rules of a run too, counting each result once', async () => {
      const issues = ['a', 'b', 'c', 'a'].map((id) => issue({ vendorIssueId: id }));
      const { log, warnings } = await exported(source([[report('r-1'), issues]]), github({ rulesPerRun: 2 }));
      assert.deepEqual(
        log.runs[0]!.results.map((r) => r.ruleIndex),
        [0, 1, undefined, 0],
      );
      assert.deepEqual(warnings, [
        'security-fix-reports/semgrep/r-1: 1 result names a rule beyond the 2 a run may list (or an id over 1,024 characters), so no ruleIndex.',
      ]);
    });

    it('caps a rule at the tag limit, "security" first', async () => {
      const issues = Array.from({ length: 30 }, (_, i) => issue({ vendorIssueId: 'many', issueType: `Type_${i}` }));
      const { log } = await exported(source([[report('r-1'), issues]]), github({ tagsPerRule: 5 }));
      const tags = log.runs[0]!.tool.driver.rules[0]!.properties.tags;
      assert.deepEqual(tags, ['security', 'Type_0', 'Type_1', 'Type_2', 'Type_3']);
      const real = await exported(source([[report('r-1'), issues]]), github());
      assert.equal(real.log.runs[0]!.tool.driver.rules[0]!.properties.tags.length, 20, "GitHub's 20");
    });

    it('cuts a code flow to the limit: the first steps and the sink, with a warning', async () => {
      const nodes = Array.from({ length: 10 }, (_, i) => ({
        path: 'app/a.py',
        startLine: i + 1,
        endLine: i + 1,
        startCol: null,
        endCol: null,
        index: i,
      }));
      const { log, warnings } = await exported(
        source([[report('r-1'), [issue({ codeNodes: nodes }), issue()]]]),
        github({ locationsPerResult: 4 }),
      );
      const steps = log.runs[0]!.results[0]!.codeFlows![0]!.threadFlows[0]!.locations.map(
        (l) => l.location.physicalLocation.region.startLine,
      );
      assert.deepEqual(steps, [1, 2, 3, 10]);
      assert.deepEqual(warnings, [
        'security-fix-reports/semgrep/r-1: 1 result had a code flow of more than 4 steps; kept its first 3 steps and the sink.',
      ]);
      const full = await exported(source([[report('r-1'), [issue({ codeNodes: nodes })]]]), { sarifLimits: { locationsPerResult: 4 } });
      assert.equal(
        full.log.runs[0]!.results[0]!.codeFlows![0]!.threadFlows[0]!.locations.length,
        10,
        'the full profile keeps the whole trace',
      );
    });

    it('warns when the gzipped log would be over the upload limit, and only then', async () => {
      const issues = Array.from({ length: 50 }, () => issue());
      const quiet = await exported(source([[report('r-1'), issues]]), github());
      assert.deepEqual(quiet.warnings, []);
      const { warnings } = await exported(source([[report('r-1'), issues]]), github({ gzipBytes: 1_000 }));
      assert.equal(warnings.length, 1);
      assert.match(warnings[0]!, /^The SARIF log is \d+\.\d MB gzipped, over GitHub's 0\.0 MB upload limit/);
    });

    it('keeps false positives as accepted suppressions, summaries fetched only for the results kept', async () => {
      const fetched: string[] = [];
      const issues = [
        issue({ state: 'FalsePositive', fpId: 'fp-low', fpDescription: 'x', severity: 'low' }),
        issue({ state: 'FalsePositive', fpId: 'fp-high', fpDescription: 'y', severity: 'high' }),
      ];
      const src = { ...source([[report('r-1'), issues]]), fpSummary: async (fpId: string) => (fetched.push(fpId), `Summary of ${fpId}`) };
      const { log } = await exported(src, github({ resultsPerRun: 1 }));
      assert.deepEqual(fetched, ['fp-high']);
      assert.equal(log.runs[0]!.results[0]!.suppressions![0]!.justification, 'Summary of fp-high');
    });

    it('gives each run a distinct automationDetails.id, even for report ids that read alike', async () => {
      const { log } = await exported(
        source([
          [report('R/1'), [issue()]],
          [report('r-1'), [issue()]],
        ]),
        github(),
      );
      assert.deepEqual(
        log.runs.map((r) => r.automationDetails.id),
        ['security-fix-reports/semgrep/r-1', 'security-fix-reports/semgrep/r-1-2'],
      );
    });

    it('is what Export Issues… writes (views/reporting), and what the CLI writes by default', async () => {
      let raw = '';
      for await (const chunk of editorExportChunks(source([[report('r-1'), [issue(), issue({ codeNodes: [] })]]]), 'sarif', {
        warn: () => {},
      }))
        raw += chunk;
      const log = JSON.parse(raw) as { runs: Run[] };
      assert.equal(log.runs[0]!.results.length, 1, 'the result without a location is left out');
      assert.equal(parseSarifProfile(undefined), 'github');
      assert.equal(parseSarifProfile('full'), 'full');
      assert.throws(() => parseSarifProfile('gitlab'), /--sarif-profile must be one of github, full \(got "gitlab"\)/);
    });
  });

  describe('full', () => {
    it('keeps every result in the service order, with rules after them (ruleIndex, tags, security-severity)', async () => {
      const issues = [
        issue({ codeNodes: [] }),
        issue({ vendorIssueId: 'rule-b', severity: 'medium' }),
        issue({ vendorIssueId: null }),
        issue(),
      ];
      const { log, warnings } = await exported(source([[report('r-1'), issues]]), {});
      const run = log.runs[0]!;
      assert.deepEqual(
        run.results.map((r) => r.properties.issueId),
        issues.map((i) => i.id),
      );
      assert.equal(run.results[2]!.ruleId, undefined, 'no rule invented: the full profile is the service data');
      assert.equal(run.results[2]!.ruleIndex, undefined);
      assert.deepEqual(
        run.tool.driver.rules.map((r) => [r.id, r.properties['security-severity']]),
        [
          ['rule-a', '8.0'],
          ['rule-b', '5.0'],
        ],
      );
      assert.deepEqual([run.results[0]!.ruleIndex, run.results[1]!.ruleIndex, run.results[3]!.ruleIndex], [0, 1, 0]);
      assert.deepEqual(Object.keys(run).slice(-2), ['results', 'tool'], 'the rules are known once the results are written');
      assert.deepEqual(warnings, []);
    });

    it('bounds the rule table: results naming a rule beyond the limit carry no ruleIndex, with a warning', async () => {
      const issues = ['a', 'b', 'c', 'a', 'd'].map((id) => issue({ vendorIssueId: id }));
      const { log, warnings } = await exported(source([[report('r-1'), issues]]), { sarifLimits: { rulesPerRun: 2 } });
      const run = log.runs[0]!;
      assert.deepEqual(
        run.results.map((r) => r.ruleIndex),
        [0, 1, undefined, 0, undefined],
      );
      assert.deepEqual(
        run.tool.driver.rules.map((r) => r.id),
        ['a', 'b'],
      );
      assert.deepEqual(warnings, [
        'security-fix-reports/semgrep/r-1: 2 results name a rule beyond the 2 a run may list (or an id over 1,024 characters), so no ruleIndex.',
      ]);
    });
  });

  it("maps the service's severity to security-severity through the editor's table only", () => {
    const scores = ['Critical', 'blocker', 'high', 'major', 'medium', 'low', 'info', 'unheard-of', null].map((s) =>
      securitySeverity(sarifLevel(s)),
    );
    assert.deepEqual(scores, ['8.0', '8.0', '8.0', '5.0', '5.0', '2.0', '2.0', '2.0', '2.0']);
    // GitHub's bands: 7.0–8.9 high, 4.0–6.9 medium, 0.1–3.9 low.
    assert.deepEqual(
      (['error', 'warning', 'note'] as const).map((l) => Number(securitySeverity(l))),
      [8, 5, 2],
    );
  });
});
