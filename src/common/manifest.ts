// What package.json contributes, as the code names it: command ids, view and container ids,
// context keys, setting names, the FP explanation language. One module, checked against the
// manifest in both directions by test/unit/manifest.test.ts. Ground floor: imports nothing.

/** Command ids. Each maps to a handler file of the same name in src/commands. */
export const CommandId = {
  SetServiceKey: 'securityFixReports.setServiceKey',
  ClearServiceKey: 'securityFixReports.clearServiceKey',
  ClearCache: 'securityFixReports.clearCache',
  UseEnvironmentKey: 'securityFixReports.useEnvironmentKey',
  SetBaseUrl: 'securityFixReports.setBaseUrl',
  Refresh: 'securityFixReports.refresh',
  CancelRefresh: 'securityFixReports.cancelRefresh',
  RefreshReport: 'securityFixReports.refreshReport',
  PinReport: 'securityFixReports.pinReport',
  RevealFinding: 'securityFixReports.revealFinding',
  SuppressAllInFile: 'securityFixReports.suppressAllInFile',
  NextFinding: 'securityFixReports.nextFinding',
  PreviousFinding: 'securityFixReports.previousFinding',
  UnpinReport: 'securityFixReports.unpinReport',
  ShowInsights: 'securityFixReports.showInsights',
  ShowReportInsights: 'securityFixReports.showReportInsights',
  ExportReport: 'securityFixReports.exportReport',
  Filter: 'securityFixReports.filter',
  FilterText: 'securityFixReports.filterText',
  ClearFilter: 'securityFixReports.clearFilter',
  InsertSuppressionComment: 'securityFixReports.insertSuppressionComment',
  CopyFpSummary: 'securityFixReports.copyFpSummary',
  ShowFpExplanation: 'securityFixReports.showFpExplanation',
  OpenIssue: 'securityFixReports.openIssue',
  OpenPullRequest: 'securityFixReports.openPullRequest',
  PreviewFix: 'securityFixReports.previewFix',
  ApplyFix: 'securityFixReports.applyFix',
  OpenRepository: 'securityFixReports.openRepository',
  CopyId: 'securityFixReports.copyId',
  LoadMoreIssues: 'securityFixReports.loadMoreIssues',
  CancelLoading: 'securityFixReports.cancelLoading',
  ShowLog: 'securityFixReports.showLog',
  StatusActions: 'securityFixReports.statusActions',
  CheckConnection: 'securityFixReports.checkConnection',
  CopyConnectionReport: 'securityFixReports.copyConnectionReport',
  CompareWith: 'securityFixReports.compareWith',
  RemoveSuppressionComment: 'securityFixReports.removeSuppressionComment',
  RemoveStaleSuppressions: 'securityFixReports.removeStaleSuppressions',
  RemoveStaleSuppressionsInFile: 'securityFixReports.removeStaleSuppressionsInFile',
  RefreshSuppressions: 'securityFixReports.refreshSuppressions',
} as const;
export type CommandId = (typeof CommandId)[keyof typeof CommandId];

export const CONTAINER_ID = 'securityFixReports';
export const VIEW_ID = 'securityFixReports.reports';
/** The Suppressions view (views/suppressionsView), in the same container. */
export const SUPPRESSIONS_VIEW_ID = 'securityFixReports.suppressions';
/** The built-in command that opens the view container. */
export const SHOW_CONTAINER_COMMAND = `workbench.view.extension.${CONTAINER_ID}`;
export const STATUS_ITEM_ID = 'securityFixReports.status';

/** Context keys the extension sets, read by `when` clauses and walkthrough completion events. */
export const ContextKey = {
  /** The connection's state: no-base-url, bad-base-url, no-key or ready (welcome views). */
  State: 'securityFixReports.state',
  /** SECURITY_FIX_REPORTS_KEY is set in the editor's environment (welcome view link). */
  EnvKey: 'securityFixReports.envKey',
  /** The tree's filter has conditions (Clear Filter in the title bar). */
  Filtered: 'securityFixReports.filtered',
  /** A refresh waits for the service (Cancel Refresh replaces Refresh). */
  Refreshing: 'securityFixReports.refreshing',
  /** A suppression comment was inserted and verified (the walkthrough's step completes). */
  Suppressed: 'securityFixReports.suppressed',
  /** The active editor tab is a Preview Fix diff (its title bar offers Apply Fix…). */
  FixPreview: 'securityFixReports.fixPreview',
} as const;
export type ContextKey = (typeof ContextKey)[keyof typeof ContextKey];

/** The configuration section; settings are `${SECTION}.${name}`. */
export const SECTION = 'securityFixReports';

/** Setting names within SECTION. */
export const Setting = {
  BaseUrl: 'baseURL',
  CertificateAuthoritiesFile: 'certificateAuthoritiesFile',
  RequestTimeoutSeconds: 'requestTimeoutSeconds',
  AutoRefreshMinutes: 'autoRefreshMinutes',
  IssuesPerLoad: 'issuesPerLoad',
  CountsPrefetch: 'countsPrefetch',
  CacheEnabled: 'cache.enabled',
  CacheMaxMegabytes: 'cache.maxMegabytes',
  SuppressionByVendor: 'suppression.byVendor',
  SuppressionByLanguage: 'suppression.byLanguage',
  SuppressionDefault: 'suppression.default',
  FindingsFalsePositives: 'findings.falsePositives',
  FindingsSeverity: 'findings.severity',
  FindingsHiddenStates: 'findings.hiddenStates',
  InsightsMaxReports: 'insights.maxReports',
} as const;
export type Setting = (typeof Setting)[keyof typeof Setting];

/** Defaults of the settings read with one (package.json states the same; a unit test keeps them equal). */
export const SETTING_DEFAULTS = {
  [Setting.RequestTimeoutSeconds]: 30,
  [Setting.AutoRefreshMinutes]: 0,
  [Setting.IssuesPerLoad]: 20_000,
  [Setting.CountsPrefetch]: 20,
  [Setting.InsightsMaxReports]: 200,
  [Setting.CacheEnabled]: true,
  [Setting.CacheMaxMegabytes]: 512,
  [Setting.FindingsFalsePositives]: 'hint',
} as const;

/** Settings read only from the user level: they decide where the key is sent. */
export const USER_LEVEL_ONLY = [Setting.BaseUrl, Setting.CertificateAuthoritiesFile] as const;
export type UserLevelKey = (typeof USER_LEVEL_ONLY)[number];

/**
 * Earlier names of the user-level settings, which the Settings UI titled "Base Url" and "Ca
 * Certificates File" (it splits a key only before a capital that follows a lower-case letter,
 * so no key reads "CA …"). Still read from user settings, and moved to the new name on
 * activation, so an upgrade keeps the value.
 */
export const LEGACY_NAMES: Readonly<Record<UserLevelKey, string>> = {
  [Setting.BaseUrl]: 'baseUrl',
  [Setting.CertificateAuthoritiesFile]: 'caCertificatesFile',
};

/** The language of the FP explanation tab (word-wrapped by a configurationDefaults entry). */
export const FP_LANGUAGE = 'security-fix-reports-fp';
/** The URI scheme of the FP explanation tab's read-only documents. */
export const FP_SCHEME = 'security-fix-reports-fp';
/** The URI scheme of Check Connection's report, a read-only document (its title bar offers Copy Report). */
export const CONNECTION_REPORT_SCHEME = 'security-fix-reports-connection';
/** contributes.languageModelTools names: this prefix, then the agent tool's name (model/agentTools). */
export const LM_TOOL_PREFIX = 'securityFixReports_';
