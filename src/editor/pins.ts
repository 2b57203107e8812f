// Reports the user pinned as the current one of a repository (instead of the newest for the
// checked-out branch), per workspace, keyed by the repository root.
import type * as vscode from 'vscode';

const PINS_STATE = 'securityFixReports.pinnedReports';

export class Pins {
  constructor(private readonly state: vscode.Memento) {}

  /** The report pinned for the repository at `root`, if any. */
  get(root: vscode.Uri): string | undefined {
    return this.all()[root.toString()];
  }

  async set(root: vscode.Uri, reportId: string | undefined): Promise<void> {
    const next = { ...this.all() };
    if (reportId === undefined) delete next[root.toString()];
    else next[root.toString()] = reportId;
    await this.state.update(PINS_STATE, next);
  }

  private all(): Record<string, string> {
    const value = this.state.get<unknown>(PINS_STATE);
    return value && typeof value === 'object' ? (value as Record<string, string>) : {};
  }
}
