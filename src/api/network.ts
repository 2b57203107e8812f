// Proxy and certificate handling. The extension passes the editor's `http.proxy` settings and
// the CLI passes HTTPS_PROXY/NO_PROXY explicitly, so no code path depends on the editor
// patching undici (it cannot patch a bundled copy) or on ambient process.env in the editor.
import { readFileSync } from 'node:fs';
import { rootCertificates } from 'node:tls';
import type { Dispatcher } from 'undici';
import { undici } from './undici';

export interface NetworkOptions {
  /** Proxy for https targets (and http ones unless `httpProxyUrl` is set), e.g. `http://proxy.corp:3128`. */
  proxyUrl?: string;
  /** Proxy for plain-http targets (loopback only, in practice); defaults to `proxyUrl`. */
  httpProxyUrl?: string;
  /** Comma/space separated hosts that bypass the proxy (NO_PROXY syntax). */
  noProxy?: string;
  /** Extra trusted CA certificates (PEM), added to Node's bundled roots. */
  caCertificates?: string[];
  /** false disables certificate verification (the editor's `http.proxyStrictSSL: false`). */
  strictSSL?: boolean;
}

/** A dispatcher for the options, or undefined when the default one will do. */
export function createDispatcher(options: NetworkOptions): Dispatcher | undefined {
  const extraCa = options.caCertificates ?? [];
  const tls = {
    ...(extraCa.length > 0 ? { ca: [...rootCertificates, ...extraCa] } : {}),
    ...(options.strictSSL === false ? { rejectUnauthorized: false } : {}),
  };
  const hasTls = Object.keys(tls).length > 0;
  if (options.proxyUrl || options.httpProxyUrl) {
    // Explicit empty strings stop EnvHttpProxyAgent from falling back to process.env.
    return new (undici().EnvHttpProxyAgent)({
      httpProxy: options.httpProxyUrl ?? options.proxyUrl ?? '',
      httpsProxy: options.proxyUrl ?? options.httpProxyUrl ?? '',
      noProxy: options.noProxy ?? '',
      connect: tls,
      requestTls: tls,
      proxyTls: tls,
    });
  }
  return hasTls ? new (undici().Agent)({ connect: tls }) : undefined;
}

/** Network options from an environment (the CLI's): HTTPS_PROXY, HTTP_PROXY, NO_PROXY, a CA file. */
export function networkOptionsFromEnv(env: NodeJS.ProcessEnv): NetworkOptions {
  const pick = (...names: string[]) => names.map((n) => env[n]).find((value) => value !== undefined && value !== '');
  const caFile = pick('SECURITY_FIX_REPORTS_CA_FILE');
  return {
    proxyUrl: pick('HTTPS_PROXY', 'https_proxy', 'HTTP_PROXY', 'http_proxy'),
    httpProxyUrl: pick('HTTP_PROXY', 'http_proxy') ?? '', // like curl: HTTPS_PROXY alone does not proxy http
    noProxy: pick('NO_PROXY', 'no_proxy'),
    caCertificates: caFile ? [...readCaFile(caFile), ...readExtraCaFromEnv(env)] : undefined,
  };
}

/** NODE_EXTRA_CA_CERTS applies only to Node's default CA list; keep it when we pass our own. */
function readExtraCaFromEnv(env: NodeJS.ProcessEnv): string[] {
  return env.NODE_EXTRA_CA_CERTS ? readCaFile(env.NODE_EXTRA_CA_CERTS) : [];
}

export function readCaFile(path: string): string[] {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    throw new Error(`Cannot read the CA certificate file ${path}: ${(e as Error).message}`);
  }
  const pems = text.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g);
  if (!pems) throw new Error(`${path} holds no PEM certificate (expected -----BEGIN CERTIFICATE-----).`);
  return pems;
}

/** A proxy URL for log lines: credentials removed. */
export function describeProxy(proxyUrl: string): string {
  try {
    const url = new URL(proxyUrl);
    url.username = '';
    url.password = '';
    return url.origin;
  } catch {
    return 'an invalid proxy URL';
  }
}
