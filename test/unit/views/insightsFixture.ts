// A small scope for the Fix Insights page's shaping (tiles, charts, tables): one report of four
// fixes whose dates give round durations, and its issues, decoded through the real schemas.
import * as v from 'valibot';
import { IssueSchema, ReportDetailBodySchema, type FixReportDetail, type Issue } from '../../../src/api/schemas';
import { metricsOf, type Metrics } from '../../../src/model/metrics';
import type { Coverage } from '../../../src/webview/insights/protocol';
import { wireSummary } from '../../support/wire';

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;
const T0 = Date.UTC(2026, 2, 2); // a Monday
const at = (ms: number) => new Date(T0 + ms).toISOString().replace('Z', '000+00:00');

const base = {
  id: 'report-1',
  createdOn: at(0),
  vulnerabilityReport: { vendor: 'semgrep', project: { name: 'Shop' } },
  repo: { name: 'shop', originalUrl: 'https://github.com/acme/shop', reference: 'main' },
};
export const summary = wireSummary(base);

const fix = (id: string, state: string, commitAfterMs: number | null, downloadAfterMs: number | null, votes: number[] = []) => ({
  id,
  state,
  confidence: 90,
  vulnerabilityReportIssues: [{ id: `i-${id}`, sharedState: { createdAt: at(0) } }],
  sharedState: {
    downloadedBy: downloadAfterMs === null ? [] : [{ downloadedAt: at(downloadAfterMs), user: { id: 'u' } }],
    fixRatings: votes.map((voteScore) => ({ voteScore, fixRatingTag: null })),
  },
  scmSubmitFixRequests: commitAfterMs === null ? [] : [{ prId: 1, createdAt: at(commitAfterMs) }],
});

/**
 * Committed after 5 h and after 3.2 days (median: the lower middle, 5 h; p90 3.2 days); F3 is in
 * state Downloaded with no download recorded; F4 is Ready. Thumbs up 1, thumbs down 2, no tag.
 */
const detail: FixReportDetail = v.parse(ReportDetailBodySchema, {
  fixReport: [
    {
      ...base,
      fixes: [
        fix('F1', 'Committed', 5 * HOUR, 2 * HOUR, [1]),
        fix('F2', 'Merged', 3.2 * DAY, DAY, [-1, -1]),
        fix('F3', 'Downloaded', null, null),
        fix('F4', 'Ready', null, null),
      ],
    },
  ],
}).fixReport[0]!;

/** Ten issues, one a false positive. */
const issues: Issue[] = Array.from({ length: 10 }, (_, k) =>
  v.parse(IssueSchema, { id: `i${k}`, fingerprintHash: `h${k}`, issueType: 'XSS', state: k === 0 ? 'FalsePositive' : 'Open' }),
);

export function fixtureMetrics(withIssues = true): Metrics {
  return metricsOf([withIssues ? { detail, summary, issues } : { detail, summary }]);
}

export function coverage(over: Partial<Coverage> = {}): Coverage {
  return {
    reports: 1,
    inScope: 1,
    maxReports: 200,
    withFixes: 1,
    withIssues: 1,
    issuesComplete: 1,
    failed: [],
    cancelled: false,
    ...over,
  };
}
