// Load: the exports stream like `issues --format jsonl` (cliMemory.test.ts): a report of
// 1,000,000 issues exported as CSV, and as SARIF with every false positive's summary fetched
// (about 120,000 requests, 4 at a time), must take no more memory than 100,000 issues. Peak RSS
// of the CLI process is read from /proc while it runs. The CLI is dist/cli.js or $SFR_CLI.
import { strict as assert } from 'node:assert';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { parse } from 'csv-parse';
import { startSandbox, type Sandbox } from '../../tools/sandbox/server';
import { observe } from '../support/evidence';
import { peakRss } from '../support/peakRss';

const CLI = process.env.SFR_CLI ?? join(__dirname, '..', '..', '..', 'dist', 'cli.js');

interface Run {
  /** CSV: records after the header, read by csv-parse; SARIF: results (one per line). */
  records: number;
  /** The last bytes written. */
  tail: string;
  peakRssMb: number;
  seconds: number;
}

function exportIssues(sandbox: Sandbox, reportId: string, format: 'csv' | 'sarif'): Promise<Run> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const child = spawn(process.execPath, [CLI, 'issues', '--fix-report', reportId, '--format', format], {
      env: { PATH: process.env.PATH, SECURITY_FIX_REPORTS_URL: sandbox.baseUrl, SECURITY_FIX_REPORTS_KEY: sandbox.key },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let records = 0;
    let tail = '';
    let peak = 0;
    let stderr = '';
    let pending = 2;
    const sample = setInterval(() => (peak = Math.max(peak, peakRss(child.pid!) ?? 0)), 50);
    const done = (code: number | null) => {
      if (--pending > 0) return;
      clearInterval(sample);
      if (code !== 0) return reject(new Error(`cli exited ${code}: ${stderr}`));
      resolve({ records, tail, peakRssMb: Math.round(peak), seconds: (Date.now() - started) / 1000 });
    };
    let exitCode: number | null = null;
    child.stdout.on('data', (chunk: Buffer) => (tail = (tail + chunk.toString('latin1')).slice(-16)));
    if (format === 'csv') {
      // A real CSV parser reads every record as it streams (fpDescription spans lines).
      const parser = child.stdout.pipe(parse({ from_line: 2 }));
      parser.on('data', () => records++);
      parser.on('error', reject);
      parser.on('end', () => done(exitCode));
    } else {
      // One result per line: the log's own lines are its header, the run's, and three closing ones.
      child.stdout.on('data', (chunk: Buffer) => {
        for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) records++;
      });
      child.stdout.on('end', () => {
        records -= 4;
        done(exitCode);
      });
    }
    child.stdout.on('end', () => (peak = Math.max(peak, peakRss(child.pid!) ?? 0)));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      exitCode = code;
      done(code);
    });
  });
}

describe('load: the CLI exports a million issues in constant memory', function () {
  this.timeout(600_000);
  const sandboxes: Record<number, Sandbox> = {};
  before(async () => {
    for (const count of [100_000, 1_000_000])
      sandboxes[count] = await startSandbox({ dataset: { seed: 9, reports: 1, issuesPerReport: [1, 1], bigReportIssues: count } });
  });
  after(() => Promise.all(Object.values(sandboxes).map((s) => s.close())));

  for (const format of ['csv', 'sarif'] as const) {
    it(`${format}: peak RSS at 1,000,000 issues is no larger than at 100,000 (within noise)`, async () => {
      const runs: Record<number, Run> = {};
      for (const count of [100_000, 1_000_000]) {
        const sandbox = sandboxes[count]!;
        const run = await exportIssues(sandbox, sandbox.dataset.bigReportId!, format);
        assert.equal(run.records, count, 'every issue was written once');
        assert.ok(
          run.tail.endsWith(format === 'csv' ? '\r\n' : '\n]}\n]}\n'),
          `a complete ${format} document: ${JSON.stringify(run.tail)}`,
        );
        runs[count] = run;
      }
      const small = runs[100_000]!;
      const large = runs[1_000_000]!;
      observe(`${format}, 100,000 issues: peak RSS ${small.peakRssMb} MB in ${small.seconds.toFixed(1)} s`);
      observe(`${format}, 1,000,000 issues: peak RSS ${large.peakRssMb} MB in ${large.seconds.toFixed(1)} s`);
      // Constant memory: ten times the issues may not cost more than a quarter more memory.
      assert.ok(large.peakRssMb <= small.peakRssMb * 1.25 + 8, `peak RSS grew from ${small.peakRssMb} MB to ${large.peakRssMb} MB`);
    });
  }
});
