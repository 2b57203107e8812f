// Load: one report with 1,000,000 issues streamed through the CLI must run in constant
// memory. Peak RSS of the CLI process is read from /proc while it runs, at 100k and at 1M.
import { strict as assert } from 'node:assert';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { startSandbox, type Sandbox } from '../../tools/sandbox/server';
import { observe } from '../support/evidence';
import { peakRss } from '../support/peakRss';

const CLI = join(__dirname, '..', '..', '..', 'dist', 'cli.js');

interface Run {
  lines: number;
  peakRssMb: number;
  seconds: number;
}

function streamIssues(sandbox: Sandbox, reportId: string): Promise<Run> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const child = spawn(process.execPath, [CLI, 'issues', '--fix-report', reportId, '--format', 'jsonl'], {
      env: { PATH: process.env.PATH, SECURITY_FIX_REPORTS_URL: sandbox.baseUrl, SECURITY_FIX_REPORTS_KEY: sandbox.key },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let lines = 0;
    let peak = 0;
    let stderr = '';
    const sample = setInterval(() => (peak = Math.max(peak, peakRss(child.pid!) ?? 0)), 50);
    child.stdout.on('data', (chunk: Buffer) => {
      for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
    });
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.stdout.on('end', () => (peak = Math.max(peak, peakRss(child.pid!) ?? 0)));
    child.on('close', (code) => {
      clearInterval(sample);
      if (code !== 0) return reject(new Error(`cli exited ${code}: ${stderr}`));
      resolve({ lines, peakRssMb: Math.round(peak), seconds: (Date.now() - started) / 1000 });
    });
  });
}

describe('load: the CLI streams a million issues in constant memory', function () {
  this.timeout(600_000);
  const sandboxes: Sandbox[] = [];
  after(() => Promise.all(sandboxes.map((s) => s.close())));

  it('peak RSS at 1,000,000 issues is no larger than at 100,000 (within noise)', async () => {
    const runs: Record<number, Run> = {};
    for (const count of [100_000, 1_000_000]) {
      const sandbox = await startSandbox({ dataset: { seed: 9, reports: 1, issuesPerReport: [1, 1], bigReportIssues: count } });
      sandboxes.push(sandbox);
      const run = await streamIssues(sandbox, sandbox.dataset.bigReportId!);
      assert.equal(run.lines, count, 'every issue was written once');
      runs[count] = run;
    }
    const small = runs[100_000]!;
    const large = runs[1_000_000]!;
    observe(`100,000 issues: peak RSS ${small.peakRssMb} MB in ${small.seconds.toFixed(1)} s`);
    observe(`1,000,000 issues: peak RSS ${large.peakRssMb} MB in ${large.seconds.toFixed(1)} s`);
    // Constant memory: ten times the issues may not cost more than a quarter more memory.
    assert.ok(large.peakRssMb <= small.peakRssMb * 1.25 + 8, `peak RSS grew from ${small.peakRssMb} MB to ${large.peakRssMb} MB`);
  });
});
