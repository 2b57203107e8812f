// The service's severities (each scanner its own words) on the editor's four levels. The
// default table below is stated in docs/decisions.md; the `findings.severity` setting overrides any
// entry. Unknown severities are Information: shown, never loud.

export type Level = 'error' | 'warning' | 'information' | 'hint';

const LEVELS: readonly Level[] = ['error', 'warning', 'information', 'hint'];

export const DEFAULT_LEVELS: Readonly<Record<string, Level>> = {
  blocker: 'error',
  critical: 'error',
  high: 'error',
  error: 'error',
  major: 'warning',
  medium: 'warning',
  moderate: 'warning',
  warning: 'warning',
  minor: 'information',
  low: 'information',
  note: 'information',
  info: 'information',
  informational: 'information',
};

/** The level of a severity: the user's table first (keys compared lower-case), then the default.
 * Only a table's own entries count: a severity named `constructor` or `__proto__` is a word like
 * any other, not a way into Object.prototype. */
export function levelOf(severity: string | null | undefined, overrides: Readonly<Record<string, Level>> = {}): Level {
  const key = (severity ?? '').trim().toLowerCase();
  return ownLevel(overrides, key) ?? ownLevel(DEFAULT_LEVELS, key) ?? 'information';
}

function ownLevel(table: Readonly<Record<string, Level>>, key: string): Level | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}

/** A user table from settings JSON: lower-cased keys, only valid levels kept. Each entry is
 * defined as an own property: assigning `__proto__` would set the table's prototype instead. */
export function levelTable(value: unknown): Record<string, Level> {
  const out: Record<string, Level> = {};
  if (!value || typeof value !== 'object') return out;
  for (const [key, level] of Object.entries(value)) {
    if (typeof level === 'string' && (LEVELS as readonly string[]).includes(level.toLowerCase()))
      Object.defineProperty(out, key.trim().toLowerCase(), {
        value: level.toLowerCase() as Level,
        enumerable: true,
        writable: true,
        configurable: true,
      });
  }
  return out;
}
