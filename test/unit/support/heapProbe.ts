// Measures the heap the client's decoder of one endpoint needs for the worst body that endpoint
// accepts: `[],` repeated up to its cap (the densest JSON: an array object per 3 bytes) inside
// the envelope that makes the decoder parse all of it. Runs in a process of its own, so other
// tests do not disturb the measure and a runaway decoder meets --max-old-space-size instead of
// the test runner:
//   node --expose-gc --max-old-space-size=<MiB> heapProbe.js <endpoint> <bytes>
// Prints {"heapBytes": the peak growth, "outcome": what the decoder did} as one JSON line.
import type { Endpoint } from '../../../src/api/client';
import { decodeFpSummary, decodeIssuePage, decodeReportDetail, decodeReportList } from '../../../src/api/responses';
import type { RawResponse } from '../../../src/api/transport';

const ENVELOPES: Record<Endpoint, [string, string, (res: RawResponse) => unknown]> = {
  reportList: ['{"getReportsApiV2":{"fixReport":[', ']}}', decodeReportList],
  report: ['{"fixReport":[{"id":"r","fixes":[', ']}]}', (res) => decodeReportDetail(res, 'r')],
  issuePage: ['{"getIssuesApiV5":{"vulnerability_report_issue":[', '],"hasNextPage":false}}', decodeIssuePage],
  fpSummary: ['{"fpDescriptionShort":"x","padding":[', ']}', (res) => decodeFpSummary(res, 'fp')],
};

/** `prefix`, `[],` repeats and `suffix` in exactly `bytes` bytes (the last repeat without its comma, padded with spaces). */
export function arrayBomb(prefix: string, suffix: string, bytes: number): Buffer {
  const room = bytes - prefix.length - suffix.length;
  const count = Math.floor((room + 1) / 3);
  const body = `${prefix}${'[],'.repeat(count - 1)}[]${' '.repeat(room - (count * 3 - 1))}${suffix}`;
  return Buffer.from(body, 'latin1');
}

function main(): void {
  const [endpoint, bytes] = [process.argv[2] as Endpoint, Number(process.argv[3])];
  const [prefix, suffix, decode] = ENVELOPES[endpoint];
  const res: RawResponse = {
    status: 200,
    contentType: 'application/json',
    body: arrayBomb(prefix, suffix, bytes),
    url: new URL('http://127.0.0.1/probe'),
  };
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('run with --expose-gc');
  gc();
  const base = process.memoryUsage().heapUsed;
  let peak = 0;
  const sample = () => {
    gc();
    peak = Math.max(peak, process.memoryUsage().heapUsed - base);
  };
  const parse = JSON.parse;
  // Right after parsing, the body's text and its parsed value are both alive: the peak.
  JSON.parse = (text: string, reviver?: Parameters<typeof parse>[1]) => {
    const value: unknown = parse(text, reviver);
    sample();
    return value;
  };
  let outcome = 'decoded';
  try {
    decode(res);
  } catch (e) {
    outcome = (e as { kind?: string }).kind ?? String(e);
  } finally {
    JSON.parse = parse;
  }
  sample();
  process.stdout.write(`${JSON.stringify({ heapBytes: peak, outcome, bodyBytes: res.body.length })}\n`);
}

if (require.main === module) main();
