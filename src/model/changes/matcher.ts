// What changed between two scans: the issues of a report (the later scan) matched with those
// of an earlier one by fingerprintHash (docs/service-interface.md §2.8, "usable for
// deduplication"; the rule is in docs/decisions.md, "What changed since the previous scan").
//
// - As multisets: the i-th issue with a fingerprint in one report pairs with the i-th issue with
//   the same fingerprint in the other, in each report's own order; a pair is unchanged, an issue
//   left over in the later report is new, one left over in the earlier report is fixed. So a
//   fingerprint twice in the later report and once in the earlier one is one unchanged and one
//   new. Fingerprints are compared as sent, trimmed.
// - Issues without a fingerprint (null, empty or blank) are unmatched: counted per report,
//   never called new or fixed.
//
// Both reports may be added in any interleaving (the CLI pages them concurrently) and the result
// is the same. Memory follows what is not matched yet, not the reports' size: a fingerprint is
// held as a 64-bit hash (hash64) in typed arrays of an open-addressing table only while one
// side has occurrences waiting for the other, each with a compact record of its issue (id,
// rule, type, severity, state, its sink); a pair frees both. The details of new and fixed
// issues are what is left at the end. Plain Node: the CLI and the editor share it.
import type { IssueTag } from '../heldIssue';
import { isFalsePositive } from '../issue';
import { issueLocations, type CodeLocation, type LocatedIssue } from '../locations';
import { hash64, hashed } from './hash64';

/** The report whose changes are asked for (the later scan), or the one it is compared with. */
export type ChangeSide = 'report' | 'since';

/**
 * What the matcher reads of an issue: a decoded one or one the editor's model holds. The trace
 * (codeNodes) is read once per issue kept waiting, for its sink, which becomes a location only
 * for the new and fixed ones.
 */
export interface ChangeIssue extends LocatedIssue {
  readonly id: string;
  readonly fingerprintHash: string | null;
  readonly vendorIssueId: string | null;
  readonly issueType: string | null;
  readonly severity: string | null;
  readonly state: string | null;
  readonly vulnerabilityReportIssueTags: readonly IssueTag[];
}

/** A new or fixed issue, as the result lists it. Text fields are the service's, unescaped. */
export interface ChangedIssue {
  readonly id: string;
  readonly vendorIssueId: string | null;
  readonly issueType: string | null;
  readonly severity: string | null;
  readonly state: string | null;
  readonly falsePositive: boolean;
  /**
   * The sink (the trace's last node), when its path and lines pass model/locations' checks;
   * else the file of codeFilePath when that passes; else null.
   */
  readonly location: CodeLocation | null;
}

export interface ChangeCounts {
  /** Only in the report (the later scan). */
  readonly new: number;
  /** Only in the earlier report. */
  readonly fixed: number;
  /** Pairs: in both. */
  readonly unchanged: number;
  /** Issues of the report without a fingerprint: new + unchanged + unmatched = its issues. */
  readonly unmatched: number;
  /** Issues of the earlier report without a fingerprint: fixed + unchanged + unmatchedSince = its issues. */
  readonly unmatchedSince: number;
}

export interface ReportChanges {
  readonly counts: ChangeCounts;
  /** In the report's order. */
  readonly newIssues: readonly ChangedIssue[];
  /** In the earlier report's order. */
  readonly fixedIssues: readonly ChangedIssue[];
}

/** An issue waiting for its pair; occurrences of one fingerprint on one side form a queue (FIFO). */
class Waiting {
  next: Waiting | undefined = undefined;
  /** The queue's last issue; kept up to date on its first only. */
  tail: Waiting = this;

  constructor(
    /** Order of arrival on its side. */
    readonly seq: number,
    readonly later: boolean,
    readonly id: string,
    readonly vendorIssueId: string | null,
    readonly issueType: string | null,
    readonly severity: string | null,
    readonly state: string | null,
    readonly falsePositive: boolean,
    /** The trace's sink, copied (the decoded nodes are not kept: holding them was most of the cost of waiting). */
    readonly sink: Sink | undefined,
    readonly codeFilePath: string | null | undefined,
  ) {}
}

