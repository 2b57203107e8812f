// Check Connection's report as a read-only plain-text document (a scheme of ours), kept until
// the next check: what the tab shows and what Copy Report copies. One document, updated in
// place when the check runs again. The text is the doctor's (api/doctor/report.ts: no key,
// server text cleaned), cleaned once more as every provided document is.
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import { CONNECTION_REPORT_SCHEME } from '../common/manifest';
import { cleanLines } from '../common/text';

class ConnectionReportDocument implements vscode.TextDocumentContentProvider {
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;
  readonly uri = vscode.Uri.from({ scheme: CONNECTION_REPORT_SCHEME, path: '/connection-report.txt' });
  private text: string | undefined;

  /** The latest report, if a check ran in this window. */
  get latest(): string | undefined {
    return this.text;
  }

  /** Makes `text` the document's content (an open tab follows) and returns its URI. */
  update(text: string): vscode.Uri {
    this.text = cleanLines(text);
    this.changed.fire(this.uri);
    return this.uri;
  }

  provideTextDocumentContent(): string {
    return this.text ?? `${l10n.t('No connection check has run in this window yet: run "Security Fix Reports: Check Connection".')}\n`;
  }
}

let instance: ConnectionReportDocument | undefined;

/** The window's one report document (made when first asked for, never on import). */
export function connectionReport(): ConnectionReportDocument {
  instance ??= new ConnectionReportDocument();
  return instance;
}
