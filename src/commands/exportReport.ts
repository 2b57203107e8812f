// "Export Issues…" (a report's context menu): the report's issues as CSV, SARIF 2.1.0 or JSON,
// to a file the user picks, streamed page by page with a cancellable progress notification —
// the same chunks as `security-fix-reports issues --format …` (model/export). The file appears
// only when complete, and never through a link: the write gate writes it (editor/writeGate).
import { statSync } from 'node:fs';
import { homedir } from 'node:os';
import * as path from 'node:path';
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import type { FixReportSummary } from '../api/schemas';
import { readableVendor } from '../common/scanners';
import { showError } from '../editor/errors';
import { writeVirtualFile } from '../editor/writeGate/virtualFile';
import type { ExportFormat } from '../model/export/exportIssues';
import { reportTitle } from '../model/reportList';
import { loadReporting } from '../views/loadReporting';
import type { ReportNode } from '../views/nodes';
import type { Services } from './services';
import { formatCount } from '../common/text';

/** The formats offered (a function: their details are translated when shown). */
const formats = (): readonly { format: ExportFormat; label: string; detail: string; extension: string; filter: string }[] => [
  {
    format: 'csv',
    label: 'CSV',
    detail: l10n.t('One row per issue (RFC 4180, UTF-8 without BOM); cells that would start a formula are prefixed with an apostrophe.'),
    extension: 'csv',
    filter: 'CSV',
  },
  {
    format: 'sarif',
    label: 'SARIF 2.1.0',
    detail: l10n.t(
      'What GitHub code scanning accepts (results with a location, GitHub’s limits), for it and the SARIF viewer; false positives as accepted suppressions justified by their summary.',
    ),
    extension: 'sarif',
    filter: 'SARIF',
  },
  {
    format: 'json',
    label: 'JSON',
    detail: l10n.t('The issues as the service sent them, in one array.'),
    extension: 'json',
    filter: 'JSON',
  },
];

export function exportReport(s: Services) {
  return async (node?: ReportNode): Promise<void> => {
    if (node?.kind !== 'report') return;
    const report = node.report;
    const choice = await vscode.window.showQuickPick(
      formats().map((f) => ({ ...f })),
      { title: l10n.t('Export the issues of {0}', reportTitle(report)), placeHolder: l10n.t('Format') },
    );
    if (!choice) return;
    const target = await vscode.window.showSaveDialog({
      defaultUri: defaultTarget(report, choice.extension),
      filters: { [choice.filter]: [choice.extension] },
      saveLabel: l10n.t('Export'),
      title: l10n.t('Export issues as {0}', choice.label),
    });
    if (!target) return;
    try {
      const result = await vscode.window.withProgress(
        { location: vscode.ProgressLocation.Notification, title: l10n.t('Exporting issues as {0}', choice.label), cancellable: true },
        (progress, token) => writeExport(s, report, choice.format, target, progress, token),
      );
      if (!result) {
        s.log.info(`Export of report ${report.id} cancelled; no file written.`);
        return;
      }
      // Summaries that fell back to the explanation, and what GitHub's limits left out: each said in the log.
      const exported = l10n.t('Exported {0} issues as {1} to {2}.', formatCount(result.issues), choice.label, target.fsPath);
      const warned =
        result.warnings === 0
          ? ''
          : result.warnings === 1
            ? l10n.t('1 warning: see the log.')
            : l10n.t('{0} warnings: see the log.', formatCount(result.warnings));
      s.log.info(`Exported ${result.issues} issues of report ${report.id} as ${choice.label} to ${target.fsPath}.`);
      const openFile = l10n.t('Open File');
      const open = await vscode.window.showInformationMessage(warned ? `${exported} ${warned}` : exported, openFile);
      if (open === openFile) await vscode.commands.executeCommand('vscode.open', target);
    } catch (e) {
      await showError(s.log, e, () => exportReport(s)(node));
    }
  };
}

/** `<project>-<scanner>-issues.<ext>` in the home folder's Downloads, else the home folder (model/export/exportTarget). */
function defaultTarget(report: FixReportSummary, extension: string): vscode.Uri | undefined {
  const { exportFileName, exportFolder } = loadReporting();
  const name = exportFileName(reportTitle(report), readableVendor(report.vulnerabilityReport?.vendor), extension);
  const folders = (vscode.workspace.workspaceFolders ?? []).filter((f) => f.uri.scheme === 'file').map((f) => f.uri.fsPath);
  const folder = exportFolder(homedir(), (dir) => statSync(dir, { throwIfNoEntry: false })?.isDirectory() === true, folders);
  return folder === undefined ? undefined : vscode.Uri.file(path.join(folder, name));
}

/** Undefined when cancelled (nothing left behind). */
async function writeExport(
  s: Services,
  report: FixReportSummary,
  format: ExportFormat,
  target: vscode.Uri,
  progress: vscode.Progress<{ message?: string }>,
  token: vscode.CancellationToken,
): Promise<{ issues: number; warnings: number } | undefined> {
  const controller = new AbortController();
  const cancel = token.onCancellationRequested(() => controller.abort());
  const client = s.connection.client();
  const { clientIssuePages, exportChunks, writeNewFileExclusive } = loadReporting();
  let issues = 0;
  let warnings = 0;
  const chunks = exportChunks(
    {
      reports: [report],
      issuePages: (r, signal) => clientIssuePages(client, r, { signal, onWarning: (w) => s.log.warn(w) }),
      fpSummary: async (fpId) => (await s.store.fpSummary(fpId)).text,
    },
    format,
    {
      signal: controller.signal,
      warn: (message) => {
        warnings++;
        s.log.warn(`Export: ${message}`);
      },
      onProgress: (n) => {
        issues = n;
        progress.report({ message: l10n.t('{0} issues', formatCount(n)) });
      },
    },
  );
  try {
    // A local file through an exclusive temp file; a remote or virtual folder through the
    // editor's API, which takes the whole content.
    const written =
      target.scheme === 'file'
        ? await writeNewFileExclusive(target.fsPath, chunks, { signal: controller.signal })
        : await writeVirtualFile(target, chunks, controller.signal);
    return written === 'written' ? { issues, warnings } : undefined;
  } catch (e) {
    if (controller.signal.aborted) return undefined;
    throw e;
  } finally {
    cancel.dispose();
  }
}
