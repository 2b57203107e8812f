// Every command of the manifest and the function that runs it, registered in one place (one
// file per command beside this one).
import * as vscode from 'vscode';
import { CommandId } from '../common/manifest';
import type { FpExplanationProvider } from '../views/fpExplanation';
import { applyFix } from './applyFix';
import { cancelLoading } from './cancelLoading';
import { cancelRefresh } from './cancelRefresh';
import { checkConnection } from './checkConnection';
import { clearCache } from './clearCache';
import { clearFilter } from './clearFilter';
import { clearServiceKey } from './clearServiceKey';
import { compareWith } from './compareWith';
import { copyConnectionReport } from './copyConnectionReport';
import { copyFpSummary } from './copyFpSummary';
import { copyId } from './copyId';
import { exportReport } from './exportReport';
import { filter } from './filter';
import { filterText } from './filterText';
import { goToFinding } from './goToFinding';
import { insertSuppressionComment } from './insertSuppressionComment';
import { loadMoreIssues } from './loadMoreIssues';
import { openIssue } from './openIssue';
import { openPullRequest } from './openPullRequest';
import { openRepository } from './openRepository';
import { pinReport } from './pinReport';
import { previewFix } from './previewFix';
import { refresh } from './refresh';
import { refreshReport } from './refreshReport';
import { refreshSuppressions } from './refreshSuppressions';
import { removeStaleSuppressions } from './removeStaleSuppressions';
import { removeSuppressionComment } from './removeSuppressionComment';
import { revealFinding } from './revealFinding';
import type { Services } from './services';
import { setBaseUrl } from './setBaseUrl';
import { setServiceKey } from './setServiceKey';
import { showFpExplanation } from './showFpExplanation';
import { showInsights } from './showInsights';
import { showLog } from './showLog';
import { showReportInsights } from './showReportInsights';
import { statusActions } from './statusActions';
import { suppressAllInFile } from './suppressAllInFile';
import { unpinReport } from './unpinReport';
import { useEnvironmentKey } from './useEnvironmentKey';

export function registerCommands(s: Services, fpDocuments: FpExplanationProvider): vscode.Disposable[] {
  const commands: [CommandId, (...args: never[]) => unknown][] = [
    [CommandId.SetServiceKey, setServiceKey(s)],
    [CommandId.ClearServiceKey, clearServiceKey(s)],
    [CommandId.ClearCache, clearCache(s)],
    [CommandId.UseEnvironmentKey, useEnvironmentKey(s)],
    [CommandId.SetBaseUrl, setBaseUrl(s)],
    [CommandId.Refresh, refresh(s)],
    [CommandId.CancelRefresh, cancelRefresh(s)],
    [CommandId.RefreshReport, refreshReport(s)],
    [CommandId.PinReport, pinReport(s)],
    [CommandId.RevealFinding, revealFinding(s)],
    [CommandId.SuppressAllInFile, suppressAllInFile(s)],
    [CommandId.NextFinding, goToFinding(s, 1)],
    [CommandId.PreviousFinding, goToFinding(s, -1)],
    [CommandId.UnpinReport, unpinReport(s)],
    [CommandId.ShowInsights, showInsights(s)],
    [CommandId.ShowReportInsights, showReportInsights(s)],
    [CommandId.ExportReport, exportReport(s)],
    [CommandId.Filter, filter(s)],
    [CommandId.FilterText, filterText(s)],
    [CommandId.ClearFilter, clearFilter(s)],
    [CommandId.InsertSuppressionComment, insertSuppressionComment(s)],
    [CommandId.CopyFpSummary, copyFpSummary(s)],
    [CommandId.ShowFpExplanation, showFpExplanation(fpDocuments)],
    [CommandId.OpenIssue, openIssue(s)],
    [CommandId.OpenPullRequest, openPullRequest(s)],
    [CommandId.PreviewFix, previewFix(s)],
    [CommandId.ApplyFix, applyFix(s)],
    [CommandId.OpenRepository, openRepository()],
    [CommandId.CopyId, copyId()],
    [CommandId.LoadMoreIssues, loadMoreIssues(s)],
    [CommandId.CancelLoading, cancelLoading(s)],
    [CommandId.ShowLog, showLog(s)],
    [CommandId.StatusActions, statusActions(s)],
    [CommandId.CheckConnection, checkConnection(s)],
    [CommandId.CopyConnectionReport, copyConnectionReport()],
    [CommandId.CompareWith, compareWith(s)],
    [CommandId.RemoveSuppressionComment, removeSuppressionComment(s)],
    [CommandId.RemoveStaleSuppressions, removeStaleSuppressions(s, false)],
    [CommandId.RemoveStaleSuppressionsInFile, removeStaleSuppressions(s, true)],
    [CommandId.RefreshSuppressions, refreshSuppressions(s)],
  ];
  return commands.map(([id, handler]) => vscode.commands.registerCommand(id, handler));
}
