// security-fix-reports: the service client for pipelines and scripts.
// The key comes from the environment only (never argv: it would show in `ps` and shell history).
import { parseArgs } from 'node:util';
import type { Readable, Writable } from 'node:stream';
import { ServiceError } from '../api/errors';
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
import { changesCommand } from './changes';
import { ExitCode, exitCodeFor } from './exitCodes';
import { doctorCommand } from './doctor';
import { exportIssuesCommand } from './exports';
import { mcpCommand } from './mcp';
import { metricsCommand } from './metrics';
import { FORMATS, Output, Stderr, type Format } from './output';
import { createClient } from './setup';
import { suppressionsCommand } from './suppressions';
import { USAGE } from './usage';

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
  'sarif-profile': { type: 'string' },
  since: { type: 'string' },
  'fail-on-new': { type: 'boolean' },
  'fail-on-stale': { type: 'boolean' },
  // Accepted only to refuse it with a useful message.
  key: { type: 'string' },
} as const;

export interface Io {
  stdout: Writable;
  stderr: Writable;
  /** Read by `mcp` only (default process.stdin). */
  stdin?: Readable;
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
        sarifProfile: values['sarif-profile'],
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
    changes: (ctx) => (
      noArgs(),
      changesCommand(ctx, { fixReportId: fixReport(), since: values.since, failOnNew: values['fail-on-new'] === true })
    ),
    'fp-summary': (ctx) => fpSummaryCommand(ctx, arg('fpId')),
    mcp: (ctx) => (noArgs(), mcpCommand(ctx, { ...io, stdin: io.stdin ?? process.stdin, stderr, verbose: values.verbose === true })),
    suppressions: (ctx) =>
      suppressionsCommand(ctx, { paths: args, fixReportId: fixReport(), failOnStale: values['fail-on-stale'] === true }),
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
  if (command === 'doctor') {
    noArgs();
    const timeoutSeconds = parseCount(values.timeout, '--timeout', 1);
    return doctorCommand({ ...io, out, stderr, format, baseUrlFlag: values['base-url'], verbose: values.verbose === true, timeoutSeconds });
  }
  const handler = command !== undefined && Object.hasOwn(commands, command) ? commands[command] : undefined;
  if (!handler) throw new CliError(`Unknown command "${command ?? ''}".`, ExitCode.usage);

  const { client, logger } = createClient({
    baseUrlFlag: values['base-url'],
    env: io.env,
    stderr,
    verbose: values.verbose === true,
    timeoutSeconds: parseCount(values.timeout, '--timeout', 1),
    version: io.version,
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

/** The formats each command writes; table, json and jsonl unless listed. */
const COMMAND_FORMATS: Readonly<Record<string, readonly Format[]>> = {
  issues: ['table', 'json', 'jsonl', 'csv', 'sarif'],
  metrics: ['table', 'json', 'csv', 'markdown'],
  changes: ['table', 'json', 'jsonl', 'markdown'],
  doctor: ['table', 'json'],
  suppressions: ['table', 'json'],
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
function checkFormatFlags(
  values: { bom?: boolean; 'no-fp-summaries'?: boolean; 'fp-summary-concurrency'?: string; 'sarif-profile'?: string },
  format: Format,
): void {
  if (values.bom && format !== 'csv') throw new CliError('--bom goes with --format csv.', ExitCode.usage);
  if ((values['no-fp-summaries'] || values['fp-summary-concurrency'] !== undefined) && format !== 'sarif')
    throw new CliError('--no-fp-summaries and --fp-summary-concurrency go with --format sarif.', ExitCode.usage);
  if (values['sarif-profile'] !== undefined && format !== 'sarif')
    throw new CliError('--sarif-profile goes with --format sarif.', ExitCode.usage);
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
