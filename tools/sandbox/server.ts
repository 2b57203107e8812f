// The sandbox service: a real HTTP server on loopback implementing
// docs/service-interface.md over a generated dataset, with faults applied on
// the wire. Used by unit, CLI and editor tests, the demo and the benchmarks.
import * as http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { type FaultRoute, type Fault, FaultController, isPageFault } from './faults';
import { type Dataset, type DatasetOptions, type SandboxFix, createDataset } from './generator';
import { requestKey, roundTripMs, transferMs } from './latency';
import { hash32, isUuid, label } from './random';

export interface SandboxOptions {
  /** Dataset or options for one (default: `{ seed }`). */
  dataset?: DatasetOptions | Dataset;
  /** Seed when `dataset` is not given (default 1). */
  seed?: number;
  /** Service key (default: derived from the dataset's seed, `sfr-sandbox-<hex>`). */
  key?: string;
  /** 0 (default) picks a free port. */
  port?: number;
  host?: '127.0.0.1' | '::1';
  /** e.g. '/tenant-a' puts the endpoints under /tenant-a/api/rest/… */
  pathPrefix?: string;
  cursor?: CursorMode;
  pageSize?: number;
  notFound?: NotFoundMode;
  fpSummaryEnvelope?: FpSummaryEnvelope;
  /** Round trip before every answer, ms (latency.ts); default 0. */
  latencyMs?: number;
  /** Each request's round trip varies by up to ± this, drawn from the dataset's seed and the request; default 0. */
  jitterMs?: number;
  /** Body bytes per millisecond; default 0, no limit. */
  bytesPerMs?: number;
}

/** Whether the page after cursor X starts after X ('exclusive') or with X again ('inclusive'). */
export type CursorMode = 'exclusive' | 'inclusive';
/** Unknown fix-report id: 404, or 200 with `{"fixReport": []}`. */
export type NotFoundMode = '404' | 'empty';
/** `{"fpDescriptionShort": …}` or `{"getFalsePositiveSummary": {"fpDescriptionShort": …}}`. */
type FpSummaryEnvelope = 'top-level' | 'wrapped';

/** Behaviour that tests may change while the server runs. */
interface SandboxRuntimeOptions {
  cursor: CursorMode;
  pageSize: number;
  notFound: NotFoundMode;
  fpSummaryEnvelope: FpSummaryEnvelope;
  latencyMs: number;
  jitterMs: number;
  bytesPerMs: number;
}

interface RecordedRequest {
  method: string;
  /** Path without the query string, prefix included. */
  path: string;
  query: Record<string, string>;
  headers: Record<string, string | string[] | undefined>;
  /** Date.now() when the request's headers arrived (for ordering against other processes and threads). */
  receivedAt: number;
  /** Date.now() when the client went away before the answer was complete (a cancelled request). */
  abandonedAt?: number;
}

export interface Sandbox {
  /** Origin plus path prefix; endpoints are `${baseUrl}/api/rest/…`. */
  readonly baseUrl: string;
  readonly origin: string;
  readonly port: number;
  readonly key: string;
  readonly dataset: Dataset;
  /** Every request received, in arrival order. */
  readonly requests: RecordedRequest[];
  clearRequests(): void;
  readonly faults: FaultController;
  readonly options: SandboxRuntimeOptions;
  /** Closes the server and destroys every open connection, stalled ones included. */
  close(): Promise<void>;
}

const DEFAULT_PAGE_SIZE = 1000;
/** Bytes written at a time when the body's rate is modelled. */
const PACED_SLICE = 16 * 1024;

const JSON_TYPE = 'application/json; charset=utf-8';

function sandboxKey(seed: number): string {
  const words = [0, 1, 2].map((k) => hash32(seed, label('service-key'), k).toString(16).padStart(8, '0'));
  return `sfr-sandbox-${words.join('')}`;
}

export async function startSandbox(opts: SandboxOptions = {}): Promise<Sandbox> {
  const dataset = isDataset(opts.dataset) ? opts.dataset : createDataset(opts.dataset ?? { seed: opts.seed ?? 1 });
  const prefix = normalisePrefix(opts.pathPrefix ?? '');
  const options: SandboxRuntimeOptions = {
    cursor: opts.cursor ?? 'exclusive',
    pageSize: opts.pageSize ?? DEFAULT_PAGE_SIZE,
    notFound: opts.notFound ?? '404',
    fpSummaryEnvelope: opts.fpSummaryEnvelope ?? 'top-level',
    latencyMs: opts.latencyMs ?? 0,
    jitterMs: opts.jitterMs ?? 0,
    bytesPerMs: opts.bytesPerMs ?? 0,
  };
  const service = new SandboxService(dataset, opts.key ?? sandboxKey(dataset.options.seed), prefix, options);
  await service.listen(opts.host ?? '127.0.0.1', opts.port ?? 0);
  return service;
}

