// Fault rules for the sandbox: what goes wrong, on which route, and on which request.
// The server asks `take(route)` once per authenticated request; the answer is applied on
// the wire (see server.ts), never simulated inside the client.

export type FaultRoute = 'fix-reports' | 'fix-report' | 'issues' | 'fp-summary';

export type Fault =
  /** Waits before answering normally. */
  | { kind: 'latency'; ms: number }
  /** Answers with this status (body defaults to `{"error": "<reason>"}` as JSON). */
  | { kind: 'status'; status: number; retryAfter?: string; body?: string; contentType?: string }
  /**
   * About half of the JSON, then the connection closes. By default the response has no length
   * (close-delimited), so it looks complete and only the JSON is cut; with `declareLength` the
   * full Content-Length is announced and the early close is a transport error.
   */
  | { kind: 'truncated'; declareLength?: boolean }
  /** A complete response whose JSON does not parse (a trailing comma before the last brace). */
  | { kind: 'malformed-json' }
  /** An HTML error page with text/html (status 200 unless given, like a captive portal). */
  | { kind: 'html'; status?: number }
  /** The normal JSON, labelled text/plain. */
  | { kind: 'wrong-content-type' }
  /** The normal JSON with bytes 0xFF 0xFE inserted into its first string value. */
  | { kind: 'invalid-utf8' }
  /** The normal JSON padded to `bytes` with a huge string field, streamed; chunked when contentLength is false. */
  | { kind: 'oversized'; bytes: number; contentLength?: boolean }
  /** A 3xx (302 unless given) to `location`. */
  | { kind: 'redirect'; location: string; status?: number }
  /** HTTP 200 with `{"error": message}` instead of data. */
  | { kind: 'error-envelope'; message: string }
  /** Issues route: an empty list that claims hasNextPage true. */
  | { kind: 'empty-page-has-next' }
  /** Issues route: the first page, whatever the cursor says. */
  | { kind: 'repeat-page' }
  /** Accepts the request, sends nothing for `ms`, then answers normally. */
  | { kind: 'slow-headers'; ms: number }
  /** Sends headers (full Content-Length) and `afterBytes` of the body, then nothing until closed. */
  | { kind: 'stall-body'; afterBytes: number }
  /** Resets the connection before any response, or after `afterBytes` of the body. */
  | { kind: 'reset'; afterBytes?: number }
  /** Issues route: a page of `items` items, more than the page size. */
  | { kind: 'oversized-page'; items: number }
  /** Issues route: the page starts `count` items early, repeating the end of the previous page. */
  | { kind: 'duplicate-ids'; count: number }
  /** Issues route: the page's items in reverse chronological order. */
  | { kind: 'back-in-time' }
  /**
   * Fix-report route: every patch of the report gains one more added line at its end, under
   * the same fix ids (a service that shows one patch and serves another).
   */
  | { kind: 'changed-patches' };

type FaultKind = Fault['kind'];

export interface FaultRule {
  /** Which route it applies to (default 'any'). Page faults only ever hit the issues route. */
  route?: FaultRoute | 'any';
  /** Let this many matching requests through first (default 0). */
  skip?: number;
  /** Hit at most this many requests (default: all that follow). */
  times?: number;
  fault: Fault;
}

export interface FaultHandle {
  readonly rule: Readonly<FaultRule>;
  /** Matching requests seen so far (skipped ones included). */
  readonly seen: number;
  /** Requests this rule actually faulted. */
  readonly hits: number;
}

const PAGE_FAULTS: ReadonlySet<FaultKind> = new Set<FaultKind>([
  'empty-page-has-next',
  'repeat-page',
  'oversized-page',
  'duplicate-ids',
  'back-in-time',
]);

export function isPageFault(fault: Fault): boolean {
  return PAGE_FAULTS.has(fault.kind);
}

class RuleState implements FaultHandle {
  seen = 0;
  hits = 0;
  constructor(readonly rule: Readonly<FaultRule>) {}

  matches(route: FaultRoute): boolean {
    const target = this.rule.route ?? 'any';
    if (target !== 'any' && target !== route) return false;
    return route === 'issues' || !isPageFault(this.rule.fault);
  }

  eligible(): boolean {
    return this.seen > (this.rule.skip ?? 0) && (this.rule.times === undefined || this.hits < this.rule.times);
  }
}

export class FaultController {
  private rules: RuleState[] = [];

  /** Adds a rule after the existing ones; the first eligible rule wins a request. */
  add(rule: FaultRule): FaultHandle {
    const state = new RuleState(Object.freeze({ ...rule, fault: Object.freeze({ ...rule.fault }) }));
    this.rules.push(state);
    return state;
  }

  clear(): void {
    this.rules = [];
  }

  get active(): readonly FaultHandle[] {
    return this.rules;
  }

  /**
   * The fault for one request on `route`, if any. Every matching rule counts the request
   * as seen (so `skip` counts requests, not misses); the first eligible one fires.
   */
  take(route: FaultRoute): Fault | undefined {
    let chosen: Fault | undefined;
    for (const state of this.rules) {
      if (!state.matches(route)) continue;
      state.seen++;
      if (chosen === undefined && state.eligible()) {
        state.hits++;
        chosen = state.rule.fault;
      }
    }
    return chosen;
  }
}
