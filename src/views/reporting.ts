// The code behind Fix Insights and Export Issues… that activation never needs: the metrics of a
// dashboard scope (views/insights/data, with model/metrics' tables) and the issue exports
// (model/export: CSV, SARIF, JSON), the target it proposes and the write gate's exclusive
// writer they go through. esbuild bundles this module on its own as dist/reporting.js,
// which loadReporting (./loadReporting) requires the first time the dashboard draws or an
// export starts. It holds no editor API: the panel and the command pass in what it works on.
import { exportChunks as modelExportChunks } from '../model/export/exportIssues';
export { gatherInsights, loadIssues } from './insights/data';
export { clientIssuePages } from '../model/export/exportIssues';
export { exportFileName, exportFolder } from '../model/export/exportTarget';
export { writeNewFileExclusive } from '../editor/writeGate/exclusiveFile';

/** Export Issues… writes the SARIF GitHub code scanning accepts, as the CLI does by default (docs/cli.md). */
export const exportChunks: typeof modelExportChunks = (source, format, options = {}) =>
  modelExportChunks(source, format, { sarifProfile: 'github', ...options });
