// The result of the lifecycle metrics: a plain JSON value (numbers, strings,
// arrays, nulls) so the CLI can print it and a webview can receive it through postMessage.
// Definitions are in docs/metrics.md; the code that computes each part says which.
import type { FixReportSummary } from '../../api/schemas';
import type { ConfidenceKind } from '../fix';

/** What identifies a report for metrics: a list entry (§2.1) or a detail (§2.2) both fit. */
export type ReportRef = Pick<FixReportSummary, 'id' | 'vulnerabilityReport' | 'repo'>;

/** A count and its share of a whole; share is null when the whole is zero. */
export interface Counted {
  readonly count: number;
  /** count / whole, in [0, 1]. */
  readonly share: number | null;
}

interface StateCount extends Counted {
  /** The state as sent, trimmed; null when missing or blank. */
  readonly state: string | null;
  readonly label: string;
}

interface ConfidenceCount extends Counted {
  readonly kind: ConfidenceKind;
  readonly label: string;
}

export interface FixCounts {
  readonly total: number;
  /** Most fixes first; ties by state text. */
  readonly byState: readonly StateCount[];
  /** Always the four kinds, in the order stable, adaptive, other, unknown. */
  readonly byConfidence: readonly ConfidenceCount[];
  /** Fixes with at least one download event, dated or not. */
  readonly downloaded: Counted;
  /** Fixes with at least one submission to source control, dated or not. */
  readonly committed: Counted;
}

/** Statistics of one duration over fixes; nearest-rank percentiles. */
export interface DurationStats {
  /** Fixes the median and p90 are over. */
  readonly count: number;
  /** Fixes with the event but no usable date (first observed or the event's date missing). */
  readonly undated: number;
  /** Fixes whose event is dated before first observed: skipped. */
  readonly negative: number;
  readonly medianMs: number | null;
  readonly p90Ms: number | null;
  /** The same in days, rounded to 2 decimals. */
  readonly medianDays: number | null;
  readonly p90Days: number | null;
  /** The counted durations in buckets (upper bounds inclusive); the last bucket has no bound. */
  readonly distribution: readonly DurationBucket[];
}

export interface DurationBucket {
  /** "≤ 1 day", …, "> 12 weeks". */
  readonly label: string;
  /** Inclusive upper bound in days; null for the last bucket. */
  readonly maxDays: number | null;
  readonly count: number;
}

type FunnelStage = 'fixes' | 'downloaded' | 'committed';

export interface FunnelRow {
  readonly stage: FunnelStage;
  readonly label: string;
  /** By current state: Downloaded/Committed/Merged count as downloaded, Committed/Merged as committed. */
  readonly byState: Counted;
  /** By events: ≥1 download, ≥1 submission. */
  readonly byEvents: Counted;
}

export interface Funnel {
  readonly rows: readonly FunnelRow[];
  /** Fixes with a submission whose state is not Committed or Merged (the state lags the PR). */
  readonly stateBehindSubmission: number;
}

export interface TagCount {
  /** The tag as sent (trimmed). */
  readonly tag: string;
  /** Readable label of a known tag (§2.7), else the tag cleaned. */
  readonly label: string;
  readonly known: boolean;
  readonly count: number;
}

export interface ConfidenceRatings {
  readonly kind: ConfidenceKind;
  readonly label: string;
  readonly fixes: number;
  /** Fixes with at least one rating. */
  readonly ratedFixes: number;
  readonly ratings: number;
  /** voteScore 1. */
  readonly up: number;
  /** voteScore -1. */
  readonly down: number;
  /** Most frequent first. */
  readonly tags: readonly TagCount[];
}

export interface Ratings {
  readonly ratings: number;
  readonly up: number;
  readonly down: number;
  /** Always the four confidence kinds, in the order of FixCounts.byConfidence. */
  readonly byConfidence: readonly ConfidenceRatings[];
  /** The tags histogram: most frequent first. */
  readonly tags: readonly TagCount[];
}

export interface NoiseRow {
  readonly issues: number;
  readonly falsePositives: number;
  /** falsePositives / issues. */
  readonly share: number | null;
}

interface ScannerNoise extends NoiseRow {
  /** Readable scanner name ("Unknown scanner" when the report names none). */
  readonly scanner: string;
}

interface IssueTypeNoise extends NoiseRow {
  /** The issueType as sent, trimmed; null when missing or blank. */
  readonly issueType: string | null;
  readonly label: string;
}

export interface FalsePositives extends NoiseRow {
  /** Issues not counted again: same repository, scanner and fingerprintHash as one counted. */
  readonly duplicates: number;
  /** Issues without a fingerprintHash, each counted on its own. */
  readonly withoutFingerprint: number;
  /** Most issues first. */
  readonly byScanner: readonly ScannerNoise[];
  /** Most issues first. */
  readonly byIssueType: readonly IssueTypeNoise[];
}

export interface WeekRow {
  /** ISO 8601 week of UTC dates, `2026-W53`. */
  readonly week: string;
  /** Its Monday, `2026-12-28`. */
  readonly weekStart: string;
  /** Fixes whose first observed date falls in the week. */
  readonly firstObserved: number;
  /** Fixes whose committed date (earliest submission) falls in the week. */
  readonly committed: number;
}

export interface ReportRow {
  readonly id: string;
  readonly title: string;
  /** `repo@reference`, or null. */
  readonly repository: string | null;
  readonly scanner: string;
  /** Null when only issues of the report were added, not its detail. */
  readonly fixes: number | null;
  readonly downloaded: number | null;
  readonly committed: number | null;
  /** This report's issues as added, not de-duplicated across reports. */
  readonly issues: number;
  readonly falsePositives: number;
}

export interface Metrics {
  /** Reports seen (through their detail or their issues). */
  readonly reports: number;
  /** Distinct repositories of those reports (docs/metrics.md says what counts as the same). */
  readonly repositories: number;
  /** Readable scanner names, sorted. */
  readonly scanners: readonly string[];
  readonly fixes: FixCounts;
  readonly timeToDownload: DurationStats;
  readonly timeToCommit: DurationStats;
  readonly funnel: Funnel;
  readonly ratings: Ratings;
  readonly falsePositives: FalsePositives;
  /** Weeks with at least one event, oldest first; weeks without any are absent. */
  readonly weekly: readonly WeekRow[];
  /** One row per report, in the order they were first added. */
  readonly perReport: readonly ReportRow[];
}
