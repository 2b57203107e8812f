// The suppression comments in the workspace and whether each still holds (docs/decisions.md,
// "Suppressions, audited"): the workspace folders are searched as the CLI's `suppressions`
// searches a tree (git's file list, so ignored files are skipped; binaries and files over the
// size cap are not read), open documents as the editor holds them (unsaved edits included), and
// each marker is judged against the current reports of its file's repository. Searched when the
// Suppressions view first shows and on Refresh; a document is searched again when it is edited
// or saved; the verdicts are recomputed (nothing is fetched) when the current reports change.
import * as vscode from 'vscode';
import { Disposable } from '../common/disposable';
import { errorMessage } from '../common/errors';
import type { FoundSuppression } from '../model/suppressionAudit';
import type { SuppressionVerdict } from '../model/suppressionAuditStatus';
import type { Findings } from './findings';
import type { ExtensionLog } from './log';
import { loadProver } from './proof';
import type { Repositories, WorkspaceRepository } from './repositories';
import type { ReportStore } from './reportStore';
import { suppressionCode } from './suppression';

/** A suppression comment and its verdict. */
export interface Suppression extends FoundSuppression {
  readonly uri: vscode.Uri;
  /** The file's path under its workspace folder, for display. */
  readonly path: string;
  readonly languageId: string;
  /** The verdict; `loading`: a current report of its repository is still loading its issues. */
  readonly verdict: SuppressionVerdict | { readonly status: 'unknown'; readonly loading: true };
  /** The current report that judged it (the first one holding its fpId, else the first of the repository). */
  readonly reportId?: string;
  readonly vendor?: string | null;
}

/** What the last search found beyond the suppressions, for the view's message. */
interface SearchNotes {
  readonly files: number;
  readonly skipped: number;
  /** Folders that could not be searched, and why. */
  readonly failures: readonly string[];
}

export type SearchState = { kind: 'idle' } | { kind: 'searching' } | { kind: 'done'; notes: SearchNotes };

/** How long typing must pause before an edited document is searched again. */
const RESCAN_MS = 400;
/** Virtual folders (no local path) are searched through the editor's file system, up to this many files. */
const MAX_VIRTUAL_FILES = 5_000;

interface FileEntry {
  readonly uri: vscode.Uri;
  readonly path: string;
  readonly languageId: string;
  readonly found: readonly FoundSuppression[];
}

export class Suppressions extends Disposable {
  private readonly changed = this.register(new vscode.EventEmitter<void>());
  /** The suppressions or their verdicts changed. */
  readonly onDidChange = this.changed.event;
  private files = new Map<string, FileEntry>();
  private judged: Suppression[] = [];
  private searchState: SearchState = { kind: 'idle' };
  private search: Promise<void> | undefined;
  private generation = 0;
  private readonly rescans = new Map<string, NodeJS.Timeout>();
  private judgeTimer: NodeJS.Timeout | undefined;
  /** What the last list fired held (signatureOf each). */
  private signature: string | undefined;

  constructor(
    private readonly repositories: Pick<Repositories, 'list'>,
    private readonly findings: Pick<Findings, 'current' | 'onDidChange'>,
    private readonly store: Pick<ReportStore, 'entry' | 'onDidChange'>,
    private readonly log: Pick<ExtensionLog, 'warn' | 'info'>,
  ) {
    super();
    this.register(findings.onDidChange(() => this.judgeSoon()));
    this.register(store.onDidChange((change) => change.kind !== 'status' && this.judgeSoon()));
    this.register(vscode.workspace.onDidChangeTextDocument((e) => e.contentChanges.length > 0 && this.rescanSoon(e.document)));
    this.register(vscode.workspace.onDidSaveTextDocument((d) => this.rescanSoon(d)));
    this.register({
      dispose: () => {
        this.rescans.forEach((t) => clearTimeout(t));
        clearTimeout(this.judgeTimer);
      },
    });
  }

  get state(): SearchState {
    return this.searchState;
  }

  /** Every suppression found, by path and line, with its verdict. */
  get all(): readonly Suppression[] {
    return this.judged;
  }

  /** Searches the workspace once, if it was never searched. */
  ensureSearched(): Promise<void> {
    return this.searchState.kind === 'idle' ? this.refresh() : (this.search ?? Promise.resolve());
  }

  /** Searches the workspace folders again. */
  refresh(): Promise<void> {
    const generation = ++this.generation;
    this.searchState = { kind: 'searching' };
    this.changed.fire();
    this.search = this.searchAll(generation).catch((e: unknown) => {
      if (generation !== this.generation) return;
      this.searchState = { kind: 'done', notes: { files: 0, skipped: 0, failures: [errorMessage(e)] } };
      this.log.warn(`Suppressions: the search failed: ${errorMessage(e)}`);
      this.changed.fire();
    });
    return this.search;
  }

