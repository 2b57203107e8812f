// "Fix Insights" (the view's title bar and the palette): the dashboard over this workspace's
// repositories (all reports when none of them has a report; the page switches scope). The
// workbench passes the focused tree row to title-bar commands; the scope never depends on it
// (use a report's context menu, showReportInsights, for one report).
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import { InsightsPanel, OPENING_SCOPE, type InsightsDeps } from '../views/insights/panel';
import type { Services } from './services';

export function insightsDeps(s: Services): InsightsDeps {
  return {
    store: s.store,
    log: s.log,
    extensionUri: s.context.extensionUri,
    workspaceRemotes: async () => (await s.repositories.list()).flatMap((r) => r.remotes),
    maxReports: () => s.connection.settings.insightsMaxReports,
    onDidChangeSettings: s.connection.onDidChange,
    fetchDetail: (reportId, signal) => s.connection.client().getReport(reportId, signal),
  };
}

export function showInsights(s: Services) {
  return (): void => {
    if (s.connection.state.kind !== 'ready') {
      void vscode.window.showInformationMessage(l10n.t('Fix Insights needs the service: set the base URL and the service key first.'));
      return;
    }
    InsightsPanel.show(insightsDeps(s), OPENING_SCOPE);
  };
}
