// Which connections go through a proxy, and the CONNECT tunnel through it. Our own tunnel
// rather than undici's ProxyAgent: when a proxy closes a CONNECT, ProxyAgent fails the connect
// with undici's SocketError (UND_ERR_SOCKET), which undici's Client takes for a recoverable
// socket error while no request is running: it leaves the request queued and reconnects at
// once, with no delay and no limit. A request waiting for a connection does not see its
// AbortSignal either (undici only records the reason until the request is connected), so
// neither the deadline nor Ctrl+C ended it: ~3 million CONNECTs in 10 minutes. Every failure
// here is a ProxyError (never UND_ERR_SOCKET), which fails the request at once; the transport's
// retry policy decides whether to try again.
import * as http from 'node:http';
import * as https from 'node:https';
import type { Socket } from 'node:net';
import type { ConnectionOptions } from 'node:tls';
import { isLoopbackHost } from './baseUrl';

export type ProxyErrorCode = 'ERR_PROXY_CLOSED' | 'ERR_PROXY_REFUSED' | 'ERR_PROXY_TIMEOUT' | 'ERR_PROXY_UNREACHABLE';

export class ProxyError extends Error {
  override readonly name = 'ProxyError';
  constructor(
    readonly code: ProxyErrorCode,
    message: string,
    cause?: unknown,
  ) {
    super(message, cause === undefined ? undefined : { cause });
  }
}

export interface ProxyRoutes {
  /** For https targets; '' or undefined: none. */
  httpsProxy?: string;
  /** For http targets; '' or undefined: none. */
  httpProxy?: string;
  /** NO_PROXY syntax: host, .domain, *.domain, host:port, `*`; comma or space separated. */
  noProxy?: string;
}

const DEFAULT_PORTS: ReadonlyMap<string, number> = new Map([
  ['http:', 80],
  ['https:', 443],
]);

/**
 * The proxy for a connection, or undefined to connect directly. Loopback is always direct,
 * whatever NO_PROXY says: through a proxy, a plain-http request to the sandbox or a local
 * tunnel would hand the proxy the key in clear text.
 */
export function proxyFor(routes: ProxyRoutes, target: { hostname: string; protocol: string; port: string }): URL | undefined {
  if (isLoopbackHost(target.hostname)) return undefined;
  const proxy = target.protocol === 'https:' ? routes.httpsProxy : routes.httpProxy;
  if (!proxy) return undefined;
  const port = Number(target.port) || DEFAULT_PORTS.get(target.protocol) || 0;
  return bypassesProxy(routes.noProxy ?? '', target.hostname, port) ? undefined : new URL(proxy);
}

/** NO_PROXY matching as undici and curl do it: exact host or a subdomain of it, optional port. */
function bypassesProxy(noProxy: string, hostname: string, port: number): boolean {
  const host = unbracket(hostname).toLowerCase();
  return noProxy
    .split(/[,\s]/)
    .filter((entry) => entry !== '')
    .some((entry) => {
      if (entry === '*') return true;
      const withPort = /^(\[[^\]]+\]|[^:]+):(\d+)$/.exec(entry);
      if (withPort && Number(withPort[2]) !== port) return false;
      const name = unbracket(withPort ? withPort[1]! : entry)
        .replace(/^\*?\./, '')
        .toLowerCase();
      return host === name || host.endsWith(`.${name}`);
    });
}

export interface TunnelRequest {
  proxy: URL;
  /** `host:port` of the service. */
  target: string;
  /** TLS options for an https proxy. */
  proxyTls: ConnectionOptions;
  timeoutMs: number;
}

/**
 * Opens a CONNECT tunnel. Settles exactly once, within `timeoutMs` (TCP connect to the proxy
 * and its answer to CONNECT); the returned `cancel` ends an attempt still under way.
 */
export function openTunnel(request: TunnelRequest): { socket: Promise<Socket>; cancel: () => void } {
  const { proxy, target, proxyTls, timeoutMs } = request;
  const where = `The proxy ${describeProxy(proxy.href)}`;
  const secure = proxy.protocol === 'https:';
  const req = (secure ? https : http).request({
    host: unbracket(proxy.hostname),
    port: proxy.port || (secure ? 443 : 80),
    method: 'CONNECT',
    path: target,
    headers: { host: target, ...proxyAuthorization(proxy) },
    agent: false,
    ...(secure ? proxyTls : {}),
  });
  let fail: (error: ProxyError) => void = () => {};
  const socket = new Promise<Socket>((resolve, reject) => {
    let settled = false;
    const timer = setTimeout(
      () => fail(new ProxyError('ERR_PROXY_TIMEOUT', `${where} did not open a tunnel to ${target} within ${timeoutMs / 1000} s`)),
      timeoutMs,
    );
    const settle = () => {
      const first = !settled;
      settled = true;
      clearTimeout(timer);
      return first;
    };
    fail = (error) => {
      if (!settle()) return;
      req.destroy();
      reject(error);
    };
    req.once('connect', (res: http.IncomingMessage, tunnel: Socket, head: Buffer) => {
      if (!settle()) return void tunnel.destroy();
      if (res.statusCode !== 200) {
        tunnel.destroy();
        return reject(
          new ProxyError(
            'ERR_PROXY_REFUSED',
            `${where} refused a tunnel to ${target} with HTTP ${res.statusCode}${res.statusCode === 407 ? ' (it wants credentials: put them in the proxy URL, http://user:password@host:port)' : ''}`,
          ),
        );
      }
      if (head.length > 0) tunnel.unshift(head);
      resolve(tunnel);
    });
    req.on('error', (e: NodeJS.ErrnoException) => fail(proxyFailure(where, target, e)));
  });
  req.end();
  return { socket, cancel: () => fail(new ProxyError('ERR_PROXY_CLOSED', `The tunnel to ${target} was cancelled`)) };
}

function proxyFailure(where: string, target: string, e: NodeJS.ErrnoException): ProxyError {
  if (e.code === 'ECONNRESET' || e.code === 'EPIPE') {
    return new ProxyError('ERR_PROXY_CLOSED', `${where} closed the connection instead of opening a tunnel to ${target}`, e);
  }
  return new ProxyError('ERR_PROXY_UNREACHABLE', `${where} could not be reached (${e.code ?? e.message})`, e);
}

function proxyAuthorization(proxy: URL): Record<string, string> {
  if (!proxy.username && !proxy.password) return {};
  const credentials = `${decodeURIComponent(proxy.username)}:${decodeURIComponent(proxy.password)}`;
  return { 'proxy-authorization': `Basic ${Buffer.from(credentials).toString('base64')}` };
}

/** A proxy URL for messages and log lines: credentials removed. */
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

function unbracket(host: string): string {
  return host.replace(/^\[|\]$/g, '');
}
