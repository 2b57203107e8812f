// One fix report with its scanner issues, grouped for the tree. The detail (fixes) is known
// up front; v5 issue pages stream in afterwards through addIssues. All joins are Map
// lookups so 100k issues over 10k fixes stay linear.
import type { Fix, FixReportDetail, Issue } from '../api/schemas';
import { fixWarnings, issueWarnings, reportWarnings, type DataWarning } from './consistency';
import { fixView, type FixView } from './fix';
import { IssueHolder, type HeldIssue } from './heldIssue';
import { embeddedFixId, isFalsePositive } from './issue';
import { fixCounts } from './metrics/counts';
import type { FixCounts } from './metrics/types';

/** Which group of the tree an issue was put in. */
export type IssueGroup = 'fix' | 'false-positive' | 'other';

/** What one addIssues call changed, so a view can refresh only the affected nodes. */
export interface AddIssuesResult {
  /** New issues (not seen before). */
  readonly added: number;
  /** Issues ignored because their id was already known. */
  readonly duplicates: number;
  /** Fixes that received issues. */
  readonly changedFixIds: ReadonlySet<string>;
  readonly falsePositivesChanged: boolean;
  readonly otherIssuesChanged: boolean;
}

const NO_ISSUES: readonly HeldIssue[] = Object.freeze([]);
const NO_WARNINGS: readonly DataWarning[] = Object.freeze([]);

/**
 * Grouping rules, in order:
 * 1. a false positive (state FalsePositive or a FALSE_POSITIVE tag) goes to `falsePositives`,
 *    even if a fix lists it (that contradiction is a data warning);
 * 2. an issue listed by a fix (fix.vulnerabilityReportIssues[].id) goes under that fix; failing
 *    that, one whose `fix` object names a fix id of this report goes under that fix;
 * 3. anything else goes to `otherIssues`; if its `fix` is set, that is an
 *    `issue-unknown-to-fix` warning.
 * Within a group, issues keep their arrival order (the service sends them oldest first).
 */
export class ReportModel {
  readonly report: FixReportDetail;
  /** Fixes in report order (duplicate ids dropped), ready before any issue arrives. */
  readonly fixes: readonly FixView[];

  private readonly fixesById = new Map<string, FixView>();
  /** Issue id → the first fix listing it; built from the detail, independent of issue pages. */
  private readonly listedBy = new Map<string, string>();
  private readonly issuesById = new Map<string, HeldIssue>();
  /** Issue id → fix it was placed under via its own `fix.id` (not listed by any fix). */
  private readonly placedUnder = new Map<string, string>();
  private readonly issuesByFix = new Map<string, HeldIssue[]>();
  private readonly fps: HeldIssue[] = [];
  private readonly others: HeldIssue[] = [];
  private readonly allWarnings: DataWarning[] = [];
  private readonly warningsByFix = new Map<string, DataWarning[]>();
  private readonly warningsByIssue = new Map<string, DataWarning[]>();
  /** Keeps each issue in a compact form, with texts shared across issues (memory: docs/performance.md). */
  private readonly holder = new IssueHolder();

  private counts: FixCounts | undefined;

  constructor(detail: FixReportDetail) {
    this.report = detail;
    this.record(reportWarnings(detail));
    const fixes: FixView[] = [];
    for (const fix of detail.fixes) {
      if (this.fixesById.has(fix.id)) {
        this.record([
          {
            rule: 'duplicate-fix',
            severity: 'warning',
            fixId: fix.id,
            message: `The report lists fix ${fix.id} more than once; only the first is shown.`,
          },
        ]);
        continue;
      }
      const view = fixView(fix);
      fixes.push(view);
      this.fixesById.set(fix.id, view);
      this.record(fixWarnings(fix));
      for (const issueId of view.issueIds) this.listIssue(issueId, fix.id);
    }
    this.fixes = fixes;
  }

