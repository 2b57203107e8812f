// What the UI shows about one fix: confidence, lifecycle dates, ratings. Derived from the
// decoded wire types only; odd data (missing users, bad dates) degrades to nulls and counts,
// never to exceptions. Consistency problems are reported by ./findings.
import type { Download, Fix, FixRating, ScmSubmitFixRequest, User } from '../api/schemas';
import { cleanText } from '../common/text';
import { httpUrl, readableIssueType, readableLanguage } from './format';
import { type Instant, compareNewestFirst, compareOptionalInstants, parseTimestamp, timeRange } from '../common/time';

/** The confidence values docs/service-interface.md defines (§2.3). */
const STABLE_CONFIDENCE = 90;
const ADAPTIVE_CONFIDENCE = 50;

export type ConfidenceKind = 'stable' | 'adaptive' | 'other' | 'unknown';

/** The words for each kind of confidence: one home for the tree, tooltips, filter and CLI. */
export const CONFIDENCE: Readonly<Record<ConfidenceKind, { short: string; group: string; meaning: string }>> = {
  stable: { short: 'Stable', group: 'Stable fixes', meaning: 'Deterministic fix.' },
  adaptive: { short: 'Adaptive', group: 'Adaptive fixes', meaning: 'Generated with AI techniques; review it closely.' },
  other: { short: 'Other confidence', group: 'Other confidence', meaning: 'The service does not document this confidence value.' },
  unknown: { short: 'Confidence unknown', group: 'Confidence unknown', meaning: 'The service gave no confidence for this fix.' },
};

/** How far a fix can be trusted, as a short label and a one-sentence meaning. */
interface Confidence {
  readonly value: number | null;
  readonly kind: ConfidenceKind;
  /** "Stable", "Adaptive", "Confidence 70", "Confidence unknown": for a row. */
  readonly short: string;
  /** "Stable fix", "Adaptive fix", "Confidence 70", "Confidence unknown": for a sentence. */
  readonly label: string;
  readonly meaning: string;
}

function confidenceOf(fix: Pick<Fix, 'confidence'>): Confidence {
  const value = fix.confidence;
  const of = (kind: ConfidenceKind, label: string, short = label): Confidence => ({
    value: kind === 'unknown' ? null : value,
    kind,
    short,
    label,
    meaning: CONFIDENCE[kind].meaning,
  });
  if (value === STABLE_CONFIDENCE) return of('stable', 'Stable fix', CONFIDENCE.stable.short);
  if (value === ADAPTIVE_CONFIDENCE) return of('adaptive', 'Adaptive fix', CONFIDENCE.adaptive.short);
  if (value === null || !Number.isFinite(value)) return of('unknown', CONFIDENCE.unknown.short);
  return of('other', `Confidence ${value}`);
}

/** One user's downloads of a fix. */
interface Downloader {
  /** Identity used to merge events: user id, else lower-cased email, else "" (unknown user). */
  readonly key: string;
  /** Email, else name, else id, else "Unknown user". */
  readonly label: string;
  readonly count: number;
  readonly last: Instant | null;
}

interface Downloads {
  /** Downloaded Date: the earliest download event (docs/service-interface.md §4.2). */
  readonly first: Instant | null;
  readonly last: Instant | null;
  /** Download events, dated or not. Zero means never downloaded. */
  readonly count: number;
  /** Distinct users, most downloads first, then most recent first. */
  readonly downloaders: readonly Downloader[];
}

/** One submission to source control (docs/service-interface.md §2.5). Links are http(s) only, else null. */
export interface Submission {
  readonly prId: string | null;
  readonly prUrl: string | null;
  readonly prStatus: string | null;
  readonly commitUrl: string | null;
  readonly branch: string | null;
  readonly createdAt: Instant | null;
  readonly updatedAt: Instant | null;
}

