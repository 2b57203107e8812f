// The benchmark's data: the sandbox's generated dataset with a 100k-issue report (10k fixes),
// plus a second 100k-issue report whose issues are all false positives and which has no
// fixes (the "FP group with 100k issues" of the tree case), and a third like the first from
// another seed (the three 100k-issue reports expanded at once of the tree case's heap
// measure). Issues and fixes are generated once and kept, so the service answers from memory
// and the timings measure the clients, not the generator.
import type { FixReportSummary } from '../../src/api/schemas';
import {
  createDataset,
  type Dataset,
  type ResolvedDatasetOptions,
  type SandboxFix as Fix,
  type SandboxIssue as Issue,
  type SandboxReportDetail as FixReportDetail,
} from '../../tools/sandbox/generator';
import { decodeId, encodeId } from '../../tools/sandbox/ids';

export interface BenchDatasetOptions {
  seed: number;
  /** Issues of the big report and of the all-false-positive report. */
  issues: number;
  /** Ordinary reports around them (the report list). */
  reports: number;
}

export interface BenchDataset extends Dataset {
  /** The big report: `issues` issues, about issues/10 fixes. */
  readonly reportId: string;
  /** `issues` false positives, no fixes. */
  readonly fpReportId: string;
  /** Another report like `reportId` (another seed). */
  readonly thirdReportId: string;
  /** Generates every page and fix once, so later requests are served from memory. */
  warm(pageSize: number): void;
}

export function createBenchDataset(options: BenchDatasetOptions): BenchDataset {
  return new CompositeDataset(options);
}

class CompositeDataset implements BenchDataset {
  readonly options: Readonly<ResolvedDatasetOptions>;
  readonly reports: readonly FixReportSummary[];
  readonly bigReportId: string | undefined;
  readonly hostileReportId: string | undefined = undefined;
  readonly hostileFixesReportId: string | undefined = undefined;
  readonly totalIssueCount: number;
  readonly reportId: string;
  readonly fpReportId: string;
  readonly thirdReportId: string;
  private readonly main: Dataset;
  private readonly fp: Dataset;
  private readonly third: Dataset;
  private readonly fpSeed: number;
  private readonly issueCache = new Map<string, Issue[]>();
  private readonly fixCache = new Map<string, Fix[]>();

  constructor(options: BenchDatasetOptions) {
    this.main = createDataset({ seed: options.seed, reports: options.reports, rescans: 0, bigReportIssues: options.issues });
    this.fpSeed = options.seed + 1;
    this.fp = createDataset({ seed: this.fpSeed, reports: 0, bigReportIssues: options.issues });
    this.third = createDataset({ seed: options.seed + 2, reports: 0, bigReportIssues: options.issues });
    this.options = this.main.options;
    this.reportId = this.main.bigReportId!;
    this.fpReportId = this.fp.bigReportId!;
    this.thirdReportId = this.third.bigReportId!;
    this.bigReportId = this.reportId;
    this.reports = [...this.main.reports, ...this.fp.reports, ...this.third.reports];
    this.totalIssueCount = this.main.totalIssueCount + this.fp.totalIssueCount + this.third.totalIssueCount;
  }

  warm(pageSize: number): void {
    for (const id of [this.reportId, this.fpReportId, this.thirdReportId]) {
      for (let start = 0; start < this.issueCount(id); start += pageSize) this.issueRange(id, start, pageSize);
      for (let j = 0; j < this.fixCount(id); j++) this.fixAt(id, j);
    }
  }

  private isFp(reportId: string): boolean {
    return typeof reportId === 'string' && reportId.toLowerCase() === this.fpReportId;
  }

  /** The dataset serving a report that is not the FP one. */
  private plain(reportId: string): Dataset {
    return typeof reportId === 'string' && reportId.toLowerCase() === this.thirdReportId ? this.third : this.main;
  }

