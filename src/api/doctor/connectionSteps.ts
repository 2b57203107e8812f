// The doctor's steps up to the first byte of HTTP: the base URL and its scope, the key's
// presence, the CA file, the proxy the client would use, DNS, TCP, the proxy's CONNECT and the
// TLS handshake. Each decision is the client's own function (baseUrl.ts, network.ts,
// proxyTunnel.ts), so the doctor cannot disagree with the product about where the key may go,
// which proxy is used or which certificates are trusted.
import { isIP, type Socket } from 'node:net';
import type { ConnectionOptions } from 'node:tls';
import { counted, oneLine } from '../../common/text';
import { describeUrl, isLoopbackHost, parseBaseUrl } from '../baseUrl';
import { checkKey } from '../client';
import { proxyRoutes, readCaFile, tlsOptions, type NetworkOptions } from '../network';
import { describeProxy, openTunnel, proxyFor, ProxyError } from '../proxyTunnel';
import { describeChain, describePems } from './certificates';
import { codeOf, connectTcp, handshake, resolveAll, type Bounds } from './probes';
import { failure, type Outcome, type StepLog } from './steps';
import type { DoctorInput } from './types';

export interface Reached {
  /** The parsed base URL, when it is usable. */
  url?: URL;
  /** The key, when it is present and fit for a header. */
  key?: string;
  /** Why the endpoints cannot be asked (an earlier step failed), or undefined when they can. */
  blocked?: string;
}

type ConnectionStep = 'url' | 'key' | 'ca-file' | 'proxy' | 'dns' | 'tcp' | 'connect' | 'tls';

const NAMES: Readonly<Record<ConnectionStep, string>> = {
  url: 'Base URL and scope',
  key: 'Service key',
  'ca-file': 'CA file',
  proxy: 'Proxy',
  dns: 'DNS',
  tcp: 'TCP',
  connect: 'Proxy tunnel (CONNECT)',
  tls: 'TLS',
};

/** Skips every step of this file not run yet, with the reason. */
function skipRest(log: StepLog, why: string): void {
  for (const id of Object.keys(NAMES) as ConnectionStep[]) if (log.status(id) === undefined) log.skip(id, NAMES[id], why);
}

const DEFAULT_PORTS: ReadonlyMap<string, number> = new Map([
  ['http:', 80],
  ['https:', 443],
]);

export async function checkConnection(input: DoctorInput, log: StepLog, timeoutMs: number): Promise<Reached> {
  const bounds: Bounds = { timeoutMs, signal: input.signal };
  const url = await urlStep(input, log);
  const key = await keyStep(input, log);
  await caFileStep(input, log);
  if (!url) {
    skipRest(log, 'no usable base URL');
    return { key, blocked: 'no usable base URL' };
  }
  const host = unbracket(url.hostname);
  const port = Number(url.port) || DEFAULT_PORTS.get(url.protocol)!;
  const proxy = await proxyStep(input, log, url);
  if (proxy === 'refused') {
    skipRest(log, 'the proxy setting is unusable');
    return { url, key, blocked: 'the proxy setting is unusable' };
  }
  const resolved = await dnsStep(log, host, proxy, bounds);
  const tcp = await tcpStep(input, log, { host, port, proxy, resolved }, bounds);
  let tunnel: Socket | undefined;
  try {
    if (!proxy) log.skip('connect', NAMES.connect, 'no proxy in use for this address');
    else if (!tcp) log.skip('connect', NAMES.connect, 'the proxy could not be reached');
    else tunnel = await connectStep(input, log, proxy, `${url.hostname}:${port}`, timeoutMs);
    const through = proxy ? tunnel : tcp ? 'direct' : undefined;
    const tls = await tlsStep(input, log, { url, host, port, proxied: proxy !== undefined, through }, bounds);
    const blocked = !tcp
      ? 'no TCP connection'
      : proxy && !tunnel
        ? 'the proxy opened no tunnel'
        : tls === false
          ? 'the TLS handshake failed'
          : undefined;
    return { url, key, blocked };
  } finally {
    tunnel?.destroy();
  }
}

