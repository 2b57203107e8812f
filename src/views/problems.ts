// The Problems panel: one diagnostic per finding of the current reports (editor/findings),
// published per file, in time slices (common/timeSlice) so 10,000 findings never stall the
// extension host (bench case 10 measures the longest stall). The host keeps at most 1,000
// diagnostics per file: the rest are not sent, and the view says which files were capped.
import * as vscode from 'vscode';
import { readableVendor, scannerFor } from '../common/scanners';
import { oneLine } from '../common/text';
import { Disposable } from '../common/disposable';
import { TimeSlicer } from '../common/timeSlice';
import { readableIssueType } from '../model/format';
import { levelOf, type Level } from '../model/severity';
import type { Connection } from '../editor/connection';
import type { Finding } from '../editor/findings';

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

/** What Problems publishes: the findings per file, and when they change. */
export interface FindingSource {
  readonly onDidChange: vscode.Event<void>;
  uris(): vscode.Uri[];
  forUri(uri: vscode.Uri): readonly Finding[];
}

export class Problems extends Disposable {
  private readonly collection = this.register(vscode.languages.createDiagnosticCollection('securityFixReports'));
  private readonly published = this.register(new vscode.EventEmitter<PublishResult>());
  /** A publication finished (the view's message says which files were capped). */
  readonly onDidPublish = this.published.event;
  private files = new Set<string>();
  private generation = 0;

  constructor(
    private readonly findings: FindingSource,
    private readonly connection: Connection,
    private readonly knownSummary: (fpId: string) => string | undefined,
  ) {
    super();
    this.register(findings.onDidChange(() => void this.publish()));
    // The severity table and the false-positive mode are settings.
    this.register(connection.onDidChange(() => void this.publish()));
  }

  /** Replaces what is shown with the current findings; a newer call stops an older one. */
  async publish(): Promise<PublishResult | undefined> {
    const generation = ++this.generation;
    const { falsePositives, severity } = this.connection.settings.findings;
    const next = new Set<string>();
    const result: PublishResult = { files: 0, diagnostics: 0, capped: [], yields: 0 };
    const slicer = new TimeSlicer();
    for (const uri of this.findings.uris()) {
      const shown = this.findings.forUri(uri).filter((f) => !(f.falsePositive && falsePositives === 'hide'));
      if (shown.length === 0) continue;
      if (shown.length > MAX_PER_FILE) result.capped.push(uri);
      const diagnostics = shown.slice(0, MAX_PER_FILE).map((f) => diagnosticOf(f, severity, this.knownSummary));
      this.collection.set(uri, diagnostics);
      next.add(uri.toString());
      result.files++;
      result.diagnostics += diagnostics.length;
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
}

export function diagnosticOf(
  finding: Finding,
  overrides: Readonly<Record<string, Level>>,
  knownSummary: (fpId: string) => string | undefined,
): vscode.Diagnostic {
  const { issue } = finding;
  const type = readableIssueType(issue.issueType);
  const summary = finding.falsePositive && issue.fpId ? knownSummary(issue.fpId) : undefined;
  const message = finding.falsePositive ? `${type} (false positive${summary ? `: ${oneLine(summary, 300)}` : ''})` : type;
  const level: Level = finding.falsePositive ? 'hint' : levelOf(issue.severity, overrides);
  const diagnostic = new vscode.Diagnostic(finding.range, message, severityOf(level));
  diagnostic.source = readableVendor(finding.vendor);
  const rule = issue.vendorIssueId ? oneLine(issue.vendorIssueId, 200) : undefined;
  if (rule) {
    const target = scannerFor(finding.vendor)?.ruleUrl?.(rule);
    diagnostic.code = target ? { value: rule, target: vscode.Uri.from(target) } : rule;
  }
  if (finding.related.length) {
    diagnostic.relatedInformation = finding.related.map(
      (step, i) =>
        new vscode.DiagnosticRelatedInformation(
          new vscode.Location(step.uri, step.range),
          `Data flow step ${i + 1} of ${finding.related.length + 1}`,
        ),
    );
  }
  return diagnostic;
}
