// A suppression's status against its report (src/model/suppressionAuditStatus.ts): current,
// stale because the report no longer has the fpId, stale because the issue is fixed or no longer
// a false positive, unknown without a report.
import { strict as assert } from 'node:assert';
import { SuppressedIssues, suppressionVerdict, type SuppressedIssue } from '../../../src/model/suppressionAuditStatus';

const FP = '5f0c6a43-8d2e-4f0b-9a51-2c1d6e7f8a90';
const OTHER = '0b4bd5a2-3c8e-4e1f-a6a0-9d2f4c7e1b33';

function issue(state: string | null, overrides: Partial<SuppressedIssue> = {}): SuppressedIssue {
  return { id: `issue-${state}`, state, issueType: 'SQL_Injection', fpId: FP, vulnerabilityReportIssueTags: [], ...overrides };
}

const tag = [{ vulnerability_report_issue_tag_value: 'FALSE_POSITIVE' }];

describe('suppression audit: status against the report', () => {
  it('is current while an issue with the fpId is a false positive (by state or by tag)', () => {
    assert.deepEqual(suppressionVerdict([issue('FalsePositive')]), { status: 'current', issue: issue('FalsePositive') });
    assert.equal(suppressionVerdict([issue('FALSE_POSITIVE')]).status, 'current');
    assert.equal(suppressionVerdict([issue('Open', { vulnerabilityReportIssueTags: tag })]).status, 'current');
  });

  it('is stale when no issue of the report carries the fpId', () => {
    assert.deepEqual(suppressionVerdict([]), { status: 'stale', reason: 'not-in-report' });
  });

  it('is stale, fixed, when the issue is Fixed, Resolved or Closed (whatever the case), even with a false-positive tag', () => {
    for (const state of ['Fixed', 'RESOLVED', 'closed', 'Fixed ']) {
      const verdict = suppressionVerdict([issue(state)]);
      assert.deepEqual(verdict, { status: 'stale', reason: 'fixed', issue: issue(state) }, state);
    }
    assert.equal(suppressionVerdict([issue('Fixed', { vulnerabilityReportIssueTags: tag })]).status, 'stale');
  });

  it('is stale, reopened, when the issue is in any other state, none or a word nobody listed', () => {
    for (const state of ['Open', 'Irrelevant', 'Ignored', null, 'Reopened', '__proto__', 'constructor']) {
      const verdict = suppressionVerdict([issue(state)]);
      assert.equal(verdict.status, 'stale', String(state));
      assert.equal(verdict.status === 'stale' && verdict.reason, 'reopened', String(state));
    }
  });

  it('is unknown without a report for the repository', () => {
    assert.deepEqual(suppressionVerdict(undefined), { status: 'unknown' });
  });

  it('lets a current issue decide over others with the same fpId, then an open one over a fixed one', () => {
    assert.equal(suppressionVerdict([issue('Fixed'), issue('Open'), issue('FalsePositive')]).status, 'current');
    const verdict = suppressionVerdict([issue('Fixed'), issue('Open')]);
    assert.equal(verdict.status === 'stale' && verdict.reason, 'reopened');
  });

  it('gathers, page by page, only the issues of the fpIds asked about, at most one of each kind, fpIds in any case', () => {
    const issues = new SuppressedIssues([FP]);
    assert.equal(issues.wanted, 1);
    issues.add([issue('Open', { fpId: OTHER }), issue('Open', { fpId: null })]);
    assert.deepEqual(issues.verdict(FP), { status: 'stale', reason: 'not-in-report' });
    issues.add(Array.from({ length: 10_000 }, (_, i) => issue('Fixed', { id: `fixed-${i}`, fpId: FP.toUpperCase() })));
    const fixed = issues.verdict(FP);
    assert.equal(fixed.status === 'stale' && fixed.reason, 'fixed');
    assert.equal(fixed.status === 'stale' && fixed.reason === 'fixed' && fixed.issue.id, 'fixed-0');
    issues.add([issue('FalsePositive', { id: 'now-fp' })]);
    const current = issues.verdict(FP.toUpperCase());
    assert.equal(current.status === 'current' && current.issue.id, 'now-fp');
    // What it holds per fpId is one issue of each kind, however many came.
    const held = (issues as unknown as { byFpId: Map<string, Map<string, unknown>> }).byFpId.get(FP);
    assert.equal(held?.size, 2);
  });
});
