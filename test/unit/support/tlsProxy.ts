// Test infrastructure for proxy and private-CA tests: a throwaway CA and a localhost
// certificate made with openssl, an https server, and a recording forward proxy (CONNECT
// tunnels and absolute-URI requests), all on loopback.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { connect, type AddressInfo, type Server, type Socket } from 'node:net';
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

/** A CA and a certificate for localhost/127.0.0.1 signed by it (valid for one day). */
export function makeTestPki(): TestPki {
  const dir = mkdtempSync(join(tmpdir(), 'sfr-pki-'));
  const run = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
  run('req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'ca.key', '-out', 'ca.pem', '-days', '1', '-subj', '/CN=Security Fix Reports Test CA');
  run('req', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'server.key', '-out', 'server.csr', '-subj', '/CN=localhost');
  const ext = join(dir, 'san.ext');
  writeFileSync(ext, 'subjectAltName=DNS:localhost,IP:127.0.0.1\n');
  run('x509', '-req', '-in', 'server.csr', '-CA', 'ca.pem', '-CAkey', 'ca.key', '-CAcreateserial', '-out', 'server.pem', '-days', '1', '-extfile', ext);
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
}

export async function startRecordingProxy(): Promise<RecordingProxy> {
  const targets: string[] = [];
  const headersSeen: RecordingProxy['headersSeen'] = [];
  const sockets = new Set<Socket>();
  const server = createHttpServer((req, res) => {
    // Plain-http proxying: the request line carries an absolute URI.
    targets.push(req.url ?? '');
    headersSeen.push(req.headers);
    const upstream = httpRequest(req.url ?? '', { method: req.method, headers: req.headers }, (up) => {
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
    const upstream = connect(Number(port), host === 'localhost' ? '127.0.0.1' : host, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    sockets.add(client).add(upstream);
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });
  server.on('connection', (s: Socket) => sockets.add(s));
  const listening = await listen(server, () => sockets.forEach((s) => s.destroy()));
  return { ...listening, url: `http://127.0.0.1:${listening.port}`, targets, headersSeen };
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
