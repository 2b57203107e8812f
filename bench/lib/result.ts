// What a benchmark case reports: measured variants (each a summary of several runs), ratios
// against a baseline measured in the same run, targets, and where the time went.
import type { ProfileSummary } from './profile';
import { ratio, type Summary } from './stats';

export interface Variant {
  /** "client", "bare undici + JSON.parse", … */
  name: string;
  unit: string;
  summary: Summary;
  /** median / baseline median, when the case has a baseline. */
  vsBaseline?: number | null;
  /** This variant is what the others in its group are compared with. */
  isBaseline?: boolean;
  note?: string;
}

export interface Target {
  name: string;
  /** Human-readable limit, e.g. "≤ 1.15×". */
  limit: string;
  value: number | null;
  /** Unit of `value` (as in Variant), for display. */
  unit: string;
  pass: boolean | null;
}

export interface CaseResult {
  id: string;
  title: string;
  /** Name of the variant the ratios are against. */
  baseline?: string;
  variants: Variant[];
  targets: Target[];
  /** Facts for the reader (sizes, counts, versions). */
  details: Record<string, unknown>;
  /** Where the time (or memory) goes, from a profile taken in this run. */
  dominates?: string[];
  profile?: ProfileSummary;
  error?: string;
  wallMs?: number;
  /** Which bench run measured it (set when written to out/performance.md). */
  run?: RunLabel;
}

/** A bench run, as out/performance.md names it. */
export interface RunLabel {
  /** "YYYY-MM-DD hh:mm", UTC. */
  at: string;
  /** The command line, e.g. "npm run bench -- --cases paging --docs". */
  command: string;
  /** CPU, memory and kernel, Node and tools, as the Machine section lists them. */
  machine?: string;
}

export function variant(name: string, unit: string, summary: Summary, note?: string): Variant {
  return note === undefined ? { name, unit, summary } : { name, unit, summary, note };
}

/** Fills vsBaseline of every variant from the named baseline's median. */
export function withRatios(variants: Variant[], baseline: string): Variant[] {
  const base = variants.find((v) => v.name === baseline)?.summary.median;
  return variants.map((v) => ({ ...v, vsBaseline: ratio(v.summary.median, base), ...(v.name === baseline ? { isBaseline: true } : {}) }));
}

export function atMost(name: string, value: number | null | undefined, limit: number, label: string, unit: string): Target {
  const v = value ?? null;
  return { name, limit: label, value: v, unit, pass: v === null ? null : v <= limit };
}

export function atLeast(name: string, value: number | null | undefined, limit: number, label: string, unit: string): Target {
  const v = value ?? null;
  return { name, limit: label, value: v, unit, pass: v === null ? null : v >= limit };
}

export function failedCase(id: string, title: string, error: unknown): CaseResult {
  return {
    id,
    title,
    variants: [],
    targets: [],
    details: {},
    error: error instanceof Error ? (error.stack ?? error.message) : String(error),
  };
}
