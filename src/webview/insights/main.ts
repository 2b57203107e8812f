// The Fix Insights webview: a scope switch (vscode-elements) and a coverage line, the headline
// tiles, then charts (Chart.js) with the table behind each. Data arrives as JSON from the panel,
// charts already shaped (views/insights/charts: empty series left out); every value is put in the
// page through textContent or a canvas, never as HTML. Colours are the theme's chart colours by
// what each series means (./colours), read again whenever the theme changes.
import '@vscode-elements/elements/dist/vscode-radio-group/index.js';
import '@vscode-elements/elements/dist/vscode-radio/index.js';
import '@vscode-elements/elements/dist/vscode-button/index.js';
import * as l10n from '@vscode/l10n';
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
  type ChartConfiguration,
} from 'chart.js';
import type { MetricsTable } from '../../model/metrics/tables';
import { cellText } from './cells';
import { SERIES_COLOURS, type SeriesColour } from './colours';
import type { ChartData, FromWebview, InsightsData, InsightsState, Tile, ToWebview } from './protocol';
import { formatCount } from '../../common/text';

// The page's own words in the editor's language: the panel puts its translations on the body (views/insights/html).
const translations = document.body.dataset.l10n;
if (translations) l10n.config({ contents: translations });

Chart.register(BarController, BarElement, LineController, LineElement, PointElement, CategoryScale, LinearScale, Tooltip, Legend);

interface VsCodeApi {
  postMessage(message: FromWebview): void;
  getState(): InsightsState | undefined;
  setState(state: InsightsState): void;
}
declare function acquireVsCodeApi(): VsCodeApi;

const vscode = acquireVsCodeApi();
const post = (message: FromWebview) => vscode.postMessage(message);
let charts: Chart[] = [];
let last: InsightsData | undefined;

/** An element with text content only: the one way server text enters this page (cleaned by the panel, views/insights/data). */
function el<K extends keyof HTMLElementTagNameMap>(tag: K, text?: string, attrs: Record<string, string> = {}): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, value);
  return node;
}

function cssVar(name: string, fallback: string): string {
  return getComputedStyle(document.body).getPropertyValue(name).trim() || fallback;
}

/** The theme's colours (high-contrast themes define them too), the series' by what they mean (./colours). */
function palette() {
  const series = Object.fromEntries(
    Object.entries(SERIES_COLOURS).map(([meaning, c]) => [meaning, cssVar(c.variable, c.fallback)]),
  ) as Record<SeriesColour, string>;
  return {
    foreground: cssVar('--vscode-foreground', '#cccccc'),
    grid: cssVar('--vscode-editorWidget-border', cssVar('--vscode-panel-border', '#80808059')),
    font: cssVar('--vscode-font-family', 'sans-serif'),
    series,
  };
}

function tableOf(table: MetricsTable): HTMLTableElement {
  const t = el('table', undefined, { 'data-table': table.id });
  t.append(el('caption', table.title));
  const head = el('tr');
  for (const c of table.columns) head.append(el('th', c.title, { scope: 'col', 'data-kind': c.kind }));
  t.appendChild(el('thead')).append(head);
  const body = el('tbody');
  for (const row of table.rows) {
    const tr = el('tr');
    row.forEach((value, i) => {
      const kind = table.columns[i]?.kind ?? 'text';
      tr.append(el(i === 0 ? 'th' : 'td', cellText(value, kind), i === 0 ? { scope: 'row' } : { 'data-kind': kind }));
    });
    body.append(tr);
  }
  t.append(body);
  if (table.rows.length === 0)
    t.appendChild(el('tfoot'))
      .appendChild(el('tr'))
      .append(el('td', l10n.t('No data in this scope.')));
  return t;
}

/** The headline figures, before any chart; each tile's definition is its tooltip. */
function tilesOf(tiles: readonly Tile[]): HTMLElement {
  const section = el('div', undefined, { id: 'tiles', class: 'tiles', role: 'group', 'aria-label': l10n.t('At a glance') });
  for (const tile of tiles) {
    const box = section.appendChild(el('div', undefined, { class: 'tile', 'data-tile': tile.id, role: 'group', title: tile.definition }));
    box.append(
      el('div', tile.label, { class: 'tile-label' }),
      el('div', tile.value, { class: 'tile-value' }),
      el('div', tile.detail, { class: 'tile-detail' }),
    );
  }
  return section;
}

/** Chart.js' configuration of a chart: theme colours, no animation (a redraw on every data update must not flicker), fixed height. */
function configOf(chart: ChartData, p: ReturnType<typeof palette>): ChartConfiguration {
  const datasets = chart.series.map((s) => {
    const colour = typeof s.colour === 'string' ? p.series[s.colour] : s.colour.map((c) => p.series[c]);
    return { label: s.label, data: [...s.values], backgroundColor: colour, borderColor: colour };
  });
  const axis = (values: boolean) => ({
    ticks: { color: p.foreground, precision: 0 },
    grid: { color: p.grid },
    beginAtZero: true,
    ...(values && chart.max !== null ? { min: 0, max: chart.max } : {}),
  });
  return {
    type: chart.type,
    data: { labels: [...chart.labels], datasets },
    options: {
      indexAxis: chart.horizontal ? 'y' : 'x',
      animation: false,
      responsive: true,
      maintainAspectRatio: false,
      color: p.foreground,
      font: { family: p.font },
      // A series coloured bar by bar has its bars named on the axis: a legend would show one colour for all.
      plugins: { legend: { display: chart.series.some((s) => typeof s.colour === 'string'), labels: { color: p.foreground } } },
      scales: { x: axis(chart.horizontal), y: axis(!chart.horizontal) },
    },
  } as ChartConfiguration;
}

