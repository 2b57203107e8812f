// The Problems panel: one diagnostic per place of the current reports' findings (editor/findings:
// the findings of one file at one range, rule and scanner, so several traces to one sink are one
// problem, `×N`, at their highest severity, with the traces' steps as related information), published
// per file, in time slices (common/timeSlice) so 10,000 findings never stall the extension host.
// A file's diagnostics are published again when its places move (an edit, or the file was opened
// and mapped to its text). The host keeps at most 1,000 diagnostics per file: the rest are not
// sent, and the view says which files were capped.
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import { readableVendor, scannerFor } from '../common/scanners';
import { oneLine } from '../common/text';
import { Disposable } from '../common/disposable';
import { TimeSlicer } from '../common/timeSlice';
import { readableIssueType } from '../model/format';
import { changedSinceScan } from './findingText';
import { levelOf, type Level } from '../model/severity';
import type { Connection } from '../editor/connection';
import type { Finding, Place } from '../editor/places';

/** What the extension host keeps per file; more are dropped with a warning of its own. */
const MAX_PER_FILE = 1_000;

/** Read when used, not at load (the bundle loads without touching the editor API). */
function severityOf(level: Level): vscode.DiagnosticSeverity {
  const { Error, Warning, Information, Hint } = vscode.DiagnosticSeverity;
  return { error: Error, warning: Warning, information: Information, hint: Hint }[level];
}

export interface PublishResult {
  files: number;
  diagnostics: number;
  /** Files with more findings than MAX_PER_FILE. */
  capped: vscode.Uri[];
  /** How often publishing yielded to the event loop. */
  yields: number;
}

/** What Problems publishes: the places per file, and when they change. */
export interface FindingSource {
  readonly onDidChange: vscode.Event<void>;
  readonly onDidChangeFile: vscode.Event<vscode.Uri>;
  uris(): vscode.Uri[];
  placesOf(uri: vscode.Uri): readonly Place[];
}

/** How long a file's edits wait before its diagnostics are published again. */
const REPUBLISH_MS = 100;
/** Related locations per diagnostic (the steps of the merged traces, each location once, up to this many). */
const MAX_RELATED = 200;

export class Problems extends Disposable {
  private readonly collection = this.register(vscode.languages.createDiagnosticCollection('securityFixReports'));
  private readonly published = this.register(new vscode.EventEmitter<PublishResult>());
  /** A publication finished (the view's message says which files were capped). */
  readonly onDidPublish = this.published.event;
  private files = new Set<string>();
  private generation = 0;
  private readonly pending = new Map<string, NodeJS.Timeout>();

  constructor(
    private readonly findings: FindingSource,
    private readonly connection: Connection,
    private readonly knownSummary: (fpId: string) => string | undefined,
  ) {
    super();
    this.register(findings.onDidChange(() => void this.publish()));
    this.register(findings.onDidChangeFile((uri) => this.republishSoon(uri)));
    // The severity table and the false-positive mode are settings.
    this.register(connection.onDidChange(() => void this.publish()));
    this.register({ dispose: () => this.pending.forEach((t) => clearTimeout(t)) });
  }

  /** Replaces what is shown with the current findings; a newer call stops an older one. */
  async publish(): Promise<PublishResult | undefined> {
    const generation = ++this.generation;
    const next = new Set<string>();
    const result: PublishResult = { files: 0, diagnostics: 0, capped: [], yields: 0 };
    const slicer = new TimeSlicer();
    for (const uri of this.findings.uris()) {
      const diagnostics = this.diagnosticsFor(uri);
      if (diagnostics.length === 0) continue;
      if (diagnostics.length > MAX_PER_FILE) result.capped.push(uri);
      this.collection.set(uri, diagnostics.slice(0, MAX_PER_FILE));
      next.add(uri.toString());
      result.files++;
      result.diagnostics += Math.min(diagnostics.length, MAX_PER_FILE);
      if (slicer.due) {
        await slicer.yield();
        if (generation !== this.generation) return undefined;
      }
    }
    for (const key of this.files) if (!next.has(key)) this.collection.delete(vscode.Uri.parse(key));
    this.files = next;
    result.yields = slicer.yieldCount;
    this.published.fire(result);
    return result;
  }

  /** What is published for a file (for tests and the bench). */
  diagnosticsOf(uri: vscode.Uri): readonly vscode.Diagnostic[] {
    return this.collection.get(uri) ?? [];
  }

  private diagnosticsFor(uri: vscode.Uri): vscode.Diagnostic[] {
    const { falsePositives, severity } = this.connection.settings.findings;
    return this.findings
      .placesOf(uri)
      .filter((place) => !(falsePositives === 'hide' && place.findings[0]!.falsePositive))
      .map((place) => diagnosticOf(place, severity, this.knownSummary));
  }