  /**
   * Adds one page of v5 issues. Issues whose id was already added are ignored, so
   * re-delivered pages (a retried request, an inclusive cursor) change nothing. The model
   * keeps a HeldIssue of each (model/heldIssue.ts: no fpDescription text), never the objects given.
   */
  addIssues(issues: Iterable<Issue>): AddIssuesResult {
    let added = 0;
    let duplicates = 0;
    const changedFixIds = new Set<string>();
    let falsePositivesChanged = false;
    let otherIssuesChanged = false;
    for (const issue of issues) {
      if (this.issuesById.has(issue.id)) {
        duplicates++;
        continue;
      }
      const held = this.holder.hold(issue);
      this.issuesById.set(issue.id, held);
      added++;
      const listedBy = this.listedBy.get(issue.id);
      const underFix = listedBy ?? this.knownFixId(embeddedFixId(issue));
      if (isFalsePositive(issue)) {
        this.fps.push(held);
        falsePositivesChanged = true;
      } else if (underFix !== undefined) {
        pushTo(this.issuesByFix, underFix, held);
        if (listedBy === undefined) this.placedUnder.set(issue.id, underFix);
        changedFixIds.add(underFix);
      } else {
        this.others.push(held);
        otherIssuesChanged = true;
      }
      this.record(issueWarnings(issue, { listedBy, underFix: underFix !== undefined, createdAtMs: held.createdAtMs }));
    }
    return { added, duplicates, changedFixIds, falsePositivesChanged, otherIssuesChanged };
  }

  /** Issues that are false positives, by state or by tag. */
  get falsePositives(): readonly HeldIssue[] {
    return this.fps;
  }

  /** Issues neither false positive nor tied to a fix of this report. */
  get otherIssues(): readonly HeldIssue[] {
    return this.others;
  }

  /** Issues placed under the fix so far (false positives excluded); [] for unknown ids. */
  issuesOfFix(fixId: string): readonly HeldIssue[] {
    return this.issuesByFix.get(fixId) ?? NO_ISSUES;
  }

  /**
   * The fix tied to an issue id: the fix that lists it (known before issue pages arrive),
   * else the fix named by the issue's own `fix.id`. A false positive listed by a fix still
   * returns that fix, so a hover can show the contradiction.
   */
  fixOfIssue(issueId: string): Fix | undefined {
    const fixId = this.listedBy.get(issueId) ?? this.placedUnder.get(issueId);
    return fixId === undefined ? undefined : this.fixesById.get(fixId)?.fix;
  }

  fixView(fixId: string): FixView | undefined {
    return this.fixesById.get(fixId);
  }

  issue(issueId: string): HeldIssue | undefined {
    return this.issuesById.get(issueId);
  }

  /** Every issue added so far, in arrival order. */
  issues(): IterableIterator<HeldIssue> {
    return this.issuesById.values();
  }

  /**
   * The group an added issue is shown in; undefined before it arrives. Derived by the rules
   * above rather than stored: a map entry per issue cost more than the issue's own fields (docs/performance.md).
   */
  groupOf(issueId: string): IssueGroup | undefined {
    const issue = this.issuesById.get(issueId);
    if (!issue) return undefined;
    if (isFalsePositive(issue)) return 'false-positive';
    return this.listedBy.has(issueId) || this.placedUnder.has(issueId) ? 'fix' : 'other';
  }

  /** Every data warning so far: report, fixes, then issues in arrival order. */
  get warnings(): readonly DataWarning[] {
    return this.allWarnings;
  }

  warningsOfFix(fixId: string): readonly DataWarning[] {
    return this.warningsByFix.get(fixId) ?? NO_WARNINGS;
  }

  warningsOfIssue(issueId: string): readonly DataWarning[] {
    return this.warningsByIssue.get(issueId) ?? NO_WARNINGS;
  }

  /** Distinct issues added so far, all groups together. */
  /** Fixes by state and confidence, downloaded and committed: the metrics' definitions (docs/metrics.md). */
  get fixCounts(): FixCounts {
    return (this.counts ??= fixCounts(this.report));
  }

  get issueCount(): number {
    return this.issuesById.size;
  }

  private listIssue(issueId: string, fixId: string): void {
    const first = this.listedBy.get(issueId);
    if (first === undefined) {
      this.listedBy.set(issueId, fixId);
      return;
    }
    this.record([
      {
        rule: 'issue-in-several-fixes',
        severity: 'warning',
        fixId,
        issueId,
        message: `Issue ${issueId} is listed by fix ${first} and by fix ${fixId}; it is shown under fix ${first}.`,
      },
    ]);
  }

  private knownFixId(fixId: string | null): string | undefined {
    return fixId !== null && this.fixesById.has(fixId) ? fixId : undefined;
  }

  private record(warnings: readonly DataWarning[]): void {
    for (const f of warnings) {
      this.allWarnings.push(f);
      if (f.fixId !== undefined) pushTo(this.warningsByFix, f.fixId, f);
      if (f.issueId !== undefined) pushTo(this.warningsByIssue, f.issueId, f);
    }
  }
}

/** Builds the model of one report; feed issue pages to `addIssues` as they arrive. */
function pushTo<T>(map: Map<string, T[]>, key: string, value: T): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
