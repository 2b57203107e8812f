// The Suppressions view: the suppression comments in the workspace by file and line, each with
// its verdict against the current reports of its repository (editor/suppressions). A row opens
// its line; Remove Suppression Comment and Remove Stale Suppressions… act on rows and files.
// Its own view rather than a node under each report: a suppression belongs to a file, and is
// judged against every current report of the file's repository (one per scanner).
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import { Disposable } from '../common/disposable';
import { cleanText, formatCount, truncate } from '../common/text';
import { readableVendor } from '../common/scanners';
import { readableIssueType } from '../model/format';
import type { Suppression, Suppressions } from '../editor/suppressions';
import { viewItem } from './nodes';

export type SuppressionRow =
  | { readonly kind: 'file'; readonly uri: vscode.Uri; readonly path: string; readonly items: readonly Suppression[] }
  | { readonly kind: 'suppression'; readonly suppression: Suppression }
  | { readonly kind: 'message'; readonly id: string; readonly label: string; readonly icon: string };

export class SuppressionsView extends Disposable implements vscode.TreeDataProvider<SuppressionRow> {
  private readonly changed = this.register(new vscode.EventEmitter<SuppressionRow | undefined>());
  readonly onDidChangeTreeData = this.changed.event;
  private files: SuppressionRow[] = [];

  constructor(private readonly suppressions: Suppressions) {
    super();
    this.register(suppressions.onDidChange(() => this.changed.fire(undefined)));
  }

  /** "2 stale of 5": for the view's description. */
  description(): string | undefined {
    const all = this.suppressions.all;
    if (all.length === 0) return undefined;
    const stale = all.filter((s) => s.verdict.status === 'stale').length;
    return stale > 0 ? l10n.t('{0} stale of {1}', formatCount(stale), formatCount(all.length)) : formatCount(all.length);
  }

  getTreeItem(row: SuppressionRow): vscode.TreeItem {
    switch (row.kind) {
      case 'file':
        return viewItem(row.uri, vscode.TreeItemCollapsibleState.Expanded, (item) => {
          item.id = `file:${row.uri.toString()}`;
          const stale = row.items.filter((s) => s.verdict.status === 'stale').length;
          const folder = row.path.includes('/') ? row.path.slice(0, row.path.lastIndexOf('/')) : '';
          item.description = [folder, stale ? l10n.t('{0} stale', formatCount(stale)) : ''].filter((p) => p !== '').join(' · ');
          item.contextValue = stale ? 'suppressionFile.withStale' : 'suppressionFile';
        });
      case 'suppression':
        return suppressionItem(row.suppression);
      case 'message':
        return viewItem(row.label, vscode.TreeItemCollapsibleState.None, (item) => {
          item.id = row.id;
          item.iconPath = new vscode.ThemeIcon(row.icon);
        });
    }
  }

  getChildren(row?: SuppressionRow): SuppressionRow[] {
    if (row?.kind === 'file') return row.items.map((suppression) => ({ kind: 'suppression', suppression }));
    if (row) return [];
    void this.suppressions.ensureSearched(); // asked only while the view shows
    const state = this.suppressions.state;
    const all = this.suppressions.all;
    const rows: SuppressionRow[] = [];
    if (state.kind === 'done')
      for (const failure of state.notes.failures)
        rows.push({ kind: 'message', id: `failure:${failure}`, label: l10n.t('Could not search {0}', failure), icon: 'error' });
    if (all.length === 0) {
      rows.push(
        state.kind === 'done'
          ? { kind: 'message', id: 'none', label: l10n.t('No suppression comments in the workspace.'), icon: 'info' }
          : { kind: 'message', id: 'searching', label: l10n.t('Searching the workspace for suppression comments…'), icon: 'loading~spin' },
      );
      this.files = [];
      return rows;
    }
    const byFile = new Map<string, Suppression[]>();
    for (const s of all) byFile.set(s.uri.toString(), [...(byFile.get(s.uri.toString()) ?? []), s]);
    this.files = [...byFile.values()].map((items) => ({ kind: 'file', uri: items[0]!.uri, path: items[0]!.path, items }));
    return [...rows, ...this.files];
  }

