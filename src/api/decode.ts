// Bytes → JSON → typed value, where every failure is a `decode` ServiceError that names
// what was wrong and where (a JSON path such as `$.getIssuesApiV5.vulnerability_report_issue[3].id`).
import * as v from 'valibot';
import { ServiceError } from './errors';
import type { RawResponse } from './transport';
import { describeUrl } from './baseUrl';
import { oneLine } from '../common/text';

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

/** Parses a response body as JSON; never throws anything but a `decode` ServiceError. */
export function parseJsonBody(res: RawResponse): unknown {
  const where = describeUrl(res.url);
  let text: string;
  try {
    text = utf8.decode(res.body);
  } catch (e) {
    throw new ServiceError(
      'decode',
      `The response from ${where} is not valid UTF-8 text. The service or a proxy in between sent a corrupted body.`,
      { url: where, status: res.status, cause: e },
    );
  }
  if (text.trim() === '') {
    throw new ServiceError('decode', `The response from ${where} was empty where JSON was expected.`, { url: where, status: res.status });
  }
  try {
    return JSON.parse(text);
  } catch (e) {
    const looksHtml = /html/i.test(res.contentType) || /^\s*</.test(text);
    const message = looksHtml
      ? `${where} returned an HTML page instead of JSON (content type "${quote(res, res.contentType, 60) || 'none'}"). Check the base URL: it must point at the service's API root, not a web page, login portal or proxy page.`
      : `The response from ${where} is not valid JSON (${jsonErrorAt(e)}): it may be truncated or malformed. Try again; if it persists, report it to the service's operators.`;
    throw new ServiceError('decode', message, { url: where, status: res.status, cause: e });
  }
}

/** Where JSON.parse stopped, without its excerpt of the body (raw server text, perhaps a key). */
function jsonErrorAt(e: unknown): string {
  const position = /position (\d+)/.exec(e instanceof Error ? e.message : '')?.[1];
  return position === undefined ? 'a syntax error' : `a syntax error at character ${position}`;
}

/** Checks a JSON value against a schema, with `path` as the JSON path of `value`. */
export function decodeAt<S extends v.GenericSchema>(schema: S, value: unknown, path: string, res: RawResponse): v.InferOutput<S> {
  // Only the first issue is reported; collecting all of them cost ~2 GiB of heap for an 8 MiB
  // page of 2.8 million wrong items.
  const result = v.safeParse(schema, value, { abortEarly: true });
  if (result.success) return result.output;
  const issue = result.issues[0];
  const where = quote(res, `${path}${formatPath(issue.path)}`, 300);
  const what = issue.expected ? `expected ${issue.expected}, got ${quote(res, issue.received, 80)}` : quote(res, issue.message, 200);
  throw new ServiceError(
    'decode',
    `Unexpected response from ${describeUrl(res.url)}: at ${where} ${what}. The service may use a newer format than this version understands.`,
    { url: describeUrl(res.url), status: res.status, jsonPath: where },
  );
}

function formatPath(path: v.BaseIssue<unknown>['path']): string {
  if (!path) return '';
  return path.map((item) => (typeof item.key === 'number' ? `[${item.key}]` : `.${String(item.key)}`)).join('');
}

/** An HTTP 200 body that carries an `error` (or GraphQL-style `errors`) instead of data. */
export function envelopeError(value: unknown, res: RawResponse): string | undefined {
  if (!isRecord(value)) return undefined;
  const error = value.error ?? value.errors;
  if (error === undefined || error === null || error === false) return undefined;
  if (typeof error === 'string') return quote(res, error, 200);
  if (Array.isArray(error)) {
    const first: unknown = error[0];
    if (isRecord(first) && typeof first.message === 'string') return quote(res, first.message, 200);
    return typeof first === 'string' ? quote(res, first, 200) : 'unspecified error';
  }
  if (isRecord(error) && typeof error.message === 'string') return quote(res, error.message, 200);
  return 'unspecified error';
}

/**
 * Server text for a message (errors are shown and logged): the key redacted first (a cut first
 * would leave all but its last characters), then one clean line of at most `max` characters.
 */
export function quote(res: RawResponse, text: string, max: number): string {
  return oneLine(res.redact ? res.redact(text) : text, max);
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