  private republishSoon(uri: vscode.Uri): void {
    const key = uri.toString();
    clearTimeout(this.pending.get(key));
    this.pending.set(
      key,
      setTimeout(() => {
        this.pending.delete(key);
        if (!this.files.has(key)) return; // not published (yet): the next publish() includes it
        this.collection.set(uri, this.diagnosticsFor(uri).slice(0, MAX_PER_FILE));
      }, REPUBLISH_MS),
    );
  }
}

export function diagnosticOf(
  place: Place,
  overrides: Readonly<Record<string, Level>>,
  knownSummary: (fpId: string) => string | undefined,
): vscode.Diagnostic {
  const first = place.findings[0]!;
  const { issue } = first;
  const type = readableIssueType(issue.issueType);
  const count = place.findings.length > 1 ? ` ×${place.findings.length}` : '';
  const summary = first.falsePositive && issue.fpId ? knownSummary(issue.fpId) : undefined;
  const changed = place.changed ? ` [${changedSinceScan()}]` : '';
  // What follows the type and count starts with " (" or " [" (FindingActions matches diagnostics by what comes before).
  const fp = summary ? ` (${l10n.t('false positive: {0}', oneLine(summary, 300))})` : ` (${l10n.t('false positive')})`;
  const message = first.falsePositive ? `${type}${count}${fp}${changed}` : `${type}${count}${changed}`;
  const level: Level = first.falsePositive ? 'hint' : highest(place.findings.map((f) => levelOf(f.issue.severity, overrides)));
  const diagnostic = new vscode.Diagnostic(place.range, message, severityOf(level));
  diagnostic.source = readableVendor(first.vendor);
  const rule = issue.vendorIssueId ? oneLine(issue.vendorIssueId, 200) : undefined;
  if (rule) {
    const target = scannerFor(first.vendor)?.ruleUrl?.(rule);
    diagnostic.code = target ? { value: rule, target: vscode.Uri.from(target) } : rule;
  }
  diagnostic.relatedInformation = relatedSteps(place);
  return diagnostic;
}

/**
 * A diagnostic's message up to what diagnosticOf adds after the type and count (" (false
 * positive…" or " [changed…", in the UI's language): a summary fetched later lengthens a message,
 * this part stays.
 */
export function messageHead(message: string): string {
  const withSummary = l10n.t('false positive: {0}', '\u0000').split('\u0000')[0]!;
  const markers = [` (${l10n.t('false positive')}`, ` (${withSummary}`, ` [${changedSinceScan()}`];
  const cuts = markers.map((m) => message.indexOf(m)).filter((i) => i >= 0);
  return cuts.length ? message.slice(0, Math.min(...cuts)) : message;
}

/**
 * The data-flow steps of the place's traces as related information: one trace's steps in order;
 * several traces' steps each once per location (traces to one sink mostly share their steps,
 * and the editor's hover lists every entry before anything else), saying which traces pass there.
 */
function relatedSteps(place: Place): vscode.DiagnosticRelatedInformation[] | undefined {
  const traces = place.findings.filter((f) => f.related.length > 0);
  if (traces.length === 0) return undefined;
  if (traces.length === 1) {
    const steps = traces[0]!.related;
    return steps
      .slice(0, MAX_RELATED)
      .map(
        (step, i) =>
          new vscode.DiagnosticRelatedInformation(
            new vscode.Location(step.uri, step.range),
            l10n.t('Data flow step {0} of {1}', i + 1, steps.length + 1),
          ),
      );
  }
  const byLocation = new Map<string, { step: Finding['related'][number]; traces: number[] }>();
  traces.forEach((finding, t) => {
    for (const step of finding.related) {
      const key = `${step.uri.toString()}#${step.range.start.line}:${step.range.start.character}-${step.range.end.line}:${step.range.end.character}`;
      const entry = byLocation.get(key);
      if (entry) {
        if (entry.traces.at(-1) !== t + 1) entry.traces.push(t + 1);
      } else byLocation.set(key, { step, traces: [t + 1] });
    }
  });
  return [...byLocation.values()].slice(0, MAX_RELATED).map(({ step, traces: on }) => {
    const listed = on.slice(0, 5).join(', ');
    const message =
      on.length === traces.length
        ? l10n.t('Data flow step of all {0} traces', traces.length)
        : on.length === 1
          ? l10n.t('Data flow step of trace {0} of {1}', listed, traces.length)
          : on.length > 5
            ? l10n.t('Data flow step of traces {0} and {1} more of {2}', listed, on.length - 5, traces.length)
            : l10n.t('Data flow step of traces {0} of {1}', listed, traces.length);
    return new vscode.DiagnosticRelatedInformation(new vscode.Location(step.uri, step.range), message);
  });
}

const ORDER: readonly Level[] = ['error', 'warning', 'information', 'hint'];

/** The most severe of the levels. */
function highest(levels: readonly Level[]): Level {
  return ORDER.find((level) => levels.includes(level)) ?? 'information';
}
