// Load: the exports stream like `issues --format jsonl` (cliMemory.test.ts): a report of
// 1,000,000 issues exported as CSV, and as SARIF's full profile with every false positive's
// summary fetched (about 120,000 requests, 4 at a time), must take no more memory than 100,000
// issues: peak RSS and retained heap (support/cliMemory). SARIF's github profile (the default)
// is not run here: what it holds is capped by construction (a run's 25,000 most severe results,
// model/export/sarifLimits, tested in test/unit/model/export/sarifProfile.test.ts), and a
// 100,000-issue report goes through it in test/e2e/cliSarifGithub.test.ts. The CLI is
// dist/cli.js or $SFR_CLI.
import { strict as assert } from 'node:assert';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import { startSandbox, type Sandbox } from '../../tools/sandbox/server';
import { observe } from '../support/evidence';
import { assertConstantMemory, cliMemory, countLines, describeMemory, peakLimit, type CliMemory } from './support/cliMemory';

const CLI = process.env.SFR_CLI ?? join(__dirname, '..', '..', '..', 'dist', 'cli.js');

interface Exported {
  /** CSV: records after the header, read by csv-parse; SARIF: results (one per line). */
  records: number;
  /** The last bytes written. */
  tail: string;
}

/**
 * A real CSV parser reads every record of an export's first run as it streams (fpDescription
 * spans lines); a second run (one over its peak limit is made again) must write the same bytes,
 * checked by their digest: a hash costs a small part of a parse.
 */
function csvRecords(): (stdout: Readable) => Promise<Exported> {
  let first: { digest: string; records: number } | undefined;
  return (stdout) =>
    new Promise((resolve, reject) => {
      let records = 0;
      let tail = '';
      const hash = createHash('sha256');
      stdout.on('data', (chunk: Buffer) => {
        hash.update(chunk);
        tail = (tail + chunk.toString('latin1')).slice(-16);
      });
      const done = () => {
        const digest = hash.digest('hex');
        if (!first) first = { digest, records };
        else if (digest !== first.digest) return reject(new Error('a later run of the same CSV export wrote other bytes than the first'));
        resolve({ records: first.records, tail });
      };
      if (first) {
        stdout.on('end', done);
        stdout.on('error', reject);
        return;
      }
      const parser = stdout.pipe(parse({ from_line: 2 }));
      parser.on('data', () => records++);
      parser.on('error', reject);
      parser.on('end', done);
    });
}

/** One result per line: the log's own lines are its header, the run's, and three closing ones. */
async function sarifResults(stdout: Readable): Promise<Exported> {
  const { lines, tail } = await countLines(stdout);
  return { records: lines - 4, tail };
}

type Export = 'csv' | 'sarif';

/** The CLI's flags, the records it writes of `count` issues, and how its output ends. */
const EXPORTS: Record<Export, { args: string[]; records: (count: number) => number; tail: string }> = {
  csv: { args: ['--format', 'csv'], records: (count) => count, tail: '\r\n' },
  // The run's tool (with its rules) follows its results.
  sarif: { args: ['--format', 'sarif', '--sarif-profile', 'full'], records: (count) => count, tail: '}}\n]}\n' },
};

function exportIssues(sandbox: Sandbox, reportId: string, format: Export, count: number, peakLimitMb: number): Promise<CliMemory> {
  const { args, records, tail: end } = EXPORTS[format];
  return cliMemory(
    {
      cli: CLI,
      args: ['issues', '--fix-report', reportId, ...args],
      env: { PATH: process.env.PATH, SECURITY_FIX_REPORTS_URL: sandbox.baseUrl, SECURITY_FIX_REPORTS_KEY: sandbox.key },
      consume: format === 'csv' ? csvRecords() : sarifResults,
      check: ({ records: written, tail }) => {
        assert.equal(written, records(count), 'every issue was written once');
        assert.ok(tail.endsWith(end), `a complete ${format} document: ${JSON.stringify(tail)}`);
      },
    },
    peakLimitMb,
  );
}

describe('load: the CLI exports a million issues in constant memory', function () {
  this.timeout(900_000);
  const sandboxes: Record<number, Sandbox> = {};
  before(async () => {
    for (const count of [100_000, 1_000_000])
      sandboxes[count] = await startSandbox({ dataset: { seed: 9, reports: 1, issuesPerReport: [1, 1], bigReportIssues: count } });
  });
  after(() => Promise.all(Object.values(sandboxes).map((s) => s.close())));

  for (const format of ['csv', 'sarif'] as const) {
    it(`${format}: peak RSS and retained heap at 1,000,000 issues are no larger than at 100,000 (within noise)`, async () => {
      const measured: Record<number, CliMemory> = {};
      for (const count of [100_000, 1_000_000]) {
        const sandbox = sandboxes[count]!;
        // The large run's first measure is enough when it is already within the small one's limit.
        const limit = count === 1_000_000 ? peakLimit(measured[100_000]!, 100_000, 1_000_000) : Infinity;
        measured[count] = await exportIssues(sandbox, sandbox.dataset.bigReportId!, format, count, limit);
        observe(describeMemory(`${format}, ${count.toLocaleString('en-US')} issues`, measured[count]));
      }
      assertConstantMemory(measured[100_000]!, measured[1_000_000]!, 100_000, 1_000_000);
    });
  }
});