  /** Searches one document's text as the editor holds it now (after an edit of ours, say). */
  async rescan(document: vscode.TextDocument): Promise<void> {
    const folder = vscode.workspace.getWorkspaceFolder(document.uri);
    if (!folder || this.searchState.kind === 'idle') return;
    const key = document.uri.toString();
    const text = document.getText();
    const had = this.files.has(key);
    if (!had && !text.includes(suppressionCode().MARKER_PREFIX)) return;
    const found = await this.scanText(text, document.languageId);
    if (document.isClosed && !had) return;
    if (found.length === 0) this.files.delete(key);
    else this.files.set(key, { uri: document.uri, path: relativePath(folder, document.uri), languageId: document.languageId, found });
    if (found.length > 0 || had) this.judge();
  }

  private rescanSoon(document: vscode.TextDocument): void {
    if (this.searchState.kind === 'idle' || document.uri.scheme === 'output') return;
    const key = document.uri.toString();
    clearTimeout(this.rescans.get(key));
    this.rescans.set(
      key,
      setTimeout(() => {
        this.rescans.delete(key);
        void this.rescan(document).catch((e: unknown) => this.log.warn(`Suppressions: ${document.uri.toString(true)}: ${errorMessage(e)}`));
      }, RESCAN_MS),
    );
  }

  private async searchAll(generation: number): Promise<void> {
    const files = new Map<string, FileEntry>();
    let searched = 0;
    let skipped = 0;
    const failures: string[] = [];
    for (const folder of vscode.workspace.workspaceFolders ?? []) {
      try {
        // git runs only in a trusted workspace (docs/decisions.md): in Restricted Mode, and in a
        // folder without a local path, the editor's own file search reads the files.
        const local = folder.uri.scheme === 'file' && vscode.workspace.isTrusted;
        const result = local ? await this.searchDisk(folder, files) : await this.searchVirtual(folder, files);
        searched += result.files;
        skipped += result.skipped;
      } catch (e) {
        failures.push(`${folder.name}: ${errorMessage(e)}`);
      }
      if (generation !== this.generation) return;
    }
    // Open documents as the editor holds them: unsaved edits count, a file git ignores does not.
    for (const document of vscode.workspace.textDocuments) {
      const folder = vscode.workspace.getWorkspaceFolder(document.uri);
      const key = document.uri.toString();
      if (!folder || !(document.isDirty || files.has(key))) continue;
      const found = await this.scanText(document.getText(), document.languageId);
      if (found.length === 0) files.delete(key);
      else files.set(key, { uri: document.uri, path: relativePath(folder, document.uri), languageId: document.languageId, found });
    }
    if (generation !== this.generation) return;
    this.files = files;
    this.searchState = { kind: 'done', notes: { files: searched, skipped, failures } };
    this.signature = undefined; // the view shows the search's end even when the list is the same
    this.log.info(
      `Suppressions: ${this.countFound()} found in ${searched} files searched${skipped ? ` (${skipped} skipped: binary, too large or unreadable)` : ''}.`,
    );
    this.judge();
  }

  /** A local folder: the CLI's search (git's list, the size cap, links never followed). */
  private async searchDisk(folder: vscode.WorkspaceFolder, into: Map<string, FileEntry>): Promise<{ files: number; skipped: number }> {
    const code = suppressionCode();
    const listing = await code.listTree(folder.uri.fsPath);
    const audit = await code.auditFiles(listing.files, { locator: this.locator() });
    for (const s of audit.suppressions) {
      const uri = vscode.Uri.file(s.path);
      const key = uri.toString();
      const entry = into.get(key);
      const found = [...(entry?.found ?? []), s];
      into.set(key, { uri, path: relativePath(folder, uri), languageId: s.languageId, found });
    }
    const c = audit.counts;
    return { files: c.read, skipped: c.binary + c.tooLarge + c.unreadable + c.notRegular };
  }

  /** A folder without a local path, or any in Restricted Mode: its files through the editor's file system, bounded. */
  private async searchVirtual(folder: vscode.WorkspaceFolder, into: Map<string, FileEntry>): Promise<{ files: number; skipped: number }> {
    const code = suppressionCode();
    const uris = await vscode.workspace.findFiles(new vscode.RelativePattern(folder, '**/*'), undefined, MAX_VIRTUAL_FILES);
    let files = 0;
    let skipped = 0;
    for (const uri of uris) {
      const languageId = code.languageIdForPath(uri.path);
      if (!languageId || !code.commentSyntaxFor(languageId)) continue;
      const bytes = await vscode.workspace.fs.readFile(uri).then(
        (b) => b,
        () => undefined,
      );
      if (!bytes || bytes.byteLength > code.MAX_FILE_BYTES || bytes.subarray(0, 8192).includes(0)) {
        skipped++;
        continue;
      }
      files++;
      const text = new TextDecoder().decode(bytes);
      if (!text.includes(code.MARKER_PREFIX)) continue;
      const found = await this.scanText(text, languageId);
      if (found.length) into.set(uri.toString(), { uri, path: relativePath(folder, uri), languageId, found });
    }
    return { files, skipped };
  }

