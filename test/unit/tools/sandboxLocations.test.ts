// The sandbox's code locations: issues' codeNodes/codeFilePath and fixes' files, patches,
// effort and severity, served by default and absent with specMinimal; the payments-api reports
// point at real lines of the sample workspace and their patches apply to it (all but the one
// conflicting fix's); the hostile report carries paths and positions a client must refuse.
import { strict as assert } from 'node:assert';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { createInterface } from 'node:readline';
import { applyPatch, parsePatch } from 'diff';
import { request } from 'undici';
import { FIX_EFFORTS, FIX_SEVERITIES, REPOS, categoryById } from '../../../tools/sandbox/catalog';
import {
  createDataset,
  workspacePatch,
  type CodeNode,
  type Dataset,
  type SandboxFix,
  type SandboxIssue,
} from '../../../tools/sandbox/generator';
import { HOSTILE_CASES, HOSTILE_FIX_FILES, HOSTILE_LOCATIONS } from '../../../tools/sandbox/hostile';
import { startSandbox } from '../../../tools/sandbox/server';
import { WORKSPACE_FINDINGS, WORKSPACE_REPO_URL, type Region, type WorkspaceFinding } from '../../../tools/sandbox/workspaceFindings';

const REPO_ROOT = path.resolve(__dirname, '..', '..', '..', '..');
const FIXTURE = path.join(REPO_ROOT, 'test', 'fixtures', 'workspace');
const ISSUE_KEYS = ['codeNodes', 'codeFilePath'];
const FIX_KEYS = ['fixFiles', 'patchAndQuestions', 'effortToApplyFix', 'severityText', 'severityValue'];

function fixtureText(file: string): string {
  return readFileSync(path.join(FIXTURE, file), 'utf8');
}

function allIssues(d: Dataset, reportId: string): SandboxIssue[] {
  return d.issueRange(reportId, 0, d.issueCount(reportId));
}

function allFixes(d: Dataset, reportId: string): SandboxFix[] {
  return d.detail(reportId)?.fixes ?? [];
}

function nodesOf(issue: SandboxIssue): CodeNode[] {
  assert.ok(Array.isArray(issue.codeNodes), `${issue.id} has codeNodes`);
  return issue.codeNodes as CodeNode[];
}

/** The text a region covers, or a reason it does not fit the file. */
function covered(text: string, r: Region): string {
  const lines = text.split('\n');
  assert.ok(
    Number.isInteger(r.startLine) && r.startLine >= 1 && r.endLine >= r.startLine && r.endLine <= lines.length,
    `lines ${r.startLine}–${r.endLine} in a file of ${lines.length}`,
  );
  const first = lines[r.startLine - 1] ?? '';
  const last = lines[r.endLine - 1] ?? '';
  assert.ok(r.startCol >= 1 && r.startCol <= first.length, `startCol ${r.startCol} within line ${r.startLine} (${first.length} columns)`);
  assert.ok(
    r.endCol >= 1 && r.endCol <= last.length + 1,
    `endCol ${r.endCol} within line ${r.endLine} (${last.length} columns, end exclusive)`,
  );
  if (r.startLine === r.endLine) assert.ok(r.startCol < r.endCol, 'a non-empty range');
  if (r.startLine === r.endLine) return first.slice(r.startCol - 1, r.endCol - 1);
  return [first.slice(r.startCol - 1), ...lines.slice(r.startLine, r.endLine - 1), last.slice(0, r.endCol - 1)].join('\n');
}

