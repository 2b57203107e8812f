// What the tree's filter lets through of a loaded report: its fixes, its issues, and the counts
// on its row. The Problems panel asks the same question through ReportsTree.shows.
import type { ReportChangesService } from '../editor/reportChanges';
import type { ReportStore } from '../editor/reportStore';
import type { HeldIssue } from '../model/heldIssue';
import { isFalsePositive } from '../model/issue';
import type { ReportModel } from '../model/report';
import { filtersFixes, filtersIssues, showsFix, showsIssue, type IsNew, type TreeFilter } from './filter';
import type { FixNode, ReportShown } from './nodes';

export class ShownItems {
  /** A report row's filtered counts, with what they were counted from. */
  private readonly counted = new WeakMap<ReportModel, { filter: TreeFilter; key: string; shown: ReportShown }>();

  constructor(
    private readonly store: ReportStore,
    private readonly changes: ReportChangesService,
    private readonly filter: () => TreeFilter,
  ) {}

  /** Whether the filter lets an issue of a report through. */
  shows(issue: HeldIssue, reportId: string): boolean {
    return showsIssue(this.filter(), issue, this.summaryOf(issue), this.isNewIn(reportId));
  }

  fixes(reportId: string, model: ReportModel): FixNode['view'][] {
    const isNew = this.isNewIn(reportId);
    const f = this.filter();
    return model.fixes.filter((v) => showsFix(f, v, () => model.issuesOfFix(v.id), isNew));
  }

  /** The issues of a report the filter lets through (all of them, without paying for a copy, when none is set). */
  issues(reportId: string, model: ReportModel, issues: readonly HeldIssue[]): readonly HeldIssue[] {
    const f = this.filter();
    if (!filtersIssues(f)) return issues;
    const isNew = this.isNewIn(reportId);
    return issues.filter((issue) => showsIssue(f, issue, this.summaryOf(issue), isNew));
  }

  /** What the filter lets through of a loaded report, where it filters fixes or issues: for its row. */
  counts(reportId: string, model: ReportModel, issuesLoaded: boolean): ReportShown | undefined {
    const f = this.filter();
    const ofFixes = filtersFixes(f);
    const ofIssues = issuesLoaded && (filtersIssues(f) || f.falsePositivesOnly);
    if (!ofFixes && !ofIssues) return undefined;
    // Counted again only when the filter, the issues or (for text) the known summaries change,
    // not each time the row is drawn.
    const summaries = f.text.trim() ? model.falsePositives.filter((i) => i.fpId && this.store.knownSummary(i.fpId)).length : 0;
    const changes = f.newOnly ? (this.changes.state(reportId)?.kind ?? '') : '';
    const key = `${model.issueCount}:${summaries}:${ofIssues}:${changes}`;
    const known = this.counted.get(model);
    if (known && known.filter === f && known.key === key) return known.shown;
    const fixes = f.falsePositivesOnly ? 0 : this.fixes(reportId, model).length;
    let shown: ReportShown = ofFixes ? { fixes } : {};
    if (ofIssues) {
      const falsePositives = this.issues(reportId, model, model.falsePositives).length;
      let issues = falsePositives;
      if (!f.falsePositivesOnly) {
        for (const issue of model.issues()) if (!isFalsePositive(issue) && this.shows(issue, reportId)) issues++;
      }
      shown = { ...shown, issues, falsePositives };
    }
    this.counted.set(model, { filter: f, key, shown });
    return shown;
  }

  /** A false positive's short summary, when the store has it (the text filter searches it too). */
  private summaryOf(issue: HeldIssue): string | undefined {
    return issue.fpId ? this.store.knownSummary(issue.fpId)?.text : undefined;
  }

  /** Whether an issue of the report is new since the scan it is compared with (editor/reportChanges). */
  private isNewIn(reportId: string): IsNew {
    return (issue) => this.changes.isNew(reportId, issue.id);
  }
}
