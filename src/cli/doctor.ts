// `security-fix-reports doctor`: the connection doctor (api/doctor) with the CLI's own
// configuration — the base URL, the key from the environment, HTTPS_PROXY/NO_PROXY and the CA
// file — read by the same functions as every other command, but never thrown: a missing or
// unusable setting is what the report is for. Exit code: the first failed step's, as the
// other commands map failures (0 when every step passed or only warned).
import { runDoctor } from '../api/doctor/doctor';
import { doctorJson, doctorText } from '../api/doctor/report';
import type { Configured } from '../api/doctor/types';
import { networkOptionsFromEnv, type NetworkOptions } from '../api/network';
import { errorMessage } from '../common/errors';
import { ExitCode, exitCodeFor } from './exitCodes';
import { safeJson, type Format, type Output, type Stderr } from './output';
import { baseUrlFrom, keyFrom, stderrLogger } from './setup';

export interface DoctorOptions {
  baseUrlFlag: string | undefined;
  env: NodeJS.ProcessEnv;
  out: Output;
  stderr: Stderr;
  /** table (the default) writes the text report; json the same as one JSON value. */
  format: Format;
  verbose: boolean;
  timeoutSeconds: number | undefined;
  version?: string;
  signal?: AbortSignal;
}

const PROXY_VARIABLES = ['HTTPS_PROXY', 'https_proxy', 'HTTP_PROXY', 'http_proxy', 'NO_PROXY', 'no_proxy'];

export async function doctorCommand(o: DoctorOptions): Promise<number> {
  const { env } = o;
  const baseUrl = configured(
    () => baseUrlFrom(o.baseUrlFlag, env),
    o.baseUrlFlag !== undefined ? '--base-url' : 'SECURITY_FIX_REPORTS_URL',
  );
  const keyFile = env.SECURITY_FIX_REPORTS_KEY ? undefined : env.SECURITY_FIX_REPORTS_KEY_FILE;
  const key = configured(() => keyFrom(env), keyFile ? `SECURITY_FIX_REPORTS_KEY_FILE ${keyFile}` : 'SECURITY_FIX_REPORTS_KEY');
  if (key.value) o.stderr.protect(key.value);
  const caPath = env.SECURITY_FIX_REPORTS_CA_FILE || undefined;
  let network: NetworkOptions;
  let caProblem: string | undefined;
  try {
    network = networkOptionsFromEnv(env);
  } catch (e) {
    // An unreadable CA file stops every other command; here it is one failed step, and the
    // rest is checked without it.
    caProblem = errorMessage(e);
    network = networkOptionsFromEnv({ ...env, SECURITY_FIX_REPORTS_CA_FILE: undefined });
  }
  const proxyVariables = PROXY_VARIABLES.filter((name) => Object.hasOwn(env, name) && env[name]);
  const report = await runDoctor({
    baseUrl,
    key,
    network,
    proxySource: proxyVariables.length > 0 ? `from ${proxyVariables.join(', ')}` : 'none of HTTPS_PROXY, HTTP_PROXY, NO_PROXY is set',
    caFile: caPath ? { path: caPath, problem: caProblem } : undefined,
    howTo: {
      baseUrl: 'Pass --base-url or set SECURITY_FIX_REPORTS_URL.',
      key: 'Set SECURITY_FIX_REPORTS_KEY (or SECURITY_FIX_REPORTS_KEY_FILE) to a valid key.',
      caFile: 'SECURITY_FIX_REPORTS_CA_FILE=/path/to/ca.pem',
      proxy: 'HTTPS_PROXY, HTTP_PROXY, NO_PROXY',
    },
    environment: [
      ['Product', `security-fix-reports CLI ${o.version ?? 'dev'}`],
      ...(env.NODE_EXTRA_CA_CERTS ? [['Extra CAs', `NODE_EXTRA_CA_CERTS ${env.NODE_EXTRA_CA_CERTS}`] as [string, string]] : []),
    ],
    stepTimeoutMs: o.timeoutSeconds === undefined ? undefined : o.timeoutSeconds * 1000,
    userAgent: `security-fix-reports-cli/${o.version ?? 'dev'}`,
    logger: stderrLogger(o.stderr, o.verbose),
    signal: o.signal,
    onStep: o.verbose ? (name) => o.stderr.line(`doctor: ${name}…`) : undefined,
  });
  await o.out.line(o.format === 'json' ? safeJson(doctorJson(report, key.value)) : doctorText(report, key.value));
  return report.verdict.failure ? exitCodeFor(report.verdict.failure) : ExitCode.ok;
}

/** A setting read by the CLI's own function; its error becomes the reason it is unusable. */
function configured(read: () => string, source: string): Configured {
  try {
    return { value: read(), source };
  } catch (e) {
    return { value: undefined, source, problem: errorMessage(e) };
  }
}
