// A mocha reporter: the usual spec output, plus a JSON file of every test with its state,
// duration and observed outcomes, when SFR_EVIDENCE_FILE names one. scripts/reliability-report.mjs
// turns those files into docs/reliability.md.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, relative } from 'node:path';
import Mocha from 'mocha';
import { beginTest, takeOutcomes } from './evidence';

const { EVENT_TEST_BEGIN, EVENT_TEST_PASS, EVENT_TEST_FAIL, EVENT_TEST_PENDING, EVENT_RUN_END } = Mocha.Runner.constants;

interface EvidenceRow {
  file: string;
  title: string;
  state: 'passed' | 'failed' | 'pending';
  durationMs: number;
  outcomes: string[];
  error?: string;
}

class EvidenceReporter extends Mocha.reporters.Spec {
  constructor(runner: Mocha.Runner, options?: Mocha.MochaOptions) {
    super(runner, options);
    const rows: EvidenceRow[] = [];
    const row = (test: Mocha.Test, state: EvidenceRow['state'], error?: Error): EvidenceRow => ({
      file: test.file ? relative(process.cwd(), test.file) : '',
      title: test.fullTitle(),
      state,
      durationMs: test.duration ?? 0,
      outcomes: takeOutcomes(test.fullTitle()),
      ...(error ? { error: error.message.split('\n')[0] } : {}),
    });
    runner.on(EVENT_TEST_BEGIN, (test: Mocha.Test) => beginTest(test.fullTitle()));
    runner.on(EVENT_TEST_PASS, (test: Mocha.Test) => rows.push(row(test, 'passed')));
    runner.on(EVENT_TEST_FAIL, (test: Mocha.Test, err: Error) => rows.push(row(test, 'failed', err)));
    runner.on(EVENT_TEST_PENDING, (test: Mocha.Test) => rows.push(row(test, 'pending')));
    runner.once(EVENT_RUN_END, () => {
      const file = process.env['SFR_EVIDENCE_FILE'];
      if (!file) return;
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, JSON.stringify({ generatedAt: new Date().toISOString(), node: process.version, rows }, null, 1));
    });
  }
}

export = EvidenceReporter;
