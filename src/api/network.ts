// Proxy and certificate handling. The extension passes the editor's `http.proxy` settings and
// the CLI passes HTTPS_PROXY/NO_PROXY explicitly, so no code path depends on the editor
// patching undici (it cannot patch a bundled copy) or on ambient process.env in the editor.
import { readFileSync } from 'node:fs';
import type { Socket } from 'node:net';
import { rootCertificates, type ConnectionOptions } from 'node:tls';
import type { Dispatcher, buildConnector } from 'undici';
import { ServiceError } from './errors';
import { describeProxy, openTunnel, proxyFor, type ProxyRoutes } from './proxyTunnel';
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
  /** false skips certificate checks of connections through the proxy, never of direct ones (the editor's `http.proxyStrictSSL: false`). */
  strictSSL?: boolean;
}

/** The one dispatcher of a client, and the way to stop connections still being opened. */
export interface ServiceDispatcher {
  readonly dispatcher: Dispatcher;
  /** Lets requests in flight finish, then releases the connections. */
  close(): Promise<void>;
  /** Fails requests in flight at once and drops every connection, those being opened too. */
  destroy(): Promise<void>;
}

/**
 * Always an Agent of our own, even with nothing configured: without one, undici uses its
 * process-wide default, which any other code in the process (another extension) can replace
 * with setGlobalDispatcher and so see every request with the key. Its connect function routes
 * each connection (see proxyTunnel.ts): loopback always direct, others through the proxy
 * unless NO_PROXY matches. `strictSSL: false` (the editor's http.proxyStrictSSL) relaxes
 * certificate checks of proxied connections only (a TLS-inspecting proxy); direct ones are
 * always verified. `connectTimeoutMs` bounds each connection attempt, tunnel included.
 */
export function createDispatcher(options: NetworkOptions, connectTimeoutMs = 30_000): ServiceDispatcher {
  const routes = proxyRoutes(options);
  const { verified, viaProxy } = tlsOptions(options);
  const direct = undici().buildConnector({ ...verified, timeout: connectTimeoutMs });
  const tunnelled = undici().buildConnector({ ...viaProxy, timeout: connectTimeoutMs });
  const opening = new Set<() => void>();

  const connect: buildConnector.connector = (target, callback) => {
    const proxy = proxyFor(routes, target);
    if (!proxy) {
      // undici's connector returns the socket it is opening, although its type says void.
      const socket = direct(
        target,
        whileOpening(opening, () => socket?.destroy(), callback),
      ) as unknown as Socket | undefined;
      return;
    }
    const tunnel = openTunnel({ proxy, target: authority(target), proxyTls: viaProxy, timeoutMs: connectTimeoutMs });
    const done = whileOpening(opening, tunnel.cancel, callback);
    tunnel.socket.then(
      (socket) => (target.protocol === 'https:' ? tunnelled({ ...target, httpSocket: socket }, done) : done(null, socket)),
      (error: Error) => done(error, null),
    );
  };
  const agent = new (undici().Agent)({ connect });
  return {
    dispatcher: agent,
    close: () => agent.close(),
    destroy: async () => {
      for (const stop of [...opening]) stop();
      await agent.destroy();
    },
  };
}

/** Keeps `stop` in `opening` until the connection attempt calls back. */
function whileOpening(opening: Set<() => void>, stop: () => void, callback: buildConnector.Callback): buildConnector.Callback {
  opening.add(stop);
  return (...args) => {
    opening.delete(stop);
    callback(...args);
  };
}

function authority(target: buildConnector.Options): string {
  const host = target.hostname.includes(':') ? `[${target.hostname}]` : target.hostname;
  return `${host}:${target.port || (target.protocol === 'https:' ? 443 : 80)}`;
}

/** Which proxy serves which targets; throws an `insecure-url` ServiceError for a proxy that is not an http(s) URL. */
export function proxyRoutes(options: NetworkOptions): ProxyRoutes {
  const httpsProxy = options.proxyUrl || options.httpProxyUrl || undefined;
  const httpProxy = (options.httpProxyUrl ?? options.proxyUrl) || undefined;
  for (const proxy of [httpsProxy, httpProxy]) if (proxy) checkProxyUrl(proxy);
  return { httpsProxy, httpProxy, noProxy: options.noProxy };
}

function checkProxyUrl(proxy: string): void {
  let url: URL | undefined;
  try {
    url = new URL(proxy);
  } catch {
    url = undefined;
  }
  if (url?.protocol !== 'http:' && url?.protocol !== 'https:') {
    throw new ServiceError(
      'insecure-url',
      `The proxy setting "${describeProxy(proxy)}" is not an http:// or https:// URL. Fix HTTPS_PROXY / HTTP_PROXY (or the editor's http.proxy), e.g. http://proxy.example.com:3128.`,
    );
  }
}

/**
 * The TLS options of the client's connections: `verified` for direct ones (always checked),
 * `viaProxy` for those through the proxy (unchecked only with `strictSSL: false`).
 */
export function tlsOptions(options: NetworkOptions): { verified: ConnectionOptions; viaProxy: ConnectionOptions } {
  const verified = trustedCa(options.caCertificates ?? []);
  return { verified, viaProxy: options.strictSSL === false ? { ...verified, rejectUnauthorized: false } : verified };
}

function trustedCa(extraCa: readonly string[]): ConnectionOptions {
  return extraCa.length > 0 ? { ca: [...rootCertificates, ...extraCa] } : {};
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
