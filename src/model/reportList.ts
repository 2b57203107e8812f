// The list of fix reports: order, expiry and the one-line summary the tree shows.
import type { FixReportSummary } from '../api/schemas';
import { cleanText } from '../common/text';
import { readableVendor, scannerFor } from '../common/scanners';
import { remoteMatcher } from './remote';
import { type Instant, parseTimestamp, relativeTime } from '../common/time';

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

/** Why a report is a current one of a repository (currentReports), for the tree to say. */
export type CurrentReason =
  | { readonly kind: 'pinned' }
  | { readonly kind: 'branch'; readonly branch: string }
  /** The scanner's reports for the checked-out branch have all expired: the newest of them. */
  | { readonly kind: 'expired'; readonly branch: string }
  /** No report of the repository is for the checked-out branch, or no branch is known (`branch` undefined). */
  | { readonly kind: 'newest'; readonly branch?: string };

/** One scanner's current report of a repository, and which rule chose it. */
export interface CurrentChoice<T extends FixReportSummary = FixReportSummary> {
  readonly report: T;
  readonly reason: CurrentReason;
  /** The scanner's key (scannerKey). */
  readonly scanner: string;
}

/**
 * Which scanner a report is of, as one key for every spelling the service may send ("Opengrep",
 * "opengrep", "snyk-code"): the scanner table's name; an unknown vendor cleaned and lower-cased;
 * "" for a report that names none (those form one group of their own).
 */
export function scannerKey(vendor: string | null | undefined): string {
  const text = typeof vendor === 'string' ? cleanText(vendor) : '';
  return text === '' ? '' : (scannerFor(text)?.name ?? text.toLowerCase());
}

/**
 * The reports whose findings stand for a repository, one per scanner (each scanner reports other
 * things, so one scanner's report does not replace another's). For each scanner: the report the
 * user pinned for it while it is listed for this repository and scanner; else its newest
 * non-expired report of one of the repository's remotes for the checked-out branch; else its
 * newest for that branch, expired. A scanner with reports of other branches only has none while
 * the branch has reports of other scanners: another branch's findings would be mixed into this
 * one's. Only when no report is for the branch (or no branch is known) does each scanner's newest
 * report stand in. Ordered by scanner (the scanner-less group last), so the order does not change
 * with the list's.
 */
export function currentReports<T extends FixReportSummary>(
  reports: readonly T[],
  repo: RepositoryRef,
  nowMs: number,
  pinned: (scanner: string) => string | undefined = () => undefined,
): CurrentChoice<T>[] {
  const mine = reportsOf(reports, repo, nowMs);
  const { branch } = repo;
  const scanned = branch !== undefined && mine.some((r) => r.repo?.reference === branch);
  const byScanner = new Map<string, T[]>();
  for (const report of mine) {
    const scanner = scannerKey(report.vulnerabilityReport?.vendor);
    const group = byScanner.get(scanner);
    if (group) group.push(report);
    else byScanner.set(scanner, [report]);
  }
  const chosen: CurrentChoice<T>[] = [];
  for (const scanner of [...byScanner.keys()].sort(byScannerName)) {
    const choice = choose(byScanner.get(scanner) ?? [], repo, nowMs, pinned(scanner), scanned);
    if (choice) chosen.push({ ...choice, scanner });
  }
  return chosen;
}

/** The reports of one of the repository's remotes, as sortReports orders them. */
function reportsOf<T extends FixReportSummary>(reports: readonly T[], repo: RepositoryRef, nowMs: number): T[] {
  const matches = remoteMatcher(repo.remotes);
  return sortReports(
    reports.filter((r) => matches(r.repo?.originalUrl)),
    { nowMs },
  );
}

/**
 * The rule among `mine` (sorted, one scanner's for currentReports): pinned, else live on the
 * branch, else (`onBranch`: the branch has reports) the newest for the branch or none, else the newest.
 */
function choose<T extends FixReportSummary>(
  mine: readonly T[],
  repo: RepositoryRef,
  nowMs: number,
  pinnedId: string | undefined,
  onBranch: boolean,
): { report: T; reason: CurrentReason } | undefined {
  if (pinnedId !== undefined) {
    const pinned = mine.find((r) => r.id === pinnedId);
    if (pinned) return { report: pinned, reason: { kind: 'pinned' } };
  }
  const { branch } = repo;
  if (branch !== undefined) {
    const live = mine.find((r) => !isExpired(r, nowMs) && r.repo?.reference === branch);
    if (live) return { report: live, reason: { kind: 'branch', branch } };
    if (onBranch) {
      // Sorted live first, so the first of the branch is its newest expired one.
      const expired = mine.find((r) => r.repo?.reference === branch);
      return expired && { report: expired, reason: { kind: 'expired', branch } };
    }
  }
  const fallback = newest(mine);
  return fallback && { report: fallback, reason: branch === undefined ? { kind: 'newest' } : { kind: 'newest', branch } };
}

/** Scanner keys in name order, case aside; reports that name no scanner last. */
function byScannerName(a: string, b: string): number {
  if (a === '' || b === '') return (a === '' ? 1 : 0) - (b === '' ? 1 : 0);
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  return x < y ? -1 : x > y ? 1 : a < b ? -1 : a > b ? 1 : 0;
}

/** The sentence a report's tooltip gives for why it is current. */
export function currentReasonText(reason: CurrentReason): string {
  switch (reason.kind) {
    case 'pinned':
      return "Current: pinned by you as this repository's report of this scanner.";
    case 'branch':
      return `Current for branch ${cleanText(reason.branch)}: the newest live report of this repository, branch and scanner.`;
    case 'expired':
      return `Current for branch ${cleanText(reason.branch)}: the newest report of this repository, branch and scanner, though expired (none is live).`;
    case 'newest':
      return reason.branch === undefined
        ? 'Current: the newest report of this repository and scanner (the checked-out branch is not known).'
        : `Current: the newest report of this repository and scanner, as no report of this repository is for branch ${cleanText(reason.branch)}.`;
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
