// Decoders of the four endpoints' bodies: pure functions of a response, so they are
// property-tested on arbitrary bytes and JSON without a server. Each returns a value or
// throws a ServiceError; nothing else escapes.
import { describeUrl } from './baseUrl';
import { decodeAt, envelopeError, isRecord, parseJsonBody, quote } from './decode';
import { isDecodedAsIs } from './decodedAsIs';
import { ServiceError } from './errors';
import { decodeIssuePageFast } from './issuePageDecoder';
import {
  IssuePageBodySchema,
  ReportDetailBodySchema,
  ReportListBodySchema,
  type FixReportDetail,
  type FixReportSummary,
  type IssuePageBody,
} from './schemas';
import type { RawResponse } from './transport';

export function decodeReportList(res: RawResponse): FixReportSummary[] {
  const { value, path } = dataOf(res, 'getReportsApiV2', 'fixReport');
  return decodeAt(ReportListBodySchema, value, path, res).fixReport;
}

/** The report `id` from a detail body; an empty `fixReport` means not found. */
export function decodeReportDetail(res: RawResponse, id: string): FixReportDetail {
  const { value, path } = dataOf(res, 'getReportApiV2', 'fixReport');
  // The parsed body is ours alone: when it is already in decoded form it is used as it is.
  const body = isDecodedAsIs(ReportDetailBodySchema, value) ? value : decodeAt(ReportDetailBodySchema, value, path, res);
  const reports = body.fixReport;
  const where = describeUrl(res.url);
  if (reports.length === 0) {
    throw new ServiceError(
      'not-found',
      `Fix report ${id} was not found (the service returned no report). It may have expired or been deleted; refresh the list of reports.`,
      { status: res.status, url: where },
    );
  }
  const match = reports.find((r) => r.id === id);
  if (!match) {
    const at = `${path}.fixReport[0].id`;
    const returned = quote(res, reports.map((r) => r.id).join(', '), 200);
    throw new ServiceError('decode', `Asked for fix report ${id} but the service returned ${returned} (${at}).`, {
      url: where,
      status: res.status,
      jsonPath: at,
    });
  }
  return match;
}

export function decodeIssuePage(res: RawResponse): IssuePageBody {
  return parseIssuePage(res).decode();
}

/** An issue page parsed as JSON but not yet checked against the schema. */
export interface ParsedIssuePage {
  /**
   * The id of the last item when the page says more follow: the cursor of the next request if
   * the page decodes, read before decoding so that the request can start first. Undefined when
   * the page does not look like it has a next page (decoding then says why, if it is wrong).
   */
  readonly nextCursor: string | undefined;
  /** The checked page; a `decode` ServiceError if it does not match the schema. Call once. */
  decode(): IssuePageBody;
}

/** JSON.parse and the envelope (service errors are thrown here); the schema check waits for `decode`. */
export function parseIssuePage(res: RawResponse): ParsedIssuePage {
  const { value, path } = dataOf(res, 'getIssuesApiV5', 'vulnerability_report_issue');
  const items = value.vulnerability_report_issue;
  const last: unknown = value.hasNextPage === true && Array.isArray(items) ? items[items.length - 1] : undefined;
  const id = isRecord(last) ? last.id : undefined;
  // Let go of the parsed page and the response once decoded: the caller may hold this object
  // while the next page arrives.
  let parsed: { value: Record<string, unknown>; res: RawResponse } | undefined = { value, res };
  return {
    nextCursor: typeof id === 'string' ? id : undefined,
    decode: () => {
      if (parsed === undefined) throw new Error('an issue page is decoded once');
      const { value, res } = parsed;
      parsed = undefined;
      // The schema decides whatever the fast path does not (and reports the errors).
      return decodeIssuePageFast(value) ?? decodeAt(IssuePageBodySchema, value, path, res);
    },
  };
}

/** The summary text, not yet length-checked; a null or blank summary means not found. */
export function decodeFpSummary(res: RawResponse, fpId: string): string {
  const { value, path } = dataOf(res, undefined, 'fpDescriptionShort');
  const text = value.fpDescriptionShort;
  const where = describeUrl(res.url);
  if (text === null || (typeof text === 'string' && text.trim() === '')) {
    throw new ServiceError('not-found', `The service has no summary for false positive ${fpId}.`, { url: where, status: res.status });
  }
  if (typeof text !== 'string') {
    throw new ServiceError(
      'decode',
      `Unexpected response from ${where}: at ${path}.fpDescriptionShort expected a string, got ${Array.isArray(text) ? 'an array' : typeof text}.`,
      { url: where, status: res.status, jsonPath: `${path}.fpDescriptionShort` },
    );
  }
  return text;
}

/**
 * Finds the object that holds `field`: the body itself, the named envelope, or a single
 * wrapping object (docs/service-interface.md leaves some envelopes open, e.g. §4.4). A 200
 * body with `error` is an error; a body without the field anywhere is a decode error, never
 * an empty result.
 */
function dataOf(res: RawResponse, envelope: string | undefined, field: string): { value: Record<string, unknown>; path: string } {
  const body = parseJsonBody(res);
  const where = describeUrl(res.url);
  const details = { url: where, status: res.status };
  if (!isRecord(body)) {
    throw new ServiceError(
      'decode',
      `Unexpected response from ${where}: at $ expected an object, got ${Array.isArray(body) ? 'an array' : String(body === null ? null : typeof body)}.`,
      { ...details, jsonPath: '$' },
    );
  }
  const keys = Object.keys(body);
  const name = field in body ? undefined : envelope !== undefined && envelope in body ? envelope : keys.length === 1 ? keys[0] : undefined;
  const holder = name === undefined ? body : body[name];
  // The wrapping object's name is the service's text too.
  const path = name === undefined ? '$' : `$.${quote(res, name, 80)}`;
  const error = envelopeError(body, res) ?? (isRecord(holder) ? envelopeError(holder, res) : undefined);
  if (error !== undefined) throw new ServiceError('service-error', `${where} reported an error: "${error}".`, details);
  if (isRecord(holder) && field in holder) return { value: holder, path };
  throw new ServiceError(
    'decode',
    `Unexpected response from ${where}: expected "${field}" at ${path}${isRecord(holder) ? '' : ` (found ${holder === null ? 'null' : typeof holder})`}.`,
    { ...details, jsonPath: `${path}.${field}` },
  );
}
