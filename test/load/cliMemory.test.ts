// Load: one report with 1,000,000 issues streamed through the CLI must run in constant
// memory: its peak RSS and the heap it retains, at 100k and at 1M (support/cliMemory).
import { strict as assert } from 'node:assert';
import { join } from 'node:path';
import { startSandbox, type Sandbox } from '../../tools/sandbox/server';
import { observe } from '../support/evidence';
import { assertConstantMemory, cliMemory, countLines, describeMemory, peakLimit, type CliMemory } from './support/cliMemory';

const CLI = join(__dirname, '..', '..', '..', 'dist', 'cli.js');

function streamIssues(sandbox: Sandbox, reportId: string, count: number, peakLimitMb: number): Promise<CliMemory> {
  return cliMemory(
    {
      cli: CLI,
      args: ['issues', '--fix-report', reportId, '--format', 'jsonl'],
      env: { PATH: process.env.PATH, SECURITY_FIX_REPORTS_URL: sandbox.baseUrl, SECURITY_FIX_REPORTS_KEY: sandbox.key },
      consume: countLines,
      check: ({ lines }) => assert.equal(lines, count, 'every issue was written once'),
    },
    peakLimitMb,
  );
}

describe('load: the CLI streams a million issues in constant memory', function () {
  this.timeout(600_000);
  const sandboxes: Sandbox[] = [];
  after(() => Promise.all(sandboxes.map((s) => s.close())));

  it('peak RSS and retained heap at 1,000,000 issues are no larger than at 100,000 (within noise)', async () => {
    const measured: Record<number, CliMemory> = {};
    for (const count of [100_000, 1_000_000]) {
      const sandbox = await startSandbox({ dataset: { seed: 9, reports: 1, issuesPerReport: [1, 1], bigReportIssues: count } });
      sandboxes.push(sandbox);
      // The large run's first measure is enough when it is already within the small one's limit.
      const limit = count === 1_000_000 ? peakLimit(measured[100_000]!, 100_000, 1_000_000) : Infinity;
      measured[count] = await streamIssues(sandbox, sandbox.dataset.bigReportId!, count, limit);
      observe(describeMemory(`${count.toLocaleString('en-US')} issues`, measured[count]));
    }
    assertConstantMemory(measured[100_000]!, measured[1_000_000]!, 100_000, 1_000_000);
  });
});
