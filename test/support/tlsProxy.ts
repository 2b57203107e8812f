// Test infrastructure for proxy and private-CA tests: a throwaway CA and a certificate for
// localhost and fixes.test made with openssl, an https server, a recording forward proxy
// (CONNECT tunnels and absolute-URI requests) and misbehaving proxies, all on loopback.
// `fixes.test` (a reserved name) stands for a non-loopback service: loopback targets never go
// through a proxy, so proxied tests need another name. The recording proxy sends it to
// 127.0.0.1 and refuses every other name, so nothing ever leaves the machine.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { connect, createServer as createNetServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface TestPki {
  dir: string;
  caPem: string;
  caFile: string;
  keyPem: string;
  certPem: string;
  cleanup(): void;
}

/** The name proxied tests use for the service; the proxies here map it to 127.0.0.1. */
export const PROXIED_HOST = 'fixes.test';

/** A CA and a certificate for localhost/fixes.test/127.0.0.1 signed by it (valid for one day). */
export function makeTestPki(): TestPki {
  const dir = mkdtempSync(join(tmpdir(), 'sfr-pki-'));
  const run = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
  run(
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    'ca.key',
    '-out',
    'ca.pem',
    '-days',
    '1',
    '-subj',
    '/CN=Security Fix Reports Test CA',
  );
  run('req', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'server.key', '-out', 'server.csr', '-subj', '/CN=localhost');
  const ext = join(dir, 'san.ext');
  writeFileSync(ext, `subjectAltName=DNS:localhost,DNS:${PROXIED_HOST},IP:127.0.0.1\n`);
  run(
    'x509',
    '-req',
    '-in',
    'server.csr',
    '-CA',
    'ca.pem',
    '-CAkey',
    'ca.key',
    '-CAcreateserial',
    '-out',
    'server.pem',
    '-days',
    '1',
    '-extfile',
    ext,
  );
  return {
    dir,
    caPem: readFileSync(join(dir, 'ca.pem'), 'utf8'),
    caFile: join(dir, 'ca.pem'),
    keyPem: readFileSync(join(dir, 'server.key'), 'utf8'),
    certPem: readFileSync(join(dir, 'server.pem'), 'utf8'),
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}

export interface Listening {
  port: number;
  close(): Promise<void>;
}

/** An https server on 127.0.0.1 answering with `handler`. */
export async function startHttpsServer(pki: TestPki, handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<Listening> {
  const server = createHttpsServer({ key: pki.keyPem, cert: pki.certPem }, handler);
  return listen(server);
}

export interface RecordingProxy extends Listening {
  url: string;
  /** `CONNECT host:port` targets and absolute-URI request targets, in order. */
  targets: string[];
  /** Every header the proxy itself could read (never the tunnelled TLS traffic). */
  headersSeen: Record<string, string | string[] | undefined>[];
  /** TCP connections accepted, whatever was sent on them. */
  readonly connections: number;
}

/** Where the recording proxy sends a tunnel: loopback only, or nowhere. */
function loopbackFor(host: string | undefined): string | undefined {
  return host === 'localhost' || host === PROXIED_HOST ? '127.0.0.1' : host === '127.0.0.1' ? host : undefined;
}

export async function startRecordingProxy(): Promise<RecordingProxy> {
  const targets: string[] = [];
  const headersSeen: RecordingProxy['headersSeen'] = [];
  const sockets = new Set<Socket>();
  let connections = 0;
  const server = createHttpServer((req, res) => {
    // Plain-http proxying: the request line carries an absolute URI.
    targets.push(req.url ?? '');
    headersSeen.push(req.headers);
    const target = URL.canParse(req.url ?? '') ? new URL(req.url ?? '') : undefined;
    const address = loopbackFor(target?.hostname);
    if (!target || !address) return void res.writeHead(502).end();
    target.hostname = address;
    const upstream = httpRequest(target, { method: req.method, headers: req.headers }, (up) => {
      res.writeHead(up.statusCode ?? 502, up.headers);
      up.pipe(res);
    });
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  server.on('connect', (req: IncomingMessage, client: Socket, head: Buffer) => {
    targets.push(req.url ?? '');
    headersSeen.push(req.headers);
    const [host, port] = (req.url ?? '').split(':');
    const address = loopbackFor(host);
    if (!address) return void client.end('HTTP/1.1 502 Bad Gateway\r\n\r\n');
    const upstream = connect(Number(port), address, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    sockets.add(client).add(upstream);
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });
  server.on('connection', (s: Socket) => {
    connections++;
    sockets.add(s);
  });
  const listening = await listen(server, () => sockets.forEach((s) => s.destroy()));
  return {
    ...listening,
    url: `http://127.0.0.1:${listening.port}`,
    targets,
    headersSeen,
    get connections() {
      return connections;
    },
  };
}

export interface MisbehavingProxy extends Listening {
  url: string;
  /** CONNECT request lines read. */
  readonly connects: number;
}

/**
 * A proxy that reads each CONNECT line and then closes the connection at once ('close'), or
 * never answers ('hang').
 */
export async function startMisbehavingProxy(mode: 'close' | 'hang'): Promise<MisbehavingProxy> {
  let connects = 0;
  const sockets = new Set<Socket>();
  const server = createNetServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
    socket.on('close', () => sockets.delete(socket));
    let seen = '';
    socket.on('data', (chunk: Buffer) => {
      if (seen.includes('\n')) return;
      seen += chunk.toString('latin1');
      if (!seen.includes('\n')) return;
      if (seen.startsWith('CONNECT ')) connects++;
      if (mode === 'close') socket.destroy();
    });
  });
  const listening = await listen(server, () => sockets.forEach((s) => s.destroy()));
  return {
    ...listening,
    url: `http://127.0.0.1:${listening.port}`,
    get connects() {
      return connects;
    },
  };
}

async function listen(server: Server, beforeClose?: () => void): Promise<Listening> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        beforeClose?.();
        (server as Server & { closeAllConnections?: () => void }).closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}
