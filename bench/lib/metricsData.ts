// Synthetic reports for the metrics case (11), built in the bench process and decoded through the
// client's own schemas, so they have the shapes the metrics see in production. Every repository
// is scanned twice, each scan spelling its address another way (https, then scp-like ssh with
// `.git`), so the number of repositories grows with the reports, as in an organisation's list.
import { type FixReportDetail, type FixReportSummary, type Issue } from '../../src/api/schemas';
import { wireDetail, wireIssue, wireSummary } from '../../test/support/wire';

export interface SyntheticReport {
  readonly summary: FixReportSummary;
  readonly detail: FixReportDetail;
  readonly issues: readonly Issue[];
}

const DAY = 86_400_000;
const START = Date.UTC(2026, 0, 5);
const VENDORS = ['semgrep', 'sonarqube', 'snyk', 'checkmarx', 'codeql'];
const STATES = ['Ready', 'Downloaded', 'Committed', 'Merged'];

/** The service's timestamp shape. */
function ts(ms: number): string {
  return new Date(ms).toISOString().replace('Z', '000+00:00');
}

/**
 * `count` reports, newest last: 3 fixes each (dated first observed, downloads, submissions,
 * ratings) and `issuesPerReport` issues, one in five a false positive; a rescan repeats its
 * repository's fingerprints.
 */
export function syntheticReports(count: number, issuesPerReport = 5): SyntheticReport[] {
  const out: SyntheticReport[] = [];
  for (let i = 0; i < count; i++) {
    const repo = i >> 1;
    const created = START + i * 3_600_000;
    const originalUrl = i % 2 === 0 ? `https://github.com/org${repo}/service-${repo}` : `git@github.com:Org${repo}/Service-${repo}.git`;
    const vulnerabilityReport = { vendor: VENDORS[repo % VENDORS.length], project: { name: `Service ${repo}` } };
    const base = { id: `report-${i}`, vulnerabilityReport, repo: { name: `service-${repo}`, originalUrl, reference: 'main' } };
    const fixes = [0, 1, 2].map((k) => ({
      id: `fix-${i}-${k}`,
      state: STATES[(i + k) % STATES.length],
      confidence: [90, 50, 20][k],
      vulnerabilityReportIssues: [{ id: `issue-${i}-${k}`, sharedState: { createdAt: ts(created + k * DAY) } }],
      sharedState: {
        downloadedBy: k === 2 ? [] : [{ downloadedAt: ts(created + (k + 1) * DAY), user: { id: 'u1' } }],
        fixRatings: k === 0 ? [{ voteScore: 1, fixRatingTag: null }] : [{ voteScore: -1, fixRatingTag: 'BREAKING_FIX' }],
      },
      scmSubmitFixRequests: k === 0 ? [{ prId: i, createdAt: ts(created + 3 * DAY) }] : [],
    }));
    const issues = Array.from({ length: issuesPerReport }, (_, k) =>
      wireIssue({
        id: `issue-${i}-${k}`,
        fingerprintHash: `fp-${repo}-${k}`,
        issueType: k % 2 === 0 ? 'SQL_Injection' : 'XSS',
        state: k % 5 === 4 ? 'FalsePositive' : 'Open',
      }),
    );
    out.push({
      summary: wireSummary({ ...base, createdOn: ts(created) }),
      detail: wireDetail({ ...base, createdOn: ts(created), fixes }),
      issues,
    });
  }
  return out;
}

/** More issues for a report a user expanded: `count` of them, distinct fingerprints. */
export function manyIssues(reportIndex: number, count: number): Issue[] {
  return Array.from({ length: count }, (_, k) =>
    wireIssue({
      id: `held-${reportIndex}-${k}`,
      fingerprintHash: `held-${reportIndex}-${k.toString(16).padStart(8, '0')}`,
      issueType: ['SQL_Injection', 'XSS', 'Path_Traversal'][k % 3],
      state: k % 4 === 0 ? 'FalsePositive' : 'Open',
    }),
  );
}