type CodeNode = NonNullable<LocatedIssue['codeNodes']>[number];
type Sink = Omit<CodeNode, 'index'>;

/** The node model/locations takes as the sink: the last in trace order (by index; nodes without one after the others). */
function sinkOf(nodes: LocatedIssue['codeNodes']): Sink | undefined {
  if (!nodes || nodes.length === 0) return undefined;
  let sink = nodes[0]!;
  for (let i = 1; i < nodes.length; i++) {
    const node = nodes[i]!;
    if ((node.index ?? Infinity) >= (sink.index ?? Infinity)) sink = node;
  }
  return { path: sink.path, startLine: sink.startLine, endLine: sink.endLine, startCol: sink.startCol, endCol: sink.endCol };
}

const MIN_CAPACITY = 256;
/** Int32s per slot of the table: hash high word, low word, balance, padding (one slot per 16 bytes). */
const STRIDE = 4;

export class ChangeMatcher {
  private readonly seed: number;
  // The table: per slot the hash's two words and a balance (> 0: that many of the report's
  // occurrences wait; < 0: of the earlier report's; 0: an empty slot), side by side so a probe
  // reads one cache line; `queues` holds the first waiting issue of each slot. Only
  // fingerprints with occurrences waiting are in it: a balance reaching 0 frees the slot.
  private capacity = MIN_CAPACITY;
  private size = 0;
  private slots = new Int32Array(MIN_CAPACITY * STRIDE);
  private queues: (Waiting | undefined)[] = new Array<Waiting | undefined>(MIN_CAPACITY);
  private waitingReport = 0;
  private waitingSince = 0;
  private seenReport = 0;
  private seenSince = 0;
  private unmatchedReport = 0;
  private unmatchedSince = 0;
  private unchanged = 0;

  /** `seed`: of the hash (tests); a random one by default, so slots cannot be aimed at. */
  constructor(options: { seed?: number } = {}) {
    this.seed = (options.seed ?? Math.floor(Math.random() * 0x1_0000_0000)) >>> 0;
  }

  /** Adds issues of one side, in that report's order (a page at a time, or all at once). */
  add(side: ChangeSide, issues: readonly ChangeIssue[]): void {
    const later = side === 'report';
    const sign = later ? 1 : -1;
    for (const issue of issues) {
      const fingerprint = trimmed(issue.fingerprintHash);
      const seq = later ? this.seenReport++ : this.seenSince++;
      if (fingerprint === '') {
        if (later) this.unmatchedReport++;
        else this.unmatchedSince++;
        continue;
      }
      hash64(fingerprint, this.seed);
      const slot = this.slotOf(hashed.hi | 0, hashed.lo | 0);
      const at = slot * STRIDE + 2;
      const balance = this.slots[at]!;
      if (balance * sign < 0) {
        // The other side has an occurrence waiting: the oldest of them pairs with this one.
        const paired = this.queues[slot]!;
        if (paired.next !== undefined) {
          paired.next.tail = paired.tail;
          this.queues[slot] = paired.next;
        }
        if (later) this.waitingSince--;
        else this.waitingReport--;
        this.unchanged++;
        this.slots[at] = balance + sign;
        if (balance + sign === 0) this.remove(slot);
        continue;
      }
      const wait = new Waiting(
        seq,
        later,
        issue.id,
        issue.vendorIssueId,
        issue.issueType,
        issue.severity,
        issue.state,
        isFalsePositive(issue),
        sinkOf(issue.codeNodes),
        issue.codeFilePath,
      );
      if (balance === 0) this.queues[slot] = wait;
      else {
        const first = this.queues[slot]!;
        first.tail.next = wait;
        first.tail = wait;
      }
      this.slots[at] = balance + sign;
      if (later) this.waitingReport++;
      else this.waitingSince++;
    }
  }

