// SARIF 2.1.0 objects for the issues of a fix report: one run per report, the scanner as the
// tool, one result per issue. Built here as plain objects; sarifExport.ts writes the log around
// them one result at a time so that memory stays bounded, with the run's rules from
// sarifRules.ts, and each result as the text sarifJson.ts writes for sarifResult's object
// without building it. Server text only ever goes into JSON strings (message.text, never
// message.markdown), and paths only as repo-relative URIs against the SRCROOT base
// (model/locations decides which paths pass).
import type { FixReportSummary, Issue } from '../../api/schemas';
import { readableVendor } from '../../common/scanners';
import { readableIssueType } from '../format';
import { embeddedFixId, falsePositiveBasis } from '../issue';
import { issueLocations, type CodeLocation } from '../locations';
import { levelOf } from '../severity';

export const SARIF_VERSION = '2.1.0';
export const SARIF_SCHEMA = 'https://json.schemastore.org/sarif-2.1.0.json';
/** The base every location's uri is relative to: the root of the report's repository. */
export const SRCROOT = 'SRCROOT';
/** The key of `partialFingerprints` holding the service's fingerprintHash. */
export const FINGERPRINT_KEY = 'fingerprintHash/v1';

/** Who converted the service's data to SARIF (the run's `conversion`). */
export interface Converter {
  readonly name: string;
  readonly version?: string;
}

type Json = Record<string, unknown>;

/** A run of one report without its results (written after, one by one). */
export function sarifRun(report: FixReportSummary | null, converter: Converter): Json {
  const vendor = nonEmpty(report?.vulnerabilityReport?.vendor);
  const repo = report?.repo;
  const where = [nonEmpty(repo?.name), nonEmpty(repo?.reference)].filter((s) => s !== undefined).join(' at ');
  const repositoryUri = httpUrl(repo?.originalUrl);
  return dropEmpty({
    tool: { driver: dropEmpty({ name: vendor ?? 'unknown', fullName: vendor ? readableVendor(vendor) : undefined }) },
    conversion: { tool: { driver: dropEmpty({ name: converter.name, version: converter.version }) } },
    // Category "security-fix-reports/<scanner>/", instance the report id (SARIF §3.17.4).
    automationDetails: { id: `security-fix-reports/${slug(vendor ?? 'unknown')}/${slug(report?.id ?? 'all-issues')}` },
    originalUriBaseIds: {
      [SRCROOT]: {
        description: { text: `The root of the repository the report was made for${where ? ` (${where})` : ''}.` },
      },
    },
    versionControlProvenance: repositoryUri
      ? [dropEmpty({ repositoryUri, branch: nonEmpty(repo?.reference), mappedTo: { uriBaseId: SRCROOT } })]
      : undefined,
    properties: report
      ? dropEmpty({
          fixReportId: report.id,
          projectId: nonEmpty(report.vulnerabilityReport?.project?.id),
          projectName: nonEmpty(report.vulnerabilityReport?.project?.name),
          repositoryName: nonEmpty(repo?.name),
          createdOn: nonEmpty(report.createdOn),
          expirationOn: nonEmpty(report.expirationOn),
        })
      : undefined,
  });
}

/** How a false positive is suppressed: the short summary as the justification, the record's id in properties. */
export interface FalsePositiveSuppression {
  readonly justification: string;
}

/** What a result says beyond the issue: its rule, and how many code-flow steps it may carry. */
export interface ResultShape {
  /** The rule id (default: vendorIssueId). */
  readonly ruleId?: string;
  /** The rule's index in the run's tool.driver.rules. */
  readonly ruleIndex?: number;
  /** At most this many code-flow steps: the first ones and the sink (default: all). */
  readonly maxFlowSteps?: number;
}

