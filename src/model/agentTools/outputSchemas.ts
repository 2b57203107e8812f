// JSON Schemas of the records the tools return (the items of their lists). A host checks each
// result against them (the MCP client does), so they are exact about types and loose about
// extra fields.
import type { JsonSchema } from './inputs';

const text = { type: 'string' } as const;
const optText = { type: ['string', 'null'] } as const;
const count = { type: 'integer', minimum: 0 } as const;
const optLine = { type: 'integer', minimum: 1 } as const;
const texts = { type: 'array', items: text } as const;

export const ISSUE_SCHEMA: JsonSchema = {
  type: 'object',
  properties: {
    id: text,
    vendorIssueId: { ...optText, description: "The scanner's rule id." },
    issueType: optText,
    severity: optText,
    language: optText,
    state: optText,
    falsePositive: { type: 'boolean' },
    fpId: { ...optText, description: 'The false-positive record (get_fp_summary, suppression_comment).' },
    fixId: { ...optText, description: 'The fix that covers the issue (get_fix_report), when the issue names it.' },
    createdAt: { ...optText, description: 'ISO 8601, UTC.' },
    location: {
      type: ['object', 'null'],
      description: 'Where the scanner reports it (the sink): a repository-relative path and 1-based lines.',
      properties: { path: text, startLine: optLine, endLine: optLine },
      required: ['path'],
    },
    fpDescription: optText,
    fpDescriptionTruncated: { type: 'boolean' },
  },
  required: ['id', 'state', 'falsePositive', 'fpId', 'location', 'fpDescription'],
};

const REPOSITORY_SCHEMA: JsonSchema = {
  type: ['object', 'null'],
  properties: { name: optText, url: optText, reference: { ...optText, description: 'Branch or reference scanned.' } },
};

export const REPORT_SCHEMA: JsonSchema = {
  type: 'object',
  properties: {
    id: text,
    vendor: { ...optText, description: 'The scanner as the service names it.' },
    scanner: { ...text, description: 'Its readable name.' },
    project: optText,
    repository: REPOSITORY_SCHEMA,
    createdOn: { ...optText, description: 'ISO 8601, UTC.' },
    expirationOn: { ...optText, description: 'ISO 8601, UTC.' },
    expired: { type: 'boolean' },
  },
  required: ['id', 'vendor', 'scanner', 'repository', 'createdOn', 'expired'],
};

const PULL_REQUEST_SCHEMA: JsonSchema = {
  type: 'object',
  properties: { prId: optText, prUrl: optText, prStatus: optText, commitUrl: optText, branch: optText, createdAt: optText },
};

export const FIX_SCHEMA: JsonSchema = {
  type: 'object',
  properties: {
    id: text,
    issueType: optText,
    language: optText,
    state: optText,
    confidence: {
      type: 'object',
      properties: { value: { type: ['number', 'null'] }, label: text, meaning: text },
      required: ['value', 'label', 'meaning'],
    },
    severity: optText,
    effort: optText,
    issueCount: count,
    issueIds: texts,
    files: texts,
    lifecycle: {
      type: 'object',
      properties: {
        firstObservedAt: optText,
        downloadedAt: optText,
        downloadCount: count,
        committedAt: optText,
        pullRequests: { type: 'array', items: PULL_REQUEST_SCHEMA },
        submissionCount: count,
      },
      required: ['firstObservedAt', 'downloadedAt', 'downloadCount', 'committedAt', 'pullRequests'],
    },
    ratings: {
      type: 'object',
      properties: {
        up: count,
        down: count,
        tags: { type: 'array', items: { type: 'object', properties: { tag: text, label: text, count }, required: ['tag', 'count'] } },
        comments: {
          type: 'array',
          items: { type: 'object', properties: { text, reviewer: text, date: optText, vote: { type: ['number', 'null'] } } },
        },
        commentCount: count,
      },
      required: ['up', 'down', 'tags', 'comments'],
    },
    patch: {
      type: ['object', 'null'],
      description: 'The unified diff, one line per array item, when the service sends one.',
      properties: { lines: texts, totalLines: count, truncated: { type: 'boolean' } },
      required: ['lines', 'totalLines', 'truncated'],
    },
  },
  required: ['id', 'confidence', 'lifecycle', 'ratings', 'patch'],
};