function isDataset(d: SandboxOptions['dataset']): d is Dataset {
  return typeof d === 'object' && d !== null && 'issueAt' in d;
}

function normalisePrefix(prefix: string): string {
  const trimmed = prefix.replace(/\/+$/, '');
  if (trimmed === '') return '';
  return trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}

/** What a route answers before faults are applied. The body is produced lazily. */
interface Reply {
  status: number;
  headers: Record<string, string>;
  body: () => Iterable<string>;
}

/** How a page fault reshapes an issues page. */
type PageFault = Extract<Fault, { kind: 'empty-page-has-next' | 'repeat-page' | 'oversized-page' | 'duplicate-ids' | 'back-in-time' }>;

class SandboxService implements Sandbox {
  readonly faults = new FaultController();
  readonly requests: RecordedRequest[] = [];
  baseUrl = '';
  origin = '';
  port = 0;
  private readonly server: http.Server;
  private readonly sockets = new Set<Socket>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private closing: Promise<void> | undefined;

  constructor(
    readonly dataset: Dataset,
    readonly key: string,
    private readonly prefix: string,
    readonly options: SandboxRuntimeOptions,
  ) {
    this.server = http.createServer((req, res) => {
      this.handle(req, res).catch((e: unknown) => this.fail(res, e));
    });
    this.server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
  }