  report(reportId: string): FixReportSummary | undefined {
    return this.main.report(reportId) ?? this.third.report(reportId) ?? (this.isFp(reportId) ? this.fp.report(reportId) : undefined);
  }

  detail(reportId: string): FixReportDetail | undefined {
    if (this.isFp(reportId)) return { ...this.fp.report(reportId)!, fixes: [] };
    return this.plain(reportId).detail(reportId);
  }

  fixCount(reportId: string): number {
    return this.isFp(reportId) ? 0 : this.plain(reportId).fixCount(reportId);
  }

  fixAt(reportId: string, index: number): Fix {
    if (this.isFp(reportId)) throw new RangeError(`report ${reportId} has no fixes`);
    let fixes = this.fixCache.get(reportId);
    if (!fixes) this.fixCache.set(reportId, (fixes = []));
    return (fixes[index] ??= this.plain(reportId).fixAt(reportId, index));
  }

  locateFix(fixId: string): { reportId: string; index: number } | undefined {
    return this.main.locateFix(fixId) ?? this.third.locateFix(fixId);
  }

  issueCount(reportId: string): number {
    return this.isFp(reportId) ? this.fp.issueCount(reportId) : this.plain(reportId).issueCount(reportId);
  }

  issueAt(reportId: string, index: number): Issue {
    return this.isFp(reportId) ? this.asFalsePositive(this.fp.issueAt(reportId, index)) : this.plain(reportId).issueAt(reportId, index);
  }

  issueRange(reportId: string, start: number, count: number): Issue[] {
    const key = `${reportId.toLowerCase()}:${start}:${count}`;
    let page = this.issueCache.get(key);
    if (!page) {
      page = this.isFp(reportId)
        ? this.fp.issueRange(reportId, start, count).map((i) => this.asFalsePositive(i))
        : this.plain(reportId).issueRange(reportId, start, count);
      this.issueCache.set(key, page);
    }
    return page.slice();
  }

  locateIssue(issueId: string): { reportId: string; index: number } | undefined {
    return this.main.locateIssue(issueId) ?? this.third.locateIssue(issueId) ?? this.fp.locateIssue(issueId);
  }

  fpSummary(fpId: string): string | undefined {
    return (
      this.main.fpSummary(fpId) ??
      this.third.fpSummary(fpId) ??
      (decodeId(this.fpSeed, 'fp', fpId) ? 'Input is validated by an allowlist before it reaches the flagged call.' : undefined)
    );
  }

  firstIssuesOfAll(limit: number): { issues: Issue[]; hasNextPage: boolean } {
    return this.main.firstIssuesOfAll(limit);
  }

  /** The issue as a reviewed false positive: FP state and tag, no fix, an fpId and a description. */
  private asFalsePositive(issue: Issue): Issue {
    const at = decodeId(this.fpSeed, 'issue', issue.id)!;
    return {
      ...issue,
      state: 'FalsePositive',
      vulnerabilityReportIssueTags: [{ vulnerability_report_issue_tag_value: 'FALSE_POSITIVE' }],
      fix: null,
      fpId: issue.fpId ?? encodeId(this.fpSeed, 'fp', at.ordinal, at.index),
      fpDescription: issue.fpDescription ?? fpDescription(issue, at.index),
    };
  }
}

/** About as long as the generator's own explanations (four short paragraphs). */
function fpDescription(issue: Issue, index: number): string {
  return [
    `The scanner reported ${issue.issueType ?? 'an issue'} (${issue.vendorIssueId ?? issue.id}) in ${issue.issueLanguage ?? 'the'} code.`,
    'The value reaching the flagged call is a constant or passes an allowlist check first, so no attacker-controlled data reaches it.',
    'Evidence:\n- Data flow traced from the entry point to the flagged call.\n- The sink is covered by tests that feed it malformed input.',
    `Marked as a false positive during triage (benchmark issue ${index}). Re-evaluate if the input starts coming from outside.`,
  ].join('\n\n');
}