interface Commits {
  /** Committed Date: the earliest submission (docs/service-interface.md §4.2). */
  readonly first: Instant | null;
  /** Oldest first; undated submissions last. Empty means not committed (docs/service-interface.md §3 rule 2). */
  readonly submissions: readonly Submission[];
}

/** The three lifecycle dates of a fix with the data behind them. */
interface Lifecycle {
  /** First Observed Date: earliest detection among the fix's issues (docs/service-interface.md §2.4). */
  readonly firstObserved: Instant | null;
  readonly downloaded: Downloads;
  readonly committed: Commits;
}

function lifecycleOf(fix: Fix): Lifecycle {
  const firstObserved = timeRange(fix.vulnerabilityReportIssues.map((i) => i.sharedState?.createdAt)).first;
  return {
    firstObserved,
    downloaded: downloadsOf(fix.sharedState?.downloadedBy ?? []),
    committed: commitsOf(fix.scmSubmitFixRequests),
  };
}

function downloadsOf(events: readonly Download[]): Downloads {
  const byUser = new Map<string, { label: string; count: number; last: Instant | null }>();
  for (const event of events) {
    const key = userKey(event.user);
    const at = parseTimestamp(event.downloadedAt) ?? null;
    const entry = byUser.get(key);
    if (!entry) {
      byUser.set(key, { label: userLabel(event.user, 'email'), count: 1, last: at });
      continue;
    }
    entry.count++;
    if (at && (!entry.last || at.ms > entry.last.ms)) entry.last = at;
  }
  const downloaders = [...byUser].map(([key, d]) => ({ key, ...d }));
  downloaders.sort((a, b) => b.count - a.count || compareNewestFirst(a.last, b.last) || compareText(a.label, b.label));
  const { first, last } = timeRange(events.map((e) => e.downloadedAt));
  return { first, last, count: events.length, downloaders };
}

function commitsOf(requests: readonly ScmSubmitFixRequest[]): Commits {
  const submissions: Submission[] = requests.map((r) => ({
    prId: nonBlank(r.prId),
    prUrl: httpUrl(r.prUrl),
    prStatus: nonBlank(r.prStatus),
    commitUrl: httpUrl(r.commitUrl),
    branch: nonBlank(r.submitBranchName),
    createdAt: parseTimestamp(r.createdAt) ?? null,
    updatedAt: parseTimestamp(r.updatedAt) ?? null,
  }));
  submissions.sort((a, b) => compareOptionalInstants(a.createdAt, b.createdAt)); // stable sort
  return { first: submissions[0]?.createdAt ?? null, submissions };
}

/** Readable labels of the rejection reasons docs/service-interface.md lists (§2.7). */
const KNOWN_RATING_TAGS: ReadonlyMap<string, string> = new Map([
  ['BAD_PATTERN', 'Bad pattern'],
  ['BREAKING_FIX', 'Breaking fix'],
  ['FALSE_POSITIVE', 'False positive'],
  ['OTHER', 'Other'],
  ['UNRESOLVED_FIX', 'Does not resolve the issue'],
]);

interface TagCount {
  /** The tag as sent. */
  readonly tag: string;
  /** Readable label for known tags; the tag itself (cleaned) otherwise. */
  readonly label: string;
  readonly known: boolean;
  readonly count: number;
}

interface RatingComment {
  readonly text: string;
  /** Reviewer name, else email, else "Unknown reviewer". */
  readonly reviewer: string;
  readonly date: Instant | null;
  /** The rating's voteScore (1 up, -1 down), or null. */
  readonly vote: number | null;
}

/** User feedback on a fix (docs/service-interface.md §2.7). */
interface RatingsSummary {
  /** All ratings, whatever their vote. */
  readonly total: number;
  readonly up: number;
  readonly down: number;
  /** Only tags that occur; most frequent first. */
  readonly tags: readonly TagCount[];
  /** Non-blank comments, newest first; undated ones last. */
  readonly comments: readonly RatingComment[];
}

