// Matching two scans by fingerprintHash (src/model/changes/matcher.ts) on hand-made fixtures
// whose expected result is worked out beside them, then against a plain multiset reference on
// generated data: duplicates, missing fingerprints, any interleaving of the two reports.
import { strict as assert } from 'node:assert';
import type { Issue } from '../../../../src/api/schemas';
import { hash64, hashed } from '../../../../src/model/changes/hash64';
import { ChangeMatcher, type ChangeSide, type ReportChanges } from '../../../../src/model/changes/matcher';
import { IssueHolder } from '../../../../src/model/heldIssue';
import { wireIssue } from '../../../support/wire';

/** An issue with this id and fingerprint (null: none), decoded as the client decodes it. */
function issue(id: string, fingerprintHash: string | null, extra: Record<string, unknown> = {}): Issue {
  return wireIssue({
    id,
    fingerprintHash,
    issueType: 'SQL_Injection',
    severity: 'high',
    vendorIssueId: 'java/sql',
    state: 'Open',
    ...extra,
  });
}

function compare(report: readonly Issue[], since: readonly Issue[], seed = 1): ReportChanges {
  const matcher = new ChangeMatcher({ seed });
  matcher.add('report', report);
  matcher.add('since', since);
  return matcher.result();
}

const ids = (list: readonly { id: string }[]) => list.map((i) => i.id);

