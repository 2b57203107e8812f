// A hand-written decoder for v5 issue pages, producing exactly what IssuePageBodySchema
// (valibot) produces — same values, same key order — at a fraction of the cost per issue
// (the schema walk was a sixth of the client's CPU time on 100k issues; docs/performance.md
// has the measurements). It only decides the common, well-formed case: for anything it does
// not accept, it returns undefined and the caller decodes with the schema, so errors and their
// JSON paths stay the schema's.
// It may return objects of the parsed input: call it only on a value nobody else holds.
// test/unit/api/issuePageDecoder.test.ts checks both agree on arbitrary input.
import { CodeNodeSchema, IssuePageBodySchema, IssueSchema, IssueTagSchema, type Issue, type IssuePageBody } from './schemas';

/** The schemas' keys, in their order: what a decoded value holds, in that order. */
const ISSUE_KEYS = Object.keys(IssueSchema.entries);
const CODE_NODE_KEYS = Object.keys(CodeNodeSchema.entries);
const TAG_KEYS = Object.keys(IssueTagSchema.entries);
const PAGE_KEYS = Object.keys(IssuePageBodySchema.entries);
/** Where the trailing location keys start (codeNodes, codeFilePath): a prefix this long or longer can be completed. */
const LOCATION_KEYS_AT = ISSUE_KEYS.indexOf('codeNodes');

/** Marks a value the fast path does not decide. */
const NO = Symbol('not decided');

/** The decoded page, or undefined when the schema must decide (malformed or unusual input). */
export function decodeIssuePageFast(value: unknown): IssuePageBody | undefined {
  return ENABLED ? decodePage(value) : undefined;
}

function decodePage(value: unknown): IssuePageBody | undefined {
  if (!isObject(value)) return undefined;
  const hasNextPage = value.hasNextPage ?? false;
  if (typeof hasNextPage !== 'boolean') return undefined;
  const items = value.vulnerability_report_issue ?? [];
  if (!Array.isArray(items)) return undefined;
  const issues: Issue[] = [];
  for (const item of items as unknown[]) {
    const issue = decodeIssue(item);
    if (issue === undefined) return undefined;
    issues.push(issue);
  }
  return { vulnerability_report_issue: issues, hasNextPage };
}

function decodeIssue(input: unknown): Issue | undefined {
  if (!isObject(input)) return undefined;
  const id = input.id;
  if (typeof id !== 'string') return undefined;
  // The usual case: the parsed object is already the decoded issue. Using it as it is (the
  // parsed body belongs to the decoder) saves copying 100k objects per 100 pages.
  const present = decodedKeys(input);
  if (present === ISSUE_KEYS.length) return input as Issue;
  // The same with the location fields (not in the spec) left out, as services and the sandbox
  // often do: they are appended with the schema's defaults, last, so the key order stays its.
  if (present >= LOCATION_KEYS_AT) {
    if (present === LOCATION_KEYS_AT) input.codeNodes = [];
    input.codeFilePath = null;
    return input as Issue;
  }
  const vendorInstanceId = text(input.vendorInstanceId);
  const vendorIssueId = idText(input.vendorIssueId);
  const issueType = text(input.issueType);
  const severity = text(input.severity);
  const issueLanguage = text(input.issueLanguage);
  const state = text(input.state);
  const createdAt = text(input.createdAt);
  const fingerprintHash = text(input.fingerprintHash);
  const tags = decodeTags(input.vulnerabilityReportIssueTags);
  const fpId = text(input.fpId);
  const fpDescription = text(input.fpDescription);
  if (
    vendorInstanceId === NO ||
    vendorIssueId === NO ||
    issueType === NO ||
    severity === NO ||
    issueLanguage === NO ||
    state === NO ||
    createdAt === NO ||
    fingerprintHash === NO ||
    tags === undefined ||
    fpId === NO ||
    fpDescription === NO
  ) {
    return undefined;
  }
  // One literal in schema order: the same keys, in the same order, as the schema's output.
  return {
    id,
    vendorInstanceId,
    vendorIssueId,
    issueType,
    severity,
    issueLanguage,
    state,
    createdAt,
    fingerprintHash,
    vulnerabilityReportIssueTags: tags,
    fix: input.fix ?? null,
    fpId,
    fpDescription,
    codeNodes: decodeCodeNodes(input.codeNodes),
    codeFilePath: looseText(input.codeFilePath),
  };
}

/** `v.nullish(v.fallback(v.array(CodeNodeSchema), []), [])`: anything but an array of objects is []. */
function decodeCodeNodes(input: unknown): Issue['codeNodes'] {
  if (!Array.isArray(input)) return [];
  const nodes: Issue['codeNodes'] = [];
  for (const node of input as unknown[]) {
    if (!isObject(node)) return [];
    nodes.push({
      path: looseText(node.path),
      startLine: looseNumber(node.startLine),
      endLine: looseNumber(node.endLine),
      startCol: looseNumber(node.startCol),
      endCol: looseNumber(node.endCol),
      index: looseNumber(node.index),
    });
  }
  return nodes;
}

