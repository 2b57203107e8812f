// One GET with everything a hostile network needs: a deadline, a byte cap, no redirects,
// cancellation, and bounded retries with backoff for transient failures.
import type { Dispatcher } from 'undici';
import { describeUrl } from './baseUrl';
import { ServiceError } from './errors';
import type { Logger } from './log';
import { ProxyError } from './proxyTunnel';
import { oneLine, redact } from '../common/text';
import { undici } from './undici';

export interface RetryPolicy {
  /** Retries after the first attempt (so `retries: 3` means up to 4 requests). */
  retries: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** A Retry-After longer than this is not waited for: the call fails and says when to retry. */
  maxRetryAfterMs: number;
}

export interface TransportOptions {
  key: string;
  timeoutMs: number;
  retry: RetryPolicy;
  /** Always ours: never undici's process-wide default (see network.ts). */
  dispatcher: Dispatcher;
  logger: Logger;
  userAgent: string;
  /** Test hook: the random source for jitter. */
  random?: () => number;
}

/** The most a response may weigh, and what it is (for the message when it weighs more). */
export interface BodyLimit {
  maxBytes: number;
  what: string;
}

export interface RawResponse {
  status: number;
  contentType: string;
  body: Buffer;
  url: URL;
  /** Removes the key from server text (a server may echo it back) before it is cut or shown. */
  redact?: (text: string) => string;
}

const RETRYABLE_STATUS = new Set([408, 429, 502, 503, 504]);
const RETRYABLE_CODES = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED', 'ERR_PROXY_CLOSED']);
const TIMEOUT_CODES = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'UND_ERR_CONNECT_TIMEOUT', 'ERR_PROXY_TIMEOUT']);

export const defaultRetry: RetryPolicy = { retries: 3, baseDelayMs: 500, maxDelayMs: 8_000, maxRetryAfterMs: 60_000 };

export class Transport {
  constructor(private readonly options: TransportOptions) {}

  /** GETs `url` and returns its 2xx body; every other outcome is a ServiceError. */
  async get(url: URL, limit: BodyLimit, signal?: AbortSignal): Promise<RawResponse> {
    const { retry, logger } = this.options;
    for (let attempt = 1; ; attempt++) {
      throwIfCancelled(signal, url);
      let outcome: RawResponse | ServiceError;
      try {
        outcome = await this.once(url, limit, signal);
      } catch (e) {
        outcome =
          e instanceof ServiceError
            ? e
            : new ServiceError('network', `Request to ${describeUrl(url)} failed: ${String(e)}`, { url: describeUrl(url), cause: e });
      }
      if (!(outcome instanceof ServiceError)) return outcome;
      const wait = attempt <= retry.retries ? this.retryDelay(outcome, attempt) : undefined;
      if (wait === undefined) throw withAttempts(outcome, attempt);
      logger.warn(`${describeUrl(url)}: ${outcome.message} — retry ${attempt}/${retry.retries} in ${Math.round(wait)} ms`);
      await sleep(wait, signal, url);
    }
  }

  /** How long to wait before retrying, or undefined when this failure is final. */
  private retryDelay(error: ServiceError, attempt: number): number | undefined {
    const { retry } = this.options;
    const transient = error.status !== undefined ? RETRYABLE_STATUS.has(error.status) : error.kind === 'network' && isResetError(error);
    if (!transient) return undefined;
    if (error.retryAfterMs !== undefined) {
      return error.retryAfterMs <= retry.maxRetryAfterMs ? error.retryAfterMs : undefined;
    }
    const ceiling = Math.min(retry.maxDelayMs, retry.baseDelayMs * 2 ** (attempt - 1));
    const random = this.options.random ?? Math.random;
    return ceiling / 2 + random() * (ceiling / 2);
  }