  /** The counts so far (cheap: no list is built). */
  counts(): ChangeCounts {
    return {
      new: this.waitingReport,
      fixed: this.waitingSince,
      unchanged: this.unchanged,
      unmatched: this.unmatchedReport,
      unmatchedSince: this.unmatchedSince,
    };
  }

  /** The counts and the new and fixed issues, once both reports are in (may be called again after more are added). */
  result(): ReportChanges {
    const report: Waiting[] = [];
    const since: Waiting[] = [];
    for (let slot = 0; slot < this.capacity; slot++) {
      if (this.slots[slot * STRIDE + 2] === 0) continue;
      for (let w = this.queues[slot]; w !== undefined; w = w.next) (w.later ? report : since).push(w);
    }
    const listed = (waits: Waiting[]) => waits.sort((a, b) => a.seq - b.seq).map(changedIssue);
    return { counts: this.counts(), newIssues: listed(report), fixedIssues: listed(since) };
  }

  /** The slot of a hash: found, or taken for it (balance 0, no queue yet). Linear probing. */
  private slotOf(hi: number, lo: number): number {
    const mask = this.capacity - 1;
    const slots = this.slots;
    for (let slot = hi & mask; ; slot = (slot + 1) & mask) {
      const at = slot * STRIDE;
      if (slots[at + 2] === 0) {
        if (2 * (this.size + 1) > this.capacity) {
          this.grow();
          return this.slotOf(hi, lo);
        }
        slots[at] = hi;
        slots[at + 1] = lo;
        this.size++;
        return slot;
      }
      if (slots[at] === hi && slots[at + 1] === lo) return slot;
    }
  }

  /** Frees a slot without tombstones: later slots of its probe run move back (backward-shift deletion). */
  private remove(slot: number): void {
    const mask = this.capacity - 1;
    const slots = this.slots;
    let hole = slot;
    for (let next = (hole + 1) & mask; slots[next * STRIDE + 2] !== 0; next = (next + 1) & mask) {
      const home = slots[next * STRIDE]! & mask;
      // `next` may fill the hole when its home is not in the cyclic range (hole, next].
      const stays = hole <= next ? hole < home && home <= next : hole < home || home <= next;
      if (stays) continue;
      slots.copyWithin(hole * STRIDE, next * STRIDE, next * STRIDE + 3);
      this.queues[hole] = this.queues[next];
      hole = next;
    }
    slots[hole * STRIDE + 2] = 0;
    this.queues[hole] = undefined;
    this.size--;
  }

  private grow(): void {
    const { slots, queues, capacity } = this;
    this.capacity = capacity * 2;
    this.slots = new Int32Array(this.capacity * STRIDE);
    this.queues = new Array<Waiting | undefined>(this.capacity);
    const mask = this.capacity - 1;
    for (let from = 0; from < capacity; from++) {
      if (slots[from * STRIDE + 2] === 0) continue;
      let to = slots[from * STRIDE]! & mask;
      while (this.slots[to * STRIDE + 2] !== 0) to = (to + 1) & mask;
      this.slots.set(slots.subarray(from * STRIDE, from * STRIDE + 3), to * STRIDE);
      this.queues[to] = queues[from];
    }
  }
}

/** The fingerprint trimmed, '' for none: trim() only when an end is not printable ASCII (rarely). */
function trimmed(fingerprint: string | null): string {
  if (typeof fingerprint !== 'string' || fingerprint.length === 0) return '';
  const first = fingerprint.charCodeAt(0);
  const last = fingerprint.charCodeAt(fingerprint.length - 1);
  return first > 0x20 && first < 0x7f && last > 0x20 && last < 0x7f ? fingerprint : fingerprint.trim();
}

function changedIssue(w: Waiting): ChangedIssue {
  const located = { codeNodes: w.sink ? [w.sink] : [], codeFilePath: w.codeFilePath };
  return {
    id: w.id,
    vendorIssueId: w.vendorIssueId,
    issueType: w.issueType,
    severity: w.severity,
    state: w.state,
    falsePositive: w.falsePositive,
    location: issueLocations(located)?.primary ?? null,
  };
}
