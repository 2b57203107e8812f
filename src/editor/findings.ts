// The findings of each workspace repository's current report, placed in the workspace's files:
// what the Problems panel, the hover on code, the quick fixes, Go to Finding and the picker
// read. Recomputed (never fetched) when issues arrive, the repositories, pins or filter change.
// A path the service sent that is not in the repository is reported once, not dropped quietly.
import * as vscode from 'vscode';
import type { FixReportSummary } from '../api/schemas';
import type { HeldIssue } from '../model/heldIssue';
import { Disposable } from '../common/disposable';
import { TimeSlicer } from '../common/timeSlice';
import { isFalsePositive } from '../model/issue';
import { issueLocations, refusedPaths, type CodeLocation } from '../model/locations';
import type { ReportModel } from '../model/report';
import { currentReport } from '../model/reportList';
import type { Connection } from './connection';
import type { ExtensionLog } from './log';
import type { Pins } from './pins';
import type { ReportStore } from './reportStore';
import type { Repositories, WorkspaceRepository } from './repositories';

export interface Finding {
  readonly reportId: string;
  readonly issue: HeldIssue;
  readonly vendor: string;
  readonly model: ReportModel;
  readonly falsePositive: boolean;
  readonly uri: vscode.Uri;
  readonly range: vscode.Range;
  /** The other steps of the data-flow trace that are in the workspace, in trace order. */
  readonly related: readonly { readonly uri: vscode.Uri; readonly range: vscode.Range }[];
}

/** One workspace repository and the report whose findings stand for it. */
export interface CurrentReport {
  readonly repository: WorkspaceRepository;
  readonly report: FixReportSummary;
  /** The report was made for another branch than the one checked out (its findings may be off). */
  readonly otherBranch?: { readonly report: string; readonly checkedOut: string };
}

/** Which issues count (the tree's filter, so the Problems panel agrees with the view). */
export type IssuePredicate = (issue: HeldIssue) => boolean;

/** How long after the last change the findings are recomputed (pages arrive every few 100 ms). */
const SETTLE_MS = 300;

export class Findings extends Disposable {
  private readonly changed = this.register(new vscode.EventEmitter<void>());
  /** The findings or the current reports changed. */
  readonly onDidChange = this.changed.event;
  private byUri = new Map<string, Finding[]>();
  private currentReports: CurrentReport[] = [];
  private missing = 0;
  private readonly reported = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  private run = 0;

  constructor(
    private readonly connection: Connection,
    private readonly store: ReportStore,
    private readonly repositories: Repositories,
    private readonly pins: Pins,
    private readonly log: ExtensionLog,
    private readonly shows: () => IssuePredicate,
  ) {
    super();
    this.register(store.onDidChange((change) => change.kind !== 'status' && this.schedule()));
    this.register(repositories.onDidChange(() => this.schedule()));
    this.register({ dispose: () => clearTimeout(this.timer) });
  }

  /** Recompute soon (the filter or a pin changed, or data arrived). */
  schedule(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(
      () => void this.recompute().catch((e: unknown) => this.log.error(`Findings: ${e instanceof Error ? e.message : String(e)}`)),
      SETTLE_MS,
    );
  }

  /** The findings in a file, in report order. */
  forUri(uri: vscode.Uri): readonly Finding[] {
    return this.byUri.get(uri.toString()) ?? [];
  }

  /** The findings whose range holds the position (or the line, for a whole-line range). */
  at(uri: vscode.Uri, position: vscode.Position): Finding[] {
    return this.forUri(uri).filter(
      (f) => f.range.contains(position) || (f.range.start.line <= position.line && position.line <= f.range.end.line),
    );
  }

  /** Every file with findings. */
  uris(): vscode.Uri[] {
    return [...this.byUri.values()].map((list) => list[0]!.uri);
  }

  get current(): readonly CurrentReport[] {
    return this.currentReports;
  }

  /** Paths of the current reports that are not in their repository (each logged once). */
  get missingPaths(): number {
    return this.missing;
  }

