// The connection doctor's data: what it is given (the configuration as the product reads it)
// and what it reports (steps in order, each with its outcome and timing). Plain data, so the
// CLI prints it, the editor shows it and tests assert on it.
import type { ServiceErrorKind } from '../errors';
import type { Logger } from '../log';
import type { NetworkOptions } from '../network';

export type StepStatus = 'ok' | 'warn' | 'fail' | 'skipped';

export type StepId =
  'url' | 'key' | 'ca-file' | 'proxy' | 'dns' | 'tcp' | 'connect' | 'tls' | 'list' | 'key-accepted' | 'report' | 'issues' | 'fp-summary';

export interface Step {
  /** Stable, for programs (`--format json`) and tests. */
  id: StepId;
  name: string;
  status: StepStatus;
  /** One line: what was found, or what went wrong and what to do. */
  detail: string;
  /** Further lines: addresses, the certificate chain, the CA file's certificates. */
  facts?: string[];
  /** Milliseconds the step took (0 for one that only judged what earlier steps found). */
  ms: number;
  /** What kind of failure a failed step is; the CLI's exit code follows the first one. */
  failure?: ServiceErrorKind;
}

/** A setting as the product read it: its value (absent: not set), where it comes from, and why it could not be read. */
export interface Configured {
  value: string | undefined;
  /** e.g. "SECURITY_FIX_REPORTS_URL", "the user setting securityFixReports.baseURL". */
  source: string;
  /** Why the value could not be read (an unreadable key file); it counts as absent. */
  problem?: string;
}

export interface DoctorInput {
  baseUrl: Configured;
  key: Configured;
  /** The network options the product's client gets: proxy, NO_PROXY, CA certificates, strictSSL. */
  network: NetworkOptions;
  /** Where the proxy settings come from, for the report (e.g. "HTTPS_PROXY, NO_PROXY"). */
  proxySource: string;
  /** The configured CA file: its path, or the reason it could not be read (then `network` lacks it). */
  caFile?: { path: string; problem?: string };
  /** How the user changes each setting in this product: named in the advice of a failed step. */
  howTo: { baseUrl: string; key: string; caFile: string; proxy: string };
  /** Lines about the product (name and version, the editor, a remote): the doctor adds the OS, Node.js and the time. */
  environment: [label: string, value: string][];
  /** Deadline of each step (each request of the endpoint steps too); default 10 s. */
  stepTimeoutMs?: number;
  userAgent: string;
  /** The client's log (request lines; never the key). */
  logger?: Logger;
  signal?: AbortSignal;
  /** Called as each step starts (a progress message). */
  onStep?: (name: string) => void;
}

export interface Verdict {
  status: 'ok' | 'warn' | 'fail';
  /** One line for a notification or the top of the report, starting with OK, FAILED or CANCELLED. */
  summary: string;
  /** The first failed step's kind of failure. */
  failure?: ServiceErrorKind;
}

export interface DoctorReport {
  environment: [label: string, value: string][];
  /** The origin checked (scheme, host, port), when the base URL was usable. */
  origin?: string;
  verdict: Verdict;
  steps: Step[];
}
