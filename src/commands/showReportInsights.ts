// "Fix Insights for This Report" (a report's context menu): the dashboard on that one report.
import { InsightsPanel } from '../views/insights/panel';
import type { ReportNode } from '../views/nodes';
import type { Services } from './services';
import { insightsDeps } from './showInsights';

export function showReportInsights(s: Services) {
  return (node?: ReportNode): void => {
    if (node?.kind !== 'report') return;
    InsightsPanel.show(insightsDeps(s), { kind: 'report', reportId: node.report.id });
  };
}
