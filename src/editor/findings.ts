// The findings of each workspace repository's current reports (one per scanner), grouped into
// places (editor/places) in the workspace's files and followed through edits (editor/trackedFile):
// what the Problems panel, the hover on code, the quick fixes, Go to Finding and the picker
// read. Recomputed (never fetched) when issues arrive, the repositories, pins or filter change.
// A path the service sent that is not in the repository is reported once, not dropped quietly.
import * as vscode from 'vscode';
import type { FixReportSummary } from '../api/schemas';
import type { HeldIssue } from '../model/heldIssue';
import { Disposable } from '../common/disposable';
import { TimeSlicer } from '../common/timeSlice';
import { hiddenStates, isFalsePositive } from '../model/issue';
import { issueLocations, refusedPaths } from '../model/locations';
import { currentReports } from '../model/reportList';
import type { Connection } from './connection';
import type { ExtensionLog } from './log';
import type { Pins } from './pins';
import type { ReportStore } from './reportStore';
import type { Repositories, WorkspaceRepository } from './repositories';
import type { ScannedTexts } from './scannedText';
import { TrackedFile } from './trackedFile';
import { lineRangeOf, PlaceImpl, toRange, type DraftItem, type Finding, type Place } from './places';
import type { LineRange } from '../model/anchors';
import { errorMessage } from '../common/errors';
import { existenceCache } from './fileExistence';

/** One workspace repository and a report whose findings stand for it (one per scanner). */
export interface CurrentReport {
  readonly repository: WorkspaceRepository;
  readonly report: FixReportSummary;
  /** The scanner's name in the scanner table (model/reportList scannerKey). */
  readonly scanner: string;
  /** The report was made for another branch than the one checked out (its findings may be off). */
  readonly otherBranch?: { readonly report: string; readonly checkedOut: string };
}

/** Which issues count (the tree's filter, scanner included, so the Problems panel agrees with the view). */
export type IssuePredicate = (issue: HeldIssue, report: FixReportSummary) => boolean;

/** How long after the last change the findings are recomputed (pages arrive every few 100 ms). */
const SETTLE_MS = 300;
/** How long typing must pause before a file is mapped again from the scanned text. */
const REMAP_MS = 750;

/** One file's findings, their places and where those are now. */
interface FileFindings {
  readonly uri: vscode.Uri;
  readonly findings: Finding[];
  readonly places: Place[];
  readonly tracked: TrackedFile;
  /** The report, repository and path its text is read from (the first finding's). */
  readonly source: { readonly root: vscode.Uri; readonly report: FixReportSummary; readonly path: string };
  /** Identifies the file's places, so a recompute that changes nothing here keeps the tracking. */
  readonly signature: string;
}

export class Findings extends Disposable {
  private readonly changed = this.register(new vscode.EventEmitter<void>());
  /** The findings or the current reports changed. */
  readonly onDidChange = this.changed.event;
  private readonly fileChanged = this.register(new vscode.EventEmitter<vscode.Uri>());
  /** The places of one file moved (an edit, or the file was opened and mapped). */
  readonly onDidChangeFile = this.fileChanged.event;
  private byUri = new Map<string, FileFindings>();
  /** Each finding by report and issue id. */
  private byIssue = new Map<string, Finding>();
  private currentReports: CurrentReport[] = [];
  private missing = 0;
  private readonly reported = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  private readonly remaps = new Map<string, NodeJS.Timeout>();
  private readonly placing = new Map<string, Promise<void>>();
  private run = 0;
  /** A recompute is due (its timer runs), or this many are under way. */
  private scheduled = false;
  private running = 0;

  constructor(
    private readonly connection: Connection,
    private readonly store: ReportStore,
    private readonly repositories: Repositories,
    private readonly pins: Pins,
    private readonly log: ExtensionLog,
    private readonly shows: () => IssuePredicate,
    private readonly scanned: ScannedTexts,
  ) {
    super();
    this.register(store.onDidChange((change) => change.kind !== 'status' && this.schedule()));
    this.register(repositories.onDidChange(() => this.schedule()));
    // The hidden states are a setting; other settings do not change which findings there are.
    let hidden = JSON.stringify(connection.settings.findings.hiddenStates);
    this.register(
      connection.onDidChange(() => {
        const now = JSON.stringify(connection.settings.findings.hiddenStates);
        if (now === hidden) return;
        hidden = now;
        this.schedule();
      }),
    );
    this.register(vscode.workspace.onDidOpenTextDocument((document) => void this.placeIn(document)));
    this.register(vscode.workspace.onDidChangeTextDocument((event) => this.track(event)));
    this.register(vscode.workspace.onDidCloseTextDocument((document) => this.byUri.get(document.uri.toString())?.tracked.forget()));
    this.register({
      dispose: () => {
        clearTimeout(this.timer);
        this.remaps.forEach((t) => clearTimeout(t));
      },
    });
  }

