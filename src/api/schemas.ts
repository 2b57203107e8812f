// Wire schemas of the service (docs/service-interface.md §2; the bare § numbers below are
// that document's sections). Every type the rest of the code uses is inferred
// from these, so a field is described once. Decoding is tolerant the way a real service
// needs: unknown fields are dropped, enum-like fields are open strings, fields a real
// service sends as null are nullable, and a missing array decodes as an empty one. What
// stays strict is structure: an id that is not a string, or an array that is not an array,
// is a decode error naming the JSON path.
import * as v from 'valibot';

/** A string the service may omit or send as null; decoded as `string | null`. */
const optText = v.nullish(v.string(), null);
/** Ids the service may send as numbers (a PR number) are kept as strings. */
const optId = v.nullish(v.pipe(v.union([v.string(), v.number()]), v.transform(String)), null);
/** An ISO 8601 timestamp; parsed where it is used so that a bad date is reported, not fatal. */
const optTimestamp = optText;
/** An array the service may omit or send as null; decoded as an empty array then. */
const list = <T extends v.GenericSchema>(item: T) => v.nullish(v.array(item), []);
/**
 * A number in a field the spec does not show (locations, severities): anything else, a
 * numeric string included, decodes as null, so an odd value costs the one field, not the page.
 */
const looseNumber = v.nullish(v.fallback(v.nullable(v.number()), null), null);
/** Text in a field the spec does not show: a non-string decodes as null. */
const looseText = v.nullish(v.fallback(v.nullable(v.string()), null), null);

const UserSchema = v.object({
  id: optText,
  email: optText,
  name: optText,
});

const ProjectSchema = v.object({
  id: optText,
  name: optText,
});

const VulnerabilityReportSchema = v.object({
  vendor: optText,
  project: v.nullish(ProjectSchema, null),
});

const RepoSchema = v.object({
  name: optText,
  originalUrl: optText,
  reference: optText,
});

/** §2.1: a fix report as listed by GET /api/rest/fix-reports. */
const reportSummaryEntries = {
  id: v.string(),
  createdOn: optTimestamp,
  expirationOn: optTimestamp,
  createdByUser: v.nullish(UserSchema, null),
  vulnerabilityReport: v.nullish(VulnerabilityReportSchema, null),
  repo: v.nullish(RepoSchema, null),
};
const FixReportSummarySchema = v.object(reportSummaryEntries);

/** §2.4 */
const FixIssueRefSchema = v.object({
  id: v.string(),
  vendorInstanceId: optText,
  sharedState: v.nullish(v.object({ createdAt: optTimestamp }), null),
});

/** §2.5 */
const ScmSubmitFixRequestSchema = v.object({
  prId: optId,
  prStatus: optText,
  prUrl: optText,
  submitBranchName: optText,
  commitUrl: optText,
  createdAt: optTimestamp,
  updatedAt: optTimestamp,
});

/** §2.7 */
const FixRatingSchema = v.object({
  voteScore: v.nullish(v.number(), null),
  fixRatingTag: optText,
  comment: optText,
  user: v.nullish(UserSchema, null),
  updatedDate: optTimestamp,
});

/** §2.6 */
const DownloadSchema = v.object({
  downloadedAt: optTimestamp,
  user: v.nullish(UserSchema, null),
});

const FixSharedStateSchema = v.object({
  isArchived: v.nullish(v.boolean(), false),
  downloadedBy: list(DownloadSchema),
  fixRatings: list(FixRatingSchema),
});

/**
 * Fields the spec's fix does not show but the real service's schema has (README, "Open
 * points"): the files a fix touches, its patch (a unified diff) and the questions answered
 * by defaults to make it, effort and severity. All optional and tolerant.
 */
const FixFileSchema = v.object({ fileRepoRelativePath: looseText });
const PatchAndQuestionsSchema = v.object({
  patch: looseText,
  questions: v.nullish(v.fallback(v.array(v.unknown()), []), []),
});

/** §2.3 */
const FixSchema = v.object({
  id: v.string(),
  safeIssueType: optText,
  safeIssueLanguage: optText,
  state: optText,
  confidence: v.nullish(v.number(), null),
  vulnerabilityReportIssues: list(FixIssueRefSchema),
  scmSubmitFixRequests: list(ScmSubmitFixRequestSchema),
  sharedState: v.nullish(FixSharedStateSchema, null),
  fixFiles: v.nullish(v.fallback(v.array(FixFileSchema), []), []),
  patchAndQuestions: v.nullish(v.fallback(v.nullable(PatchAndQuestionsSchema), null), null),
  effortToApplyFix: looseText,
  severityText: looseText,
  severityValue: looseNumber,
});

/** §2.2: the detail may carry the list fields too; they are kept when present. */
const FixReportDetailSchema = v.object({
  ...reportSummaryEntries,
  fixes: list(FixSchema),
});

export const CodeNodeSchema = v.object({
  path: looseText,
  startLine: looseNumber,
  endLine: looseNumber,
  startCol: looseNumber,
  endCol: looseNumber,
  index: looseNumber,
});

export const IssueTagSchema = v.object({
  vulnerability_report_issue_tag_value: optText,
});

/** §2.8 */
export const IssueSchema = v.object({
  id: v.string(),
  vendorInstanceId: optText,
  vendorIssueId: optId,
  issueType: optText,
  severity: optText,
  issueLanguage: optText,
  state: optText,
  createdAt: optTimestamp,
  fingerprintHash: optText,
  vulnerabilityReportIssueTags: list(IssueTagSchema),
  // The fix's fields are not specified; only its presence matters (null for FP issues).
  fix: v.nullish(v.unknown(), null),
  fpId: optText,
  fpDescription: optText,
  // Not in the spec; the real service's schema has them (README, "Open points"). A data-flow
  // trace ordered by index, the sink last; paths and lines are checked in model/locations.
  codeNodes: v.nullish(v.fallback(v.array(CodeNodeSchema), []), []),
  codeFilePath: looseText,
});

// Envelopes. The spec names `getReportsApiV2` and `getIssuesApiV5` as the wrapping
// objects; a bare `{ fixReport: [...] }` is accepted too (see README, "Open points").
export const ReportListBodySchema = v.object({ fixReport: v.array(FixReportSummarySchema) });
export const ReportDetailBodySchema = v.object({ fixReport: list(FixReportDetailSchema) });
export const IssuePageBodySchema = v.object({
  vulnerability_report_issue: list(IssueSchema),
  // Absent or null means "no next page" (docs/service-interface.md §4.3 rule 2 only promises `true` when truncated).
  hasNextPage: v.nullish(v.boolean(), false),
});

export type User = v.InferOutput<typeof UserSchema>;
export type FixReportSummary = v.InferOutput<typeof FixReportSummarySchema>;
export type FixReportDetail = v.InferOutput<typeof FixReportDetailSchema>;
export type Fix = v.InferOutput<typeof FixSchema>;
export type FixIssueRef = v.InferOutput<typeof FixIssueRefSchema>;
export type ScmSubmitFixRequest = v.InferOutput<typeof ScmSubmitFixRequestSchema>;
export type FixRating = v.InferOutput<typeof FixRatingSchema>;
export type Download = v.InferOutput<typeof DownloadSchema>;
export type Issue = v.InferOutput<typeof IssueSchema>;
export type IssuePageBody = v.InferOutput<typeof IssuePageBodySchema>;