/** One issue as a SARIF result; `suppression` for a false positive. What sarifJson.ts writes as text. */
export function sarifResult(issue: Issue, suppression?: FalsePositiveSuppression, shape: ResultShape = {}): Json {
  const located = issueLocations(issue);
  const basis = falsePositiveBasis(issue);
  const trace = capSteps(located ? [...located.related, located.primary] : [], shape.maxFlowSteps);
  return dropEmpty({
    ruleId: shape.ruleId ?? issue.vendorIssueId ?? undefined,
    ruleIndex: shape.ruleIndex,
    level: sarifLevel(issue.severity),
    message: { text: readableIssueType(issue.issueType) },
    locations: located ? [{ physicalLocation: physicalLocation(located.primary) }] : undefined,
    // The data-flow trace, source to sink, when the service sent more than the sink.
    codeFlows:
      trace.length > 1
        ? [{ threadFlows: [{ locations: trace.map((l) => ({ location: { physicalLocation: physicalLocation(l) } })) }] }]
        : undefined,
    partialFingerprints: issue.fingerprintHash ? { [FINGERPRINT_KEY]: issue.fingerprintHash } : undefined,
    suppressions: suppression
      ? [
          dropEmpty({
            kind: 'external',
            status: 'accepted',
            justification: suppression.justification || undefined,
            properties: issue.fpId ? { fpId: issue.fpId } : undefined,
          }),
        ]
      : undefined,
    properties: dropEmpty({
      issueId: issue.id,
      issueType: issue.issueType ?? undefined,
      severity: issue.severity ?? undefined,
      issueLanguage: issue.issueLanguage ?? undefined,
      state: issue.state ?? undefined,
      falsePositive: basis ?? undefined,
      vendorInstanceId: issue.vendorInstanceId ?? undefined,
      createdAt: issue.createdAt ?? undefined,
      tags: issue.vulnerabilityReportIssueTags.map((t) => t.vulnerability_report_issue_tag_value).filter((t) => t),
      fixId: embeddedFixId(issue) ?? undefined,
      fpId: issue.fpId ?? undefined,
      fpDescription: issue.fpDescription ?? undefined,
    }),
  });
}

export type SarifLevel = 'error' | 'warning' | 'note';

/** SARIF's level from the service's severity, by the editor's table (model/severity). */
export function sarifLevel(severity: string | null): SarifLevel {
  const level = levelOf(severity);
  return level === 'error' || level === 'warning' ? level : 'note';
}

/**
 * GitHub's `security-severity` (a score over 0.0 up to 10.0: 9.0 and above critical, 7.0 high,
 * 4.0 medium, 0.1 low) for each level: the second and last step from the service's severity,
 * after the editor's table (sarifLevel), so the two never disagree (docs/cli.md).
 */
const SECURITY_SEVERITY: Readonly<Record<SarifLevel, string>> = { error: '8.0', warning: '5.0', note: '2.0' };

export function securitySeverity(level: SarifLevel): string {
  return SECURITY_SEVERITY[level];
}

/** The levels from the most severe down (a result's rank is its index here). */
export const SARIF_LEVELS: readonly SarifLevel[] = ['error', 'warning', 'note'];

/** The id of the issue's rule: vendorIssueId, else (`fallback`) the issue type, else "unknown". */
export function sarifRuleId(issue: Issue, fallback: boolean): string | undefined {
  const id = issue.vendorIssueId ?? undefined;
  if (!fallback || (id !== undefined && id.trim() !== '')) return id;
  return nonEmpty(issue.issueType) ?? 'unknown';
}

/** The first `max - 1` steps and the last (the sink), when there are more than `max`. */
export function capSteps<T>(steps: T[], max: number | undefined): T[] {
  if (max === undefined || steps.length <= max) return steps;
  if (max < 2) return max < 1 ? [] : steps.slice(-1);
  return [...steps.slice(0, max - 1), steps[steps.length - 1]!];
}

function physicalLocation(location: CodeLocation): Json {
  const region =
    location.startLine === undefined
      ? undefined
      : dropEmpty({
          startLine: location.startLine,
          endLine: location.endLine,
          startColumn: location.startColumn,
          endColumn: location.endColumn,
        });
  return dropEmpty({ artifactLocation: { uri: repoUri(location.path), uriBaseId: SRCROOT }, region });
}

/** What encodeURIComponent leaves as it is, and `/`: the characters of most paths. */
const URI_AS_IS = /^[A-Za-z0-9\-_.!~*'()/]*$/;

/** A checked repo-relative path as a relative URI reference: each segment percent-encoded (`#`, spaces, non-ASCII). */
export function repoUri(path: string): string {
  return URI_AS_IS.test(path) ? path : path.split('/').map(encodeURIComponent).join('/');
}

function httpUrl(text: string | null | undefined): string | undefined {
  if (!text) return undefined;
  try {
    const url = new URL(text);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** An id segment: lower-case letters, digits, `.`, `_` and `-` only (no `/`, which separates the category). */
function slug(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9._-]+/g, '-') || 'unknown';
}

function nonEmpty(text: string | null | undefined): string | undefined {
  return typeof text === 'string' && text.trim() !== '' ? text : undefined;
}

/** Without undefined values and empty arrays, so the log carries no empty property. */
function dropEmpty(object: Json): Json {
  const out: Json = {};
  for (const [key, value] of Object.entries(object)) {
    if (value === undefined || (Array.isArray(value) && value.length === 0)) continue;
    out[key] = value;
  }
  return out;
}