  /** Recompute soon (the filter or a pin changed, or data arrived). */
  schedule(): void {
    clearTimeout(this.timer);
    this.scheduled = true;
    this.timer = setTimeout(() => {
      this.scheduled = false;
      void this.recompute().catch((e: unknown) => this.log.error(`Findings: ${errorMessage(e)}`));
    }, SETTLE_MS);
  }

  /**
   * Whether the findings may still change without anyone editing: a recompute is due or under
   * way, or a current report's issues are still arriving (code_context waits on this).
   */
  get settling(): boolean {
    if (this.scheduled || this.running > 0) return true;
    return this.currentReports.some((c) => {
      const entry = this.store.entry(c.report.id);
      return !entry?.model || entry.issues?.kind === 'loading';
    });
  }

  /** The findings in a file, in report order (those whose place is not in the text left out). */
  forUri(uri: vscode.Uri): readonly Finding[] {
    const file = this.byUri.get(uri.toString());
    return file ? file.findings.filter((f) => !this.isLost(f.place)) : [];
  }

  /** The places in a file (one problem each), in report order. */
  placesOf(uri: vscode.Uri): readonly Place[] {
    const file = this.byUri.get(uri.toString());
    return file ? file.places.filter((p) => !this.isLost(p)) : [];
  }

  /** The findings whose range holds the position (or its line). */
  at(uri: vscode.Uri, position: vscode.Position): Finding[] {
    return this.forUri(uri).filter(
      (f) => f.range.contains(position) || (f.range.start.line <= position.line && position.line <= f.range.end.line),
    );
  }

  /** A finding of the current reports by its report and issue. */
  find(reportId: string, issueId: string): Finding | undefined {
    return this.byIssue.get(`${reportId}\u0000${issueId}`);
  }

  /** Where a placed finding's code is now (1-based line), for its row in the tree. */
  placeOf(reportId: string, issueId: string): { line: number; changed: boolean } | undefined {
    const finding = this.find(reportId, issueId);
    if (!finding || this.isLost(finding.place)) return undefined;
    return { line: finding.range.start.line + 1, changed: finding.changed };
  }

  /**
   * A number that changes when the set of findings marked changed since the scan, or not placed,
   * does: the tree redraws its rows only then (a redraw re-renders the rows under the pointer;
   * their lines are read again whenever they are drawn).
   */
  placesVersion(): number {
    let h = 0;
    for (const [key, finding] of this.byIssue) {
      const lost = this.isLost(finding.place);
      if (!lost && !finding.changed) continue;
      for (let i = 0; i < key.length; i++) h = (Math.imul(h, 31) + key.charCodeAt(i)) | 0;
      h = (Math.imul(h, 31) + (lost ? 2 : 1)) | 0;
    }
    return h;
  }

  /** Every file with findings. */
  uris(): vscode.Uri[] {
    return [...this.byUri.values()].map((file) => file.uri);
  }

  get current(): readonly CurrentReport[] {
    return this.currentReports;
  }

  /** Paths of the current reports that are not in their repository (each logged once). */
  get missingPaths(): number {
    return this.missing;
  }

  /** Findings whose line is not in their file as it is now (listed in the view, not placed). */
  unplaced(): Finding[] {
    return [...this.byUri.values()].flatMap((file) => file.findings.filter((f) => this.isLost(f.place)));
  }

  /**
   * Maps the file's findings onto the document's text (when it has any), once at a time;
   * resolves when their ranges describe the document as it is.
   */
  placeIn(document: vscode.TextDocument): Promise<void> {
    const key = document.uri.toString();
    const file = this.byUri.get(key);
    const pending = this.placing.get(key);
    if (pending) return pending;
    // Placed already: the places follow the document's every change since.
    if (!file || (file.tracked.placed && !document.isClosed)) return Promise.resolve();
    const placing = this.scanned
      .textOf(file.source.root, file.source.report, file.source.path)
      .then((scanned) => {
        // A recompute may have replaced the file meanwhile; the newer one is placed by its own call.
        if (this.byUri.get(key) !== file || document.isClosed) return;
        file.tracked.place(document, scanned);
        const basis = file.tracked.basis;
        if (basis.kind === 'unmapped')
          this.reportOnce(
            file.source.report.id,
            `unmapped ${key}`,
            `Findings in ${document.uri.toString(true)} are on the report's lines, not mapped to your edits since the scan: ${basis.reason}.`,
          );
        this.fileChanged.fire(file.uri);
      })
      .catch((e: unknown) => this.log.error(`Findings: placing ${document.uri.toString(true)}: ${errorMessage(e)}`))
      .finally(() => this.placing.delete(key));
    this.placing.set(key, placing);
    return placing;
  }

