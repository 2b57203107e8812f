// security-fix-reports: the service client for pipelines and scripts.
// The key comes from the environment only (never argv: it would show in `ps` and shell history).
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { Writable } from 'node:stream';
import { FixReportsClient } from '../api/client';
import { ServiceError } from '../api/errors';
import type { Logger } from '../api/log';
import { networkOptionsFromEnv } from '../api/network';
import {
  CliError,
  fpSummaryCommand,
  issuesCommand,
  reportCommand,
  reportsCommand,
  stateFilter,
  suppressionCommentCommand,
  type Context,
} from './commands';
import { ExitCode, exitCodeFor } from './exitCodes';
import { exportIssuesCommand } from './exports';
import { metricsCommand } from './metrics';
import { FORMATS, Output, Stderr, type Format } from './output';

export const USAGE = `Usage: security-fix-reports <command> [options]

Commands:
  reports                              list fix reports
  report <fixReportId>                 one fix report with its fixes (confidence, ratings, lifecycle)
  issues [--fix-report ID] [--state S] [--limit N]
                                       scanner issues, streamed page by page; also exports:
          --format csv [--bom]         one row per issue (RFC 4180, UTF-8, CRLF); no byte order
                                       mark unless --bom (for Excel); cells that would start a
                                       formula (= + - @ tab CR) get a leading '
          --format sarif [--no-fp-summaries] [--fp-summary-concurrency N]
                                       SARIF 2.1.0, one run per report (every report without
                                       --fix-report); false positives as accepted suppressions
                                       justified by their summaries (N requests at once, default
                                       4; without: the first 280 characters of fpDescription)
  metrics [--fix-report ID]... [--vendor V] [--format table|json|csv|markdown] [--bom]
                                       lifecycle metrics (fix states, confidence, funnel, time to
                                       download/commit, ratings, false positives) of every report,
                                       of the reports named (repeat --fix-report), and/or of one
                                       scanner's; markdown is for $GITHUB_STEP_SUMMARY
  fp-summary <fpId>                    the ≤280-character summary of a false positive
  suppression-comment <fpId> --language <languageId> [--fix-report ID | --issue-id ID]
          [--vendor V] [--issue-type T] [--vendor-issue-id R] [--template T]
          [--placement line-above|end-of-line]
                                       a sanitized suppression comment line for that language;
                                       --fix-report fills vendor, issue type and rule id;
                                       with no vendor known, a vendor-neutral comment

Options:
  --base-url URL     service address (default: $SECURITY_FIX_REPORTS_URL); https, or http on loopback
  --format F         table (default), json or jsonl; issues also csv, sarif;
                     metrics table, json, csv, markdown
  --timeout S        seconds per request attempt (default 30)
  --verbose          log requests to stderr
  -h, --help         this help;  --version  the version

Environment:
  SECURITY_FIX_REPORTS_KEY        the service key (or SECURITY_FIX_REPORTS_KEY_FILE: a file holding it)
  SECURITY_FIX_REPORTS_URL        the base URL
  HTTPS_PROXY, HTTP_PROXY, NO_PROXY   proxy settings
  SECURITY_FIX_REPORTS_CA_FILE    extra trusted CA certificates (PEM); NODE_EXTRA_CA_CERTS works too

Exit codes: 0 ok, 2 usage/configuration, 3 key missing or rejected, 4 not found,
  5 network/server/timeout/rate limit/redirect, 6 unusable response, 7 text rejected by the sanitizer,
  130 interrupted, 1 internal error.`;

const options = {
  'base-url': { type: 'string' },
  format: { type: 'string' },
  timeout: { type: 'string' },
  verbose: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean' },
  'fix-report': { type: 'string', multiple: true },
  state: { type: 'string' },
  limit: { type: 'string' },
  language: { type: 'string' },
  vendor: { type: 'string' },
  'issue-id': { type: 'string' },
  'issue-type': { type: 'string' },
  'vendor-issue-id': { type: 'string' },
  template: { type: 'string' },
  placement: { type: 'string' },
  bom: { type: 'boolean' },
  'no-fp-summaries': { type: 'boolean' },
  'fp-summary-concurrency': { type: 'string' },
  // Accepted only to refuse it with a useful message.
  key: { type: 'string' },
} as const;

export interface Io {
  stdout: Writable;
  stderr: Writable;
  env: NodeJS.ProcessEnv;
  signal?: AbortSignal;
  version?: string;
}

