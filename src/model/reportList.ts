// The list of fix reports: order, expiry and the one-line summary the tree shows.
import type { FixReportSummary } from '../api/schemas';
import { cleanText } from '../common/text';
import { relativeTime } from './format';
import { readableVendor } from '../common/scanners';
import { remoteMatcher } from './remote';
import { parseTimestamp, type Instant } from './time';

export interface SortOptions {
  /** The workspace's git remote addresses (any spelling); matching reports go first. */
  readonly workspaceRemotes?: readonly string[];
  readonly nowMs: number;
}

/** True when the report's expirationOn is at or before now. Unknown expiry: not expired. */
export function isExpired(report: Pick<FixReportSummary, 'expirationOn'>, nowMs: number): boolean {
  const expires = parseTimestamp(report.expirationOn);
  return expires !== undefined && expires.ms <= nowMs;
}

/**
 * A new array ordered: reports of the workspace's repositories first, then unexpired
 * before expired, then newest createdOn first (undated last), then by id for a stable order.
 */
export function sortReports<T extends FixReportSummary>(reports: readonly T[], options: SortOptions): T[] {
  const inWorkspace = remoteMatcher(options.workspaceRemotes ?? []);
  const keyed = reports.map((report) => ({
    report,
    local: inWorkspace(report.repo?.originalUrl) ? 0 : 1,
    expired: isExpired(report, options.nowMs) ? 1 : 0,
    created: parseTimestamp(report.createdOn)?.ms ?? -Infinity,
  }));
  keyed.sort(
    (a, b) =>
      a.local - b.local ||
      a.expired - b.expired ||
      (b.created === a.created ? 0 : b.created > a.created ? 1 : -1) ||
      (a.report.id < b.report.id ? -1 : a.report.id > b.report.id ? 1 : 0),
  );
  return keyed.map((k) => k.report);
}

/** A repository of the workspace, as far as choosing its report goes. */
export interface RepositoryRef {
  readonly remotes: readonly string[];
  /** The checked-out branch, when known. */
  readonly branch?: string;
}

/** Why a report is a repository's current one (currentReport), for the tree to say. */
export type CurrentReason =
  | { readonly kind: 'pinned' }
  | { readonly kind: 'branch'; readonly branch: string }
  /** No live report for the checked-out branch, or no branch known (`branch` undefined). */
  | { readonly kind: 'newest'; readonly branch?: string };

/**
 * The report whose findings stand for a repository: the one the user pinned while it is still
 * listed; else the newest non-expired report of one of its remotes for the checked-out branch;
 * else the newest of its remotes (expired or not, other branch or none). Undefined when no
 * report names one of its remotes.
 */
export function currentReport<T extends FixReportSummary>(
  reports: readonly T[],
  repo: RepositoryRef,
  nowMs: number,
  pinnedId?: string,
): T | undefined {
  return currentReportAndReason(reports, repo, nowMs, pinnedId)?.report;
}

/** currentReport, with which of its rules chose the report. */
export function currentReportAndReason<T extends FixReportSummary>(
  reports: readonly T[],
  repo: RepositoryRef,
  nowMs: number,
  pinnedId?: string,
): { report: T; reason: CurrentReason } | undefined {
  const matches = remoteMatcher(repo.remotes);
  const mine = sortReports(
    reports.filter((r) => matches(r.repo?.originalUrl)),
    { nowMs },
  );
  if (pinnedId !== undefined) {
    const pinned = mine.find((r) => r.id === pinnedId);
    if (pinned) return { report: pinned, reason: { kind: 'pinned' } };
  }
  const { branch } = repo;
  const onBranch = branch === undefined ? undefined : mine.find((r) => !isExpired(r, nowMs) && r.repo?.reference === branch);
  if (onBranch && branch !== undefined) return { report: onBranch, reason: { kind: 'branch', branch } };
  const fallback = newest(mine);
  return fallback && { report: fallback, reason: branch === undefined ? { kind: 'newest' } : { kind: 'newest', branch } };
}

/** The sentence a report's tooltip gives for why it is current. */
export function currentReasonText(reason: CurrentReason): string {
  switch (reason.kind) {
    case 'pinned':
      return 'Current: pinned by you.';
    case 'branch':
      return `Current for branch ${cleanText(reason.branch)}: the newest live report of this repository and branch.`;
    case 'newest':
      return reason.branch === undefined
        ? 'Current: the newest report of this repository (the checked-out branch is not known).'
        : `Current: the newest report of this repository, as none is live for branch ${cleanText(reason.branch)}.`;
  }
}

/** The newest by createdOn (undated last); ties by id, as sortReports orders them. */
function newest<T extends FixReportSummary>(reports: readonly T[]): T | undefined {
  let best: T | undefined;
  let bestMs = -Infinity;
  for (const r of reports) {
    const ms = parseTimestamp(r.createdOn)?.ms ?? -Infinity;
    if (best === undefined || ms > bestMs) {
      best = r;
      bestMs = ms;
    }
  }
  return best;
}

/** The data of a report's line in the tree. All text is cleaned of control/bidi characters. */
export interface ReportSummaryLine {
  /** Project name, else repository name, else the report id. */
  readonly title: string;
  /** `repo@reference · Vendor · created 3 days ago` (parts that are missing are left out). */
  readonly description: string;
  /** `repo@reference` (see repoAt), or null. */
  readonly where: string | null;
  readonly repo: string | null;
  readonly reference: string | null;
  /** Readable scanner name, or null when the report names none. */
  readonly vendor: string | null;
  readonly created: Instant | null;
  readonly expires: Instant | null;
  readonly expired: boolean;
}

/** What a report is called: its project's name, else its repository's, else its id; cleaned. */
export function reportTitle(report: Pick<FixReportSummary, 'id' | 'vulnerabilityReport' | 'repo'>): string {
  return clean(report.vulnerabilityReport?.project?.name) ?? clean(report.repo?.name) ?? clean(report.id) ?? 'Unnamed report';
}

/** `repo@reference` with what is known of either (the URL stands in for a missing name), or null; cleaned. */
export function repoAt(report: Pick<FixReportSummary, 'repo'>): string | null {
  const repo = clean(report.repo?.name) ?? clean(report.repo?.originalUrl);
  const reference = clean(report.repo?.reference);
  return repo === null && reference === null ? null : `${repo ?? ''}${reference !== null ? `@${reference}` : ''}`;
}

export function summaryLine(report: FixReportSummary, nowMs: number): ReportSummaryLine {
  const repo = clean(report.repo?.name);
  const reference = clean(report.repo?.reference);
  const rawVendor = clean(report.vulnerabilityReport?.vendor);
  const vendor = rawVendor === null ? null : readableVendor(rawVendor);
  const created = parseTimestamp(report.createdOn) ?? null;
  const expires = parseTimestamp(report.expirationOn) ?? null;
  const expired = isExpired(report, nowMs);
  const where = repoAt(report);

  const parts: string[] = [];
  if (where !== null) parts.push(where);
  if (vendor !== null) parts.push(vendor);
  if (created !== null) parts.push(`created ${relativeTime(created.ms, nowMs)}`);
  if (expired) parts.push('expired');

  return {
    title: reportTitle(report),
    description: parts.join(' · '),
    where,
    repo,
    reference,
    vendor,
    created,
    expires,
    expired,
  };
}

function clean(text: string | null | undefined): string | null {
  const c = typeof text === 'string' ? cleanText(text) : '';
  return c === '' ? null : c;
}
