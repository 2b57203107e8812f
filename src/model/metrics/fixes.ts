// Accumulates the fix side of the metrics: counts by state and confidence, the funnel, time to
// download and to commit, ratings, and the weekly series. Fixes are seen through fixView, the
// same derivation the tree and the CLI's `report` use, so a date means the same everywhere.
import { CONFIDENCE, type ConfidenceKind, type FixView } from '../fix';
import { CONFIDENCE_KINDS as KINDS, CountTally } from './counts';
import { compareText, counted, DurationCollector } from './stats';
import type { ConfidenceRatings, DurationStats, FixCounts, Funnel, FunnelRow, Ratings, TagCount, WeekRow } from './types';
import { isoWeek } from '../../common/time';
/** States that claim a download or a submission happened (the funnel by state). */
const DOWNLOADED_STATES = new Set(['downloaded', 'committed', 'merged']);
const COMMITTED_STATES = new Set(['committed', 'merged']);

interface KindTally {
  fixes: number;
  ratedFixes: number;
  ratings: number;
  up: number;
  down: number;
  tags: Map<string, TagCount>;
}

export class FixTally {
  private readonly tally = new CountTally();
  private readonly kinds = new Map<ConfidenceKind, KindTally>(KINDS.map((k) => [k, emptyKind()]));
  private stateDownloaded = 0;
  private stateCommitted = 0;
  private stateBehind = 0;
  private readonly toDownload = new DurationCollector();
  private readonly toCommit = new DurationCollector();
  private readonly weeks = new Map<string, { weekStart: string; firstObserved: number; committed: number }>();

  add(fix: FixView): void {
    const state = this.tally.add(fix);
    this.addEvents(fix, state?.toLowerCase() ?? '');
    this.addRatings(fix);
    this.addWeeks(fix);
  }

  private addEvents(fix: FixView, state: string): void {
    const { firstObserved, downloaded, committed } = fix.lifecycle;
    const from = firstObserved?.ms ?? null;
    if (downloaded.count > 0) this.toDownload.add(from, downloaded.first?.ms ?? null);
    const hasSubmission = committed.submissions.length > 0;
    if (hasSubmission) this.toCommit.add(from, committed.first?.ms ?? null);
    if (DOWNLOADED_STATES.has(state)) this.stateDownloaded++;
    if (COMMITTED_STATES.has(state)) this.stateCommitted++;
    else if (hasSubmission) this.stateBehind++;
  }

  private addRatings(fix: FixView): void {
    const kind = this.kinds.get(fix.confidence.kind) ?? emptyKind();
    const r = fix.ratings;
    kind.fixes++;
    if (r.total > 0) kind.ratedFixes++;
    kind.ratings += r.total;
    kind.up += r.up;
    kind.down += r.down;
    for (const t of r.tags) {
      const seen = kind.tags.get(t.tag);
      kind.tags.set(t.tag, { tag: t.tag, label: t.label, known: t.known, count: (seen?.count ?? 0) + t.count });
    }
  }

  private addWeeks(fix: FixView): void {
    const observed = fix.lifecycle.firstObserved;
    if (observed) this.week(observed.ms).firstObserved++;
    const committed = fix.lifecycle.committed.first;
    if (committed) this.week(committed.ms).committed++;
  }

  private week(ms: number): { firstObserved: number; committed: number } {
    const { week, weekStart } = isoWeek(ms);
    let row = this.weeks.get(week);
    if (!row) this.weeks.set(week, (row = { weekStart, firstObserved: 0, committed: 0 }));
    return row;
  }

  counts(): FixCounts {
    return this.tally.counts();
  }

  durations(): { timeToDownload: DurationStats; timeToCommit: DurationStats } {
    return { timeToDownload: this.toDownload.stats(), timeToCommit: this.toCommit.stats() };
  }

  funnel(): Funnel {
    const { total, downloaded, committed } = this.tally;
    const row = (stage: FunnelRow['stage'], label: string, byState: number, byEvents: number): FunnelRow => ({
      stage,
      label,
      byState: counted(byState, total),
      byEvents: counted(byEvents, total),
    });
    return {
      rows: [
        row('fixes', 'Fixes', total, total),
        row('downloaded', 'Downloaded', this.stateDownloaded, downloaded),
        row('committed', 'Committed', this.stateCommitted, committed),
      ],
      stateBehindSubmission: this.stateBehind,
    };
  }

  ratings(): Ratings {
    const all = new Map<string, TagCount>();
    for (const k of this.kinds.values())
      for (const t of k.tags.values()) all.set(t.tag, { ...t, count: (all.get(t.tag)?.count ?? 0) + t.count });
    // Tags are free text: the most frequent are kept, the rest counted as one entry, so tables
    // and charts stay a bounded width whatever the service sends.
    const kept = new Set(
      sortTags(all.values())
        .slice(0, MAX_TAGS)
        .map((t) => t.tag),
    );
    const byConfidence: ConfidenceRatings[] = KINDS.map((kind) => {
      const k = this.kinds.get(kind) ?? emptyKind();
      const { fixes, ratedFixes, ratings, up, down } = k;
      return { kind, label: CONFIDENCE[kind].short, fixes, ratedFixes, ratings, up, down, tags: keptTags(k.tags.values(), kept) };
    });
    const sum = (pick: (k: ConfidenceRatings) => number) => byConfidence.reduce((n, k) => n + pick(k), 0);
    return {
      ratings: sum((k) => k.ratings),
      up: sum((k) => k.up),
      down: sum((k) => k.down),
      byConfidence,
      tags: keptTags(all.values(), kept),
    };
  }

  weekly(): WeekRow[] {
    return [...this.weeks].map(([week, row]) => ({ week, ...row })).sort((a, b) => compareText(a.weekStart, b.weekStart));
  }
}

function emptyKind(): KindTally {
  return { fixes: 0, ratedFixes: 0, ratings: 0, up: 0, down: 0, tags: new Map() };
}

/** Distinct rating tags listed by name; more are counted together as OTHER_TAGS. */
const MAX_TAGS = 20;
/** Blank tags are never counted (model/fix), so this key is no tag the service sends. */
const OTHER_TAGS = '';

/** The tags in `kept`, most frequent first, then the others as one entry. */
function keptTags(tags: Iterable<TagCount>, kept: ReadonlySet<string>): TagCount[] {
  let others = 0;
  const listed: TagCount[] = [];
  for (const t of tags) {
    if (kept.has(t.tag)) listed.push(t);
    else others += t.count;
  }
  const sorted = sortTags(listed);
  if (others > 0) sorted.push({ tag: OTHER_TAGS, label: 'Other tags', known: false, count: others });
  return sorted;
}

function sortTags(tags: Iterable<TagCount>): TagCount[] {
  return [...tags].sort((a, b) => b.count - a.count || compareText(a.tag, b.tag));
}
