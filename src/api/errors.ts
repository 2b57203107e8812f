// Typed errors of the client. Each carries a `kind` to branch on and a message that says
// what happened and what to do. Messages name URLs without query strings' secrets (the key
// is a header, never in a URL) and never include the key.

export type ServiceErrorKind =
  | 'auth' // 401/403: missing or invalid key
  | 'not-found' // 404, or 200 with an empty fixReport for a detail request
  | 'rate-limited' // 429 after retries, or a Retry-After longer than we are willing to wait
  | 'bad-request' // other 4xx
  | 'server' // 5xx after retries
  | 'service-error' // HTTP 200 whose body carries an `error` field
  | 'network' // connection refused/reset, DNS, TLS, proxy
  | 'timeout' // no complete response within the timeout
  | 'too-large' // body over the size cap
  | 'decode' // not JSON, invalid UTF-8, or JSON of the wrong shape
  | 'redirect' // any 3xx: never followed, the key would go with it
  | 'insecure-url' // base URL not https and not loopback, or otherwise unusable
  | 'stalled-cursor' // paging made no progress while hasNextPage stayed true
  | 'cancelled'; // the caller's AbortSignal fired

export interface ServiceErrorDetails {
  status?: number;
  /** Origin + path of the request, for the log; never carries the key. */
  url?: string;
  /** JSON path of a decode error, e.g. `$.getReportsApiV2.fixReport[3].id`. */
  jsonPath?: string;
  /** Where a 3xx pointed (origin only). */
  redirectOrigin?: string;
  /** Milliseconds the server asked us to wait (429/503). */
  retryAfterMs?: number;
  /** How many attempts were made before giving up. */
  attempts?: number;
  cause?: unknown;
}

export class ServiceError extends Error {
  override readonly name = 'ServiceError';
  readonly kind: ServiceErrorKind;
  readonly status?: number;
  readonly url?: string;
  readonly jsonPath?: string;
  readonly redirectOrigin?: string;
  readonly retryAfterMs?: number;
  readonly attempts?: number;

  constructor(kind: ServiceErrorKind, message: string, details: ServiceErrorDetails = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.kind = kind;
    this.status = details.status;
    this.url = details.url;
    this.jsonPath = details.jsonPath;
    this.redirectOrigin = details.redirectOrigin;
    this.retryAfterMs = details.retryAfterMs;
    this.attempts = details.attempts;
  }
}

/** A short, stable, user-facing title per kind (for notifications and the CLI). */
export const errorTitles: Record<ServiceErrorKind, string> = {
  auth: 'Service key missing or rejected',
  'not-found': 'Not found',
  'rate-limited': 'Rate limited by the service',
  'bad-request': 'Request rejected by the service',
  server: 'Service error',
  'service-error': 'Service reported an error',
  network: 'Network error',
  timeout: 'Request timed out',
  'too-large': 'Response too large',
  decode: 'Unexpected response from the service',
  redirect: 'Redirect refused',
  'insecure-url': 'Base URL refused',
  'stalled-cursor': 'Paging stalled',
  cancelled: 'Cancelled',
};
