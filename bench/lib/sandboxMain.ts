// Child process: the sandbox service over the benchmark dataset, on loopback. Runs in its
// own process so that serving pages does not compete with the measured client for the
// event loop. Prints one JSON line (SandboxInfo) when ready; exits on SIGTERM/SIGINT.
import { NO_LATENCY, type LatencyModel } from '../../tools/sandbox/latency';
import { startSandbox } from '../../tools/sandbox/server';
import { createBenchDataset } from './benchDataset';
import type { SandboxInfo } from './sandboxProcess';

async function main(): Promise<void> {
  const issues = Number(process.env['BENCH_ISSUES'] ?? 100_000);
  const seed = Number(process.env['BENCH_SEED'] ?? 11);
  const latency = JSON.parse(process.env['BENCH_LATENCY'] ?? JSON.stringify(NO_LATENCY)) as LatencyModel;
  const started = performance.now();
  const dataset = createBenchDataset({ seed, issues, reports: 12 });
  const pageSize = 1000;
  dataset.warm(pageSize);
  const sandbox = await startSandbox({
    dataset,
    host: '127.0.0.1',
    pageSize,
    latencyMs: latency.rttMs,
    jitterMs: latency.jitterMs,
    bytesPerMs: latency.bytesPerMs,
  });
  const info: SandboxInfo = {
    baseUrl: sandbox.baseUrl,
    key: sandbox.key,
    reportId: dataset.reportId,
    fpReportId: dataset.fpReportId,
    thirdReportId: dataset.thirdReportId,
    issues: dataset.issueCount(dataset.reportId),
    fixes: dataset.fixCount(dataset.reportId),
    fpIssues: dataset.issueCount(dataset.fpReportId),
    thirdIssues: dataset.issueCount(dataset.thirdReportId),
    reports: dataset.reports.length,
    pageSize,
    seed,
    latency,
    warmMs: Math.round(performance.now() - started),
  };
  process.stdout.write(`${JSON.stringify(info)}\n`);
  const stop = () => void sandbox.close().then(() => process.exit(0));
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  // The parent closing our stdin (or dying) ends the service too.
  process.stdin.on('end', stop).resume();
}

main().catch((e: unknown) => {
  process.stderr.write(`bench sandbox: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  process.exit(1);
});