  private async scanText(text: string, languageId: string): Promise<FoundSuppression[]> {
    const code = suppressionCode();
    const syntax = code.commentSyntaxFor(languageId);
    if (!syntax) return [];
    return (await code.scanText(text, syntax, this.locator())).suppressions;
  }

  /** The parser, loaded on the first marker in a language that has one (the same-line rule without it). */
  private locator() {
    return {
      commentAt: (...args: Parameters<ReturnType<typeof loadProver>['commentAt']>) => loadProver().commentAt(...args),
    };
  }

  private judgeSoon(): void {
    if (this.searchState.kind === 'idle') return;
    clearTimeout(this.judgeTimer);
    this.judgeTimer = setTimeout(() => void this.judgeNow(), 200);
  }

  private async judgeNow(): Promise<void> {
    try {
      this.judge(await this.repositories.list());
    } catch (e) {
      this.log.warn(`Suppressions: ${errorMessage(e)}`);
    }
  }

  /** The verdicts, from the current reports of each file's repository (repositories as last listed). */
  private judge(repositories?: readonly WorkspaceRepository[]): void {
    if (!repositories) return void this.judgeNow();
    const { SuppressedIssues } = suppressionCode();
    const byRepository = new Map<WorkspaceRepository | undefined, FileEntry[]>();
    for (const file of this.files.values()) {
      const repository = repositoryOf(repositories, file.uri);
      byRepository.set(repository, [...(byRepository.get(repository) ?? []), file]);
    }
    const judged: Suppression[] = [];
    for (const [repository, files] of byRepository) {
      const current = repository ? this.findings.current.filter((c) => c.repository.root.toString() === repository.root.toString()) : [];
      const fpIds = files.flatMap((f) => f.found.map((s) => s.fpId));
      // Per current report (one per scanner): the first that holds the fpId as current decides.
      const reports = current.map((c) => {
        const entry = this.store.entry(c.report.id);
        const issues = new SuppressedIssues(fpIds);
        if (entry?.model) issues.add([...entry.model.issues()]);
        return { report: c.report, issues, complete: entry?.issues?.kind === 'done' };
      });
      for (const file of files) {
        for (const s of file.found) {
          const base = { ...s, uri: file.uri, path: file.path, languageId: file.languageId };
          if (reports.length === 0) {
            judged.push({ ...base, verdict: { status: 'unknown' } });
            continue;
          }
          const verdicts = reports.map((r) => ({ r, verdict: r.issues.verdict(s.fpId) }));
          const decided =
            verdicts.find((v) => v.verdict.status === 'current') ??
            verdicts.find((v) => v.verdict.status === 'stale' && v.verdict.reason !== 'not-in-report');
          if (decided) {
            judged.push({
              ...base,
              verdict: decided.verdict,
              reportId: decided.r.report.id,
              vendor: decided.r.report.vulnerabilityReport?.vendor,
            });
          } else if (reports.some((r) => !r.complete)) {
            judged.push({ ...base, verdict: { status: 'unknown', loading: true } });
          } else {
            const first = reports[0]!;
            judged.push({
              ...base,
              verdict: { status: 'stale', reason: 'not-in-report' },
              reportId: first.report.id,
              vendor: first.report.vulnerabilityReport?.vendor,
            });
          }
        }
      }
    }
    judged.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : a.row - b.row || a.column - b.column));
    // The same list again (an edit elsewhere in a file, a report's page): no redraw, so a row's
    // menu opened meanwhile still acts on its row.
    const signature = judged.map(signatureOf).join('\n');
    if (signature === this.signature) return;
    this.signature = signature;
    this.judged = judged;
    this.changed.fire();
  }

  private countFound(): number {
    let n = 0;
    for (const f of this.files.values()) n += f.found.length;
    return n;
  }
}

/** What a row shows of a suppression: where, which, and its verdict. */
function signatureOf(s: Suppression): string {
  const v = s.verdict;
  const reason = v.status === 'stale' ? v.reason : 'loading' in v ? 'loading' : '';
  const issue = 'issue' in v ? `${v.issue.id}:${v.issue.state ?? ''}:${v.issue.issueType ?? ''}` : '';
  return [s.uri.toString(), s.row, s.column, s.fpId, s.checkedBy, v.status, reason, issue, s.reportId ?? '', s.vendor ?? ''].join('\u0000');
}

/** The innermost workspace repository holding the file. */
function repositoryOf(repositories: readonly WorkspaceRepository[], uri: vscode.Uri): WorkspaceRepository | undefined {
  let best: WorkspaceRepository | undefined;
  const path = uri.toString();
  for (const repository of repositories) {
    const root = repository.root.toString().replace(/\/?$/, '/');
    if (path.startsWith(root) && (!best || root.length > best.root.toString().length)) best = repository;
  }
  return best;
}

function relativePath(folder: vscode.WorkspaceFolder, uri: vscode.Uri): string {
  const relative = vscode.workspace.asRelativePath(uri, (vscode.workspace.workspaceFolders?.length ?? 0) > 1);
  return relative || folder.name;
}
