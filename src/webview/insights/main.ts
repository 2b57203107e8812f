// The Fix Insights webview: charts (Chart.js) with the table behind each, a scope switch
// (vscode-elements) and a coverage line. Data arrives as JSON from the panel; every value is put
// in the page through textContent or a canvas, never as HTML. Colours are the theme's chart
// colours, read again whenever the theme changes.
import '@vscode-elements/elements/dist/vscode-radio-group/index.js';
import '@vscode-elements/elements/dist/vscode-radio/index.js';
import '@vscode-elements/elements/dist/vscode-button/index.js';
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
import type { FromWebview, InsightsData, InsightsState, ToWebview } from './protocol';

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

/** The theme's chart colours (high-contrast themes define them too). */
function palette() {
  return {
    foreground: cssVar('--vscode-foreground', '#cccccc'),
    grid: cssVar('--vscode-editorWidget-border', cssVar('--vscode-panel-border', '#80808059')),
    font: cssVar('--vscode-font-family', 'sans-serif'),
    series: [
      cssVar('--vscode-charts-blue', '#3794ff'),
      cssVar('--vscode-charts-green', '#89d185'),
      cssVar('--vscode-charts-red', '#f14c4c'),
      cssVar('--vscode-charts-yellow', '#cca700'),
      cssVar('--vscode-charts-purple', '#b180d7'),
      cssVar('--vscode-charts-orange', '#d18616'),
    ],
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
  if (table.rows.length === 0) t.appendChild(el('tfoot')).appendChild(el('tr')).append(el('td', 'No data in this scope.'));
  return t;
}

type ChartSpec = { id: string; title: string; summary: string; tables: string[]; config: (d: InsightsData) => ChartConfiguration };

const SPECS: ChartSpec[] = [
  {
    id: 'funnel',
    title: 'Funnel: fixes → downloaded → committed',
    summary: 'Fixes at each stage, by their current state and by recorded events.',
    tables: ['funnel'],
    config: (d) => ({
      type: 'bar',
      data: {
        labels: d.metrics.funnel.rows.map((r) => r.label),
        datasets: [
          { label: 'By state', data: d.metrics.funnel.rows.map((r) => r.byState.count) },
          { label: 'By events', data: d.metrics.funnel.rows.map((r) => r.byEvents.count) },
        ],
      },
    }),
  },
  {
    id: 'time-to-commit',
    title: 'Time from first observed to commit (and to download)',
    summary: 'Fixes per time bucket from first observed to their first submission and first download.',
    tables: ['time-to-distribution', 'time-to'],
    config: (d) => ({
      type: 'bar',
      data: {
        labels: d.metrics.timeToCommit.distribution.map((b) => b.label),
        datasets: [
          { label: 'Committed', data: d.metrics.timeToCommit.distribution.map((b) => b.count) },
          { label: 'Downloaded', data: d.metrics.timeToDownload.distribution.map((b) => b.count) },
        ],
      },
    }),
  },
  {
    id: 'ratings',
    title: 'Confidence × rating',
    summary: 'Thumbs up, thumbs down and Breaking-fix tags per confidence.',
    tables: ['ratings-by-confidence', 'rating-tags'],
    config: (d) => {
      const rows = d.metrics.ratings.byConfidence;
      const breaking = (tags: readonly { tag: string; count: number }[]) => tags.find((t) => t.tag === 'BREAKING_FIX')?.count ?? 0;
      return {
        type: 'bar',
        data: {
          labels: rows.map((r) => r.label),
          datasets: [
            { label: '👍 Thumbs up', data: rows.map((r) => r.up) },
            { label: '👎 Thumbs down', data: rows.map((r) => r.down) },
            { label: 'Breaking fix', data: rows.map((r) => breaking(r.tags)) },
          ],
        },
      };
    },
  },
  {
    id: 'fp-share',
    title: 'False-positive share per scanner',
    summary: 'Share of each scanner’s issues that are false positives (de-duplicated across rescans).',
    tables: ['false-positives-by-scanner', 'false-positives-by-issue-type'],
    config: (d) => ({
      type: 'bar',
      data: {
        labels: d.metrics.falsePositives.byScanner.map((s) => s.scanner),
        datasets: [{ label: 'False positive %', data: d.metrics.falsePositives.byScanner.map((s) => (s.share ?? 0) * 100) }],
      },
      options: { indexAxis: 'y', scales: { x: { min: 0, max: 100 } } },
    }),
  },
  {
    id: 'weekly',
    title: 'Weekly trend (ISO weeks, UTC)',
    summary: 'Fixes first observed and fixes committed per week.',
    tables: ['weekly'],
    config: (d) => ({
      type: 'line',
      data: {
        labels: d.metrics.weekly.map((w) => w.week),
        datasets: [
          { label: 'First observed', data: d.metrics.weekly.map((w) => w.firstObserved) },
          { label: 'Committed', data: d.metrics.weekly.map((w) => w.committed) },
        ],
      },
    }),
  },
];

/** Theme colours, no animation (a redraw on every data update must not flicker), fixed height. */
function themed(config: ChartConfiguration): ChartConfiguration {
  const p = palette();
  config.data.datasets.forEach((ds, i) => {
    const colour = p.series[i % p.series.length]!;
    Object.assign(ds, { backgroundColor: colour, borderColor: colour });
  });
  const scales = (config.options?.scales ?? {}) as Record<string, object>;
  const axis = (extra: object = {}) => ({
    ticks: { color: p.foreground, precision: 0 },
    grid: { color: p.grid },
    beginAtZero: true,
    ...extra,
  });
  config.options = {
    ...config.options,
    animation: false,
    responsive: true,
    maintainAspectRatio: false,
    color: p.foreground,
    font: { family: p.font },
    plugins: { legend: { labels: { color: p.foreground } } },
    scales: { x: axis(scales.x), y: axis(scales.y) },
  } as ChartConfiguration['options'];
  return config;
}

function render(data: InsightsData): void {
  last = data;
  const colours = palette().series;
  vscode.setState({ scope: data.scope });
  for (const chart of charts) chart.destroy();
  charts = [];
  const root = document.getElementById('root')!;
  root.replaceChildren(header(data));
  const shown = new Set<string>();
  const overview = data.tables.find((t) => t.id === 'overview');
  if (overview) {
    root.appendChild(el('section', undefined, { class: 'tables' })).append(tableOf(overview));
    shown.add(overview.id);
  }
  for (const spec of SPECS) {
    const section = el('section', undefined, { 'data-chart': spec.id, class: 'chart' });
    section.append(el('h2', spec.title));
    const box = section.appendChild(el('div', undefined, { class: 'canvas-box' }));
    const canvas = box.appendChild(
      el('canvas', undefined, { role: 'img', 'aria-label': `${spec.title}. ${spec.summary} The table below holds the numbers.` }),
    );
    charts.push(new Chart(canvas, themed(spec.config(data))));
    for (const id of spec.tables) {
      const table = data.tables.find((t) => t.id === id);
      if (!table) continue;
      section.append(tableOf(table));
      shown.add(id);
    }
    root.append(section);
  }
  const rest = root.appendChild(el('section', undefined, { class: 'tables' }));
  rest.append(el('h2', 'More tables'));
  for (const table of data.tables) if (!shown.has(table.id)) rest.append(tableOf(table));
  post({ type: 'rendered', charts: charts.length, tables: root.querySelectorAll('table').length, colours });
}

function header(data: InsightsData): HTMLElement {
  const h = el('header');
  h.append(el('h1', 'Fix Insights'));
  const group = el('vscode-radio-group', undefined, { 'aria-label': 'Reports measured' });
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
  const c = data.coverage;
  const reports = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'report' : 'reports'}`;
  const leftOut = c.inScope - c.reports;
  if (leftOut > 0)
    h.append(
      el(
        'p',
        `The ${c.reports.toLocaleString('en-US')} most recent of ${reports(c.inScope)}; ${leftOut.toLocaleString('en-US')} left out ` +
          `(setting securityFixReports.insights.maxReports: ${c.maxReports.toLocaleString('en-US')}).`,
        { id: 'left-out' },
      ),
    );
  if (c.cancelled) h.append(el('p', `Cancelled: the numbers cover the reports measured until then.`, { id: 'cancelled' }));
  const lines = [
    `Fixes counted over ${c.withFixes} of ${c.reports} ${c.reports === 1 ? 'report' : 'reports'}.`,
    `Issues and false positives over ${c.withIssues} ${c.withIssues === 1 ? 'report' : 'reports'}` +
      (c.withIssues > c.issuesComplete ? ` (${c.withIssues - c.issuesComplete} still partial).` : '.'),
    `Computed ${new Date(data.computedAt).toLocaleString()}.`,
  ];
  h.append(el('p', lines.join(' '), { id: 'coverage', role: 'status' }));
  for (const f of c.failed) h.append(el('p', `${f.title}: ${f.message}`, { class: 'error' }));
  if (c.withIssues < c.reports) {
    const button = el(
      'vscode-button',
      `Load issues of ${c.reports - c.withIssues} more ${c.reports - c.withIssues === 1 ? 'report' : 'reports'}`,
      {
        id: 'load-issues',
      },
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
