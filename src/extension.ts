// Wiring only: build the services, register views and commands, react to settings.
import * as vscode from 'vscode';
import { createServices } from './commands/createServices';
import { reactions } from './commands/reactions';
import { registerCommands } from './commands/registry';
import type { Services } from './commands/services';
import { insightsDeps } from './commands/showInsights';
import { ContextKey } from './common/manifest';
import { setContext } from './editor/contextKeys';
import { offerEnvironmentKey } from './editor/keyPrompts';
import { migrateRenamedSettings } from './editor/settings';
import { INSIGHTS_VIEW_TYPE, InsightsPanel, type InsightsStats } from './views/insights/panel';
import { registerLanguageModelTools } from './views/languageModelTools';
import { registerProviders } from './views/providers';
import type { StatusBar } from './views/statusBar';
import { errorMessage } from './common/errors';

/** What activate() returns: for the integration tests (and other extensions, read-only use). */
export interface ExtensionApi {
  services: Services;
  statusBar: StatusBar;
  /** Milliseconds from activate() start to the tree provider being registered. */
  activationMs: number;
  ready: Promise<void>;
  /** What the Fix Insights page reported (draws, charts, tables, CSP violations): for the tests. */
  insights: InsightsStats;
}

export function activate(context: vscode.ExtensionContext): ExtensionApi {
  const built = createServices(context, performance.now());
  const { s, statusBar, activationMs, fpDocuments, explanations, problems } = built;
  const { log, connection, store, findings } = s;
  context.subscriptions.push(
    // What was built, disposed with the extension.
    ...[s.findings, problems, s.viewStatus, log, s.keys, s.repositories, connection, store, s.changes, s.caches, s.tree, s.treeView],
    ...[s.suppressions, s.suppressionsTree, s.suppressionsView],
    ...[statusBar, fpDocuments, s.fixPreviewTabs],
    ...registerCommands(s, fpDocuments),
    ...registerProviders({ connection, store, findings, explanations, fpDocuments, fixPreviews: s.fixPreviews, changes: s.changes }),
    ...registerLanguageModelTools(context, s),
    // Fix Insights survives a window reload with its scope (the page's saved state).
    vscode.window.registerWebviewPanelSerializer(INSIGHTS_VIEW_TYPE, {
      deserializeWebviewPanel: async (panel, state) => InsightsPanel.restore(insightsDeps(s), panel, state),
    }),
    ...reactions(built),
  );
  // The welcome view offers the environment's key too (the notification is offered once).
  void setContext(ContextKey.EnvKey, !!process.env.SECURITY_FIX_REPORTS_KEY?.trim());
  const ready = migrateRenamedSettings()
    .then((moved) => moved.forEach((line) => log.info(line)))
    .then(() => connection.reload())
    .then(() => {
      void offerEnvironmentKey(s); // a prompt: not part of being ready
    });
  ready.catch((e: unknown) => log.error(`Activation: ${errorMessage(e)}`));
  log.info(`Activated in ${activationMs.toFixed(1)} ms (tree registered).`);
  return { services: s, statusBar, activationMs, ready, insights: InsightsPanel.stats };
}

export function deactivate(): void {}
