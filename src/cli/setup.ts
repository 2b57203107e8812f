// What every command that talks to the service needs: the base URL, the key (from the
// environment only), a logger on stderr and the client built from them. The MCP server and the
// connection doctor use the same rules as the other commands.
import { readFileSync } from 'node:fs';
import { FixReportsClient } from '../api/client';
import type { Logger } from '../api/log';
import { networkOptionsFromEnv } from '../api/network';
import { CliError } from './commands';
import { ExitCode } from './exitCodes';
import type { Stderr } from './output';

export interface ClientSetup {
  baseUrlFlag: string | undefined;
  env: NodeJS.ProcessEnv;
  stderr: Stderr;
  verbose: boolean;
  timeoutSeconds: number | undefined;
  version: string | undefined;
}

/** The client of the configured service; the key is redacted from stderr from here on. */
export function createClient(setup: ClientSetup): { client: FixReportsClient; logger: Logger } {
  const logger = stderrLogger(setup.stderr, setup.verbose);
  const baseUrl = baseUrlFrom(setup.baseUrlFlag, setup.env);
  const key = keyFrom(setup.env);
  setup.stderr.protect(key);
  const client = new FixReportsClient({
    baseUrl,
    key,
    timeoutMs: setup.timeoutSeconds === undefined ? undefined : setup.timeoutSeconds * 1000,
    network: networkOptionsFromEnv(setup.env),
    logger,
    userAgent: `security-fix-reports-cli/${setup.version ?? 'dev'}`,
  });
  return { client, logger };
}

export function baseUrlFrom(flag: string | undefined, env: NodeJS.ProcessEnv): string {
  const url = flag ?? env.SECURITY_FIX_REPORTS_URL;
  if (!url) throw new CliError('No base URL: pass --base-url or set SECURITY_FIX_REPORTS_URL.', ExitCode.usage);
  return url;
}

export function keyFrom(env: NodeJS.ProcessEnv): string {
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

export function stderrLogger(stderr: Stderr, verbose: boolean): Logger {
  const write = (level: string) => (message: string) => stderr.line(`${level}: ${message}`);
  return {
    debug: verbose ? write('debug') : () => {},
    info: verbose ? write('info') : () => {},
    warn: write('warning'),
    error: verbose ? write('error') : () => {},
  };
}
