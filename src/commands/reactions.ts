// What the extension does when something changes, wired once at activation: the view's message
// follows the store and the findings, the tree redraws when repositories or findings move, one
// notification per distinct failure, and a new origin asks before the key follows it.
import * as vscode from 'vscode';
import { ContextKey } from '../common/manifest';
import { setContext } from '../editor/contextKeys';
import { showError } from '../editor/errors';
import { askAfterOriginChange } from '../editor/keyPrompts';
import type { PublishResult } from '../views/problems';
import { findingsNotes } from '../views/statusText';
import type { Built } from './createServices';
import { errorMessage } from '../common/errors';

/** How long the tree waits after findings moved before it redraws their rows. */
const TREE_REDRAW_MS = 1_000;

export function reactions({ s, problems, explanations, remotes }: Built): vscode.Disposable[] {
  const { store, connection, findings, tree, viewStatus, log } = s;
  // The view says when it waits for the service and when the data shown is stale.
  const showActivity = () =>
    viewStatus.set({
      refreshing: store.refreshing && { ...store.refreshing, origin: connection.origin },
      stale: store.stale,
      cached: store.cached,
      shownSince: store.lastRefresh,
    });
  // What the findings in the code need said once: another branch, capped files, missing paths.
  const showFindings = (published?: PublishResult) =>
    viewStatus.set({
      findings: findingsNotes(findings.current, findings.missingPaths, published?.capped.length ?? 0, findings.unplaced().length),
    });
  // Rows say which findings changed since the scan; a redraw re-renders the rows under the
  // pointer, so only when that set changed.
  let redraw: NodeJS.Timeout | undefined;
  let drawn = findings.placesVersion();
  const redrawSoon = () => {
    clearTimeout(redraw);
    redraw = setTimeout(() => {
      const now = findings.placesVersion();
      if (now === drawn) return;
      drawn = now;
      tree.redraw();
    }, TREE_REDRAW_MS);
  };
  // One notification per distinct failure at a time: twenty failing expansions are one toast.
  const shown = new Set<string>();
  return [
    store.onDidChange((change) => change.kind === 'all' && explanations.clear()),
    findings.onDidChange(redrawSoon),
    findings.onDidChangeFile(redrawSoon),
    { dispose: () => clearTimeout(redraw) },
    problems.onDidPublish(showFindings),
    tree.onDidChangeFilter(() => findings.schedule()),
    store.onDidChange((change) => change.kind !== 'report' && showActivity()),
    // A checkout or a new repository changes which report is current: redraw, fetch nothing.
    s.repositories.onDidChange(
      () =>
        void remotes().then(
          () => tree.redraw(),
          (e: unknown) => log.warn(`Git repositories: ${errorMessage(e)}`),
        ),
    ),
    store.onDidFail(({ error, retry }) => {
      if (shown.has(error.message)) return;
      shown.add(error.message);
      void showError(log, error, retry).finally(() => shown.delete(error.message));
    }),
    // Every change of the connection (a key stored or cleared anywhere, a setting) sets the
    // context key that picks the welcome view, and asks before a key follows a new origin.
    connection.onDidChange((change) => {
      void setContext(ContextKey.State, change.state.kind);
      if (change.clientChanged) {
        s.fixReviews.clear();
        void askAfterOriginChange(s, change.previousOrigin);
      }
    }),
  ];
}