function ratingsOf(fix: Fix): RatingsSummary {
  const ratings: readonly FixRating[] = fix.sharedState?.fixRatings ?? [];
  let up = 0;
  let down = 0;
  const tagCounts = new Map<string, number>();
  const comments: RatingComment[] = [];
  for (const r of ratings) {
    if (r.voteScore === 1) up++;
    else if (r.voteScore === -1) down++;
    const tag = r.fixRatingTag?.trim();
    if (tag) tagCounts.set(tag, (tagCounts.get(tag) ?? 0) + 1);
    const text = r.comment?.trim();
    if (text) {
      comments.push({
        text,
        reviewer: userLabel(r.user, 'name', 'Unknown reviewer'),
        date: parseTimestamp(r.updatedDate) ?? null,
        vote: r.voteScore,
      });
    }
  }
  const tags = [...tagCounts].map(([tag, count]): TagCount => {
    const known = KNOWN_RATING_TAGS.get(tag);
    return { tag, label: known ?? (cleanText(tag) || tag), known: known !== undefined, count };
  });
  tags.sort((a, b) => b.count - a.count || compareText(a.label, b.label));
  comments.sort((a, b) => compareNewestFirst(a.date, b.date));
  return { total: ratings.length, up, down, tags, comments };
}

/** Everything the tree and hovers show about a fix. */
export interface FixView {
  readonly id: string;
  /** The decoded fix, for fields the view model does not cover. */
  readonly fix: Fix;
  /** Readable issue category ("SQL Injection"). */
  readonly issueType: string;
  readonly language: string | null;
  readonly state: string | null;
  readonly confidence: Confidence;
  readonly lifecycle: Lifecycle;
  readonly ratings: RatingsSummary;
  /** Distinct ids of the fix's scanner issues, known before any issue page arrives. */
  readonly issueIds: readonly string[];
}

export function fixView(fix: Fix): FixView {
  return new DerivedFixView(fix);
}

/**
 * What a row needs is derived when the report loads; lifecycle and ratings (dates parsed, users
 * merged) when first read: a hover or a shown row reads a few, while a 10,000-fix report's
 * detail is on the critical path of its first level (bench/, case 3b).
 */
class DerivedFixView implements FixView {
  readonly id: string;
  readonly issueType: string;
  readonly language: string | null;
  readonly state: string | null;
  readonly confidence: Confidence;
  readonly issueIds: readonly string[];
  private lifecycleValue: Lifecycle | undefined;
  private ratingsValue: RatingsSummary | undefined;

  constructor(readonly fix: Fix) {
    this.id = fix.id;
    this.issueType = readableIssueType(fix.safeIssueType);
    this.language = nonBlank(fix.safeIssueLanguage) === null ? null : readableLanguage(fix.safeIssueLanguage);
    this.state = nonBlank(fix.state);
    this.confidence = confidenceOf(fix);
    this.issueIds = [...new Set(fix.vulnerabilityReportIssues.map((i) => i.id))];
  }

  get lifecycle(): Lifecycle {
    return (this.lifecycleValue ??= lifecycleOf(this.fix));
  }

  get ratings(): RatingsSummary {
    return (this.ratingsValue ??= ratingsOf(this.fix));
  }
}

function userKey(user: User | null): string {
  return user?.id ?? user?.email?.toLowerCase() ?? '';
}

function userLabel(user: User | null, prefer: 'email' | 'name', fallback = 'Unknown user'): string {
  const order = prefer === 'email' ? [user?.email, user?.name] : [user?.name, user?.email];
  for (const candidate of [...order, user?.id]) {
    const text = candidate ? cleanText(candidate) : '';
    if (text) return text;
  }
  return fallback;
}

/** Code-point order: the same on every machine, unlike localeCompare. */
function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function nonBlank(text: string | null): string | null {
  return text && text.trim() !== '' ? text : null;
}
