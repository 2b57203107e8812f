// What the editor's language model tools read: the reports the extension already loaded (the
// list, each report's detail and the false-positive summaries it keeps) and, for the rest, the
// connection's own client, so no second key or connection exists for them.
import type { FixReportsSource } from '../model/agentTools/source';
import type { Connection } from './connection';
import type { ReportStore } from './reportStore';

export function editorSource(store: ReportStore, connection: Connection): FixReportsSource {
  return {
    listReports: () => store.reports(),
    getReport: async (fixReportId, signal) => (await store.reportDetail(fixReportId, signal)).report,
    getIssue: (issueId, signal) => connection.client().getIssue(issueId, signal),
    issuePages: (query, options) => connection.client().issuePages(query, options),
    fpSummary: (fpId) => store.fpSummary(fpId),
  };
}