/** `v.nullish(v.fallback(v.nullable(v.string()), null), null)` */
function looseText(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

/** `v.nullish(v.fallback(v.nullable(v.number()), null), null)` (valibot's number() refuses NaN) */
function looseNumber(value: unknown): number | null {
  return typeof value === 'number' && !Number.isNaN(value) ? value : null;
}

function decodeTags(input: unknown): Issue['vulnerabilityReportIssueTags'] | undefined {
  if (input === undefined || input === null) return [];
  if (!Array.isArray(input)) return undefined;
  const tags: Issue['vulnerabilityReportIssueTags'] = [];
  for (const tag of input as unknown[]) {
    if (!isObject(tag)) return undefined;
    const value = text(tag.vulnerability_report_issue_tag_value);
    if (value === NO) return undefined;
    tags.push({ vulnerability_report_issue_tag_value: value });
  }
  return tags;
}

/**
 * How many of the schema's keys `input` holds when it is what the schema would output for it
 * but for absent location keys: a plain object with the schema's keys (all of them, or all
 * but codeFilePath, or all but both location keys) and no others, in the schema's order, each
 * value already in decoded form (text as string or null, tags as plain objects with their one
 * key); -1 otherwise.
 */
function decodedKeys(input: Record<string, unknown>): number {
  if (Object.getPrototypeOf(input) !== Object.prototype) return -1;
  let i = 0;
  for (const key in input) {
    if (key !== ISSUE_KEYS[i]) return -1;
    i++;
  }
  const decoded =
    i >= LOCATION_KEYS_AT &&
    isText(input.vendorInstanceId) &&
    isText(input.vendorIssueId) &&
    isText(input.issueType) &&
    isText(input.severity) &&
    isText(input.issueLanguage) &&
    isText(input.state) &&
    isText(input.createdAt) &&
    isText(input.fingerprintHash) &&
    isDecodedTags(input.vulnerabilityReportIssueTags) &&
    input.fix !== undefined &&
    isText(input.fpId) &&
    isText(input.fpDescription) &&
    (i <= LOCATION_KEYS_AT || isDecodedCodeNodes(input.codeNodes)) &&
    (i <= LOCATION_KEYS_AT + 1 || isText(input.codeFilePath));
  return decoded ? i : -1;
}

function isDecodedCodeNodes(value: unknown): boolean {
  if (!Array.isArray(value) || Object.getPrototypeOf(value) !== Array.prototype) return false;
  for (const node of value as unknown[]) {
    if (!isObject(node) || Object.getPrototypeOf(node) !== Object.prototype) return false;
    let i = 0;
    // Each value read in the for-in (V8 reads it from the enum cache): a read by the key of
    // CODE_NODE_KEYS instead, a changing key, was most of the fast path's cost on the sandbox's
    // pages (~2,300 code nodes each).
    for (const key in node) {
      const field = node[key];
      if (key !== CODE_NODE_KEYS[i] || !(i === 0 ? isText(field) : looseNumber(field) === field)) return false;
      i++;
    }
    if (i !== CODE_NODE_KEYS.length) return false;
  }
  return true;
}

function isDecodedTags(value: unknown): boolean {
  if (!Array.isArray(value) || Object.getPrototypeOf(value) !== Array.prototype) return false;
  for (const tag of value as unknown[]) {
    if (!isObject(tag) || Object.getPrototypeOf(tag) !== Object.prototype) return false;
    let keys = 0;
    for (const key in tag) {
      if (key !== TAG_KEYS[0]) return false;
      keys++;
    }
    if (keys !== 1 || !isText(tag.vulnerability_report_issue_tag_value)) return false;
  }
  return true;
}

function isText(value: unknown): boolean {
  return typeof value === 'string' || value === null;
}

/** `v.nullish(v.string(), null)` */
function text(value: unknown): string | null | typeof NO {
  if (typeof value === 'string') return value;
  return value === undefined || value === null ? null : NO;
}

/** `v.nullish(v.pipe(v.union([v.string(), v.number()]), v.transform(String)), null)` */
function idText(value: unknown): string | null | typeof NO {
  if (typeof value === 'number') return Number.isNaN(value) ? NO : String(value);
  return text(value);
}

/** valibot's object check: any non-null object, arrays included (their missing keys then fail or default). */
function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/**
 * The values this decoder builds (the literals above: the page, an issue with a tag and a code
 * node) have the schemas' keys in the schemas' order. The type checker sees the keys but not
 * their order, which the checks of the decoded shape and JSON.stringify depend on: if a change
 * of the schemas leaves the literals behind, the fast path is off and every page is decoded by
 * the schema (and test/unit/api/issuePageDecoder.test.ts fails).
 */
function literalsFollowSchemas(): boolean {
  const page = decodePage({ vulnerability_report_issue: [{ id: '', vulnerabilityReportIssueTags: [{}], codeNodes: [{}] }] });
  const issue = page?.vulnerability_report_issue[0];
  return (
    page !== undefined &&
    issue !== undefined &&
    LOCATION_KEYS_AT === ISSUE_KEYS.length - 2 &&
    sameKeys(page, PAGE_KEYS) &&
    sameKeys(issue, ISSUE_KEYS) &&
    sameKeys(issue.vulnerabilityReportIssueTags[0]!, TAG_KEYS) &&
    sameKeys(issue.codeNodes[0]!, CODE_NODE_KEYS)
  );
}

function sameKeys(value: object, keys: readonly string[]): boolean {
  const actual = Object.keys(value);
  return actual.length === keys.length && actual.every((k, i) => k === keys[i]);
}

const ENABLED = literalsFollowSchemas();