async function urlStep(input: DoctorInput, log: StepLog): Promise<URL | undefined> {
  const { value, source, problem } = input.baseUrl;
  let url: URL | undefined;
  await log.run('url', NAMES.url, () => {
    if (problem || !value?.trim())
      return { status: 'fail', detail: problem ?? `No base URL is set (${source}). ${input.howTo.baseUrl}`, failure: 'insecure-url' };
    url = parseBaseUrl(value);
    const scope =
      url.protocol === 'https:'
        ? `https: the key goes to ${url.host} only, encrypted`
        : `plain http, allowed only because ${url.hostname} is loopback: the key never leaves this machine`;
    const facts = url.pathname !== '/' ? [`path prefix ${oneLine(url.pathname, 200)} is kept for every endpoint`] : undefined;
    return { status: 'ok', detail: `${describeUrl(url)} (from ${source}); ${scope}`, facts };
  });
  return url;
}

async function keyStep(input: DoctorInput, log: StepLog): Promise<string | undefined> {
  const { value, source, problem } = input.key;
  let key: string | undefined;
  await log.run('key', NAMES.key, () => {
    if (problem) return { status: 'fail', detail: problem, failure: 'auth' };
    if (!value) return { status: 'fail', detail: `No service key is set (${source}). ${input.howTo.key}`, failure: 'auth' };
    checkKey(value);
    key = value;
    return { status: 'ok', detail: `present (from ${source}); never shown in this report` };
  });
  return key;
}

async function caFileStep(input: DoctorInput, log: StepLog): Promise<void> {
  await log.run('ca-file', NAMES['ca-file'], () => {
    const ca = input.caFile;
    if (!ca)
      return {
        status: 'ok',
        detail: `none configured; Node's default CA list is trusted (a private CA or a TLS-inspecting proxy needs one: ${input.howTo.caFile})`,
      };
    const unusable = (problem: string): Outcome => ({
      status: 'fail',
      detail: `${problem.replace(/\.?$/, '.')} Fix or remove it (${input.howTo.caFile}).`,
      failure: 'insecure-url',
    });
    if (ca.problem) return unusable(ca.problem);
    let pems: string[];
    try {
      pems = readCaFile(ca.path);
    } catch (e) {
      return unusable((e as Error).message);
    }
    return {
      status: 'ok',
      detail: `${oneLine(ca.path, 300)}: ${counted(pems.length, 'certificate')}, trusted beside Node's bundled roots`,
      facts: describePems(pems, Date.now()),
    };
  });
}

/** The proxy the client would use for this URL (undefined: direct), or 'refused' when the setting is unusable. */
async function proxyStep(input: DoctorInput, log: StepLog, url: URL): Promise<URL | undefined | 'refused'> {
  let proxy: URL | undefined | 'refused';
  await log.run('proxy', NAMES.proxy, () => {
    let routes;
    try {
      routes = proxyRoutes(input.network);
    } catch (e) {
      proxy = 'refused';
      return failure(e);
    }
    proxy = proxyFor(routes, { hostname: url.hostname, protocol: url.protocol, port: url.port });
    const configured = url.protocol === 'https:' ? routes.httpsProxy : routes.httpProxy;
    const source = input.proxySource ? ` (${input.proxySource})` : '';
    if (proxy) return viaProxy(input.network, proxy, source);
    if (isLoopbackHost(url.hostname)) {
      const bypassed = configured ? `; the proxy ${describeProxy(configured)}${source} is bypassed` : '';
      return { status: 'ok', detail: `direct: loopback is never proxied, whatever NO_PROXY says${bypassed}` };
    }
    if (configured)
      return {
        status: 'ok',
        detail: `direct: NO_PROXY (${oneLine(routes.noProxy ?? '', 200)}) matches ${url.hostname}, so the proxy ${describeProxy(configured)}${source} is bypassed`,
      };
    return { status: 'ok', detail: `direct: no proxy is configured for ${url.protocol.slice(0, -1)} targets${source}` };
  });
  return proxy;
}

function viaProxy(network: NetworkOptions, proxy: URL, source: string): Outcome {
  const detail = `through ${describeProxy(proxy.href)}${source}, by a CONNECT tunnel: the proxy sees the host name, never the key`;
  if (network.strictSSL === false) {
    return {
      status: 'warn',
      detail: `${detail}; but http.proxyStrictSSL is false: certificates through the proxy are not checked, and a TLS-inspecting proxy can read the key`,
    };
  }
  return { status: 'ok', detail };
}