function render(data: InsightsData): void {
  last = data;
  const p = palette();
  vscode.setState({ scope: data.requested });
  for (const chart of charts) chart.destroy();
  charts = [];
  const root = document.getElementById('root')!;
  root.replaceChildren(header(data), tilesOf(data.tiles));
  const shown = new Set<string>();
  let empty = 0;
  for (const chart of data.charts) {
    const section = el('section', undefined, { 'data-chart': chart.id, class: 'chart' });
    section.append(el('h2', chart.title));
    if (chart.caption) section.append(el('p', chart.caption, { class: 'caption' }));
    if (chart.empty !== null) {
      section.append(el('p', chart.empty, { class: 'no-data' }));
      empty++;
    } else {
      const box = section.appendChild(el('div', undefined, { class: 'canvas-box' }));
      const canvas = box.appendChild(
        el('canvas', undefined, {
          role: 'img',
          'aria-label': l10n.t('{0}. {1} The table below holds the numbers.', chart.title, chart.summary),
        }),
      );
      charts.push(new Chart(canvas, configOf(chart, p)));
    }
    for (const id of chart.tables) {
      const table = data.tables.find((t) => t.id === id);
      if (!table) continue;
      section.append(tableOf(table));
      shown.add(id);
    }
    root.append(section);
  }
  const rest = root.appendChild(el('section', undefined, { class: 'tables' }));
  rest.append(el('h2', l10n.t('More tables')));
  for (const table of data.tables) if (!shown.has(table.id)) rest.append(tableOf(table));
  post({
    type: 'rendered',
    charts: charts.length,
    emptyCharts: empty,
    tiles: data.tiles.length,
    tables: root.querySelectorAll('table').length,
    colours: Object.values(p.series),
  });
}

function header(data: InsightsData): HTMLElement {
  const h = el('header');
  h.append(el('h1', l10n.t('Fix Insights')));
  const group = el('vscode-radio-group', undefined, { 'aria-label': l10n.t('Reports measured') });
  for (const choice of data.choices) {
    const radio = el('vscode-radio', choice.label, { name: 'scope', value: choice.key });
    if (JSON.stringify(choice.scope) === JSON.stringify(data.scope)) radio.setAttribute('checked', '');
    group.append(radio);
  }
  group.addEventListener('change', (e) => {
    const key = (e.target as HTMLInputElement).value;
    const choice = data.choices.find((c) => c.key === key);
    if (choice) post({ type: 'scope', scope: choice.scope });
  });
  h.append(group);
  if (data.notice) h.append(el('p', data.notice, { id: 'scope-notice' }));
  const c = data.coverage;
  const leftOut = c.inScope - c.reports;
  if (leftOut > 0)
    h.append(
      el(
        'p',
        l10n.t(
          'The {0} most recent of {1} reports; {2} left out (setting securityFixReports.insights.maxReports: {3}).',
          formatCount(c.reports),
          formatCount(c.inScope),
          formatCount(leftOut),
          formatCount(c.maxReports),
        ),
        { id: 'left-out' },
      ),
    );
  if (c.cancelled) h.append(el('p', l10n.t('Cancelled: the numbers cover the reports measured until then.'), { id: 'cancelled' }));
  const partial = c.withIssues - c.issuesComplete;
  const lines = [
    c.reports === 1
      ? l10n.t('Fixes counted over {0} of 1 report.', c.withFixes)
      : l10n.t('Fixes counted over {0} of {1} reports.', c.withFixes, c.reports),
    c.withIssues === 1
      ? partial > 0
        ? l10n.t('Issues and false positives over 1 report ({0} still partial).', partial)
        : l10n.t('Issues and false positives over 1 report.')
      : partial > 0
        ? l10n.t('Issues and false positives over {0} reports ({1} still partial).', c.withIssues, partial)
        : l10n.t('Issues and false positives over {0} reports.', c.withIssues),
    l10n.t('Computed {0}.', new Date(data.computedAt).toLocaleString()),
  ];
  h.append(el('p', lines.join(' '), { id: 'coverage', role: 'status' }));
  for (const f of c.failed) h.append(el('p', `${f.title}: ${f.message}`, { class: 'error' }));
  if (c.withIssues < c.reports) {
    const more = c.reports - c.withIssues;
    const button = el(
      'vscode-button',
      more === 1 ? l10n.t('Load issues of 1 more report') : l10n.t('Load issues of {0} more reports', more),
      { id: 'load-issues' },
    );
    button.addEventListener('click', () => post({ type: 'loadIssues' }));
    h.append(button);
  }
  return h;
}

function busy(message: string): void {
  const status = document.getElementById('coverage');
  if (status) status.textContent = message;
  else document.getElementById('root')!.replaceChildren(el('p', message, { id: 'coverage', role: 'status' }));
}

window.addEventListener('message', (event: MessageEvent<ToWebview>) => {
  const message = event.data;
  if (message.type === 'data') render(message);
  else if (message.type === 'busy') busy(message.message);
});
document.addEventListener('securitypolicyviolation', (e) =>
  post({ type: 'cspViolation', directive: e.violatedDirective, blocked: String(e.blockedURI) }),
);
// The editor sets the body's classes (vscode-light, vscode-dark, vscode-high-contrast…) again
// whenever it applies the theme's colours, also for a customization that keeps the theme's kind
// (tested in the editor): every such write redraws with the colours read again.
new MutationObserver(() => last && render(last)).observe(document.body, { attributes: true, attributeFilter: ['class'] });
post({ type: 'ready' });
