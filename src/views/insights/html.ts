// The Fix Insights page: our markup only (no server text: data arrives later as JSON), a strict
// Content Security Policy (scripts by nonce, no inline styles but ours, nothing from the network)
// and styles made of the theme's variables.
import { randomBytes } from 'node:crypto';
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';

/** Text for HTML: element content or an attribute in double quotes. */
function escaped(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export function insightsHtml(webview: vscode.Webview, scriptUri: vscode.Uri): string {
  // The editor's bundle for its display language (undefined in English): the page's script gives it
  // to @vscode/l10n for the page's own words (webview/insights/main).
  const translations = vscode.l10n.bundle;
  const nonce = randomBytes(18).toString('base64');
  const csp = [
    "default-src 'none'",
    `img-src ${webview.cspSource} data:`,
    `font-src ${webview.cspSource}`,
    `style-src ${webview.cspSource} 'nonce-${nonce}'`,
    `script-src 'nonce-${nonce}'`,
  ].join('; ');
  // eslint-disable-next-line no-restricted-syntax -- markup and styles; its words are translated where they go in
  return `<!DOCTYPE html>
<html lang="${escaped(vscode.env.language)}">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<title>${escaped(l10n.t('Fix Insights'))}</title>
<style nonce="${nonce}">
  body { color: var(--vscode-foreground); font-family: var(--vscode-font-family); font-size: var(--vscode-font-size); padding: 0 16px 24px; }
  h1 { font-size: 1.4em; font-weight: 600; }
  h2 { font-size: 1.1em; font-weight: 600; margin: 0 0 8px; }
  header { display: flex; flex-direction: column; gap: 8px; margin-bottom: 16px; }
  section, .tile { margin: 0 0 24px; padding: 12px; border: 1px solid var(--vscode-widget-border, var(--vscode-panel-border, transparent)); border-radius: 4px; }
  .tiles { display: grid; grid-template-columns: repeat(auto-fit, minmax(170px, 1fr)); column-gap: 12px; max-width: 900px; }
  .tile-value { font-size: 2em; font-weight: 600; }
  .canvas-box { position: relative; height: 240px; max-width: 900px; }
  table { border-collapse: collapse; margin: 12px 0 0; font-variant-numeric: tabular-nums; }
  caption { text-align: left; font-weight: 600; padding: 4px 0; }
  th, td { border-bottom: 1px solid var(--vscode-editorWidget-border, var(--vscode-panel-border, #8884)); padding: 2px 10px 2px 0; text-align: left; }
  td[data-kind]:not([data-kind="text"]) { text-align: right; }
  .error { color: var(--vscode-errorForeground); }
  .tile-label, .tile-detail, .caption, .no-data, #coverage, #scope-notice { color: var(--vscode-descriptionForeground); margin: 0; }
</style>
</head>
<body${translations ? ` data-l10n="${escaped(JSON.stringify(translations))}"` : ''}>
<main id="root"><p id="coverage" role="status">${escaped(l10n.t('Gathering fix reports…'))}</p></main>
<script nonce="${nonce}" src="${scriptUri.toString()}"></script>
</body>
</html>`;
}
