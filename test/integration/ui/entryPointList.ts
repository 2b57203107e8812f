// Every way a person reaches a command, as the UI check clicks it in the workbench. A unit
// test (test/unit/entryPoints.test.ts) reads package.json and fails when a menu entry, key
// binding, welcome link or walkthrough link is missing here; the UI check fails when an entry
// here was not clicked. So a new entry point cannot slip through untested.
export const ENTRY_POINTS = [
  // view/title (clicked with a tree row focused, which the workbench passes as the argument)
  'view/title:securityFixReports.refresh',
  'view/title:securityFixReports.cancelRefresh',
  'view/title:securityFixReports.filter',
  'view/title:securityFixReports.filterText',
  'view/title:securityFixReports.clearFilter',
  'view/title:securityFixReports.setServiceKey',
  'view/title:securityFixReports.clearServiceKey',
  'view/title:securityFixReports.clearCache',
  'view/title:securityFixReports.setBaseUrl',
  'view/title:securityFixReports.showLog',
  'view/title:securityFixReports.showInsights',
  'view/title:securityFixReports.checkConnection',
  // view/title of the Suppressions view
  'view/title:securityFixReports.refreshSuppressions',
  'view/title:securityFixReports.removeStaleSuppressions',
  // editor/title: the Preview Fix diff's title bar
  'editor/title:securityFixReports.applyFix',
  // editor/title: the connection report's title bar
  'editor/title:securityFixReports.copyConnectionReport',
  // view/item/context: inline buttons and the context menu
  'view/item/context:inline:securityFixReports.insertSuppressionComment',
  'view/item/context:inline:securityFixReports.openPullRequest',
  'view/item/context:securityFixReports.insertSuppressionComment',
  'view/item/context:securityFixReports.copyFpSummary',
  'view/item/context:securityFixReports.showFpExplanation',
  'view/item/context:securityFixReports.openPullRequest',
  'view/item/context:securityFixReports.previewFix',
  'view/item/context:securityFixReports.applyFix',
  'view/item/context:securityFixReports.openRepository',
  'view/item/context:securityFixReports.copyId',
  'view/item/context:securityFixReports.refreshReport',
  'view/item/context:securityFixReports.pinReport',
  'view/item/context:securityFixReports.unpinReport',
  'view/item/context:securityFixReports.showReportInsights',
  'view/item/context:securityFixReports.exportReport',
  'view/item/context:securityFixReports.checkConnection',
  'view/item/context:securityFixReports.compareWith',
  // the Suppressions view's rows: a comment's inline button and context menu, a file's context menu
  'view/item/context:inline:securityFixReports.removeSuppressionComment',
  'view/item/context:securityFixReports.removeSuppressionComment',
  'view/item/context:securityFixReports.removeStaleSuppressionsInFile',
  // key bindings, by their `when`
  'keybinding:securityFixReports.insertSuppressionComment:editorTextFocus && !editorReadonly',
  'keybinding:securityFixReports.insertSuppressionComment:editorTextFocus && editorReadonly',
  'keybinding:securityFixReports.nextFinding:editorTextFocus',
  'keybinding:securityFixReports.previousFinding:editorTextFocus',
  // quick fixes (code actions) on a finding's diagnostic
  'codeAction:Insert suppression comment for a false positive',
  'codeAction:Insert suppression comment for one of many on the line',
  'codeAction:Show why a false positive is one',
  'codeAction:Show in the Fix Reports view',
  'codeAction:Suppress all false positives in this file',
  // welcome-view and walkthrough links
  'viewsWelcome:securityFixReports.setBaseUrl',
  'viewsWelcome:securityFixReports.setServiceKey',
  'viewsWelcome:securityFixReports.useEnvironmentKey',
  'walkthrough:securityFixReports.setBaseUrl',
  'walkthrough:securityFixReports.setServiceKey',
  'walkthrough:workbench.view.extension.securityFixReports',
  'walkthrough:securityFixReports.insertSuppressionComment',
  // tree-row clicks (issue and loading rows: commands without arguments; message rows: bound
  // at click time), the hover's command link, the status bar item
  'row:issue.located',
  'row:issue.falsePositive',
  'row:loading.loading',
  'row:loading.cancelled',
  'row:message.error',
  'row:suppression',
  'hover:securityFixReports.openPullRequest',
  'statusBar:securityFixReports.statusActions',
] as const;

export type EntryPoint = (typeof ENTRY_POINTS)[number];