/** Resolves the name the client connects to: the service's host, or the proxy's (which then resolves the service's). */
async function dnsStep(log: StepLog, target: string, proxy: URL | undefined, bounds: Bounds): Promise<boolean> {
  const host = proxy ? unbracket(proxy.hostname) : target;
  const via = proxy ? ` (the proxy's host; the proxy resolves ${target} itself)` : '';
  let resolved = false;
  await log.run('dns', NAMES.dns, async () => {
    if (isIP(host)) {
      resolved = true;
      return { status: 'ok', detail: `${host} is an IP address: nothing to look up${via}` };
    }
    try {
      const addresses = await resolveAll(host, bounds);
      resolved = true;
      const shown = addresses.slice(0, 8).map((a) => a.address);
      const more = addresses.length > shown.length ? ` and ${addresses.length - shown.length} more` : '';
      return { status: 'ok', detail: `${host} → ${shown.join(', ')}${more}${via}` };
    } catch (e) {
      const code = codeOf(e);
      const advice = proxy ? 'Check the proxy setting.' : 'Check the host name in the base URL, your DNS, or whether a proxy is needed.';
      return {
        status: 'fail',
        detail: `${host} does not resolve${via} (${code}: ${oneLine((e as Error).message, 200)}). ${advice}`,
        failure: code === 'ETIMEDOUT' ? 'timeout' : 'network',
      };
    }
  });
  return resolved;
}

function unbracket(host: string): string {
  return host.replace(/^\[|\]$/g, '');
}

interface TcpTarget {
  host: string;
  port: number;
  proxy: URL | undefined;
  resolved: boolean;
}

async function tcpStep(input: DoctorInput, log: StepLog, target: TcpTarget, bounds: Bounds): Promise<boolean> {
  if (!target.resolved) {
    log.skip('tcp', NAMES.tcp, target.proxy ? "the proxy's host name did not resolve" : 'the host name did not resolve');
    return false;
  }
  const host = target.proxy ? unbracket(target.proxy.hostname) : target.host;
  const port = target.proxy ? Number(target.proxy.port) || DEFAULT_PORTS.get(target.proxy.protocol)! : target.port;
  const what = target.proxy ? `the proxy ${describeProxy(target.proxy.href)}` : `${target.host} port ${target.port}`;
  let connected = false;
  await log.run('tcp', NAMES.tcp, async () => {
    try {
      const c = await connectTcp(host, port, bounds);
      connected = true;
      const at = `${c.family === 'IPv6' ? `[${c.address}]` : c.address}:${c.port}`;
      return { status: 'ok', detail: host === c.address && !target.proxy ? `connected to ${at}` : `connected to ${what} at ${at}` };
    } catch (e) {
      const code = codeOf(e);
      return {
        status: 'fail',
        detail: `cannot connect to ${what} (${code}: ${oneLine((e as Error).message, 200)}). ${tcpAdvice(code, target.proxy !== undefined, input)}`,
        failure: code === 'ETIMEDOUT' ? 'timeout' : 'network',
      };
    }
  });
  return connected;
}

function tcpAdvice(code: string, proxied: boolean, input: DoctorInput): string {
  if (proxied) return `Check the proxy's address and port (${input.howTo.proxy}).`;
  if (code === 'ECONNREFUSED') return 'Nothing listens there: check the port in the base URL and that the service is running.';
  if (code === 'ETIMEDOUT') return 'No answer: a firewall may drop the connection, or a proxy is needed.';
  if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH')
    return 'No route to the host: check the network, VPN or whether a proxy is needed.';
  return 'Check the base URL and the network.';
}

async function connectStep(input: DoctorInput, log: StepLog, proxy: URL, target: string, timeoutMs: number): Promise<Socket | undefined> {
  let socket: Socket | undefined;
  await log.run('connect', NAMES.connect, async () => {
    const tunnel = openTunnel({ proxy, target, proxyTls: tlsOptions(input.network).viaProxy, timeoutMs });
    const cancel = () => tunnel.cancel();
    input.signal?.addEventListener('abort', cancel, { once: true });
    try {
      socket = await tunnel.socket;
      return { status: 'ok', detail: `${describeProxy(proxy.href)} opened a tunnel to ${target} (HTTP 200)` };
    } catch (e) {
      const timedOut = e instanceof ProxyError && e.code === 'ERR_PROXY_TIMEOUT';
      return {
        status: 'fail',
        detail: `${oneLine((e as Error).message, 400)}. Check the proxy settings (${input.howTo.proxy}) and that the proxy allows tunnels to ${target}.`,
        failure: timedOut ? 'timeout' : 'network',
      };
    } finally {
      input.signal?.removeEventListener('abort', cancel);
    }
  });
  return socket;
}

