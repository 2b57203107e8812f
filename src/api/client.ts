// The service client: the four endpoints of docs/service-interface.md §4, decoded into the schema types.
import { setImmediate as eventLoopTurn } from 'node:timers/promises';
import type { Dispatcher } from 'undici';
import { describeUrl, endpointUrl, parseBaseUrl } from './baseUrl';
import { decodeFpSummary, decodeIssuePage, decodeReportDetail, decodeReportList, parseIssuePage } from './responses';
import { ServiceError } from './errors';
import { silentLogger, type Logger } from './log';
import { createDispatcher, type NetworkOptions, type ServiceDispatcher } from './network';
import { pageIssues, type IssuePage, type PagingOptions } from './paging';
import type { FixReportDetail, FixReportSummary, Issue, IssuePageBody } from './schemas';
import { Transport, defaultRetry, type RawResponse, type RetryPolicy } from './transport';
import { oneLine, truncateOnWordBoundary } from '../common/text';

const FP_SUMMARY_MAX = 280;

export type Endpoint = 'reportList' | 'report' | 'issuePage' | 'fpSummary';
export type BodyCaps = Record<Endpoint, number>;

const MiB = 1024 * 1024;

/**
 * What one response of each endpoint may weigh: a real one with room to spare, because a
 * body costs up to ~15 times its size in heap once parsed (a body of `[],` repeats, measured
 * in test/unit/api/client.test.ts), so a single cap of 64 MiB let any response cost ~1 GiB.
 */
export const BODY_CAPS: Readonly<BodyCaps> = {
  // ~470 bytes per report in the sandbox: room for ~17,000 reports.
  reportList: 8 * MiB,
  // The sandbox's largest report (20,000 fixes, its per-report maximum, from 1,000,000 issues,
  // each with its files and patch) is 30 MB; ordinary reports (up to 600 issues) stay under 0.4 MB.
  report: 48 * MiB,
  // At most 1,000 issues (docs/service-interface.md §8); the sandbox's largest page is 0.52 MB.
  issuePage: 8 * MiB,
  // One summary of at most 280 characters: under 2 KB even with every character \u-escaped.
  fpSummary: 64 * 1024,
};

const WHAT: Record<Endpoint, string> = {
  reportList: 'the list of fix reports',
  report: 'one fix report',
  issuePage: 'a page of at most 1,000 issues',
  fpSummary: 'a false-positive summary of at most 280 characters',
};

export interface ClientOptions {
  baseUrl: string;
  key: string;
  /** Per request attempt; default 30 s. */
  timeoutMs?: number;
  /** Response size caps per endpoint; default {@link BODY_CAPS}. */
  maxBodyBytes?: Partial<BodyCaps>;
  retry?: Partial<RetryPolicy>;
  network?: NetworkOptions;
  /** Overrides `network`; the caller keeps ownership. */
  dispatcher?: Dispatcher;
  logger?: Logger;
  userAgent?: string;
}

export interface FpSummary {
  fpId: string;
  text: string;
  /** True when the service sent more than 280 code points and the text was cut. */
  truncated: boolean;
}

export interface IssueQuery {
  fixReportId?: string;
}

export class FixReportsClient {
  readonly baseUrl: URL;
  private readonly transport: Transport;
  private readonly logger: Logger;
  private readonly ownDispatcher?: ServiceDispatcher;
  private readonly caps: BodyCaps;

  constructor(options: ClientOptions) {
    this.baseUrl = parseBaseUrl(options.baseUrl);
    checkKey(options.key);
    this.logger = options.logger ?? silentLogger;
    this.caps = { ...BODY_CAPS, ...options.maxBodyBytes };
    const timeoutMs = options.timeoutMs ?? 30_000;
    let dispatcher = options.dispatcher;
    if (!dispatcher) {
      this.ownDispatcher = createDispatcher(options.network ?? {}, timeoutMs);
      dispatcher = this.ownDispatcher.dispatcher;
    }
    this.transport = new Transport({
      key: options.key,
      timeoutMs,
      retry: { ...defaultRetry, ...options.retry },
      dispatcher,
      logger: this.logger,
      userAgent: options.userAgent ?? 'security-fix-reports',
    });
  }

  /** GET /api/rest/fix-reports */
  async listReports(signal?: AbortSignal): Promise<FixReportSummary[]> {
    return decodeReportList(await this.get(endpointUrl(this.baseUrl, 'api/rest/fix-reports'), 'reportList', signal));
  }

  /**
   * GET /api/rest/fix-reports/{id}; a 404 and an empty `fixReport` are both `not-found`.
   * `received` runs once the whole body is in, before it is decoded; a request it sends
   * leaves before the decoding holds the thread (one event-loop turn, see paging.ts).
   */
  async getReport(fixReportId: string, signal?: AbortSignal, received?: () => void): Promise<FixReportDetail> {
    const id = checkId(fixReportId, 'fix report id');
    const url = endpointUrl(this.baseUrl, `api/rest/fix-reports/${encodeURIComponent(id)}`);
    const res = await this.get(
      url,
      'report',
      signal,
      `Fix report ${id} was not found. It may have expired or been deleted; refresh the list of reports.`,
    );
    if (received) {
      await eventLoopTurn(); // the detail's connection goes back to the pool: the request reuses it
      received();
      await eventLoopTurn();
    }
    return decodeReportDetail(res, id);
  }

