// One SARIF result as JSON text, written directly: exactly the text JSON.stringify gives for
// sarifResult's object (sarif.ts, the reference that says what a result holds), without building
// that object, copying it to drop its empty members and walking it again, which was most of the
// SARIF export's own time. test/unit/model/export/sarifJson.test.ts checks that the two agree on
// the sandbox's issues, hostile ones included, and on arbitrary ones.
import type { Issue } from '../../api/schemas';
import { readableIssueType } from '../format';
import { embeddedFixId, falsePositiveBasis } from '../issue';
import { issueLocations, type CodeLocation } from '../locations';
import { capSteps, FINGERPRINT_KEY, repoUri, sarifLevel, SRCROOT, type FalsePositiveSuppression, type ResultShape } from './sarif';

/** What JSON.stringify escapes in a string: quotes, backslashes, C0 controls and (lone) surrogates. */
const NEEDS_ESCAPE = /["\\\x00-\x1f\ud800-\udfff]/;

/** JSON.stringify(value) for a JSON value; a string with nothing to escape, or a number, without its call. */
function quote(value: unknown): string {
  if (typeof value === 'string') return NEEDS_ESCAPE.test(value) ? JSON.stringify(value) : `"${value}"`;
  if (typeof value === 'number' && Number.isFinite(value)) return `${value}`;
  return JSON.stringify(value) as string;
}

const URI_BASE = `,"uriBaseId":${quote(SRCROOT)}}`;
const FINGERPRINTS = `,"partialFingerprints":{${quote(FINGERPRINT_KEY)}:`;

/** `message` by issue type: few distinct types, each made readable once. Bounded: short types only, emptied when full. */
const messages = new Map<string, string>();
const MESSAGES_MAX = 256;
const MESSAGE_KEY_MAX = 256;
const UNKNOWN_TYPE_MESSAGE = `{"text":${quote(readableIssueType(null))}}`;

function message(issueType: string | null): string {
  if (typeof issueType !== 'string') return UNKNOWN_TYPE_MESSAGE;
  let json = messages.get(issueType);
  if (json === undefined) {
    json = `{"text":${quote(readableIssueType(issueType))}}`;
    if (issueType.length <= MESSAGE_KEY_MAX) {
      if (messages.size >= MESSAGES_MAX) messages.clear();
      messages.set(issueType, json);
    }
  }
  return json;
}

/** JSON.stringify(sarifResult(issue, suppression, shape)). */
export function sarifResultJson(issue: Issue, suppression?: FalsePositiveSuppression, shape: ResultShape = {}): string {
  const located = issueLocations(issue);
  // Each member with its leading comma; the first one's is dropped at the end.
  let json = '';
  const ruleId = shape.ruleId ?? issue.vendorIssueId ?? undefined;
  if (ruleId !== undefined) json += `,"ruleId":${quote(ruleId)}`;
  if (shape.ruleIndex !== undefined) json += `,"ruleIndex":${quote(shape.ruleIndex)}`;
  json += `,"level":"${sarifLevel(issue.severity)}","message":${message(issue.issueType)}`;
  if (located) {
    json += `,"locations":[{"physicalLocation":${physicalLocation(located.primary)}}]`;
    const trace = capSteps([...located.related, located.primary], shape.maxFlowSteps);
    if (trace.length > 1) {
      let steps = '';
      for (const step of trace) steps += `,{"location":{"physicalLocation":${physicalLocation(step)}}}`;
      json += `,"codeFlows":[{"threadFlows":[{"locations":[${steps.slice(1)}]}]}]`;
    }
  }
  if (issue.fingerprintHash) json += `${FINGERPRINTS}${quote(issue.fingerprintHash)}}`;
  if (suppression) {
    json += ',"suppressions":[{"kind":"external","status":"accepted"';
    if (suppression.justification) json += `,"justification":${quote(suppression.justification)}`;
    if (issue.fpId) json += `,"properties":{"fpId":${quote(issue.fpId)}}`;
    json += '}]';
  }
  return `{${json.slice(1)},"properties":{${properties(issue).slice(1)}}}`;
}

/** sarifResult's `properties`, each member with its leading comma; absent (null) values left out. */
function properties(issue: Issue): string {
  let json = '';
  if (issue.id !== undefined) json += `,"issueId":${quote(issue.id)}`;
  json += member('issueType', issue.issueType);
  json += member('severity', issue.severity);
  json += member('issueLanguage', issue.issueLanguage);
  json += member('state', issue.state);
  json += member('falsePositive', falsePositiveBasis(issue));
  json += member('vendorInstanceId', issue.vendorInstanceId);
  json += member('createdAt', issue.createdAt);
  let tags = '';
  for (const tag of issue.vulnerabilityReportIssueTags) {
    const value = tag.vulnerability_report_issue_tag_value;
    if (value) tags += `,${quote(value)}`;
  }
  if (tags) json += `,"tags":[${tags.slice(1)}]`;
  json += member('fixId', embeddedFixId(issue));
  json += member('fpId', issue.fpId);
  json += member('fpDescription', issue.fpDescription);
  return json;
}

/** `,"name":value`, or nothing for a value sarifResult turns into undefined (`?? undefined`). */
function member(name: string, value: unknown): string {
  return value === null || value === undefined ? '' : `,"${name}":${quote(value)}`;
}

function physicalLocation(location: CodeLocation): string {
  let json = `{"artifactLocation":{"uri":${quote(repoUri(location.path))}${URI_BASE}`;
  if (location.startLine !== undefined) {
    json += `,"region":{"startLine":${quote(location.startLine)}`;
    if (location.endLine !== undefined) json += `,"endLine":${quote(location.endLine)}`;
    if (location.startColumn !== undefined) json += `,"startColumn":${quote(location.startColumn)}`;
    if (location.endColumn !== undefined) json += `,"endColumn":${quote(location.endColumn)}`;
    json += '}';
  }
  return `${json}}`;
}
