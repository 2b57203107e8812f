// Test data as the service sends it, decoded through the real schemas (src/api/schemas), so
// nulls, missing arrays and defaults behave as in production: one builder per kind of body.
import * as v from 'valibot';
import {
  IssueSchema,
  ReportDetailBodySchema,
  ReportListBodySchema,
  type FixReportDetail,
  type FixReportSummary,
  type Issue,
} from '../../src/api/schemas';

type Raw = Record<string, unknown>;

/** A report of the list (GET fix-reports). */
export const wireSummary = (raw: Raw): FixReportSummary => v.parse(ReportListBodySchema, { fixReport: [raw] }).fixReport[0]!;

/** A report's detail (its fixes). */
export const wireDetail = (raw: Raw): FixReportDetail => v.parse(ReportDetailBodySchema, { fixReport: [raw] }).fixReport[0]!;

/** One issue. */
export const wireIssue = (raw: Raw): Issue => v.parse(IssueSchema, raw);