  /** GET /api/rest/v5/issues?issueId=… — one issue by id. */
  async getIssue(issueId: string, signal?: AbortSignal): Promise<Issue> {
    const id = checkId(issueId, 'issue id');
    const page = await this.issuePage({ issueId: id }, signal);
    const issue = page.vulnerability_report_issue.find((i) => i.id === id);
    if (!issue)
      throw new ServiceError('not-found', `Issue ${id} was not found.`, {
        url: describeUrl(endpointUrl(this.baseUrl, 'api/rest/v5/issues')),
      });
    return issue;
  }

  /** All issues matching the query, page by page (see paging.ts for the cursor rules). */
  issuePages(query: IssueQuery = {}, options: PagingOptions = {}): AsyncGenerator<IssuePage> {
    const fixReportId = query.fixReportId === undefined ? undefined : checkId(query.fixReportId, 'fix report id');
    const url = (cursor: string | undefined) => endpointUrl(this.baseUrl, 'api/rest/v5/issues', { fixReportId, issueId: cursor });
    return pageIssues(async (cursor, signal) => parseIssuePage(await this.get(url(cursor), 'issuePage', signal)), {
      logger: this.logger,
      ...options,
    });
  }

  /** The same as `issuePages`, one issue at a time. */
  async *issues(query: IssueQuery = {}, options: PagingOptions = {}): AsyncGenerator<Issue> {
    for await (const page of this.issuePages(query, options)) yield* page.issues;
  }

  /** GET /api/rest/fp-summary?fpId=… — at most 280 code points, cut on a word boundary if longer. */
  async fpSummary(fpId: string, signal?: AbortSignal): Promise<FpSummary> {
    const id = checkId(fpId, 'false positive id');
    const url = endpointUrl(this.baseUrl, 'api/rest/fp-summary', { fpId: id });
    const res = await this.get(url, 'fpSummary', signal, `No summary exists for false positive ${id}.`);
    const text = decodeFpSummary(res, id);
    const length = Array.from(text).length;
    if (length <= FP_SUMMARY_MAX) return { fpId: id, text, truncated: false };
    this.logger.warn(
      `fp-summary for ${id} has ${length} characters, more than the ${FP_SUMMARY_MAX} the spec allows; cut on a word boundary.`,
    );
    return { fpId: id, text: truncateOnWordBoundary(text, FP_SUMMARY_MAX), truncated: true };
  }

  /** Releases connections owned by this client once requests in flight are done. */
  async close(): Promise<void> {
    await this.ownDispatcher?.close();
  }

  /** Drops connections owned by this client at once, those still being opened too (after a cancel). */
  async destroy(): Promise<void> {
    await this.ownDispatcher?.destroy();
  }

  private async issuePage(query: { fixReportId?: string; issueId?: string }, signal?: AbortSignal): Promise<IssuePageBody> {
    return decodeIssuePage(await this.get(endpointUrl(this.baseUrl, 'api/rest/v5/issues', query), 'issuePage', signal));
  }

  private async get(url: URL, endpoint: Endpoint, signal: AbortSignal | undefined, notFoundMessage?: string): Promise<RawResponse> {
    const started = Date.now();
    try {
      const res = await this.transport.get(url, { maxBytes: this.caps[endpoint], what: WHAT[endpoint] }, signal);
      this.logger.debug(`GET ${describeUrl(url)} → ${res.status} (${res.body.length} bytes, ${Date.now() - started} ms)`);
      return res;
    } catch (e) {
      if (e instanceof ServiceError && e.kind === 'not-found' && notFoundMessage) {
        throw new ServiceError('not-found', notFoundMessage, { status: e.status, url: e.url });
      }
      if (e instanceof ServiceError && e.kind !== 'cancelled') this.logger.error(`GET ${describeUrl(url)} failed: ${e.message}`);
      throw e;
    }
  }
}

function checkId(id: string, what: string): string {
  const trimmed = id.trim();
  if (!/^[A-Za-z0-9_~.-]{1,200}$/.test(trimmed) || /^\.+$/.test(trimmed)) {
    throw new ServiceError(
      'bad-request',
      `"${oneLine(trimmed, 60)}" is not a valid ${what}: expected a UUID such as 3f2b8c1e-4d5a-4e6f-8a9b-0c1d2e3f4a5b.`,
    );
  }
  return trimmed;
}

/** Throws an `auth` ServiceError, saying what to do, for a missing key or one that cannot go in a header. */
export function checkKey(key: string): void {
  if (!key || key.trim() === '') {
    throw new ServiceError(
      'auth',
      'No service key is set. Set the key first (in the editor: "Security Fix Reports: Set Service Key"; for the CLI: the SECURITY_FIX_REPORTS_KEY environment variable).',
    );
  }
  // Header values must be visible ASCII; anything else would be mangled or rejected on the wire.
  if (!/^[\x21-\x7e]+$/.test(key)) {
    throw new ServiceError('auth', 'The service key contains spaces, line breaks or non-ASCII characters; paste it again without them.');
  }
}
