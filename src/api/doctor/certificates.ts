// Certificates as the report shows them: subject, issuer, validity and SHA-256 fingerprint, one
// line each, and the names the server's certificate covers. Nothing private is in a certificate,
// but its fields are the server's text: each is cleaned to one short line (common/text).
import { X509Certificate } from 'node:crypto';
import type { DetailedPeerCertificate } from 'node:tls';
import { oneLine } from '../../common/text';

/** At most this many certificates of a chain or a CA file are listed. */
const MAX_LISTED = 6;

type Names = Partial<Record<string, string | string[]>> | undefined;

/** `CN=…, O=…` of a certificate's subject or issuer (the fields that name it). */
function distinguishedName(names: Names): string {
  if (!names) return '(none)';
  const parts: string[] = [];
  for (const field of ['CN', 'O', 'OU']) {
    const value = Object.hasOwn(names, field) ? names[field] : undefined;
    if (value !== undefined) parts.push(`${field}=${Array.isArray(value) ? value.join('+') : value}`);
  }
  return oneLine(parts.length > 0 ? parts.join(', ') : '(no CN, O or OU)', 160);
}

/** The peer's chain as Node links it (leaf first, then each issuer it knows), one line per certificate. */
export function describeChain(peer: DetailedPeerCertificate, nowMs: number): string[] {
  const lines: string[] = [];
  const seen = new Set<string>();
  for (let cert: DetailedPeerCertificate | undefined = peer; cert && Object.keys(cert).length > 0; cert = cert.issuerCertificate) {
    if (seen.has(cert.fingerprint256) || lines.length >= MAX_LISTED) break;
    seen.add(cert.fingerprint256);
    const selfSigned = cert.issuerCertificate === cert || cert.fingerprint256 === cert.issuerCertificate?.fingerprint256;
    lines.push(
      `certificate ${lines.length}: subject ${distinguishedName(cert.subject)}; issuer ${selfSigned ? '(itself)' : distinguishedName(cert.issuer)}; ` +
        `${validity(cert.valid_from, cert.valid_to, nowMs)}; SHA-256 ${oneLine(cert.fingerprint256, 100)}`,
    );
  }
  if (peer.subjectaltname) lines.push(`names the server's certificate covers: ${oneLine(peer.subjectaltname, 300)}`);
  return lines;
}

function validity(from: string, to: string, nowMs: number): string {
  const start = Date.parse(from);
  const end = Date.parse(to);
  const state = end < nowMs ? 'EXPIRED' : start > nowMs ? 'NOT YET VALID' : 'valid';
  return `${state} ${isoDay(start, from)} to ${isoDay(end, to)}`;
}

function isoDay(ms: number, raw: string): string {
  return Number.isNaN(ms) ? oneLine(raw, 40) : new Date(ms).toISOString().slice(0, 10);
}

/** The certificates of a CA file (PEM blocks, as network.readCaFile found them), one line each. */
export function describePems(pems: readonly string[], nowMs: number): string[] {
  const lines = pems.slice(0, MAX_LISTED).map((pem, i) => {
    try {
      const cert = new X509Certificate(pem);
      return `CA ${i + 1}: ${oneLine(cert.subject.replace(/\n/g, ', '), 160)}; ${validity(cert.validFrom, cert.validTo, nowMs)}`;
    } catch (e) {
      return `CA ${i + 1}: not a readable certificate (${oneLine((e as Error).message, 120)})`;
    }
  });
  if (pems.length > MAX_LISTED) lines.push(`and ${pems.length - MAX_LISTED} more`);
  return lines;
}