  private async once(url: URL, limit: BodyLimit, signal?: AbortSignal): Promise<RawResponse> {
    const { timeoutMs, key, dispatcher, userAgent } = this.options;
    const { signal: combined, timedOut, release } = requestSignal(signal, timeoutMs);
    const where = describeUrl(url);
    try {
      const res = await untilAborted(
        undici().request(url, {
          method: 'GET',
          headers: { 'x-service-key': key, accept: 'application/json', 'user-agent': userAgent },
          signal: combined,
          dispatcher,
          headersTimeout: timeoutMs,
          bodyTimeout: timeoutMs,
        }),
        combined,
      );
      const contentType = headerValue(res.headers['content-type']) ?? '';
      if (res.statusCode >= 300 && res.statusCode < 400) {
        discard(res.body);
        throw redirectError(url, res.statusCode, headerValue(res.headers.location));
      }
      const body = await readCapped(res, where, limit);
      if (res.statusCode >= 200 && res.statusCode < 300)
        return { status: res.statusCode, contentType, body, url, redact: (text) => redact(text, key) };
      throw statusError(url, res.statusCode, body, headerValue(res.headers['retry-after']), key);
    } catch (e) {
      if (e instanceof ServiceError) throw e;
      if (signal?.aborted) throw cancelled(url);
      if (timedOut() || isTimeoutError(e)) {
        throw new ServiceError(
          'timeout',
          `No complete response from ${where} within ${timeoutMs / 1000} s. The service or the network is slow; try again, or raise the request timeout.`,
          { url: where, cause: e },
        );
      }
      throw networkError(url, e);
    } finally {
      release();
    }
  }
}

/**
 * One request's signal: aborted by the caller's signal or by the deadline. Not AbortSignal.any:
 * Node keeps every signal it makes as a dependant of its long-lived sources (~60 B each, ~400 B
 * with AbortSignal.timeout, until the source is collected), so a client paging or fetching
 * summaries for hours on one signal grew with every request. Here the listener and the timer
 * are removed when the request settles, and nothing of the request stays behind.
 */
function requestSignal(
  outer: AbortSignal | undefined,
  timeoutMs: number,
): { signal: AbortSignal; timedOut: () => boolean; release: () => void } {
  const controller = new AbortController();
  let expired = false;
  const timer = setTimeout(() => {
    expired = true;
    controller.abort(new DOMException(`No response within ${timeoutMs} ms.`, 'TimeoutError'));
  }, timeoutMs);
  // As AbortSignal.timeout: the deadline alone does not keep the process alive.
  timer.unref();
  const forward = () => controller.abort(outer?.reason);
  if (outer?.aborted) forward();
  else outer?.addEventListener('abort', forward, { once: true });
  return {
    signal: controller.signal,
    timedOut: () => expired,
    release: () => {
      clearTimeout(timer);
      outer?.removeEventListener('abort', forward);
    },
  };
}

/** The body, or a too-large error as soon as it (or its declared length) passes the limit. */
async function readCapped(res: Dispatcher.ResponseData, where: string, limit: BodyLimit): Promise<Buffer> {
  const { body } = res;
  // NaN (no or an unreadable Content-Length) is never over the limit.
  const declared = Number(headerValue(res.headers['content-length']));
  if (declared > limit.maxBytes) {
    discard(body);
    throw tooLarge(where, limit, declared);
  }
  // By 'data' events, as undici's own body.text() reads: an async iterator over the body (a
  // promise per chunk, the stream paused and resumed) cost 1.6% of the CLI's instructions
  // on 100 pages of 0.85 MB (bench/, case 6). The promise settles once: whatever fires after
  // the first outcome (the close after an end or an error) is moot.
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let total = 0;
    body
      .on('data', (chunk: Buffer) => {
        total += chunk.length;
        if (total <= limit.maxBytes) return chunks.push(chunk);
        discard(body);
        reject(tooLarge(where, limit));
      })
      .on('end', () => resolve(Buffer.concat(chunks, total)))
      .on('error', reject)
      // Closed with neither an end nor an error: what an async iterator calls a premature close.
      .on('close', () => reject(Error('premature close')));
  });
}