export async function run(argv: readonly string[], io: Io): Promise<number> {
  const stderr = new Stderr(io.stderr);
  try {
    return await execute(argv, io, stderr);
  } catch (e) {
    if (e instanceof ServiceError) {
      stderr.line(`error: ${e.message}`);
      return exitCodeFor(e.kind);
    }
    if (e instanceof CliError) {
      stderr.line(`error: ${e.message}`);
      if (e.exitCode === ExitCode.usage) stderr.line(`Run "security-fix-reports --help" for usage.`);
      return e.exitCode;
    }
    if ((e as NodeJS.ErrnoException)?.code === 'EPIPE') return ExitCode.ok; // reader went away (e.g. `| head`)
    stderr.lines(`internal error: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
    return ExitCode.internal;
  }
}

async function execute(argv: readonly string[], io: Io, stderr: Stderr): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args: [...argv], options, allowPositionals: true, strict: true });
  } catch (e) {
    throw new CliError((e as Error).message, ExitCode.usage);
  }
  const { values, positionals } = parsed;
  const out = new Output(io.stdout);
  if (values.version) {
    await out.line(io.version ?? 'unknown');
    return ExitCode.ok;
  }
  if (values.help || positionals.length === 0) {
    await out.line(USAGE);
    return values.help ? ExitCode.ok : ExitCode.usage;
  }
  if (values.key !== undefined) {
    throw new CliError(
      'The key is never taken from the command line (it would be visible in the process list and shell history). Set SECURITY_FIX_REPORTS_KEY or SECURITY_FIX_REPORTS_KEY_FILE.',
      ExitCode.usage,
    );
  }
  const [command, ...args] = positionals;
  const format = parseFormat(values.format, command);
  checkFormatFlags(values, format);
  const fixReport = () => {
    const ids = values['fix-report'] ?? [];
    if (ids.length > 1) throw new CliError(`"${command}" takes one --fix-report (got ${ids.length}).`, ExitCode.usage);
    return ids[0];
  };
  const arg = (name: string) => {
    if (args.length !== 1) throw new CliError(`"${command}" takes exactly one argument: <${name}>.`, ExitCode.usage);
    return args[0]!;
  };
  const noArgs = () => {
    if (args.length > 0) throw new CliError(`"${command}" takes no arguments (got "${args.join(' ')}").`, ExitCode.usage);
  };
  const commands: Record<string, (ctx: Context) => Promise<void>> = {
    reports: (ctx) => (noArgs(), reportsCommand(ctx)),
    report: (ctx) => reportCommand(ctx, arg('fixReportId')),
    issues: (ctx) => {
      noArgs();
      const selection = { fixReportId: fixReport(), state: values.state, limit: parseCount(values.limit, '--limit') };
      if (format !== 'csv' && format !== 'sarif') return issuesCommand(ctx, selection);
      return exportIssuesCommand(ctx, format, {
        ...selection,
        filter: selection.state === undefined ? undefined : stateFilter(selection.state),
        bom: values.bom === true,
        terminal: isTerminal(io.stdout),
        fpSummaries: values['no-fp-summaries'] !== true,
        fpSummaryConcurrency: parseCount(values['fp-summary-concurrency'], '--fp-summary-concurrency', 1),
        version: io.version,
      });
    },
    metrics: (ctx) => (
      noArgs(),
      metricsCommand(ctx, {
        fixReportIds: values['fix-report'] ?? [],
        vendor: values.vendor,
        bom: values.bom === true,
        terminal: isTerminal(io.stdout),
      })
    ),
    'fp-summary': (ctx) => fpSummaryCommand(ctx, arg('fpId')),
    'suppression-comment': (ctx) => {
      const fpId = arg('fpId');
      if (!values.language)
        throw new CliError('suppression-comment needs --language <VS Code language id>, e.g. python, typescript, java.', ExitCode.usage);
      return suppressionCommentCommand(ctx, {
        fpId,
        languageId: values.language,
        vendor: values.vendor,
        fixReportId: fixReport(),
        issueId: values['issue-id'],
        issueType: values['issue-type'],
        vendorIssueId: values['vendor-issue-id'],
        template: values.template,
        placement: parsePlacement(values.placement),
      });
    },
  };
  const handler = command !== undefined && Object.hasOwn(commands, command) ? commands[command] : undefined;
  if (!handler) throw new CliError(`Unknown command "${command ?? ''}".`, ExitCode.usage);

  const logger = stderrLogger(stderr, values.verbose === true);
  const timeoutSeconds = parseCount(values.timeout, '--timeout', 1);
  const baseUrl = baseUrlFrom(values['base-url'], io.env);
  const key = keyFrom(io.env);
  stderr.protect(key);
  const client = new FixReportsClient({
    baseUrl,
    key,
    timeoutMs: timeoutSeconds === undefined ? undefined : timeoutSeconds * 1000,
    network: networkOptionsFromEnv(io.env),
    logger,
    userAgent: `security-fix-reports-cli/${io.version ?? 'dev'}`,
  });
  const signal = io.signal ?? new AbortController().signal;
  try {
    await handler({ client, out, format, signal, nowMs: Date.now(), warn: (m) => logger.warn(m) });
  } finally {
    // After a cancel nothing is waited for, not even a connection still being opened.
    await (signal.aborted ? client.destroy() : client.close());
  }
  return ExitCode.ok;
}

/** CSV to a terminal escapes unsafe characters in cells; to a file or pipe they are kept (the values are data). */
function isTerminal(stream: Writable): boolean {
  return (stream as { isTTY?: boolean }).isTTY === true;
}

function baseUrlFrom(flag: string | undefined, env: NodeJS.ProcessEnv): string {
  const url = flag ?? env.SECURITY_FIX_REPORTS_URL;
  if (!url) throw new CliError('No base URL: pass --base-url or set SECURITY_FIX_REPORTS_URL.', ExitCode.usage);
  return url;
}

function keyFrom(env: NodeJS.ProcessEnv): string {
  if (env.SECURITY_FIX_REPORTS_KEY) return env.SECURITY_FIX_REPORTS_KEY.trim();
  const file = env.SECURITY_FIX_REPORTS_KEY_FILE;
  if (file) {
    try {
      return readFileSync(file, 'utf8').trim();
    } catch (e) {
      throw new CliError(
        `Cannot read SECURITY_FIX_REPORTS_KEY_FILE (${file}): ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}.`,
        ExitCode.auth,
      );
    }
  }
  throw new CliError('No service key: set SECURITY_FIX_REPORTS_KEY (or SECURITY_FIX_REPORTS_KEY_FILE).', ExitCode.auth);
}

/** The formats each command writes; table, json and jsonl unless listed. */
const COMMAND_FORMATS: Readonly<Record<string, readonly Format[]>> = {
  issues: ['table', 'json', 'jsonl', 'csv', 'sarif'],
  metrics: ['table', 'json', 'csv', 'markdown'],
};
const BASE_FORMATS: readonly Format[] = ['table', 'json', 'jsonl'];

function parseFormat(value: string | undefined, command: string | undefined): Format {
  if (value === undefined) return 'table';
  if (!(FORMATS as readonly string[]).includes(value))
    throw new CliError(`--format must be one of ${FORMATS.join(', ')} (got "${value}").`, ExitCode.usage);
  const allowed = (command !== undefined && Object.hasOwn(COMMAND_FORMATS, command) ? COMMAND_FORMATS[command] : undefined) ?? BASE_FORMATS;
  if (!allowed.includes(value as Format)) throw new CliError(`"${command}" writes ${allowed.join(', ')}, not ${value}.`, ExitCode.usage);
  return value as Format;
}

/** Flags that only mean something for one format are refused with any other, rather than ignored. */
function checkFormatFlags(values: { bom?: boolean; 'no-fp-summaries'?: boolean; 'fp-summary-concurrency'?: string }, format: Format): void {
  if (values.bom && format !== 'csv') throw new CliError('--bom goes with --format csv.', ExitCode.usage);
  if ((values['no-fp-summaries'] || values['fp-summary-concurrency'] !== undefined) && format !== 'sarif')
    throw new CliError('--no-fp-summaries and --fp-summary-concurrency go with --format sarif.', ExitCode.usage);
}

function parsePlacement(value: string | undefined): 'line-above' | 'end-of-line' | undefined {
  if (value === undefined || value === 'line-above' || value === 'end-of-line') return value;
  throw new CliError(`--placement must be line-above or end-of-line (got "${value}").`, ExitCode.usage);
}

function parseCount(value: string | undefined, flag: string, min = 0): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min) throw new CliError(`${flag} must be a whole number ≥ ${min} (got "${value}").`, ExitCode.usage);
  return n;
}

function stderrLogger(stderr: Stderr, verbose: boolean): Logger {
  const write = (level: string) => (message: string) => stderr.line(`${level}: ${message}`);
  return {
    debug: verbose ? write('debug') : () => {},
    info: verbose ? write('info') : () => {},
    warn: write('warning'),
    error: verbose ? write('error') : () => {},
  };
}

/** The first SIGINT/SIGTERM cancels (exit 130 once the work has stopped); a second exits at once, whatever is stuck. */
function cancelOnSignals(controller: AbortController): void {
  const onSignal = () => {
    if (controller.signal.aborted) process.exit(ExitCode.cancelled);
    controller.abort();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
}

if (require.main === module) {
  const controller = new AbortController();
  cancelOnSignals(controller);
  process.stdout.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') process.exit(ExitCode.ok);
  });
  const version = typeof PACKAGE_VERSION === 'string' ? PACKAGE_VERSION : undefined;
  run(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr, env: process.env, signal: controller.signal, version }).then(
    (code) => {
      process.exitCode = code;
    },
  );
}

declare const PACKAGE_VERSION: string | undefined;
