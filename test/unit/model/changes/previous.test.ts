// Which report a report is compared with (src/model/changes/previous.ts): its previous scan of
// the same repository (any spelling), branch and scanner, and the checks of one the user names.
import { strict as assert } from 'node:assert';
import type { FixReportSummary } from '../../../../src/api/schemas';
import { checkSince, previousReport } from '../../../../src/model/changes/previous';
import { wireSummary } from '../../../support/wire';
import { ONE_REPOSITORY_SPELLINGS } from '../../../support/remoteSpellings';

const URL = 'https://github.com/org/repo';

function report(
  id: string,
  createdOn: string | null,
  options: { url?: string | null; reference?: string | null; vendor?: string | null; expirationOn?: string } = {},
): FixReportSummary {
  return wireSummary({
    id,
    createdOn: createdOn === null ? null : `${createdOn}T12:00:00.000000+00:00`,
    expirationOn: options.expirationOn ?? null,
    vulnerabilityReport: { vendor: options.vendor === undefined ? 'semgrep' : options.vendor },
    repo:
      options.url === null
        ? null
        : { name: 'repo', originalUrl: options.url ?? URL, reference: options.reference === undefined ? 'main' : options.reference },
  });
}

describe('model/changes: the previous scan of a report', () => {
  const now = report('now', '2026-10-10');

  it('is the newest earlier report of the same repository, branch and scanner', () => {
    const list = [
      report('older', '2026-09-01'),
      report('previous', '2026-10-03'),
      now,
      report('later', '2026-10-20'),
      report('other-branch', '2026-10-09', { reference: 'develop' }),
      report('other-scanner', '2026-10-09', { vendor: 'snyk' }),
      report('other-repo', '2026-10-09', { url: 'https://github.com/org/other' }),
      report('no-repo', '2026-10-09', { url: null }),
      report('undated', null),
    ];
    assert.equal(previousReport(list, now)?.id, 'previous');
    assert.equal(previousReport(list, list[1]!)?.id, 'older');
    assert.equal(previousReport(list, list[0]!), undefined, 'the first scan has none');
  });

  it('takes the repository under any spelling of its address, and the scanner under any spelling of its name', () => {
    for (const url of ONE_REPOSITORY_SPELLINGS) {
      const list = [report('previous', '2026-10-01', { url, vendor: 'Semgrep' }), now];
      assert.equal(previousReport(list, now)?.id, 'previous', url);
    }
  });

  it('counts expired reports (the scan happened), not one created at the same instant; ties go to the smallest id', () => {
    const expired = report('expired', '2026-06-01', { expirationOn: '2026-09-01T00:00:00.000000+00:00' });
    assert.equal(previousReport([expired, now], now)?.id, 'expired');
    assert.equal(previousReport([report('same-instant', '2026-10-10'), expired, now], now)?.id, 'expired');
    const tie = [report('b-tie', '2026-10-05'), report('a-tie', '2026-10-05'), report('c-tie', '2026-10-05')];
    assert.equal(previousReport([...tie, now], now)?.id, 'a-tie');
    assert.equal(previousReport([...tie].reverse(), now)?.id, 'a-tie', 'whatever the list order');
  });

  it('is none for a report without a repository or a creation time, and never the report itself', () => {
    const list = [report('previous', '2026-10-01'), now];
    assert.equal(previousReport(list, report('x', '2026-10-10', { url: null })), undefined);
    assert.equal(previousReport(list, report('x', null)), undefined);
    assert.equal(previousReport([report('NOW', '2026-10-01'), now], now), undefined, 'the same id in another case is the report itself');
    // A branch that is not known is one value of its own: it pairs with another report without one.
    const unknownBranch = report('y', '2026-10-10', { reference: null });
    assert.equal(previousReport([report('z', '2026-10-01', { reference: null }), ...list], unknownBranch)?.id, 'z');
  });
});

describe('model/changes: checking the report named as the earlier one', () => {
  const now = report('now', '2026-10-10');

  it('allows an earlier scan of the same repository; notes another branch, scanner or an unknown time', () => {
    assert.deepEqual(checkSince(now, report('s', '2026-10-01', { url: 'git@github.com:Org/Repo.git' })), { notes: [] });
    assert.deepEqual(checkSince(now, report('s', '2026-10-10')), { notes: [] }, 'the same instant is not newer');
    assert.deepEqual(checkSince(now, report('s', '2026-10-01', { reference: 'develop', vendor: 'snyk' })), {
      notes: ['other-branch', 'other-scanner'],
    });
    assert.deepEqual(checkSince(now, report('s', null)), { notes: ['undated'] });
  });

  it('refuses the report itself, another repository, a report without one, and a newer report', () => {
    assert.deepEqual(checkSince(now, report('NOW', '2026-10-01')).refusal, { kind: 'same-report' });
    assert.deepEqual(checkSince(now, report('s', '2026-10-01', { url: 'https://github.com/org/other' })).refusal, {
      kind: 'other-repository',
    });
    assert.deepEqual(checkSince(now, report('s', '2026-10-01', { url: null })).refusal, { kind: 'unknown-repository', which: 'since' });
    assert.deepEqual(checkSince(report('x', '2026-10-10', { url: 'not a url' }), now).refusal, {
      kind: 'unknown-repository',
      which: 'report',
    });
    assert.deepEqual(checkSince(now, report('s', '2026-10-11')).refusal, { kind: 'newer' });
  });
});