function tooLarge(where: string, limit: BodyLimit, declared?: number): ServiceError {
  // Just over the limit, both round to the same figure: then say it in bytes.
  const exact = declared !== undefined && formatBytes(declared) === formatBytes(limit.maxBytes);
  const show = (bytes: number) => (exact ? `${bytes.toLocaleString('en-US')} bytes` : formatBytes(bytes));
  const size = declared === undefined ? 'more than' : `${show(declared)}, more than`;
  return new ServiceError(
    'too-large',
    `The response from ${where} is ${size} the ${show(limit.maxBytes)} limit for ${limit.what}. A real one is far smaller: the service or a proxy in between sent something else, or the data outgrew this client; report it to the service's operators.`,
    { url: where },
  );
}

function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${+(bytes / (1024 * 1024)).toFixed(1)} MiB`;
  if (bytes >= 1024) return `${+(bytes / 1024).toFixed(1)} KiB`;
  return `${bytes} bytes`;
}

function redirectError(url: URL, status: number, location: string | undefined): ServiceError {
  let target = 'an unspecified location';
  try {
    if (location) target = new URL(location, url).origin;
  } catch {
    target = 'an invalid location';
  }
  const where = describeUrl(url);
  return new ServiceError(
    'redirect',
    `${where} answered HTTP ${status}, redirecting to ${target}. Redirects are not followed because the service key would go with them; if the service has moved, set the base URL to its new address.`,
    { status, url: where, redirectOrigin: target },
  );
}

function statusError(url: URL, status: number, body: Buffer, retryAfter: string | undefined, key: string): ServiceError {
  const where = describeUrl(url);
  const detail = serverMessage(body, key);
  const said = detail ? ` The service said: "${detail}".` : '';
  const retryAfterMs = parseRetryAfter(retryAfter);
  const common = { status, url: where, retryAfterMs };
  if (status === 401 || status === 403) {
    return new ServiceError(
      'auth',
      `The service rejected the request with HTTP ${status}: the service key is missing, wrong or lacks access.${said} Set a valid key.`,
      common,
    );
  }
  if (status === 404) return new ServiceError('not-found', `Not found: ${where} (HTTP 404).${said}`, common);
  if (status === 408)
    return new ServiceError('timeout', `The service timed out waiting for the request (HTTP 408).${said} Try again.`, common);
  if (status === 429) {
    const when = retryAfterMs === undefined ? 'Wait a moment' : `Retry in ${Math.ceil(retryAfterMs / 1000)} s`;
    return new ServiceError('rate-limited', `The service is rate limiting requests (HTTP 429).${said} ${when} and try again.`, common);
  }
  if (status >= 500) {
    return new ServiceError(
      'server',
      `The service failed with HTTP ${status} at ${where}.${said} This is on the service's side; try again later.`,
      common,
    );
  }
  return new ServiceError('bad-request', `The service refused the request with HTTP ${status} at ${where}.${said}`, common);
}

/**
 * The `error`/`message` of a JSON error body, reduced to one short line of plain text. A server
 * may echo the request's headers back: the key is redacted before the cut, which would
 * otherwise leave all but its last characters.
 */
function serverMessage(body: Buffer, key?: string): string | undefined {
  if (body.length === 0 || body.length > 64_000) return undefined;
  let text: string | undefined;
  try {
    const parsed: unknown = JSON.parse(body.toString('utf8'));
    if (parsed && typeof parsed === 'object') {
      const record = parsed as Record<string, unknown>;
      const candidate = record.error ?? record.message ?? record.detail;
      if (typeof candidate === 'string') text = candidate;
      else if (candidate && typeof candidate === 'object' && typeof (candidate as Record<string, unknown>).message === 'string') {
        text = (candidate as Record<string, string>).message;
      }
    }
  } catch {
    return undefined;
  }
  return text === undefined ? undefined : oneLine(redact(text, key), 200);
}

