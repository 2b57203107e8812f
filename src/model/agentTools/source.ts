// What the agent tools read: the service's four endpoints as the api client offers them.
// FixReportsClient satisfies it as it is; the editor's language model tools will pass theirs,
// and the unit tests a scripted one.
import type { FpSummary, IssueQuery } from '../../api/client';
import type { IssuePage, PagingOptions } from '../../api/paging';
import type { FixReportDetail, FixReportSummary, Issue } from '../../api/schemas';

export interface FixReportsSource {
  listReports(signal?: AbortSignal): Promise<FixReportSummary[]>;
  getReport(fixReportId: string, signal?: AbortSignal): Promise<FixReportDetail>;
  getIssue(issueId: string, signal?: AbortSignal): Promise<Issue>;
  /** Every issue of the query in the service's (chronological) order, page by page. */
  issuePages(query: IssueQuery, options?: PagingOptions): AsyncIterable<IssuePage>;
  fpSummary(fpId: string, signal?: AbortSignal): Promise<FpSummary>;
}
