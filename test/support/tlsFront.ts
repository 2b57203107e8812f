// TLS in front of a plain-http server on loopback (the sandbox), for tests of what a client
// or the connection doctor sees of a certificate: a self-signed one made with openssl at test
// time (as tlsProxy.ts makes its CA), or any key and certificate chain given.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:tls';

export interface SelfSigned {
  keyPem: string;
  certPem: string;
  /** The certificate as a file: the CA file that makes it trusted. */
  certFile: string;
  cleanup(): void;
}

/** A self-signed certificate for localhost and 127.0.0.1, valid for one day. */
export function makeSelfSigned(): SelfSigned {
  const dir = mkdtempSync(join(tmpdir(), 'sfr-self-signed-'));
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      'key.pem',
      '-out',
      'cert.pem',
      '-days',
      '1',
      '-subj',
      '/CN=localhost/O=Security Fix Reports self-signed test',
      '-addext',
      'subjectAltName=DNS:localhost,IP:127.0.0.1',
    ],
    { cwd: dir, stdio: 'pipe' },
  );
  return {
    keyPem: readFileSync(join(dir, 'key.pem'), 'utf8'),
    certPem: readFileSync(join(dir, 'cert.pem'), 'utf8'),
    certFile: join(dir, 'cert.pem'),
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}

export interface TlsFront {
  port: number;
  close(): Promise<void>;
}

/** A TLS server on 127.0.0.1 that passes each connection on to 127.0.0.1:`targetPort`. */
export async function startTlsFront(targetPort: number, tls: { keyPem: string; certPem: string }): Promise<TlsFront> {
  const sockets = new Set<Socket>();
  const server = createServer({ key: tls.keyPem, cert: tls.certPem }, (client) => {
    const upstream = connect(targetPort, '127.0.0.1');
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
    }
    client.pipe(upstream).pipe(client);
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });
  // A client that gives up mid-handshake (the doctor without the CA) is no error of the server's.
  server.on('tlsClientError', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