  /** Recomputes now; loads (once) each current report whose issues were never requested. */
  async recompute(): Promise<void> {
    const run = ++this.run;
    const repositories = await this.repositories.list();
    // The Problems panel needs the list even when the view was never opened (not before there
    // is a key: the store would announce that as an error).
    const ready = this.connection.state.kind === 'ready';
    const reports =
      repositories.length && ready ? await this.store.reports().catch(() => this.store.loadedReports()) : this.store.loadedReports();
    const nowMs = Date.now();
    const current: CurrentReport[] = [];
    for (const repository of repositories) {
      const report = currentReport(reports, repository, nowMs, this.pins.get(repository.root));
      if (!report) continue;
      const reference = report.repo?.reference;
      const otherBranch =
        reference && repository.branch && reference !== repository.branch
          ? { report: reference, checkedOut: repository.branch }
          : undefined;
      current.push({ repository, report, otherBranch });
      // The Problems panel needs the current report's issues without anyone expanding it.
      if (!this.store.entry(report.id)?.issues && !this.store.entry(report.id)?.detailError)
        void this.store.report(report.id).catch(() => undefined);
    }
    const shows = this.shows();
    const byUri = new Map<string, Finding[]>();
    const exists = existenceCache();
    // 10,000 issues take tens of milliseconds to place: in slices, so the host stays responsive.
    const slicer = new TimeSlicer();
    let missing = 0;
    for (const { repository, report } of current) {
      const entry = this.store.entry(report.id);
      const model = entry?.model;
      if (!model) continue;
      const vendor = model.report.vulnerabilityReport?.vendor ?? report.vulnerabilityReport?.vendor ?? '';
      for (const issue of model.issues()) {
        if (slicer.due) {
          await slicer.yield();
          if (run !== this.run) return; // a newer recompute started meanwhile
        }
        if (!shows(issue)) continue;
        for (const refused of refusedPaths(issue))
          this.reportOnce(
            report.id,
            `refused ${refused.path}`,
            `Report ${report.id}: the path ${JSON.stringify(refused.path)} of issue ${issue.id} was refused (${refused.reason}).`,
          );
        const located = issueLocations(issue);
        if (!located) continue;
        const uri = vscode.Uri.joinPath(repository.root, located.primary.path);
        if (!(await exists(uri))) {
          missing++;
          this.reportOnce(
            report.id,
            located.primary.path,
            `Report ${report.id}: ${located.primary.path} (issue ${issue.id}) is not in ${repository.root.fsPath}; its finding is not shown in the code.`,
          );
          continue;
        }
        const related: { uri: vscode.Uri; range: vscode.Range }[] = [];
        for (const step of located.related) {
          const stepUri = vscode.Uri.joinPath(repository.root, step.path);
          if (await exists(stepUri)) related.push({ uri: stepUri, range: rangeOf(step) });
        }
        const finding: Finding = {
          reportId: report.id,
          issue,
          vendor,
          model,
          falsePositive: isFalsePositive(issue),
          uri,
          range: rangeOf(located.primary),
          related,
        };
        const key = uri.toString();
        const list = byUri.get(key);
        if (list) list.push(finding);
        else byUri.set(key, [finding]);
      }
    }
    if (run !== this.run) return; // a newer recompute started meanwhile
    this.byUri = byUri;
    this.currentReports = current;
    this.missing = missing;
    this.changed.fire();
  }

  private reportOnce(reportId: string, what: string, message: string): void {
    const key = `${reportId}\u0000${what}`;
    if (this.reported.has(key)) return;
    this.reported.add(key);
    this.log.warn(message);
  }
}

/** Lines 1-based → 0-based; a location without columns covers its whole lines. */
export function rangeOf(location: CodeLocation): vscode.Range {
  const start = (location.startLine ?? 1) - 1;
  const end = (location.endLine ?? location.startLine ?? 1) - 1;
  if (location.startColumn !== undefined && location.endColumn !== undefined) {
    return new vscode.Range(start, location.startColumn - 1, end, location.endColumn - 1);
  }
  // The editor clamps the end to the line's length.
  return new vscode.Range(start, 0, end, Number.MAX_SAFE_INTEGER);
}

/** Whether a file exists, asked once per path per recompute. */
function existenceCache(): (uri: vscode.Uri) => Promise<boolean> {
  const known = new Map<string, Promise<boolean>>();
  return (uri) => {
    const key = uri.toString();
    let answer = known.get(key);
    if (!answer) {
      answer = Promise.resolve(vscode.workspace.fs.stat(uri)).then(
        (stat) => (stat.type & vscode.FileType.File) !== 0,
        () => false,
      );
      known.set(key, answer);
    }
    return answer;
  };
}