/** Applies every file section of a patch to the fixture; false when one does not apply. */
function applyToFixture(patch: string): boolean {
  const sections = parsePatch(patch);
  assert.ok(sections.length > 0, 'the patch has a file section');
  for (const section of sections) {
    const file = (section.newFileName ?? '').replace(/^b\//, '');
    assert.equal((section.oldFileName ?? '').replace(/^a\//, ''), file);
    const original = fixtureText(file);
    const patched = applyPatch(original, section);
    if (patched === false) return false;
    assert.notEqual(patched, original, `the patch changes ${file}`);
  }
  return true;
}

function sameRegion(node: CodeNode, r: Region): boolean {
  return node.startLine === r.startLine && node.endLine === r.endLine && node.startCol === r.startCol && node.endCol === r.endCol;
}

describe('sandbox code locations', () => {
  const dataset = createDataset({ seed: 42, hostileText: true });
  const minimal = createDataset({ seed: 42, hostileText: true, specMinimal: true });
  const workspaceReports = dataset.reports.filter((r) => r.repo?.originalUrl === WORKSPACE_REPO_URL && r.id !== dataset.hostileReportId);
  const ordinaryReports = dataset.reports.filter((r) => r.id !== dataset.hostileReportId && r.repo?.originalUrl !== WORKSPACE_REPO_URL);

  it('serves locations on every issue and details on every fix by default', () => {
    let withFilePath = 0;
    let withoutFilePath = 0;
    const lengths = new Set<number>();
    for (const report of dataset.reports) {
      allIssues(dataset, report.id).forEach((issue, index) => {
        if (
          report.id === dataset.hostileReportId &&
          index >= HOSTILE_CASES.length &&
          index < HOSTILE_CASES.length + HOSTILE_LOCATIONS.length
        )
          return;
        const nodes = nodesOf(issue);
        lengths.add(nodes.length);
        assert.ok(nodes.length >= 1 && nodes.length <= 4, `${nodes.length} nodes`);
        nodes.forEach((n, k) => {
          assert.deepEqual(Object.keys(n), ['path', 'startLine', 'endLine', 'startCol', 'endCol', 'index']);
          assert.equal(n.index, k, 'ordered by index, 0..n-1');
          assert.ok(
            typeof n.path === 'string' &&
              n.path.length > 0 &&
              !n.path.startsWith('/') &&
              !n.path.includes('\\') &&
              !n.path.split('/').includes('..'),
          );
          assert.ok(Number.isInteger(n.startLine) && n.startLine >= 1 && n.endLine >= n.startLine);
          assert.ok(Number.isInteger(n.startCol) && n.startCol >= 1 && Number.isInteger(n.endCol) && n.endCol >= 1);
          if (n.startLine === n.endLine) assert.ok(n.endCol > n.startCol);
        });
        if ('codeFilePath' in issue) {
          withFilePath++;
          assert.equal(issue.codeFilePath, nodes.at(-1)?.path, "codeFilePath is the sink's path");
        } else withoutFilePath++;
      });
      for (const fix of allFixes(dataset, report.id)) {
        assert.ok(fix.fixFiles && fix.fixFiles.length >= 1);
        assert.ok(FIX_EFFORTS.some(([e]) => e === fix.effortToApplyFix));
        const band = FIX_SEVERITIES.find(([b]) => b.text === fix.severityText)?.[0];
        assert.ok(
          band && typeof fix.severityValue === 'number' && fix.severityValue >= band.min && fix.severityValue <= band.max,
          `${fix.severityText} ${fix.severityValue}`,
        );
        assert.ok(fix.patchAndQuestions === null || typeof fix.patchAndQuestions?.patch === 'string');
      }
    }
    assert.deepEqual([...lengths].sort(), [1, 2, 3, 4]);
    assert.ok(
      withFilePath > 100 && withoutFilePath > 100,
      `codeFilePath on some issues only (${withFilePath} with, ${withoutFilePath} without)`,
    );
    const fixes = dataset.reports.flatMap((r) => allFixes(dataset, r.id));
    assert.ok(
      fixes.some((f) => f.patchAndQuestions === null),
      'some fixes have no patch',
    );
    assert.ok(
      fixes.some((f) => (f.patchAndQuestions?.questions.length ?? 0) > 0),
      'some fixes asked questions',
    );
    assert.ok(
      fixes.some((f) => (f.fixFiles?.length ?? 0) > 1),
      'some fixes touch two files',
    );
    for (const q of fixes.flatMap((f) => f.patchAndQuestions?.questions ?? [])) {
      assert.ok(q.key && q.question && typeof q.defaultValue === 'string');
      if (q.options.length > 0) assert.ok(q.options.includes(q.defaultValue));
    }
  });

  it('gives fixes the files their patches name, and fixed issues a sink in those files', () => {
    for (const report of ordinaryReports.slice(0, 6)) {
      const issues = new Map(allIssues(dataset, report.id).map((i) => [i.id, i]));
      for (const fix of allFixes(dataset, report.id)) {
        const files = (fix.fixFiles ?? []).map((f) => f.fileRepoRelativePath);
        const repo = REPOS.find((r) => r.originalUrl === report.repo?.originalUrl);
        if (repo) for (const file of files) assert.ok(repo.files.includes(file), `${file} is a file of ${repo.name}`);
        if (fix.patchAndQuestions) {
          const named = parsePatch(fix.patchAndQuestions.patch).map((p) => (p.newFileName ?? '').replace(/^b\//, ''));
          assert.deepEqual(named, files);
        }
        for (const ref of fix.vulnerabilityReportIssues) {
          const sink = nodesOf(issues.get(ref.id) as SandboxIssue).at(-1);
          assert.equal(sink?.path, files[0]);
          assert.ok((sink?.startLine ?? 0) >= 1 && (sink?.endLine ?? 0) <= 402);
        }
      }
    }
  });

  it('leaves every location field out with specMinimal, and changes nothing else', () => {
    for (const report of minimal.reports) {
      for (const issue of allIssues(minimal, report.id)) for (const key of ISSUE_KEYS) assert.ok(!(key in issue), `issue has ${key}`);
      for (const fix of allFixes(minimal, report.id)) for (const key of FIX_KEYS) assert.ok(!(key in fix), `fix has ${key}`);
    }
    assert.equal(minimal.conflictingFixId, undefined);
    const strip = (value: unknown) =>
      JSON.stringify(value, (key, v: unknown) => ([...ISSUE_KEYS, ...FIX_KEYS].includes(key) ? undefined : v));
    for (const report of dataset.reports) {
      assert.equal(strip(dataset.detail(report.id)), JSON.stringify(minimal.detail(report.id)));
      assert.equal(strip(allIssues(dataset, report.id)), JSON.stringify(allIssues(minimal, report.id)));
    }
  });

  it('keeps ids and order: the locations come from streams of their own', () => {
    const a = createDataset({ seed: 42, bigReportIssues: 30_000 });
    const b = createDataset({ seed: 42, bigReportIssues: 30_000, specMinimal: true });
    assert.deepEqual(
      a.reports.map((r) => r.id),
      b.reports.map((r) => r.id),
    );
    for (const r of a.reports) {
      assert.deepEqual(
        a.issueRange(r.id, 0, 2_000).map((i) => i.id),
        b.issueRange(r.id, 0, 2_000).map((i) => i.id),
      );
      assert.equal(a.fixCount(r.id), b.fixCount(r.id));
    }
  });

  describe('the sample workspace (payments-api)', () => {
    it('has a table whose every region is a real place in the fixture files', () => {
      const files = new Set(WORKSPACE_FINDINGS.map((f) => f.path));
      for (const file of [
        'app/db.py',
        'src/main/java/App.java',
        'web/Profile.tsx',
        'web/api.ts',
        'web/index.html',
        'cmd/server/main.go',
        'config/app.json',
        'deploy/values.yaml',
        'Dockerfile',
      ]) {
        assert.ok(files.has(file), `a finding in ${file}`);
      }
      for (const finding of WORKSPACE_FINDINGS) {
        const text = fixtureText(finding.path);
        for (const region of [...finding.trace, finding]) {
          assert.equal(
            covered(text, region),
            region.snippet,
            `${finding.name}: lines ${region.startLine}–${region.endLine}, columns ${region.startCol}–${region.endCol}`,
          );
        }
        assert.ok(categoryById(finding.issueType), `${finding.name}: ${finding.issueType} is a category`);
        if (finding.fpReason !== undefined)
          assert.ok(categoryById(finding.issueType)?.fpReasons[finding.fpReason], `${finding.name}: its fpReason exists`);
        const lines = text.split('\n');
        assert.deepEqual(
          lines.slice(finding.fix.line - 1, finding.fix.line - 1 + finding.fix.before.length),
          finding.fix.before,
          `${finding.name}: fix.before is the file's text`,
        );
      }
      assert.equal(new Set(WORKSPACE_FINDINGS.map((f) => f.name)).size, WORKSPACE_FINDINGS.length);
    });

    it('has patches that apply to the fixture, and stale ones that do not', () => {
      for (const finding of WORKSPACE_FINDINGS) {
        assert.ok(applyToFixture(workspacePatch(finding, false)), `${finding.name}: the patch applies`);
        // …at its place: the result is the file with fix.before replaced by fix.after.
        const lines = fixtureText(finding.path).split('\n');
        lines.splice(finding.fix.line - 1, finding.fix.before.length, ...finding.fix.after);
        assert.equal(applyPatch(fixtureText(finding.path), workspacePatch(finding, false)), lines.join('\n'), finding.name);
        assert.equal(applyToFixture(workspacePatch(finding, true)), false, `${finding.name}: the stale patch does not apply`);
      }
    });

    it('puts every payments-api issue on a row of the table, sink last, trace from the same row', () => {
      assert.ok(workspaceReports.length >= 2);
      const used = new Set<string>();
      for (const report of workspaceReports) {
        for (const issue of allIssues(dataset, report.id)) {
          const nodes = nodesOf(issue);
          const sink = nodes.at(-1) as CodeNode;
          const row = WORKSPACE_FINDINGS.find((f) => f.path === sink.path && sameRegion(sink, f)) as WorkspaceFinding;
          assert.ok(row, `${issue.id}: its sink ${sink.path}:${sink.startLine} is a row of the table`);
          used.add(row.name);
          assert.equal(issue.issueType, row.issueType);
          assert.equal(issue.issueLanguage, row.language);
          for (const n of nodes.slice(0, -1))
            assert.ok(n.path === row.path && row.trace.some((r) => sameRegion(n, r)), `${row.name}: node ${n.index} is on its trace`);
          if (issue.state === 'FalsePositive') {
            assert.notEqual(row.fpReason, undefined, `${row.name} is safe code`);
            assert.ok(issue.fpDescription?.includes(`${row.path}:${row.startLine}`), 'the explanation names the real place');
          }
        }
      }
      assert.equal(used.size, WORKSPACE_FINDINGS.length, 'every row is used');
    });

    it("gives payments-api fixes the row's file and a patch that applies, except the conflicting fix", () => {
      const conflicting = dataset.conflictingFixId;
      assert.ok(conflicting);
      const at = dataset.locateFix(conflicting);
      assert.equal(at?.reportId, workspaceReports[0]?.id, 'in the newest payments-api report');
      let applied = 0;
      for (const report of workspaceReports) {
        const issues = new Map(allIssues(dataset, report.id).map((i) => [i.id, i]));
        for (const fix of allFixes(dataset, report.id)) {
          const sinks = fix.vulnerabilityReportIssues.map((ref) => nodesOf(issues.get(ref.id) as SandboxIssue).at(-1)?.path);
          assert.deepEqual(fix.fixFiles, [{ fileRepoRelativePath: sinks[0] }]);
          assert.ok(sinks.every((p) => p === sinks[0]));
          if (!fix.patchAndQuestions) continue;
          if (fix.id === conflicting) {
            assert.equal(applyToFixture(fix.patchAndQuestions.patch), false, 'the conflicting patch does not apply');
          } else {
            assert.ok(applyToFixture(fix.patchAndQuestions.patch), `${fix.id} applies`);
            applied++;
          }
        }
      }
      assert.ok(applied > 20);
      const fix = dataset.fixAt(at?.reportId ?? '', at?.index ?? -1);
      assert.ok(fix.patchAndQuestions && ['Ready', 'Downloaded'].includes(fix.state ?? ''));
      assert.equal(createDataset({ seed: 42, hostileText: true }).conflictingFixId, conflicting, 'deterministic');
    });
  });

  describe('the hostile report', () => {
    const hostileId = dataset.hostileReportId ?? '';
    const located = HOSTILE_LOCATIONS.map((_, k) => dataset.issueAt(hostileId, HOSTILE_CASES.length + k));

    it('has room for every hostile location after the hostile texts', () => {
      assert.ok(HOSTILE_CASES.length + HOSTILE_LOCATIONS.length <= dataset.issueCount(hostileId));
      assert.equal(new Set(HOSTILE_LOCATIONS.map((h) => h.name)).size, HOSTILE_LOCATIONS.length);
    });

    it('carries paths a client must refuse and positions it must survive, unchanged over JSON', () => {
      const sinks = located.map((i) =>
        Array.isArray(i.codeNodes)
          ? i.codeNodes.find((n) => n.index === Math.max(...(i.codeNodes ?? []).map((m) => Number(m.index))))
          : undefined,
      );
      const paths = sinks.map((n) => n?.path);
      for (const p of [
        '/etc/passwd',
        'C:\\Windows\\System32\\drivers\\etc\\hosts',
        '../../.ssh/id_rsa',
        'src/../../x',
        'file:///etc/passwd',
        'https://evil.example/x',
        'src\\main\\java\\App.java',
        '',
      ]) {
        assert.ok(paths.includes(p), `a sink at ${JSON.stringify(p)}`);
      }
      for (const needle of ['vscode://', 'command:', '\u0000', '\u001b', '\n', '\u202E', '\\\\evil.example']) {
        assert.ok(
          paths.some((p) => typeof p === 'string' && p.includes(needle)),
          `a path with ${JSON.stringify(needle)}`,
        );
      }
      assert.ok(paths.includes(null));
      const lines = sinks.map((n) => n?.startLine);
      for (const line of [0, 1e12, 3.5, '12', null]) assert.ok(lines.includes(line), `a startLine ${JSON.stringify(line)}`);
      assert.ok(lines.some((l) => typeof l === 'number' && l < 0) || sinks.some((n) => typeof n?.endLine === 'number' && n.endLine < 0));
      assert.ok(located.some((i) => i.codeNodes === null) && located.some((i) => Array.isArray(i.codeNodes) && i.codeNodes.length === 0));
      assert.ok(
        located.some((i) => (i.codeNodes ?? []).some((n, k) => n.index !== k)),
        'a trace out of index order',
      );
      assert.ok(located.some((i) => i.codeFilePath === '../../etc/shadow'));
      assert.deepEqual(JSON.parse(JSON.stringify(located)), located, 'JSON carries every value as is');
      // The hostile texts before them keep ordinary locations.
      assert.ok(dataset.issueRange(hostileId, 0, HOSTILE_CASES.length).every((i) => nodesOf(i).length >= 1));
    });

    it('gives its first fixes hostile files, named in their patches too', () => {
      const fixes = allFixes(dataset, hostileId);
      HOSTILE_FIX_FILES.forEach((h, j) => {
        const fix = fixes[j] as SandboxFix;
        assert.deepEqual(fix.fixFiles, [{ fileRepoRelativePath: h.path }]);
        if (fix.patchAndQuestions) assert.ok(fix.patchAndQuestions.patch.includes(`+++ b/${h.patchPath ?? h.path}\n`), h.name);
      });
    });
  });

  it('is served over HTTP, with the fields or without them', async () => {
    for (const specMinimal of [false, true]) {
      const sb = await startSandbox({ dataset: { seed: 11, reports: 3, specMinimal } });
      try {
        const reportId = sb.dataset.reports[0]?.id ?? '';
        const get = async (p: string) => (await request(`${sb.baseUrl}${p}`, { headers: { 'x-service-key': sb.key } })).body.text();
        const page = await get(`/api/rest/v5/issues?fixReportId=${reportId}`);
        const detail = await get(`/api/rest/fix-reports/${reportId}`);
        assert.equal(page.includes('"codeNodes":[{"path":'), !specMinimal);
        assert.equal(detail.includes('"fixFiles":[{"fileRepoRelativePath":'), !specMinimal);
        assert.equal(detail.includes('"severityValue":'), !specMinimal);
      } finally {
        await sb.close();
      }
    }
  });

  it('has a --spec-minimal flag on the command line', async function () {
    this.timeout(10_000);
    const main = path.join(REPO_ROOT, 'out', 'tools', 'sandbox', 'main.js');
    for (const flags of [[], ['--spec-minimal']]) {
      const child = spawn(process.execPath, [main, '--port', '0', '--reports', '2', ...flags], { stdio: ['ignore', 'pipe', 'inherit'] });
      try {
        const out: string[] = [];
        for await (const line of createInterface({ input: child.stdout })) {
          out.push(line);
          if (line.startsWith('export SECURITY_FIX_REPORTS_KEY=')) break;
        }
        const url = /listening on (\S+)/.exec(out.join('\n'))?.[1];
        const key = /^Service key: (\S+)$/m.exec(out.join('\n'))?.[1];
        assert.ok(url && key, out.join('\n'));
        const reports = (await (await request(`${url}/api/rest/fix-reports`, { headers: { 'x-service-key': key } })).body.json()) as {
          getReportsApiV2: { fixReport: { id: string }[] };
        };
        const id = reports.getReportsApiV2.fixReport[0]?.id;
        const page = await (
          await request(`${url}/api/rest/v5/issues?fixReportId=${id}`, { headers: { 'x-service-key': key } })
        ).body.text();
        assert.equal(page.includes('"codeNodes"'), flags.length === 0, `flags ${flags.join(' ')}`);
      } finally {
        const exited = once(child, 'exit');
        child.kill('SIGTERM');
        await exited;
      }
    }
    const help = spawn(process.execPath, [main, '--help'], { stdio: ['ignore', 'pipe', 'inherit'] });
    let usage = '';
    for await (const chunk of help.stdout) usage += String(chunk);
    assert.match(usage, /--spec-minimal/);
  });
});
