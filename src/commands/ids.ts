// Command ids, one place. Each maps to a handler file in this folder of the same name;
// package.json contributes exactly these (a unit test checks both directions).
export const CommandId = {
  SetServiceKey: 'securityFixReports.setServiceKey',
  ClearServiceKey: 'securityFixReports.clearServiceKey',
  UseEnvironmentKey: 'securityFixReports.useEnvironmentKey',
  SetBaseUrl: 'securityFixReports.setBaseUrl',
  Refresh: 'securityFixReports.refresh',
  CancelRefresh: 'securityFixReports.cancelRefresh',
  RefreshReport: 'securityFixReports.refreshReport',
  Filter: 'securityFixReports.filter',
  FilterText: 'securityFixReports.filterText',
  ClearFilter: 'securityFixReports.clearFilter',
  InsertSuppressionComment: 'securityFixReports.insertSuppressionComment',
  CopyFpSummary: 'securityFixReports.copyFpSummary',
  ShowFpExplanation: 'securityFixReports.showFpExplanation',
  OpenPullRequest: 'securityFixReports.openPullRequest',
  OpenRepository: 'securityFixReports.openRepository',
  CopyId: 'securityFixReports.copyId',
  LoadMoreIssues: 'securityFixReports.loadMoreIssues',
  CancelLoading: 'securityFixReports.cancelLoading',
  ShowLog: 'securityFixReports.showLog',
  StatusActions: 'securityFixReports.statusActions',
} as const;

export type CommandId = (typeof CommandId)[keyof typeof CommandId];

export const VIEW_ID = 'securityFixReports.reports';
export const CONTAINER_ID = 'securityFixReports';
