// The suppression comment for one false positive, as the CLI's `suppression-comment` and the
// suppression_comment tool both write it: the summary from the service, the scanner from the
// report (or the caller), the issue that carries the fpId for the rule id and type, then the
// sanitizer of model/suppression. One function, so the two give the same text and the same
// refusals; each caller names its own inputs in the messages.
import type { Issue } from '../../api/schemas';
import type { Placement } from '../../common/scanners';
import { buildSuppressionComment, placeholdersIn, resolveStyle, VENDORLESS_STYLE, type SuppressionStyle } from '../suppression';
import type { FixReportsSource } from './source';

export interface SuppressionRequest {
  fpId: string;
  languageId: string;
  vendor?: string;
  fixReportId?: string;
  issueId?: string;
  issueType?: string;
  vendorIssueId?: string;
  template?: string;
  placement?: Placement;
}

/** How the caller's inputs are named in messages (CLI flags, tool arguments). */
export interface SuppressionInputNames {
  /** Where each template value can come from, for the message when one is missing. */
  readonly sources: Readonly<Record<'vendor' | 'issueType' | 'vendorIssueId', string>>;
  /** What gives the scanner's own syntax when the report names no scanner; none when the caller has no such input. */
  readonly vendorForReport?: string;
}

/** usage: the request cannot be answered as asked; not-found: no issue carries the fpId; rejected-text: the sanitizer refused. */
export type SuppressionRefusalKind = 'usage' | 'not-found' | 'rejected-text';

export class SuppressionRefusal extends Error {
  constructor(
    message: string,
    readonly kind: SuppressionRefusalKind,
  ) {
    super(message);
  }
}

export interface SuppressionCommentText {
  fpId: string;
  languageId: string;
  placement: Placement;
  /** The one comment line, sanitized. */
  comment: string;
}

export interface SuppressionCallOptions {
  signal: AbortSignal;
  /** A note the caller passes on (the CLI: stderr; the tool: the result's warnings). */
  warn: (message: string) => void;
}

export async function suppressionComment(
  source: FixReportsSource,
  request: SuppressionRequest,
  names: SuppressionInputNames,
  options: SuppressionCallOptions,
): Promise<SuppressionCommentText> {
  const { fpId } = request;
  const [summary, report, issue] = await Promise.all([
    source.fpSummary(fpId, options.signal),
    request.fixReportId ? source.getReport(request.fixReportId, options.signal) : undefined,
    findFalsePositiveIssue(source, request, options),
  ]);
  if (issue && issue.fpId !== null && issue.fpId !== summary.fpId) {
    throw new SuppressionRefusal(`Issue ${issue.id} belongs to false positive ${issue.fpId}, not ${summary.fpId}.`, 'usage');
  }
  const vendor = request.vendor ?? report?.vulnerabilityReport?.vendor ?? '';
  const style = styleFor(request, vendor);
  if (isVendorless(vendor) && request.template === undefined) options.warn(vendorlessNote(request, names));
  const fields = {
    summary: summary.text,
    vendor,
    issueType: request.issueType ?? issue?.issueType ?? '',
    vendorIssueId: request.vendorIssueId ?? issue?.vendorIssueId ?? '',
    fpId: summary.fpId,
  };
  const missing = placeholdersIn(style.template).filter(
    (name) => Object.hasOwn(names.sources, name) && fields[name as keyof typeof fields].trim() === '',
  );
  if (missing.length > 0) {
    const needs = missing.map((name) => `{${name}} (pass ${names.sources[name as keyof SuppressionInputNames['sources']]})`).join(', ');
    throw new SuppressionRefusal(`The comment template "${style.template}" needs ${needs}.`, 'usage');
  }
  const result = buildSuppressionComment({ languageId: request.languageId, style, fields });
  if (!result.ok) throw new SuppressionRefusal(`No suppression comment: ${result.reason}`, 'rejected-text');
  return { fpId: summary.fpId, languageId: request.languageId, placement: result.placement, comment: result.line };
}

/** The scanner's syntax only when the scanner is known; the caller's template and placement win. */
function styleFor(request: SuppressionRequest, vendor: string): SuppressionStyle {
  const base = isVendorless(vendor) ? VENDORLESS_STYLE : resolveStyle(vendor, request.languageId);
  return { template: request.template ?? base.template, placement: request.placement ?? base.placement };
}

const isVendorless = (vendor: string): boolean => vendor.trim() === '';

/** Why the comment is neutral and which input gets the scanner's own syntax. */
function vendorlessNote(request: SuppressionRequest, names: SuppressionInputNames): string {
  const cause = request.fixReportId ? `fix report ${request.fixReportId} names no scanner` : 'no vendor given';
  const remedy = request.fixReportId ? names.vendorForReport : names.sources.vendor;
  return `${cause}: writing a vendor-neutral comment${remedy === undefined ? '' : `; pass ${remedy} for the scanner's own syntax`}`;
}

/** The issue behind the false positive: by id, or by scanning the report's issues for its fpId. */
async function findFalsePositiveIssue(
  source: FixReportsSource,
  request: SuppressionRequest,
  options: SuppressionCallOptions,
): Promise<Issue | undefined> {
  if (request.issueId) return source.getIssue(request.issueId, options.signal);
  if (!request.fixReportId) return undefined;
  for await (const page of source.issuePages({ fixReportId: request.fixReportId }, { signal: options.signal, onWarning: options.warn })) {
    const found = page.issues.find((issue) => issue.fpId === request.fpId);
    if (found) return found;
  }
  throw new SuppressionRefusal(`No issue of fix report ${request.fixReportId} has false positive id ${request.fpId}.`, 'not-found');
}