describe('model/changes: matching two scans by fingerprint', () => {
  it('pairs equal fingerprints (unchanged), leaves the later report’s others new and the earlier one’s fixed', () => {
    const result = compare([issue('r1', 'a'), issue('r2', 'b'), issue('r3', 'c')], [issue('s1', 'b'), issue('s2', 'd'), issue('s3', 'a')]);
    // a and b in both; c only later; d only earlier.
    assert.deepEqual(result.counts, { new: 1, fixed: 1, unchanged: 2, unmatched: 0, unmatchedSince: 0 });
    assert.deepEqual(ids(result.newIssues), ['r3']);
    assert.deepEqual(ids(result.fixedIssues), ['s2']);
  });

  it('counts duplicates as multisets: the i-th occurrence pairs with the i-th, in each report’s order', () => {
    // a twice later, once earlier: one unchanged (r1 with s1), one new (r2, the second occurrence).
    const twiceLater = compare([issue('r1', 'a'), issue('r2', 'a')], [issue('s1', 'a')]);
    assert.deepEqual(twiceLater.counts, { new: 1, fixed: 0, unchanged: 1, unmatched: 0, unmatchedSince: 0 });
    assert.deepEqual(ids(twiceLater.newIssues), ['r2']);
    // a three times earlier, once later: one unchanged, two fixed (the second and third).
    const thriceEarlier = compare([issue('r1', 'a')], [issue('s1', 'a'), issue('s2', 'a'), issue('s3', 'a')]);
    assert.deepEqual(thriceEarlier.counts, { new: 0, fixed: 2, unchanged: 1, unmatched: 0, unmatchedSince: 0 });
    assert.deepEqual(ids(thriceEarlier.fixedIssues), ['s2', 's3']);
    // The same whichever report's issues arrive first.
    const earlierFirst = new ChangeMatcher({ seed: 3 });
    earlierFirst.add('since', [issue('s1', 'a'), issue('s2', 'a'), issue('s3', 'a')]);
    earlierFirst.add('report', [issue('r1', 'a')]);
    assert.deepEqual(earlierFirst.result(), thriceEarlier);
  });

  it('counts issues without a fingerprint (null, empty, blank) apart, per report, never new or fixed; trims the others', () => {
    const result = compare(
      [issue('r1', null), issue('r2', ''), issue('r3', ' a '), issue('r4', 'b')],
      [issue('s1', 'a'), issue('s2', '   '), issue('s3', null), issue('s4', null), issue('s5', 'c')],
    );
    assert.deepEqual(result.counts, { new: 1, fixed: 1, unchanged: 1, unmatched: 2, unmatchedSince: 3 });
    assert.deepEqual(ids(result.newIssues), ['r4']);
    assert.deepEqual(ids(result.fixedIssues), ['s5']);
    // Each report's issues are accounted for once: new + unchanged + unmatched, fixed + unchanged + unmatchedSince.
    assert.equal(result.counts.new + result.counts.unchanged + result.counts.unmatched, 4);
    assert.equal(result.counts.fixed + result.counts.unchanged + result.counts.unmatchedSince, 5);
  });

  it('an empty earlier report: everything new; an empty later report: everything fixed; two empty: nothing', () => {
    const later = [issue('r1', 'a'), issue('r2', 'b'), issue('r3', null)];
    const allNew = compare(later, []);
    assert.deepEqual(allNew.counts, { new: 2, fixed: 0, unchanged: 0, unmatched: 1, unmatchedSince: 0 });
    assert.deepEqual(ids(allNew.newIssues), ['r1', 'r2']);
    const allFixed = compare([], later);
    assert.deepEqual(allFixed.counts, { new: 0, fixed: 2, unchanged: 0, unmatched: 0, unmatchedSince: 1 });
    assert.deepEqual(ids(allFixed.fixedIssues), ['r1', 'r2']);
    assert.deepEqual(compare([], []), {
      counts: { new: 0, fixed: 0, unchanged: 0, unmatched: 0, unmatchedSince: 0 },
      newIssues: [],
      fixedIssues: [],
    });
  });

  it('lists a changed issue’s id, rule, type, severity, state, false-positive mark and its sink when the path is usable', () => {
    const located = issue('r1', 'a', {
      state: 'FalsePositive',
      codeNodes: [
        { path: 'src/A.java', startLine: 3, endLine: 3, startCol: 1, endCol: 5, index: 0 },
        { path: 'src/B.java', startLine: 40, endLine: 41, index: 1 },
      ],
    });
    const refused = issue('r2', 'b', { codeNodes: [{ path: '../etc/passwd', startLine: 1, index: 0 }] });
    const fileOnly = issue('r3', 'c', { codeFilePath: 'web/app.ts' });
    // The sink is the node model/locations would take last (by index; nodes without one after
    // the others). A refused sink leaves the issue its file (codeFilePath), if any.
    const unindexedLast = issue('r4', 'd', {
      codeNodes: [
        { path: 'src/C.java', startLine: 9, index: null },
        { path: 'src/D.java', startLine: 1, index: 5 },
      ],
    });
    const refusedSink = issue('r5', 'e', {
      codeNodes: [
        { path: 'src/E.java', startLine: 2, index: 0 },
        { path: '/etc/passwd', startLine: 1, index: 1 },
      ],
      codeFilePath: 'src/E.java',
    });
    const [first, second, third, fourth, fifth] = compare([located, refused, fileOnly, unindexedLast, refusedSink], []).newIssues;
    assert.deepEqual(fourth?.location, { path: 'src/C.java', startLine: 9, endLine: 9 });
    assert.deepEqual(fifth?.location, { path: 'src/E.java' });
    assert.deepEqual(first, {
      id: 'r1',
      vendorIssueId: 'java/sql',
      issueType: 'SQL_Injection',
      severity: 'high',
      state: 'FalsePositive',
      falsePositive: true,
      location: { path: 'src/B.java', startLine: 40, endLine: 41 },
    });
    assert.equal(second?.location, null, 'a path that is not a plain repository path is left out');
    assert.deepEqual(third?.location, { path: 'web/app.ts' });
  });

  it('reads issues the editor’s model holds (HeldIssue) as it reads decoded ones', () => {
    const holder = new IssueHolder();
    const later = [issue('r1', 'a', { codeNodes: [{ path: 'src/A.java', startLine: 7, index: 0 }] }), issue('r2', 'b')];
    const since = [issue('s1', 'b'), issue('s2', 'z')];
    const held = new ChangeMatcher({ seed: 1 });
    held.add(
      'report',
      later.map((i) => holder.hold(i)),
    );
    held.add(
      'since',
      since.map((i) => holder.hold(i)),
    );
    assert.deepEqual(held.result(), compare(later, since));
  });

  it('gives the same result for any interleaving of the two reports’ pages, as a multiset reference does', () => {
    for (let round = 0; round < 40; round++) {
      const random = lcg(round + 1);
      // Few distinct fingerprints, so duplicates on both sides are common; some none.
      const distinct = 1 + Math.floor(random() * 60);
      const make = (prefix: string, n: number) =>
        Array.from({ length: n }, (_, k) => {
          const roll = random();
          return issue(`${prefix}${k}`, roll < 0.08 ? null : `fp-${Math.floor(random() * distinct)}`);
        });
      const later = make('r', Math.floor(random() * 300));
      const since = make('s', Math.floor(random() * 300));
      const expected = reference(later, since);
      const matcher = new ChangeMatcher({ seed: round });
      const queues: Record<ChangeSide, Issue[]> = { report: [...later], since: [...since] };
      while (queues.report.length > 0 || queues.since.length > 0) {
        const side: ChangeSide = queues.since.length === 0 || (queues.report.length > 0 && random() < 0.5) ? 'report' : 'since';
        matcher.add(side, queues[side].splice(0, 1 + Math.floor(random() * 40)));
      }
      const got = matcher.result();
      assert.deepEqual(got.counts, expected.counts, `round ${round}`);
      assert.deepEqual(ids(got.newIssues), expected.newIds, `round ${round}: new`);
      assert.deepEqual(ids(got.fixedIssues), expected.fixedIds, `round ${round}: fixed`);
    }
  });

  it('holds only what waits for its pair: a table that grew for one report shrinks as the other pairs it off', () => {
    const n = 20_000;
    const later = Array.from({ length: n }, (_, k) => issue(`r${k}`, `fingerprint-${k}`));
    const since = Array.from({ length: n }, (_, k) => issue(`s${k}`, `fingerprint-${n - 1 - k}`));
    const matcher = new ChangeMatcher({ seed: 7 });
    matcher.add('report', later);
    assert.equal(matcher.counts().new, n, 'all wait for the other report');
    // Paired off in another order: every removal shifts the probe runs back.
    matcher.add('since', since);
    const result = matcher.result();
    assert.deepEqual(result.counts, { new: 0, fixed: 0, unchanged: n, unmatched: 0, unmatchedSince: 0 });
    const table = matcher as unknown as { size: number };
    assert.equal(table.size, 0, 'no slot is left');
    // And it still matches afterwards (no tombstone or stale slot in the way).
    matcher.add('since', [issue('x', 'fingerprint-5')]);
    matcher.add('report', [issue('y', 'fingerprint-5'), issue('z', 'fingerprint-6')]);
    assert.deepEqual(matcher.counts(), { new: 1, fixed: 0, unchanged: n + 1, unmatched: 0, unmatchedSince: 0 });
  });

  it('hashes 200,000 distinct fingerprints to 200,000 distinct 64-bit values, and depends on the seed', () => {
    const seen = new Set<string>();
    for (let k = 0; k < 200_000; k++) {
      hash64(`${k.toString(16).padStart(64, '0')}`, 42);
      seen.add(`${hashed.hi}:${hashed.lo}`);
    }
    assert.equal(seen.size, 200_000);
    hash64('fingerprint', 1);
    const one = `${hashed.hi}:${hashed.lo}`;
    hash64('fingerprint', 2);
    assert.notEqual(`${hashed.hi}:${hashed.lo}`, one);
  });
});