interface TlsTarget {
  url: URL;
  host: string;
  port: number;
  proxied: boolean;
  /** The tunnel to shake hands through, 'direct', or undefined when there is no way to the server. */
  through: Socket | 'direct' | undefined;
}

/** false when the handshake failed or would be refused; true or undefined otherwise (undefined: not run). */
async function tlsStep(input: DoctorInput, log: StepLog, target: TlsTarget, bounds: Bounds): Promise<boolean | undefined> {
  if (target.url.protocol !== 'https:') {
    log.skip('tls', NAMES.tls, 'plain http on loopback: no TLS');
    return undefined;
  }
  if (!target.through) {
    log.skip('tls', NAMES.tls, target.proxied ? 'the proxy opened no tunnel' : 'no TCP connection');
    return undefined;
  }
  const { verified, viaProxy } = tlsOptions(input.network);
  const trust = target.proxied ? viaProxy : verified;
  const checks = trust.rejectUnauthorized !== false;
  const trustText = input.network.caCertificates?.length
    ? `trust: Node's bundled roots and ${counted(input.network.caCertificates.length, 'extra CA certificate')}`
    : "trust: Node's default CA list";
  let passed = false;
  await log.run('tls', NAMES.tls, async () => {
    const options: ConnectionOptions = {
      ...trust,
      host: target.host,
      port: target.port,
      ...(isIP(target.host) ? {} : { servername: target.host }),
      ...(target.through === 'direct' ? {} : { socket: target.through }),
    };
    let shake;
    try {
      shake = await handshake(options, bounds);
    } catch (e) {
      const code = codeOf(e);
      return {
        status: 'fail',
        detail: `handshake failed (${code}: ${oneLine((e as Error).message, 300)}). ${code === 'EPROTO' || code === 'ERR_SSL_WRONG_VERSION_NUMBER' ? 'The server may not speak TLS on this port (plain http?), or something in between answered.' : 'Check the base URL and what answers on its port.'}`,
        failure: code === 'ETIMEDOUT' ? 'timeout' : 'network',
      };
    }
    const facts = [trustText, ...(shake.peer ? describeChain(shake.peer, Date.now()) : ['the server sent no certificate'])];
    const session = `${shake.protocol ?? 'unknown protocol'}, ${shake.cipher ?? 'unknown cipher'}`;
    if (shake.authorized) {
      passed = true;
      return { status: 'ok', detail: `${session}; certificate verified for ${target.host}`, facts };
    }
    const error = shake.authorizationError ?? 'not verified';
    if (!checks) {
      passed = true;
      return {
        status: 'warn',
        detail: `${session}; certificate NOT verified (${error}), accepted only because http.proxyStrictSSL is false`,
        facts,
      };
    }
    return {
      status: 'fail',
      detail: `${session}; certificate not accepted: ${error}. ${certificateAdvice(error, input)}`,
      facts,
      failure: 'network',
    };
  });
  return passed;
}

function certificateAdvice(code: string, input: DoctorInput): string {
  if (code === 'ERR_TLS_CERT_ALTNAME_INVALID')
    return "The certificate is for other names (listed below): use the host name it covers in the base URL, or ask the service's operators.";
  if (code === 'CERT_HAS_EXPIRED' || code === 'CERT_NOT_YET_VALID')
    return "Check this machine's clock; otherwise the service's certificate must be renewed.";
  if (/SELF_SIGNED|UNABLE_TO_GET_ISSUER|UNABLE_TO_VERIFY|CERT_UNTRUSTED/.test(code))
    return `The certificate is signed by a CA this machine does not trust: a private CA or a TLS-inspecting proxy. Give its CA certificate (PEM): ${input.howTo.caFile}`;
  return 'Check the certificate chain below.';
}
