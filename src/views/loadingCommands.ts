// The click on a report's "Loading issues…" row and its paused, cancelled and failed forms.
// That row redraws on every page of issues. A TreeItem command with arguments reaches the
// workbench as a handle that the extension host drops when the row redraws, so a click that
// landed between a redraw and its command failed ("Actual command not found", logged by the
// extension host in the UI check's cancel step, VS Code 1.100) and loading went on. A command
// without arguments travels by id, with no handle to drop: each report's row actions get ids of
// their own, registered on first use and kept until the tree is disposed.
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import type { IssueLoading } from '../editor/reportStore';
import { CommandId } from '../common/manifest';
import { Disposable } from '../common/disposable';

/** What clicking the loading row does: stop paging, or page on (after a pause, a cancel or a failure). */
export type LoadingAction = 'cancel' | 'more';

/**
 * The last number given, shared by every copy of this module in the extension host: command ids
 * are global there, and a second tree (the bench's profiled one loads its own copy) must not
 * take an id the first holds.
 */
const SEQUENCE = Symbol.for('securityFixReports.loadingCommands.sequence');
const shared = globalThis as { [SEQUENCE]?: number };

export class LoadingCommands extends Disposable {
  /** Command id by action and report id. */
  private readonly ids = new Map<string, string>();

  constructor(private readonly run: (action: LoadingAction, reportId: string) => void) {
    super();
  }

  /**
   * The id of a command that runs `action` on `reportId`, the same for every redraw. Numbered,
   * never named after the report: report ids are server text.
   */
  idFor(action: LoadingAction, reportId: string): string {
    const key = `${action}\n${reportId}`;
    let id = this.ids.get(key);
    if (id === undefined) {
      const n = (shared[SEQUENCE] = (shared[SEQUENCE] ?? 0) + 1);
      id = `${action === 'cancel' ? CommandId.CancelLoading : CommandId.LoadMoreIssues}.row${n}`;
      this.register(vscode.commands.registerCommand(id, () => this.run(action, reportId)));
      this.ids.set(key, id);
    }
    return id;
  }
}

/**
 * What clicking the loading row does in each state. Its command is in the TreeItem, with no
 * arguments (see loadingCommands.ts): even a handle bound on click died when the row redrew
 * between the click and the command.
 */
export function loadingAction(state: IssueLoading): { action: LoadingAction; title: string } | undefined {
  switch (state.kind) {
    case 'loading':
      return { action: 'cancel', title: l10n.t('Cancel loading') };
    case 'paused':
      return { action: 'more', title: l10n.t('Load more issues') };
    case 'cancelled':
      return { action: 'more', title: l10n.t('Load the rest') };
    case 'failed':
      return { action: 'more', title: l10n.t('Retry') };
    default:
      return undefined;
  }
}