/** The rule with plain Maps and arrays: occurrences queued per fingerprint, paired in order. */
function reference(later: readonly Issue[], since: readonly Issue[]) {
  const queues = new Map<string, Issue[]>();
  let unchanged = 0;
  const pairedSince = new Set<string>();
  const newIds: string[] = [];
  for (const i of since) {
    const fp = i.fingerprintHash?.trim();
    if (!fp) continue;
    queues.set(fp, [...(queues.get(fp) ?? []), i]);
  }
  for (const i of later) {
    const fp = i.fingerprintHash?.trim();
    if (!fp) continue;
    const match = queues.get(fp)?.shift();
    if (match) {
      unchanged++;
      pairedSince.add(match.id);
    } else newIds.push(i.id);
  }
  const fixedIds = since.filter((i) => i.fingerprintHash?.trim() && !pairedSince.has(i.id)).map((i) => i.id);
  const unmatched = (list: readonly Issue[]) => list.filter((i) => !i.fingerprintHash?.trim()).length;
  return {
    counts: { new: newIds.length, fixed: fixedIds.length, unchanged, unmatched: unmatched(later), unmatchedSince: unmatched(since) },
    newIds,
    fixedIds,
  };
}

/** A small seeded generator, so a failing round can be run again. */
function lcg(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 0x1_0000_0000;
  };
}
