// Reports the user pinned as current ones of a repository (instead of the newest for the
// checked-out branch), per workspace, keyed by the repository root and then by scanner: one
// scanner's pin leaves the others' current reports alone. Stored as { [root]: { [scanner]: id } }
// (scanner keys of model/reportList scannerKey). A root may still hold one report id, as pins
// were stored before they were per scanner: that pin keeps counting, for its report's scanner.
import type * as vscode from 'vscode';

const PINS_STATE = 'securityFixReports.pinnedReports';

/** One root's pins by scanner; a string is a pin of the old shape (its scanner not stored). */
type RootPins = string | Record<string, string>;

export class Pins {
  constructor(private readonly state: vscode.Memento) {}

  /**
   * The report pinned for each scanner of the repository at `root`, for model/reportList
   * currentReports. A pin of the old shape is given for every scanner: currentReports honours a
   * pin only among that scanner's reports, so it counts for its own report's scanner alone.
   */
  pinned(root: vscode.Uri): (scanner: string) => string | undefined {
    const pins = parse(this.all()[root.toString()]);
    if (pins === undefined) return () => undefined;
    return typeof pins === 'string' ? () => pins : (scanner) => pins.get(scanner);
  }

  /**
   * Pins `reportId` as the current report of `scanner` for the repository at `root`. A pin of the
   * old shape is moved under its report's scanner (`scannerOf`, from the listed reports) unless
   * it is of this scanner (replaced) or no longer listed (it chose nothing, and is dropped).
   */
  async pin(root: vscode.Uri, scanner: string, reportId: string, scannerOf: (reportId: string) => string | undefined): Promise<void> {
    const old = parse(this.all()[root.toString()]);
    let pins: Map<string, string>;
    if (typeof old === 'string') {
      pins = new Map();
      const oldScanner = old === reportId ? undefined : scannerOf(old);
      if (oldScanner !== undefined && oldScanner !== scanner) pins.set(oldScanner, old);
    } else pins = old ?? new Map();
    pins.set(scanner, reportId);
    await this.put(root, Object.fromEntries(pins));
  }

  /** Removes the pin of `reportId` for `scanner` at `root`, if it is the one pinned; others stay. */
  async unpin(root: vscode.Uri, scanner: string, reportId: string): Promise<void> {
    const old = parse(this.all()[root.toString()]);
    if (typeof old === 'string') {
      if (old === reportId) await this.put(root, undefined);
      return;
    }
    if (old?.get(scanner) !== reportId) return;
    old.delete(scanner);
    await this.put(root, old.size ? Object.fromEntries(old) : undefined);
  }

  private async put(root: vscode.Uri, pins: RootPins | undefined): Promise<void> {
    const next = { ...this.all() };
    if (pins === undefined) delete next[root.toString()];
    else next[root.toString()] = pins;
    await this.state.update(PINS_STATE, next);
  }

  private all(): Record<string, unknown> {
    const value = this.state.get<unknown>(PINS_STATE);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  }
}

/**
 * One root's stored pins: a report id (the old shape), or the scanners' pins as a Map (scanner
 * keys are service text: a Map finds nothing for `constructor` or `__proto__`). Values that are
 * not report ids are skipped; undefined when nothing usable is stored.
 */
function parse(value: unknown): string | Map<string, string> | undefined {
  if (typeof value === 'string') return value === '' ? undefined : value;
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const pins = new Map<string, string>();
  for (const [scanner, reportId] of Object.entries(value)) if (typeof reportId === 'string' && reportId !== '') pins.set(scanner, reportId);
  return pins.size ? pins : undefined;
}
