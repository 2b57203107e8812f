// Command line for the sandbox: `npm run sandbox -- --port 0 --seed 7`. Listens on loopback
// only and prints the base URL, the key and two export lines for a shell; runs until
// SIGINT/SIGTERM.
import { parseArgs } from 'node:util';
import { startSandbox, type CursorMode, type NotFoundMode } from './server';

const USAGE = `Usage: node out/tools/sandbox/main.js [options]

Starts the sandbox security-fix-reports service on 127.0.0.1.

Options:
  --port N            port to listen on (0 = any free port; default 0)
  --seed N            dataset seed (default 1)
  --reports N         number of ordinary fix reports (default 12)
  --big-report N      add one report with N issues (e.g. 100000)
  --rescans N         earlier scans of each scanner's newest report of the sample
                      workspace's branch (payments-api@release/2.4), a week apart,
                      for "changes" (0–7; default 2, or 0 with --reports below 12)
  --big-report-rescans N
                      earlier scans of the big report (0–7; default 0)
  --cursor MODE       paging cursor: exclusive (default) or inclusive
  --key K             service key (default: derived from the seed)
  --prefix /p         serve the API under /p/api/rest/…
  --hostile           add a report whose false positives carry hostile text (and
                      whose issues and fixes carry hostile paths and positions), and
                      one of the sample workspace's repository (branch hostile/fixes)
                      whose fixes carry hostile patches
  --spec-minimal      serve only the fields the spec shows: no code locations on
                      issues (codeNodes, codeFilePath), no fixFiles, patchAndQuestions,
                      effortToApplyFix, severityText or severityValue on fixes
  --not-found MODE    unknown fix report: 404 (default) or empty
  --page-size N       issues per page (default 1000)
  --latency MS        round trip before every answer, in milliseconds (default 0)
  --jitter MS         each request's round trip varies by up to ± MS, drawn from
                      the seed and the request (the same in every run; default 0)
  --bytes-per-ms N    bodies flow at N bytes per millisecond (12500 ≈ 100 Mbit/s;
                      default 0, no limit)
  --help              print this help
`;

class UsageError extends Error {}

function integer(name: string, text: string | undefined, fallback: number, min = 0): number {
  if (text === undefined) return fallback;
  const n = Number(text);
  if (!Number.isSafeInteger(n) || n < min) throw new UsageError(`--${name} needs an integer ≥ ${min}, got "${text}".`);
  return n;
}

function oneOf<T extends string>(name: string, text: string | undefined, allowed: readonly T[], fallback: T): T {
  if (text === undefined) return fallback;
  if (!(allowed as readonly string[]).includes(text))
    throw new UsageError(`--${name} must be one of ${allowed.join(', ')}, got "${text}".`);
  return text as T;
}

/** Quotes for a POSIX shell when needed, so a custom --key cannot break the export line. */
function shellQuote(text: string): string {
  return /^[\w.:/@%+=,-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
}

/** The modelled network, when there is one: "Network: 80 ms ± 20 ms round trip, 12500 bytes/ms". */
function network(o: { latencyMs: number; jitterMs: number; bytesPerMs: number }): string {
  if (o.latencyMs === 0 && o.jitterMs === 0 && o.bytesPerMs === 0) return '';
  const rate = o.bytesPerMs > 0 ? `${o.bytesPerMs} bytes/ms` : 'no rate limit';
  return `Network: ${o.latencyMs} ms ± ${o.jitterMs} ms round trip (jitter from the seed), ${rate}\n`;
}

async function main(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    options: {
      port: { type: 'string' },
      seed: { type: 'string' },
      reports: { type: 'string' },
      'big-report': { type: 'string' },
      rescans: { type: 'string' },
      'big-report-rescans': { type: 'string' },
      cursor: { type: 'string' },
      key: { type: 'string' },
      prefix: { type: 'string' },
      hostile: { type: 'boolean' },
      'spec-minimal': { type: 'boolean' },
      'not-found': { type: 'string' },
      'page-size': { type: 'string' },
      latency: { type: 'string' },
      jitter: { type: 'string' },
      'bytes-per-ms': { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  if (values.help) {
    process.stdout.write(USAGE);
    return 0;
  }
  const port = integer('port', values.port, 0);
  if (port > 65535) throw new UsageError('--port must be at most 65535.');
  const sandbox = await startSandbox({
    dataset: {
      seed: integer('seed', values.seed, 1),
      reports: integer('reports', values.reports, 12),
      bigReportIssues: integer('big-report', values['big-report'], 0),
      rescans: values.rescans === undefined ? undefined : integer('rescans', values.rescans, 0),
      bigReportRescans: integer('big-report-rescans', values['big-report-rescans'], 0),
      hostileText: values.hostile ?? false,
      hostileFixes: values.hostile ?? false,
      specMinimal: values['spec-minimal'] ?? false,
    },
    key: values.key,
    port,
    pathPrefix: values.prefix,
    cursor: oneOf<CursorMode>('cursor', values.cursor, ['exclusive', 'inclusive'], 'exclusive'),
    notFound: oneOf<NotFoundMode>('not-found', values['not-found'], ['404', 'empty'], '404'),
    pageSize: integer('page-size', values['page-size'], 1000, 1),
    latencyMs: integer('latency', values.latency, 0),
    jitterMs: integer('jitter', values.jitter, 0),
    bytesPerMs: integer('bytes-per-ms', values['bytes-per-ms'], 0),
  });
  const { dataset } = sandbox;
  process.stdout.write(
    `Sandbox service listening on ${sandbox.baseUrl}\n` +
      `Service key: ${sandbox.key}\n` +
      `Dataset: seed ${dataset.options.seed}, ${dataset.reports.length} fix reports, ${dataset.totalIssueCount} issues` +
      `${dataset.options.specMinimal ? ', spec-minimal (no code locations)' : ''}\n` +
      (dataset.bigReportId ? `Big report: ${dataset.bigReportId} (${dataset.issueCount(dataset.bigReportId)} issues)\n` : '') +
      network(sandbox.options) +
      `export SECURITY_FIX_REPORTS_URL=${shellQuote(sandbox.baseUrl)}\n` +
      `export SECURITY_FIX_REPORTS_KEY=${shellQuote(sandbox.key)}\n`,
  );
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await sandbox.close();
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (e: unknown) => {
    const usage = e instanceof UsageError || (e instanceof Error && 'code' in e && String(e.code).startsWith('ERR_PARSE_ARGS'));
    process.stderr.write(`${e instanceof Error ? e.message : String(e)}\n${usage ? 'Run with --help for usage.\n' : ''}`);
    process.exit(usage ? 2 : 1);
  },
);
