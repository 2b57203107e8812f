// Renders case results: one JSON line per case (for machines), an aligned text table (for
// the terminal) and Markdown rows (for out/performance.md).
import type { CaseResult, Target, Variant } from './result';

export function jsonLine(result: CaseResult): string {
  const { profile, ...rest } = result;
  // The profile's function list is long; the categories are what a reader of a log needs.
  return JSON.stringify(
    profile ? { ...rest, profile: { busyMs: profile.busyMs, idleMs: profile.idleMs, categories: profile.categories } } : rest,
  );
}

interface Row {
  case: string;
  measure: string;
  median: string;
  spread: string;
  vsBaseline: string;
  target: string;
}

function rows(results: readonly CaseResult[]): Row[] {
  const out: Row[] = [];
  for (const r of results) {
    if (r.error) {
      out.push({ case: r.title, measure: 'FAILED', median: '', spread: '', vsBaseline: '', target: firstLine(r.error) });
      continue;
    }
    r.variants.forEach((v, i) => {
      out.push({
        case: i === 0 ? r.title : '',
        measure: v.name,
        median: formatValue(v.summary.median, v.unit),
        spread: spread(v),
        vsBaseline: vsBaseline(v),
        target: '',
      });
    });
    for (const t of r.targets)
      out.push({
        case: '',
        measure: `target: ${t.name}`,
        median: formatTargetValue(t),
        spread: '',
        vsBaseline: '',
        target: `${t.limit} ${verdict(t)}`,
      });
  }
  return out;
}

const HEADERS: Row = {
  case: 'Case',
  measure: 'Measure',
  median: 'Median',
  spread: 'Spread (min–max, ±IQR/2)',
  vsBaseline: 'vs baseline',
  target: 'Target',
};
const COLUMNS = Object.keys(HEADERS) as (keyof Row)[];

export function textTable(results: readonly CaseResult[]): string {
  const all = [HEADERS, ...rows(results)];
  const widths = COLUMNS.map((c) => Math.max(...all.map((r) => [...r[c]].length)));
  const line = (r: Row) =>
    COLUMNS.map((c, i) => r[c].padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  return [line(HEADERS), widths.map((w) => '-'.repeat(w)).join('  '), ...all.slice(1).map(line)].join('\n');
}

export function markdownTable(results: readonly CaseResult[]): string {
  const esc = (s: string) => s.replace(/\|/g, '\\|');
  const line = (r: Row) => `| ${COLUMNS.map((c) => esc(r[c])).join(' | ')} |`;
  return [line(HEADERS), `|${COLUMNS.map(() => '---').join('|')}|`, ...rows(results).map(line)].join('\n');
}

function formatValue(value: number, unit: string): string {
  if (unit === 'ms')
    return value >= 10_000
      ? `${(value / 1000).toFixed(2)} s`
      : `${value >= 100 ? Math.round(value) : value.toFixed(value >= 10 ? 1 : 2)} ms`;
  if (unit === 'MB') return `${value.toFixed(1)} MB`;
  if (unit === 'KB') return `${value.toFixed(1)} KB`;
  if (unit === 'B') return `${Math.round(value).toLocaleString('en-US')} B`;
  if (unit === 'bytes') return `${Math.round(value).toLocaleString('en-US')} B`;
  if (unit === 'x') return `${value.toFixed(2)}×`;
  return unit === '' ? String(value) : `${value} ${unit}`;
}

function spread(v: Variant): string {
  const s = v.summary;
  if (s.runs === 1) return '1 run';
  return `${formatValue(s.min, v.unit)}–${formatValue(s.max, v.unit)}, ±${s.spreadPct}% (${s.runs} runs)`;
}

function vsBaseline(v: Variant): string {
  if (v.isBaseline) return 'baseline';
  return v.vsBaseline === undefined || v.vsBaseline === null ? '' : `${v.vsBaseline.toFixed(2)}×`;
}

function formatTargetValue(t: Target): string {
  return t.value === null ? 'n/a' : formatValue(t.value, t.unit);
}

function verdict(t: Target): string {
  return t.pass === null ? '(not measured)' : t.pass ? '✓ met' : '✗ missed';
}

function firstLine(text: string): string {
  return text.split('\n')[0] ?? '';
}