  private track(event: vscode.TextDocumentChangeEvent): void {
    if (event.contentChanges.length === 0) return;
    const key = event.document.uri.toString();
    const file = this.byUri.get(key);
    if (!file) return;
    file.tracked.track(event.contentChanges, event.document.version);
    this.fileChanged.fire(file.uri);
    clearTimeout(this.remaps.get(key));
    this.remaps.set(
      key,
      setTimeout(() => {
        this.remaps.delete(key);
        if (this.byUri.get(key) === file && !event.document.isClosed && file.tracked.settle(event.document))
          this.fileChanged.fire(file.uri);
      }, REMAP_MS),
    );
  }

  private isLost(place: Place): boolean {
    return (place as PlaceImpl).lost;
  }

  /** Recomputes now; loads (once) each current report whose issues were never requested. */
  async recompute(): Promise<void> {
    this.running++;
    try {
      await this.compute();
    } finally {
      this.running--;
    }
  }

  private async compute(): Promise<void> {
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
      // One current report per scanner: all of them feed the Problems panel and the hover.
      for (const { report, scanner } of currentReports(reports, repository, nowMs, this.pins.pinned(repository.root))) {
        const reference = report.repo?.reference;
        const otherBranch =
          reference && repository.branch && reference !== repository.branch
            ? { report: reference, checkedOut: repository.branch }
            : undefined;
        current.push({ repository, report, scanner, otherBranch });
        // The Problems panel needs the current reports' issues without anyone expanding them.
        if (!this.store.entry(report.id)?.issues && !this.store.entry(report.id)?.detailError)
          void this.store.report(report.id).catch(() => undefined);
      }
    }
    const shows = this.shows();
    const hidden = hiddenStates(this.connection.settings.findings.hiddenStates);
    const drafts = new Map<string, DraftFile>();
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
        if (!shows(issue, report) || hidden(issue.state)) continue;
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
          if (await exists(stepUri)) related.push({ uri: stepUri, range: toRange(lineRangeOf(step)) });
        }
        const key = uri.toString();
        let draft = drafts.get(key);
        if (!draft) {
          draft = { uri, source: { root: repository.root, report, path: located.primary.path }, places: new Map() };
          drafts.set(key, draft);
        }
        const falsePositive = isFalsePositive(issue);
        const range = lineRangeOf(located.primary);
        // Several traces to one sink are one problem: same range, rule, scanner (and whether it is a false positive).
        const placeKey = JSON.stringify([range, issue.vendorIssueId ?? issue.issueType ?? '', vendor, falsePositive]);
        let place = draft.places.get(placeKey);
        if (!place) {
          place = { range, items: [] };
          draft.places.set(placeKey, place);
        }
        place.items.push({ reportId: report.id, issue, vendor, model, falsePositive, uri, related });
      }
    }
    if (run !== this.run) return; // a newer recompute started meanwhile
    const byUri = new Map<string, FileFindings>();
    for (const [key, draft] of drafts) byUri.set(key, this.build(draft, this.byUri.get(key)));
    this.byUri = byUri;
    this.byIssue = new Map(
      [...byUri.values()].flatMap((file) => file.findings.map((f) => [`${f.reportId}\u0000${f.issue.id}`, f] as const)),
    );
    this.currentReports = current;
    this.missing = missing;
    // Open files are mapped to their text before the findings are announced.
    await Promise.all(vscode.workspace.textDocuments.filter((d) => byUri.has(d.uri.toString())).map((d) => this.placeIn(d)));
    if (run !== this.run) return;
    this.changed.fire();
  }

  /** A file's findings and places; its tracking is kept when its places are the same as before. */
  private build(draft: DraftFile, previous: FileFindings | undefined): FileFindings {
    const drafts = [...draft.places.values()];
    const signature = JSON.stringify([draft.source.report.id, drafts.map((p) => [p.range, p.items.length])]);
    const tracked =
      previous?.signature === signature
        ? previous.tracked
        : new TrackedFile(
            draft.uri,
            drafts.map((p) => p.range),
          );
    const findings: Finding[] = [];
    const places = drafts.map((p, i) => {
      const place = new PlaceImpl(draft.uri, tracked, i);
      for (const item of p.items) {
        const finding: Finding = {
          ...item,
          place,
          get range() {
            return place.range;
          },
          get changed() {
            return place.changed;
          },
        };
        place.findings.push(finding);
        findings.push(finding);
      }
      return place;
    });
    return { uri: draft.uri, findings, places, tracked, source: draft.source, signature };
  }

  private reportOnce(reportId: string, what: string, message: string): void {
    const key = `${reportId}\u0000${what}`;
    if (this.reported.has(key)) return;
    this.reported.add(key);
    this.log.warn(message);
  }
}

interface DraftFile {
  readonly uri: vscode.Uri;
  readonly source: FileFindings['source'];
  readonly places: Map<string, { readonly range: LineRange; readonly items: DraftItem[] }>;
}
