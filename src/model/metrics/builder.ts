// The metrics accumulator: report details and issue pages are added as they arrive, so a set
// of reports with millions of issues is measured in constant memory, apart from the de-dup set
// of fingerprints (noise.ts) and one row per report.
import type { FixReportDetail } from '../../api/schemas';
import { readableVendor } from '../../common/scanners';
import { fixView } from '../fix';
import { normalizeRemoteUrl } from '../remote';
import { repoAt, reportTitle } from '../reportList';
import { FixTally } from './fixes';
import { NoiseTally, type CountedIssue } from './noise';
import type { Metrics, ReportRef, ReportRow } from './types';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

interface ReportEntry {
  readonly row: Mutable<ReportRow>;
  readonly repository: string;
}

export class MetricsBuilder {
  private readonly fixes = new FixTally();
  private readonly noise = new NoiseTally();
  private readonly reports = new Map<string, ReportEntry>();

  /**
   * Adds a report's fixes. `summary` is its entry in the list (§2.1), which carries the
   * repository the detail (§2.2) may lack; detail fields win where both have one. A report
   * whose detail was already added is ignored: returns false.
   */
  addReport(detail: FixReportDetail, summary?: ReportRef): boolean {
    const steps = this.reportSteps(detail, summary, Infinity);
    let step = steps.next();
    while (!step.done) step = steps.next();
    return step.value;
  }

  /**
   * addReport in steps of `chunk` fixes, for a caller that must yield between them (the
   * extension host): a report can hold tens of thousands of fixes.
   */
  *reportSteps(detail: FixReportDetail, summary: ReportRef | undefined, chunk: number): Generator<void, boolean> {
    if (summary && summary.id !== detail.id) throw new Error(`addReport: summary ${summary.id} is not report ${detail.id}`);
    const entry = this.entry({
      id: detail.id,
      vulnerabilityReport: detail.vulnerabilityReport ?? summary?.vulnerabilityReport ?? null,
      repo: detail.repo ?? summary?.repo ?? null,
    });
    if (entry.row.fixes !== null) return false;
    const row = entry.row;
    row.fixes = row.downloaded = row.committed = 0;
    const seen = new Set<string>();
    let n = 0;
    for (const fix of detail.fixes) {
      if (++n % chunk === 0) yield;
      if (seen.has(fix.id)) continue; // as ReportModel: a repeated fix id is one fix
      seen.add(fix.id);
      const view = fixView(fix);
      this.fixes.add(view);
      row.fixes++;
      if (view.lifecycle.downloaded.count > 0) row.downloaded++;
      if (view.lifecycle.committed.submissions.length > 0) row.committed++;
    }
    return true;
  }

  /** Adds one page of the report's v5 issues (§2.8); the report's vendor is their scanner. */
  addIssues(report: ReportRef, issues: Iterable<CountedIssue>): void {
    const entry = this.entry(report);
    for (const issue of issues) {
      if (this.noise.add(issue, entry.repository, entry.row.scanner)) entry.row.falsePositives++;
      entry.row.issues++;
    }
  }

  /** The metrics so far; the builder can go on accumulating afterwards. */
  result(): Metrics {
    const entries = [...this.reports.values()];
    return {
      reports: entries.length,
      repositories: new Set(entries.map((e) => e.repository)).size,
      scanners: [...new Set(entries.map((e) => e.row.scanner))].sort(),
      fixes: this.fixes.counts(),
      ...this.fixes.durations(),
      funnel: this.fixes.funnel(),
      ratings: this.fixes.ratings(),
      falsePositives: this.noise.result(),
      weekly: this.fixes.weekly(),
      perReport: entries.map((e) => ({ ...e.row })),
    };
  }

  /** The report's entry, made at first sight: its repository and scanner do not change later. */
  private entry(report: ReportRef): ReportEntry {
    const known = this.reports.get(report.id);
    if (known) return known;
    const row: Mutable<ReportRow> = {
      id: report.id,
      title: reportTitle(report),
      repository: repoAt(report),
      scanner: readableVendor(report.vulnerabilityReport?.vendor),
      fixes: null,
      downloaded: null,
      committed: null,
      issues: 0,
      falsePositives: 0,
    };
    const entry = { row, repository: repositoryKey(report) };
    this.reports.set(report.id, entry);
    return entry;
  }
}

/** One report for metricsOf: its detail, its issues, or both. */
export type MetricsInput =
  | { readonly detail: FixReportDetail; readonly summary?: ReportRef; readonly issues?: readonly CountedIssue[] }
  | { readonly summary: ReportRef; readonly issues: readonly CountedIssue[] };

/** The metrics of reports held in memory; MetricsBuilder for streamed ones. */
export function metricsOf(reports: readonly MetricsInput[]): Metrics {
  const builder = new MetricsBuilder();
  for (const r of reports) {
    if ('detail' in r) builder.addReport(r.detail, r.summary);
    // After addReport the report is known by id, so the detail stands for it.
    if (r.issues) builder.addIssues('detail' in r ? r.detail : r.summary, r.issues);
  }
  return builder.result();
}

/**
 * Which repository a report belongs to, for de-duplicating rescans: reports whose
 * `repo.originalUrl` name the same remote (any spelling remoteMatcher equates, see model/remote)
 * share a key, the normalised address itself, so finding it costs the same however many
 * repositories are known; else the address as text, else the repository name, else the report
 * alone. The branch is not part of it: the same finding on two branches is one finding.
 */
export function repositoryKey(report: ReportRef): string {
  const url = report.repo?.originalUrl?.trim();
  if (url) {
    const remote = normalizeRemoteUrl(url);
    return remote === undefined ? `url:${url.toLowerCase()}` : `remote:${remote}`; // not a remote address: compared as text
  }
  const name = report.repo?.name?.trim();
  return name ? `name:${name.toLowerCase()}` : `report:${report.id}`;
}
