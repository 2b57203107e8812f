// Which editor tabs show a Preview Fix diff, and of which fix: the preview's title bar offers
// Apply Fix… (a context key follows the active tab), that button applies the fix the active tab
// previews, and applying closes the fix's preview tabs. The ids are ours, recorded when the
// preview opened, never read from the tab or a command argument.
import * as vscode from 'vscode';
import { ContextKey } from '../common/manifest';
import { Disposable } from '../common/disposable';
import { setContext } from '../editor/contextKeys';

export interface PreviewedFix {
  readonly reportId: string;
  readonly fixId: string;
}

export class FixPreviewTabs extends Disposable {
  /** Tab label (the preview's title, unique per fix) → the fix it shows. */
  private readonly byTitle = new Map<string, PreviewedFix>();
  private active = false;

  constructor() {
    super();
    this.register(vscode.window.tabGroups.onDidChangeTabs(() => this.update()));
    this.register(vscode.window.tabGroups.onDidChangeTabGroups(() => this.update()));
  }

  /** The preview titled `title` shows this fix. */
  remember(title: string, fix: PreviewedFix): void {
    this.byTitle.set(title, fix);
    this.update();
  }

  /** The fix the active tab previews, if it is a preview. */
  activeFix(): PreviewedFix | undefined {
    const label = vscode.window.tabGroups.activeTabGroup.activeTab?.label;
    return label === undefined ? undefined : this.byTitle.get(titleOf(label));
  }

  /** Closes every tab previewing `fixId` (after it was applied). */
  async close(fixId: string): Promise<void> {
    const titles = new Set([...this.byTitle].filter(([, f]) => f.fixId === fixId).map(([title]) => title));
    const tabs = vscode.window.tabGroups.all.flatMap((g) => g.tabs).filter((t) => titles.has(titleOf(t.label)));
    if (tabs.length > 0) await vscode.window.tabGroups.close(tabs, true);
    for (const title of titles) this.byTitle.delete(title);
    this.update();
  }

  private update(): void {
    const active = this.activeFix() !== undefined;
    if (active === this.active) return;
    this.active = active;
    void setContext(ContextKey.FixPreview, active);
  }
}

/**
 * A multi-file preview's tab adds its file count to the title: "Fix: … · 3b030aea (3 files)", in
 * the editor's language ("(3 Dateien)"); our titles end in the fix id's start, never in brackets.
 */
function titleOf(label: string): string {
  return label.replace(/ \(\d+ [^()]+\)$/, '');
}
