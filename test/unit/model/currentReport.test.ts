// Which report stands for a repository of the workspace: pinned, else the newest live one for
// the checked-out branch, else the newest of its remotes.
import { strict as assert } from 'node:assert';
import type { FixReportSummary } from '../../../src/api/schemas';
import { currentReasonText, currentReport, currentReportAndReason } from '../../../src/model/reportList';

const NOW = Date.UTC(2026, 10, 23);
const DAY = 86_400_000;

function report(
  id: string,
  url: string | null,
  reference: string | null,
  createdDaysAgo: number | null,
  expiresInDays: number | null = 30,
): FixReportSummary {
  return {
    id,
    createdOn: createdDaysAgo === null ? null : new Date(NOW - createdDaysAgo * DAY).toISOString(),
    expirationOn: expiresInDays === null ? null : new Date(NOW + expiresInDays * DAY).toISOString(),
    createdByUser: null,
    vulnerabilityReport: null,
    repo: url === null ? null : { name: null, originalUrl: url, reference },
  } as FixReportSummary;
}

const REPO = { remotes: ['git@github.com:acme/payments-api.git'], branch: 'release/2.4' };
const reports = [
  report('other-repo', 'https://github.com/acme/billing', 'release/2.4', 0),
  report('main-new', 'https://github.com/acme/payments-api', 'main', 1),
  report('branch-old', 'https://github.com/acme/payments-api', 'release/2.4', 20),
  report('branch-new-expired', 'https://github.com/acme/payments-api', 'release/2.4', 5, -1),
  report('branch-new', 'https://github.com/acme/payments-api', 'release/2.4', 10),
];

describe('the current report of a repository', () => {
  it('is the newest non-expired report for the checked-out branch, whatever the remote spelling', () => {
    assert.equal(currentReport(reports, REPO, NOW)?.id, 'branch-new');
  });

  it('else the newest of its remotes, expired or on another branch', () => {
    assert.equal(currentReport(reports, { ...REPO, branch: 'feature/x' }, NOW)?.id, 'main-new');
    assert.equal(currentReport(reports, { remotes: REPO.remotes }, NOW)?.id, 'main-new', 'detached HEAD');
    const onlyExpired = [
      report('a', 'https://github.com/acme/payments-api', 'release/2.4', 3, -1),
      report('b', 'https://github.com/acme/payments-api', 'release/2.4', 9, -2),
    ];
    assert.equal(currentReport(onlyExpired, REPO, NOW)?.id, 'a');
  });

  it('is the pinned report while it is listed for that repository, and ignores a pin that is not', () => {
    assert.equal(currentReport(reports, REPO, NOW, 'branch-old')?.id, 'branch-old');
    assert.equal(currentReport(reports, REPO, NOW, 'other-repo')?.id, 'branch-new', "a pin of another repository's report does not count");
    assert.equal(currentReport(reports, REPO, NOW, 'gone')?.id, 'branch-new');
  });

  it('is undefined when no report names one of its remotes', () => {
    assert.equal(currentReport(reports, { remotes: ['https://github.com/acme/unknown'] }, NOW), undefined);
    assert.equal(currentReport(reports, { remotes: [] }, NOW), undefined);
    assert.equal(currentReport([report('x', null, null, 1)], REPO, NOW), undefined);
  });

  it('puts undated reports last', () => {
    const undated = [
      report('undated', 'https://github.com/acme/payments-api', 'main', null),
      report('dated', 'https://github.com/acme/payments-api', 'main', 400),
    ];
    assert.equal(currentReport(undated, { remotes: REPO.remotes, branch: 'nope' }, NOW)?.id, 'dated');
  });

  it('says why it is current: pinned, the newest live one for the branch, or the newest at all', () => {
    const reasonOf = (repo: typeof REPO | { remotes: string[] }, pinnedId?: string) => {
      const chosen = currentReportAndReason(reports, repo, NOW, pinnedId);
      return chosen && { id: chosen.report.id, text: currentReasonText(chosen.reason) };
    };
    assert.deepEqual(reasonOf(REPO), {
      id: 'branch-new',
      text: 'Current for branch release/2.4: the newest live report of this repository and branch.',
    });
    assert.deepEqual(reasonOf(REPO, 'branch-old'), { id: 'branch-old', text: 'Current: pinned by you.' });
    assert.deepEqual(reasonOf({ ...REPO, branch: 'feature/x' }), {
      id: 'main-new',
      text: 'Current: the newest report of this repository, as none is live for branch feature/x.',
    });
    assert.deepEqual(reasonOf({ remotes: REPO.remotes }), {
      id: 'main-new',
      text: 'Current: the newest report of this repository (the checked-out branch is not known).',
    });
  });

  it('writes a branch name with control and bidi characters removed', () => {
    const text = currentReasonText({ kind: 'branch', branch: 'evil\u202e/\u001b[2Jmain' });
    assert.doesNotMatch(text, /[\u202e\u001b]/);
    assert.match(text, /^Current for branch evil/);
  });
});