/** Retry-After as seconds or an HTTP date, in milliseconds from now; undefined if absent or unreadable. */
function parseRetryAfter(value: string | undefined): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

/**
 * The response, or the signal's reason as soon as it aborts. undici looks at a request's signal
 * only once the request has a connection; one still waiting for a connection (a proxy that
 * holds the CONNECT) would otherwise outlive its deadline and a cancel. A response that comes
 * after the abort is dropped.
 */
function untilAborted(pending: Promise<Dispatcher.ResponseData>, signal: AbortSignal): Promise<Dispatcher.ResponseData> {
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      reject(signal.reason);
      pending.then(
        (late) => discard(late.body),
        () => {},
      );
    };
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    pending.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

function networkError(url: URL, e: unknown): ServiceError {
  const where = describeUrl(url);
  if (e instanceof ProxyError) return proxyError(where, e);
  const code = errorCode(e);
  const reason = e instanceof Error ? e.message : String(e);
  let advice = 'Check the base URL, your network and proxy settings.';
  if (code === 'ECONNREFUSED') advice = `Nothing is listening at ${url.host}: check the base URL and that the service is running.`;
  else if (code === 'ENOTFOUND' || code === 'EAI_AGAIN')
    advice = `The host ${url.hostname} could not be resolved: check the base URL and your DNS or proxy.`;
  else if (code && /CERT|SELF_SIGNED|UNABLE_TO_VERIFY|UNABLE_TO_GET_ISSUER/.test(code)) {
    advice =
      'The server certificate is not trusted. If your organisation uses a private CA or a TLS-inspecting proxy, configure its CA certificate.';
  } else if (code && RETRYABLE_CODES.has(code)) advice = 'The connection was closed mid-way; try again.';
  return new ServiceError('network', `Could not reach ${where} (${code ?? reason}). ${advice}`, { url: where, cause: e });
}

function proxyError(where: string, e: ProxyError): ServiceError {
  const advice = `Check the proxy settings (HTTPS_PROXY, HTTP_PROXY, NO_PROXY, or the editor's http.proxy) and that the proxy allows tunnels to ${new URL(where).host}.`;
  return new ServiceError('network', `Could not reach ${where} through the proxy: ${e.message}. ${advice}`, { url: where, cause: e });
}

function isResetError(error: ServiceError): boolean {
  const code = errorCode(error.cause);
  return code !== undefined && RETRYABLE_CODES.has(code);
}

function errorCode(e: unknown): string | undefined {
  for (let cur: unknown = e, depth = 0; cur && typeof cur === 'object' && depth < 5; cur = (cur as { cause?: unknown }).cause, depth++) {
    const code = (cur as { code?: unknown }).code;
    if (typeof code === 'string' && code !== 'UND_ERR_ABORTED') return code;
  }
  return undefined;
}

function isTimeoutError(e: unknown): boolean {
  const code = errorCode(e);
  return TIMEOUT_CODES.has(code ?? '') || (e instanceof Error && e.name === 'TimeoutError');
}

function cancelled(url: URL): ServiceError {
  return new ServiceError('cancelled', 'Cancelled.', { url: describeUrl(url) });
}

function throwIfCancelled(signal: AbortSignal | undefined, url: URL): void {
  if (signal?.aborted) throw cancelled(url);
}

function withAttempts(error: ServiceError, attempts: number): ServiceError {
  if (attempts === 1) return error;
  const message = `${error.message} (gave up after ${attempts} attempts)`;
  return new ServiceError(error.kind, message, { ...error, attempts, cause: error.cause ?? undefined });
}

function sleep(ms: number, signal: AbortSignal | undefined, url: URL): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(cancelled(url));
    const onAbort = () => {
      clearTimeout(timer);
      reject(cancelled(url));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** Drops a body we will not read; its abort error is expected and must not go unhandled. */
function discard(body: Dispatcher.ResponseData['body']): void {
  body.on('error', () => {});
  body.destroy();
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
