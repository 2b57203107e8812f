// What the view says while a refresh waits, when data is stale, and when filtered: one
// message for all of them, so no part overwrites another.
import { strict as assert } from 'node:assert';
import { findingsNotes, statusText } from '../../../src/views/statusText';
import { formatDate } from '../../../src/common/time';

const NOW = Date.UTC(2026, 10, 23, 9, 0, 0);
const FETCHED = NOW - 5 * 60_000;

describe("the view's status text", () => {
  it('says nothing when nothing is going on', () => {
    assert.deepEqual(statusText({ filter: [] }, NOW), { message: undefined, description: undefined });
  });

  it('stays quiet for the first 2 s of a refresh, then says what it waits for, for how long, and what is shown', () => {
    const refreshing = { startedAt: NOW - 1_999, origin: 'https://fixes.example' };
    assert.equal(statusText({ filter: [], refreshing, shownSince: FETCHED }, NOW).message, undefined);
    const { message, description } = statusText(
      { filter: [], refreshing: { ...refreshing, startedAt: NOW - 12_400 }, shownSince: FETCHED },
      NOW,
    );
    assert.equal(
      message,
      `Waiting for https://fixes.example: no answer for 12 s. The data shown is from ${formatDate(FETCHED)} (5 minutes ago). Cancel Refresh in the title bar stops waiting.`,
    );
    assert.equal(description, 'Refreshing…');
  });

  it('marks stale data with its age and the reason, and says what to do', () => {
    const { message, description } = statusText(
      { filter: [], stale: { since: FETCHED, reason: 'The refresh failed: HTTP 500 from the service' } },
      NOW,
    );
    assert.equal(
      message,
      `Stale: showing the data from ${formatDate(FETCHED)} (5 minutes ago). The refresh failed: HTTP 500 from the service. Refresh to try again.`,
    );
    assert.equal(description, 'Stale');
  });

  it('marks a list shown from the cache with its age while the service is asked again', () => {
    const cached = { since: NOW - 3 * 3_600_000 };
    const refreshing = { startedAt: NOW - 500, origin: 'https://fixes.example' };
    const { message, description } = statusText({ filter: [], cached, refreshing, shownSince: cached.since }, NOW);
    assert.equal(
      message,
      `Cached: showing the reports fetched ${formatDate(cached.since)} (3 hours ago) while https://fixes.example is asked again.`,
    );
    assert.equal(description, 'Cached 3 hours ago');
    // A failed revalidation turns it into the stale mark, with the reason.
    const failed = statusText(
      { filter: [], cached, stale: { since: cached.since, reason: 'The refresh failed: connection refused' } },
      NOW,
    );
    assert.equal(failed.description, 'Stale');
  });

  it('a refresh under way speaks instead of the stale mark it may clear', () => {
    const parts = {
      filter: [],
      refreshing: { startedAt: NOW - 3_000 },
      stale: { since: FETCHED, reason: 'The refresh was cancelled.' },
      shownSince: FETCHED,
    };
    assert.match(statusText(parts, NOW).message!, /^Waiting for the service: no answer for 3 s\./);
  });

  it('keeps the filter beside either', () => {
    const { message, description } = statusText(
      { filter: ['Adaptive', 'severity error'], stale: { since: FETCHED, reason: 'The refresh was cancelled.' } },
      NOW,
    );
    assert.match(
      message!,
      /Refresh to try again\. Filtered: Adaptive · severity error\. Clear Filter in the title bar shows everything\.$/,
    );
    assert.equal(description, 'Stale · Filtered: Adaptive · severity error');
  });
});

describe('the notes about findings in the code', () => {
  const repo = (path: string) => ({ root: { path } });
  it('say once per repository when its report is of another branch, then missing paths and capped files', () => {
    const notes = findingsNotes(
      [
        { repository: repo('/work/payments-api'), otherBranch: { report: 'release/2.3', checkedOut: 'release/2.4' } },
        { repository: repo('/work/other') },
      ],
      3,
      1,
    );
    assert.deepEqual(notes, [
      'The findings in payments-api are from a scan of release/2.3; release/2.4 is checked out, so lines may have moved.',
      '3 findings of the current reports are in files that are not in the workspace (see the log).',
      '1 file has more than 1,000 findings: the Problems panel shows the first 1,000 of each.',
    ]);
    assert.deepEqual(findingsNotes([], 0, 0), []);
    assert.equal(findingsNotes([], 1, 2)[0], '1 finding of the current reports is in files that are not in the workspace (see the log).');
  });

  it("clean and cut the report's branch (the service's repo.reference): no line break, bidi control or endless name", () => {
    const [note] = findingsNotes(
      [
        {
          repository: repo('/work/app'),
          otherBranch: { report: 'main\n[info] Applied fix 42\u202e' + 'x'.repeat(500), checkedOut: 'dev' },
        },
      ],
      0,
      0,
    );
    assert.doesNotMatch(note!, /[\n\u202e]/);
    assert.match(note!, /^The findings in app are from a scan of main \[info\] Applied fix 42 x+…; dev is checked out/);
    assert.ok(Array.from(note!).length < 200);
  });
});

describe("the view's message carries server text only as one clean line", () => {
  it('whatever the parts hold', () => {
    const { message, description } = statusText(
      {
        filter: ['“a\u202eb”'],
        stale: { since: FETCHED, reason: 'HTTP 500: \u001b[2J\nfake line\u2028' + 'y'.repeat(1_000) },
        findings: ['Note\none'],
      },
      NOW,
    );
    for (const text of [message!, description!]) assert.doesNotMatch(text, /[\n\u2028\u202e\u001b]/, text);
    assert.ok(Array.from(message!).length < 600, 'a long reason is cut');
  });
});
