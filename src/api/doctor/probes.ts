// The doctor's low-level probes, each bounded by a deadline and the caller's signal: a DNS
// lookup (every address), a TCP connection, and a TLS handshake that keeps the peer's chain
// and the verification verdict instead of failing on it. They use node:dns, node:net and
// node:tls as the client's connector does, so they see what the client sees.
import dns, { type LookupAddress } from 'node:dns';
import { connect as netConnect, type Socket } from 'node:net';
import { connect as tlsConnect, type ConnectionOptions, type DetailedPeerCertificate, type TLSSocket } from 'node:tls';

/** A probe's failure: a code to branch on (ENOTFOUND, ECONNREFUSED, ETIMEDOUT, ECANCELED…) and Node's message. */
class ProbeError extends Error {
  override readonly name = 'ProbeError';
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export interface Bounds {
  timeoutMs: number;
  signal?: AbortSignal;
}

/**
 * Runs `start` until it settles, the deadline passes or the signal aborts; `stop` releases what
 * it opened in the last two cases (a promise cannot be cancelled, so a late result is dropped).
 */
function bounded<T>(bounds: Bounds, what: string, start: (settle: (error: Error | null, value?: T) => void) => () => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const { timeoutMs, signal } = bounds;
    let done = false;
    let stop: () => void = () => {};
    const finish = (error: Error | null, value?: T) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      if (error) {
        stop();
        reject(error);
      } else resolve(value as T);
    };
    const onAbort = () => finish(new ProbeError('ECANCELED', `${what}: cancelled`));
    const timer = setTimeout(() => finish(new ProbeError('ETIMEDOUT', `${what}: no answer within ${timeoutMs / 1000} s`)), timeoutMs);
    if (signal?.aborted) return onAbort();
    signal?.addEventListener('abort', onAbort, { once: true });
    stop = start(finish);
  });
}

/** The error's code (an AggregateError of several addresses carries its first one's), else its name. */
export function codeOf(e: unknown): string {
  const error = e as { code?: unknown; errors?: { code?: unknown }[]; name?: unknown };
  if (typeof error?.code === 'string') return error.code;
  const inner = error?.errors?.find((x) => typeof x?.code === 'string')?.code;
  return typeof inner === 'string' ? inner : typeof error?.name === 'string' ? error.name : 'Error';
}

function probeError(e: unknown): ProbeError {
  if (e instanceof ProbeError) return e;
  const error = e as { message?: unknown; errors?: { message?: unknown }[] };
  const message = error?.errors?.length ? error.errors.map((x) => String(x?.message)).join('; ') : String(error?.message ?? e);
  return new ProbeError(codeOf(e), message);
}

/** Every address the system resolver gives for `host`, in its order: dns.lookup, as net.connect resolves. */
export function resolveAll(host: string, bounds: Bounds): Promise<LookupAddress[]> {
  return bounded(bounds, `DNS lookup of ${host}`, (settle) => {
    dns.lookup(host, { all: true }, (error, addresses) => settle(error ? probeError(error) : null, addresses));
    return () => {};
  });
}

export interface Connected {
  address: string;
  port: number;
  family: string;
}

/** Opens a TCP connection to host:port (names resolved as net.connect does), then closes it. */
export function connectTcp(host: string, port: number, bounds: Bounds): Promise<Connected> {
  return bounded(bounds, `TCP connection to ${host}:${port}`, (settle) => {
    const socket: Socket = netConnect({ host, port });
    socket.once('connect', () => {
      settle(null, { address: socket.remoteAddress ?? host, port: socket.remotePort ?? port, family: socket.remoteFamily ?? '' });
      socket.destroy();
    });
    socket.once('error', (e) => settle(probeError(e)));
    return () => socket.destroy();
  });
}

export interface Handshake {
  /** Whether the chain and the host name verified against the trust given. */
  authorized: boolean;
  /** Node's verdict when not: an OpenSSL code (UNABLE_TO_VERIFY_LEAF_SIGNATURE…) or ERR_TLS_CERT_ALTNAME_INVALID. */
  authorizationError?: string;
  protocol: string | null;
  cipher: string | undefined;
  /** The peer's certificate with its issuers linked (issuerCertificate), as Node gives it. */
  peer: DetailedPeerCertificate | undefined;
}

/**
 * A TLS handshake with the given trust that never fails on verification: the verdict is
 * returned with the chain, so a bad certificate can be described. Closes the connection after.
 */
export function handshake(options: ConnectionOptions, bounds: Bounds): Promise<Handshake> {
  const where = options.servername ?? options.host ?? 'the server';
  return bounded(bounds, `TLS handshake with ${where}`, (settle) => {
    const socket: TLSSocket = tlsConnect({ ...options, rejectUnauthorized: false });
    socket.once('secureConnect', () => {
      const peer = socket.getPeerCertificate(true);
      const error = socket.authorizationError as Error | string | null | undefined;
      settle(null, {
        authorized: socket.authorized,
        authorizationError: error ? (typeof error === 'string' ? error : codeOf(error)) : undefined,
        protocol: socket.getProtocol(),
        cipher: socket.getCipher()?.name,
        peer: peer && Object.keys(peer).length > 0 ? peer : undefined,
      });
      socket.destroy();
    });
    socket.once('error', (e) => settle(probeError(e)));
    return () => socket.destroy();
  });
}