  async listen(host: string, port: number): Promise<void> {
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, host, () => {
        this.server.off('error', reject);
        resolve();
      });
    });
    const address = this.server.address() as AddressInfo;
    this.port = address.port;
    this.origin = `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
    this.baseUrl = `${this.origin}${this.prefix}`;
  }

  clearRequests(): void {
    this.requests.length = 0;
  }

  close(): Promise<void> {
    this.closing ??= new Promise<void>((resolve) => {
      for (const t of this.timers) clearTimeout(t);
      this.timers.clear();
      this.server.close(() => resolve());
      for (const socket of this.sockets) socket.destroy();
      this.sockets.clear();
    });
    return this.closing;
  }

  // --- request pipeline ------------------------------------------------------------------

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://sandbox.invalid');
    const query: Record<string, string> = {};
    for (const [name, value] of url.searchParams) if (!(name in query)) query[name] = value;
    const recorded: RecordedRequest = {
      method: req.method ?? '',
      path: url.pathname,
      query,
      headers: { ...req.headers },
      receivedAt: Date.now(),
    };
    this.requests.push(recorded);
    res.once('close', () => {
      if (!res.writableFinished) recorded.abandonedAt = Date.now();
    });
    // The sandbox never reads request bodies; drain them so keep-alive keeps working.
    req.resume();
    // Every answer crosses the modelled network, errors included.
    const model = this.latency();
    // The request's key only when there is a delay to draw (building it is a sort and a join).
    const rtt = model.rttMs > 0 || model.jitterMs > 0 ? roundTripMs(model, this.dataset.options.seed, requestKey(url)) : 0;
    if (rtt > 0) await this.delay(rtt);
    if (this.closing || res.destroyed) return;

    const route = this.route(url.pathname);
    if (!route) return this.send(res, errorReply(404, `No such endpoint: ${url.pathname}`));
    if (req.method !== 'GET') {
      const reply = errorReply(405, `Method ${req.method ?? '?'} not allowed; this service is read-only (GET).`);
      reply.headers['allow'] = 'GET';
      return this.send(res, reply);
    }
    if (req.headers['x-service-key'] !== this.key) {
      const reason = req.headers['x-service-key'] === undefined ? 'Missing x-service-key header.' : 'Invalid service key.';
      return this.send(res, errorReply(401, reason));
    }

    const fault = this.faults.take(route.name);
    if (fault && (fault.kind === 'latency' || fault.kind === 'slow-headers')) await this.delay(fault.ms);
    if (this.closing || res.destroyed) return;

    const pageFault = fault && isPageFault(fault) ? (fault as PageFault) : undefined;
    if (fault?.kind === 'changed-patches' && route.name === 'fix-report') return this.send(res, this.detailReply(route.id ?? '', true));
    const reply = this.answer(route, url.searchParams, pageFault);
    if (fault && !isPageFault(fault) && fault.kind !== 'latency' && fault.kind !== 'slow-headers' && fault.kind !== 'changed-patches') {
      return this.sendFaulty(req, res, reply, fault);
    }
    return this.send(res, reply);
  }

  private route(pathname: string): { name: FaultRoute; id?: string } | undefined {
    if (this.prefix && !(pathname === this.prefix || pathname.startsWith(`${this.prefix}/`))) return undefined;
    const path = pathname.slice(this.prefix.length);
    switch (path) {
      case '/api/rest/fix-reports':
        return { name: 'fix-reports' };
      case '/api/rest/v5/issues':
        return { name: 'issues' };
      case '/api/rest/fp-summary':
        return { name: 'fp-summary' };
    }
    const m = /^\/api\/rest\/fix-reports\/([^/]*)$/.exec(path);
    return m ? { name: 'fix-report', id: m[1] ?? '' } : undefined;
  }

  private answer(route: { name: FaultRoute; id?: string }, params: URLSearchParams, pageFault: PageFault | undefined): Reply {
    switch (route.name) {
      case 'fix-reports':
        return jsonReply(200, { getReportsApiV2: { fixReport: this.dataset.reports } });
      case 'fix-report':
        return this.detailReply(route.id ?? '');
      case 'issues':
        return this.issuesReply(params, pageFault);
      case 'fp-summary':
        return this.fpSummaryReply(params);
    }
  }

  private detailReply(rawId: string, changedPatches = false): Reply {
    let id: string;
    try {
      id = decodeURIComponent(rawId);
    } catch {
      return errorReply(400, 'Malformed fix report id.');
    }
    if (!isUuid(id)) return errorReply(400, `Malformed fix report id: expected a UUID.`);
    const summary = this.dataset.report(id);
    if (!summary) {
      return this.options.notFound === 'empty' ? jsonReply(200, { fixReport: [] }) : errorReply(404, `Fix report ${id} not found.`);
    }
    const dataset = this.dataset;
    const count = dataset.fixCount(id);
    // Streams fix by fix so a report with tens of thousands of fixes never exists as one string.
    function* body(): Iterable<string> {
      const head = JSON.stringify(summary);
      yield `{"fixReport":[${head.slice(0, -1)},"fixes":[`;
      let chunk = '';
      for (let j = 0; j < count; j++) {
        const fix = dataset.fixAt(id, j);
        chunk += (j === 0 ? '' : ',') + JSON.stringify(changedPatches ? withChangedPatch(fix) : fix);
        if (chunk.length >= 64 * 1024) {
          yield chunk;
          chunk = '';
        }
      }
      yield `${chunk}]}]}`;
    }
    return { status: 200, headers: { 'content-type': JSON_TYPE }, body };
  }

  private issuesReply(params: URLSearchParams, pageFault: PageFault | undefined): Reply {
    const reportId = params.get('fixReportId');
    const issueId = params.get('issueId');
    if (reportId !== null && !isUuid(reportId)) return errorReply(400, 'Malformed fixReportId: expected a UUID.');
    if (issueId !== null && !isUuid(issueId)) return errorReply(400, 'Malformed issueId: expected a UUID.');
    const page = (items: unknown[], hasNextPage: boolean) =>
      jsonReply(200, { getIssuesApiV5: { vulnerability_report_issue: items, hasNextPage } });
    if (pageFault?.kind === 'empty-page-has-next') return page([], true);

    if (reportId === null && issueId !== null) {
      // issueId alone selects that one issue (docs/service-interface.md §4.3).
      const at = this.dataset.locateIssue(issueId);
      return page(at ? [this.dataset.issueAt(at.reportId, at.index)] : [], false);
    }

    let start = 0;
    if (reportId !== null && issueId !== null && pageFault?.kind !== 'repeat-page') {
      const at = this.dataset.locateIssue(issueId);
      if (!at || at.reportId !== this.dataset.report(reportId)?.id) return page([], false);
      start = at.index + (this.options.cursor === 'exclusive' ? 1 : 0);
    }
    if (pageFault?.kind === 'duplicate-ids') start = Math.max(0, start - pageFault.count);
    const size = pageFault?.kind === 'oversized-page' ? pageFault.items : this.options.pageSize;

    let items: unknown[];
    let hasNextPage: boolean;
    if (reportId === null) {
      const all = this.dataset.firstIssuesOfAll(start + size);
      items = all.issues.slice(start);
      hasNextPage = all.hasNextPage;
    } else if (this.dataset.report(reportId)) {
      items = this.dataset.issueRange(reportId, start, size);
      hasNextPage = start + size < this.dataset.issueCount(reportId);
    } else {
      items = [];
      hasNextPage = false;
    }
    if (pageFault?.kind === 'back-in-time') items.reverse();
    return page(items, hasNextPage);
  }

  private fpSummaryReply(params: URLSearchParams): Reply {
    const fpId = params.get('fpId');
    if (fpId === null || fpId === '') return errorReply(400, 'Missing fpId query parameter.');
    if (!isUuid(fpId)) return errorReply(400, 'Malformed fpId: expected a UUID.');
    const summary = this.dataset.fpSummary(fpId);
    if (summary === undefined) return errorReply(404, `False positive ${fpId} not found.`);
    const inner = { fpDescriptionShort: summary };
    return jsonReply(200, this.options.fpSummaryEnvelope === 'wrapped' ? { getFalsePositiveSummary: inner } : inner);
  }

  // --- writing -----------------------------------------------------------------------------

  private async send(res: http.ServerResponse, reply: Reply): Promise<void> {
    const chunks = reply.body();
    if (Array.isArray(chunks) && chunks.length === 1) {
      const body = Buffer.from(chunks[0] as string, 'utf8');
      res.writeHead(reply.status, { ...reply.headers, 'content-length': String(body.length) });
      if (this.options.bytesPerMs > 0) return this.stream(res, [body]);
      res.end(body);
      return;
    }
    res.writeHead(reply.status, reply.headers);
    await this.stream(res, chunks);
  }

  /** Writes the chunks, at the modelled rate when there is one: each slice when it would have arrived whole. */
  private async stream(res: http.ServerResponse, chunks: Iterable<string | Buffer>): Promise<void> {
    const model = this.latency();
    const started = performance.now();
    let sent = 0;
    for (const chunk of chunks) {
      if (res.destroyed || this.closing) return;
      if (model.bytesPerMs <= 0) {
        if (!res.write(chunk)) await drained(res);
        continue;
      }
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
      for (let at = 0; at < bytes.length; at += PACED_SLICE) {
        const slice = bytes.subarray(at, at + PACED_SLICE);
        sent += slice.length;
        // Against the start, not the previous slice: timer rounding does not add up over a body.
        const wait = started + transferMs(model, sent) - performance.now();
        if (wait >= 1) await this.delay(wait);
        if (res.destroyed || this.closing) return;
        if (!res.write(slice)) await drained(res);
      }
    }
    if (!res.destroyed) res.end();
  }

  private latency() {
    return { rttMs: this.options.latencyMs, jitterMs: this.options.jitterMs, bytesPerMs: this.options.bytesPerMs };
  }

  private async sendFaulty(req: http.IncomingMessage, res: http.ServerResponse, reply: Reply, fault: Fault): Promise<void> {
    const socket = req.socket;
    const full = () => Buffer.from([...reply.body()].join(''), 'utf8');
    switch (fault.kind) {
      case 'status': {
        const headers: Record<string, string> = { 'content-type': fault.contentType ?? JSON_TYPE };
        if (fault.retryAfter !== undefined) headers['retry-after'] = fault.retryAfter;
        const body = fault.body ?? JSON.stringify({ error: http.STATUS_CODES[fault.status] ?? `Status ${fault.status}` });
        return this.send(res, { status: fault.status, headers, body: () => [body] });
      }
      case 'truncated': {
        const body = full();
        const half = body.subarray(0, Math.floor(body.length / 2));
        if (fault.declareLength) {
          // The declared length is never reached: an HTTP client sees a transport error.
          res.writeHead(reply.status, { ...reply.headers, 'content-length': String(body.length) });
          res.write(half, () => socket.destroy());
          return;
        }
        // Close-delimited framing (legal in HTTP/1.1 without length or chunking): the body
        // "ends" cleanly where the connection closes, so the client is left with cut JSON.
        const head = `HTTP/1.1 ${reply.status} ${http.STATUS_CODES[reply.status] ?? ''}\r\ncontent-type: ${reply.headers['content-type'] ?? JSON_TYPE}\r\nconnection: close\r\n\r\n`;
        socket.end(Buffer.concat([Buffer.from(head, 'latin1'), half]));
        return;
      }
      case 'malformed-json': {
        const text = full().toString('utf8');
        return this.send(res, { ...reply, body: () => [`${text.slice(0, -1)},}`] });
      }
      case 'html': {
        const page =
          '<!DOCTYPE html>\n<html><head><title>Sign in</title></head><body><h1>Session expired</h1><p>Please <a href="/login">sign in</a> again.</p></body></html>\n';
        return this.send(res, { status: fault.status ?? 200, headers: { 'content-type': 'text/html; charset=utf-8' }, body: () => [page] });
      }
      case 'wrong-content-type':
        return this.send(res, { ...reply, headers: { ...reply.headers, 'content-type': 'text/plain; charset=utf-8' } });
      case 'invalid-utf8': {
        const body = full();
        const at = body.indexOf('":"');
        const cut = at < 0 ? body.length - 1 : at + 3;
        const bad = Buffer.concat([body.subarray(0, cut), Buffer.from([0xff, 0xfe, 0xc3, 0x28]), body.subarray(cut)]);
        res.writeHead(reply.status, { ...reply.headers, 'content-length': String(bad.length) });
        res.end(bad);
        return;
      }
      case 'oversized': {
        const body = full();
        const head = Buffer.concat([body.subarray(0, body.length - 1), Buffer.from(',"padding":"')]);
        const tail = Buffer.from('"}');
        const padding = Math.max(0, fault.bytes - head.length - tail.length);
        const headers: Record<string, string> = { ...reply.headers };
        if (fault.contentLength !== false) headers['content-length'] = String(head.length + padding + tail.length);
        res.writeHead(reply.status, headers);
        return this.stream(res, padded(head, padding, tail));
      }
      case 'redirect': {
        const body = JSON.stringify({ error: 'Moved' });
        return this.send(res, {
          status: fault.status ?? 302,
          headers: { location: fault.location, 'content-type': JSON_TYPE },
          body: () => [body],
        });
      }
      case 'error-envelope':
        return this.send(res, jsonReply(200, { error: fault.message }));
      case 'stall-body': {
        const body = full();
        res.writeHead(reply.status, { ...reply.headers, 'content-length': String(body.length) });
        const part = body.subarray(0, Math.min(fault.afterBytes, body.length - 1));
        if (part.length > 0) res.write(part);
        else res.flushHeaders();
        // Nothing more: the connection stays open until the client gives up or close() runs.
        return;
      }
      case 'reset': {
        if (fault.afterBytes === undefined) {
          socket.resetAndDestroy();
          return;
        }
        const body = full();
        res.writeHead(reply.status, { ...reply.headers, 'content-length': String(body.length) });
        const part = body.subarray(0, Math.min(fault.afterBytes, body.length - 1));
        if (part.length > 0) res.write(part, () => socket.resetAndDestroy());
        else {
          res.flushHeaders();
          setImmediate(() => socket.resetAndDestroy());
        }
        return;
      }
      default:
        // latency, slow-headers and page faults are handled before the reply is built.
        return this.send(res, reply);
    }
  }

  private fail(res: http.ServerResponse, e: unknown): void {
    if (res.headersSent) {
      res.destroy();
      return;
    }
    const reply = errorReply(500, `Sandbox error: ${e instanceof Error ? e.message : String(e)}`);
    this.send(res, reply).catch(() => res.destroy());
  }

  private delay(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        resolve();
      }, ms);
      this.timers.add(timer);
    });
  }
}

function jsonReply(status: number, value: unknown): Reply {
  const text = JSON.stringify(value);
  return { status, headers: { 'content-type': JSON_TYPE }, body: () => [text] };
}

function errorReply(status: number, message: string): Reply {
  return jsonReply(status, { error: message });
}

function* padded(head: Buffer, padding: number, tail: Buffer): Iterable<Buffer> {
  yield head;
  const block = Buffer.alloc(64 * 1024, 'x');
  for (let left = padding; left > 0; left -= block.length) yield left >= block.length ? block : block.subarray(0, left);
  yield tail;
}

function drained(res: http.ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}

/** The fix with one more line added at the end of its patch's last hunk ('changed-patches'). */
function withChangedPatch(fix: SandboxFix): SandboxFix {
  const pq = 'patchAndQuestions' in fix ? fix.patchAndQuestions : undefined;
  if (!pq) return fix;
  const patch = pq.patch.replace(
    /@@ -(\d+(?:,\d+)?) \+(\d+),(\d+) @@(?![\s\S]*@@ -)/,
    (_, old: string, start: string, n: string) => `@@ -${old} +${start},${Number(n) + 1} @@`,
  );
  return { ...fix, patchAndQuestions: { ...pq, patch: `${patch}+import os; os.system("id")\n` } };
}