  getParent(row: SuppressionRow): SuppressionRow | undefined {
    if (row.kind !== 'suppression') return undefined;
    return this.files.find((f) => f.kind === 'file' && f.uri.toString() === row.suppression.uri.toString());
  }
}

function suppressionItem(s: Suppression): vscode.TreeItem {
  return viewItem(l10n.t('Line {0}', s.row + 1), vscode.TreeItemCollapsibleState.None, (item) => fillSuppression(item, s));
}

function fillSuppression(item: vscode.TreeItem, s: Suppression): void {
  item.id = `suppression:${s.uri.toString()}:${s.row}:${s.column}`;
  const words = verdictWords(s);
  item.description = truncate(words.short, 120);
  item.tooltip = cleanText(
    [
      words.long,
      l10n.t('False positive id: {0}', s.fpId),
      s.checkedBy === 'parser'
        ? l10n.t('Proven a comment by the parser.')
        : l10n.t('Taken as a comment by the same-line rule (no parser for {0}).', s.languageId),
      s.reportId ? l10n.t('Judged against report {0}.', s.reportId) : '',
    ]
      .filter((p) => p !== '')
      .join('\n'),
  );
  item.iconPath =
    s.verdict.status === 'current'
      ? new vscode.ThemeIcon('pass', new vscode.ThemeColor('testing.iconPassed'))
      : s.verdict.status === 'stale'
        ? new vscode.ThemeIcon('warning', new vscode.ThemeColor('list.warningForeground'))
        : new vscode.ThemeIcon('question');
  item.contextValue = `suppression.${s.verdict.status}`;
  const at = new vscode.Position(s.row, s.column);
  item.command = {
    command: 'vscode.open',
    title: l10n.t('Go to the suppression comment'),
    arguments: [s.uri, { selection: new vscode.Range(at, at), preview: false } satisfies vscode.TextDocumentShowOptions],
  };
}

/** The verdict in a few words (the row) and in a sentence (its tooltip). */
export function verdictWords(s: Suppression): { short: string; long: string } {
  const v = s.verdict;
  switch (v.status) {
    case 'current': {
      const what = `${readableVendor(s.vendor ?? null)} · ${readableIssueType(v.issue.issueType)}`;
      return { short: l10n.t('current · {0}', what), long: l10n.t('Current: the report still has this false positive ({0}).', what) };
    }
    case 'stale':
      if (v.reason === 'not-in-report')
        return {
          short: l10n.t('stale · not in the report'),
          long: l10n.t('Stale: no issue of the current report has this false positive id; the comment suppresses nothing it knows of.'),
        };
      return v.reason === 'fixed'
        ? {
            short: l10n.t('stale · the issue is {0}', v.issue.state ?? ''),
            long: l10n.t(
              'Stale: issue {0} is {1}: its code was changed, so the comment suppresses nothing.',
              v.issue.id,
              v.issue.state ?? '',
            ),
          }
        : {
            short: l10n.t('stale · no longer a false positive ({0})', v.issue.state ?? l10n.t('no state')),
            long: l10n.t(
              'Stale: issue {0} is no longer a false positive (its state is {1}): the comment hides a finding the service now reports.',
              v.issue.id,
              v.issue.state ?? l10n.t('no state'),
            ),
          };
    case 'unknown':
      return 'loading' in v
        ? { short: l10n.t('unknown · the report is loading'), long: l10n.t('Unknown until the current report’s issues are loaded.') }
        : {
            short: l10n.t('unknown · no report loaded'),
            long: l10n.t('Unknown: no current report is loaded for this file’s repository.'),
          };
  }
}
