// Which reports stand for a repository of the workspace, one per scanner: pinned, else the newest
// live one for the checked-out branch, else its newest for the branch, else (no report for the
// branch) the newest of its remotes.
import { strict as assert } from 'node:assert';
import type { FixReportSummary } from '../../../src/api/schemas';
import { Pins } from '../../../src/editor/pins';
import { currentReasonText, currentReports, scannerKey, type RepositoryRef } from '../../../src/model/reportList';

// The editor's types, as Pins takes them (unit tests run without the vscode module).
type Root = Parameters<Pins['pinned']>[0];
type Memento = ConstructorParameters<typeof Pins>[0];

const NOW = Date.UTC(2026, 10, 23);
const DAY = 86_400_000;

function report(
  id: string,
  url: string | null,
  reference: string | null,
  createdDaysAgo: number | null,
  expiresInDays: number | null = 30,
  vendor: string | null = null,
): FixReportSummary {
  return {
    id,
    createdOn: createdDaysAgo === null ? null : new Date(NOW - createdDaysAgo * DAY).toISOString(),
    expirationOn: expiresInDays === null ? null : new Date(NOW + expiresInDays * DAY).toISOString(),
    createdByUser: null,
    vulnerabilityReport: vendor === null ? null : { vendor, project: null },
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

/** The one current report when every report is of one scanner (these have none). */
function currentReport(
  list: readonly FixReportSummary[],
  repo: RepositoryRef,
  nowMs: number,
  pinnedId?: string,
): FixReportSummary | undefined {
  const chosen = currentReports(list, repo, nowMs, () => pinnedId);
  assert.ok(chosen.length <= 1, 'one scanner, at most one current report');
  return chosen[0]?.report;
}

describe('the current report of a repository (one scanner)', () => {
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
      const chosen = currentReports(reports, repo, NOW, () => pinnedId)[0];
      return chosen && { id: chosen.report.id, text: currentReasonText(chosen.reason) };
    };
    assert.deepEqual(reasonOf(REPO), {
      id: 'branch-new',
      text: 'Current for branch release/2.4: the newest live report of this repository, branch and scanner.',
    });
    assert.deepEqual(reasonOf(REPO, 'branch-old'), {
      id: 'branch-old',
      text: "Current: pinned by you as this repository's report of this scanner.",
    });
    assert.deepEqual(reasonOf({ ...REPO, branch: 'feature/x' }), {
      id: 'main-new',
      text: 'Current: the newest report of this repository and scanner, as no report of this repository is for branch feature/x.',
    });
    const onlyExpired = [
      report('old', 'https://github.com/acme/payments-api', 'release/2.4', 3, -1),
      report('main', 'https://github.com/acme/payments-api', 'main', 1),
    ];
    assert.deepEqual(
      currentReports(onlyExpired, REPO, NOW).map((c) => ({ id: c.report.id, text: currentReasonText(c.reason) })),
      [
        {
          id: 'old',
          text: 'Current for branch release/2.4: the newest report of this repository, branch and scanner, though expired (none is live).',
        },
      ],
    );
    assert.deepEqual(reasonOf({ remotes: REPO.remotes }), {
      id: 'main-new',
      text: 'Current: the newest report of this repository and scanner (the checked-out branch is not known).',
    });
  });

  it('writes a branch name with control and bidi characters removed', () => {
    const text = currentReasonText({ kind: 'branch', branch: 'evil\u202e/\u001b[2Jmain' });
    assert.doesNotMatch(text, /[\u202e\u001b]/);
    assert.match(text, /^Current for branch evil/);
  });
});

const URL = 'https://github.com/acme/payments-api';
/** One branch scanned by three scanners, twice each, plus another branch and another repository. */
const scanned = [
  report('opengrep-old', URL, 'release/2.4', 9, 30, 'opengrep'),
  report('opengrep-new', URL, 'release/2.4', 2, 30, 'opengrep'),
  report('snyk-old', URL, 'release/2.4', 12, 30, 'snyk'),
  report('snyk-new', URL, 'release/2.4', 4, 30, 'snyk'),
  report('sonar-new', URL, 'release/2.4', 6, null, 'sonarqube'),
  report('sonar-old', URL, 'release/2.4', 20, 30, 'sonarqube'),
  report('snyk-main', URL, 'main', 1, 30, 'snyk'),
  report('billing', 'https://github.com/acme/billing', 'release/2.4', 0, 30, 'codeql'),
];

const ids = (list: readonly { report: FixReportSummary; scanner: string }[]) => list.map((c) => `${c.scanner}:${c.report.id}`);

describe('the current reports of a repository, one per scanner', () => {
  it("is each scanner's newest live report for the branch: three scanners on one branch give three", () => {
    const chosen = currentReports(scanned, REPO, NOW);
    assert.deepEqual(ids(chosen), ['Opengrep:opengrep-new', 'Snyk:snyk-new', 'SonarQube:sonar-new']);
    assert.ok(chosen.every((c) => c.reason.kind === 'branch'));
  });

  it('keeps its order (by scanner) whatever the order of the list', () => {
    assert.deepEqual(ids(currentReports([...scanned].reverse(), REPO, NOW)), ids(currentReports(scanned, REPO, NOW)));
  });

  it("takes a pin for its scanner only: Snyk's pinned report, and the other two newest", () => {
    const pins: Record<string, string> = { Snyk: 'snyk-old' };
    const chosen = currentReports(scanned, REPO, NOW, (scanner) => pins[scanner]);
    assert.deepEqual(ids(chosen), ['Opengrep:opengrep-new', 'Snyk:snyk-old', 'SonarQube:sonar-new']);
    assert.deepEqual(
      chosen.map((c) => c.reason.kind),
      ['branch', 'pinned', 'branch'],
    );
  });

  it("ignores a pin of another scanner's report, or of one no longer listed", () => {
    const chosen = currentReports(scanned, REPO, NOW, (scanner) => (scanner === 'Snyk' ? 'opengrep-old' : 'gone'));
    assert.deepEqual(ids(chosen), ['Opengrep:opengrep-new', 'Snyk:snyk-new', 'SonarQube:sonar-new']);
  });

  it("gives a scanner whose reports for the branch have all expired the newest of them, not another branch's", () => {
    const list = [
      ...scanned,
      report('codeql-expired', URL, 'release/2.4', 40, -5, 'codeql'),
      report('codeql-main', URL, 'main', 3, 30, 'codeql'),
    ];
    const chosen = currentReports(list, REPO, NOW);
    assert.deepEqual(ids(chosen), ['CodeQL:codeql-expired', 'Opengrep:opengrep-new', 'Snyk:snyk-new', 'SonarQube:sonar-new']);
    assert.deepEqual(chosen[0]?.reason, { kind: 'expired', branch: 'release/2.4' });
  });

  it('gives a scanner with reports of other branches only none, while the branch has reports; unless it is pinned', () => {
    const list = [...scanned, report('semgrep-hostile', URL, 'hostile/fixes', 85, 5, 'semgrep')];
    assert.deepEqual(ids(currentReports(list, REPO, NOW)), ['Opengrep:opengrep-new', 'Snyk:snyk-new', 'SonarQube:sonar-new']);
    const pinned = currentReports(list, REPO, NOW, (scanner) => (scanner === 'Semgrep' ? 'semgrep-hostile' : undefined));
    assert.deepEqual(ids(pinned), ['Opengrep:opengrep-new', 'Semgrep:semgrep-hostile', 'Snyk:snyk-new', 'SonarQube:sonar-new']);
  });

  it('gives each scanner its newest when no report is for the branch, or the branch is not known', () => {
    const expected = ['Opengrep:opengrep-new', 'Snyk:snyk-main', 'SonarQube:sonar-new'];
    const unscanned = currentReports(scanned, { ...REPO, branch: 'feature/x' }, NOW);
    assert.deepEqual(ids(unscanned), expected);
    assert.ok(unscanned.every((c) => c.reason.kind === 'newest' && c.reason.branch === 'feature/x'));
    assert.deepEqual(ids(currentReports(scanned, { remotes: REPO.remotes }, NOW)), expected, 'detached HEAD');
  });

  it('counts a vendor spelled differently as one scanner', () => {
    const list = [
      report('a', URL, 'release/2.4', 5, 30, 'Opengrep'),
      report('b', URL, 'release/2.4', 1, 30, ' opengrep '),
      report('c', URL, 'release/2.4', 3, 30, 'snyk-code'),
      report('d', URL, 'release/2.4', 2, 30, 'Snyk'),
      report('e', URL, 'release/2.4', 2, 30, 'Acme Scan'),
      report('f', URL, 'release/2.4', 1, 30, 'ACME  scan'),
    ];
    assert.deepEqual(ids(currentReports(list, REPO, NOW)), ['acme scan:f', 'Opengrep:b', 'Snyk:d']);
  });

  it('puts reports that name no scanner in one group of their own, last', () => {
    const list = [
      report('none-old', URL, 'release/2.4', 5),
      report('none-new', URL, 'release/2.4', 1, 30, '  '),
      report('snyk', URL, 'release/2.4', 3, 30, 'snyk'),
    ];
    assert.deepEqual(ids(currentReports(list, REPO, NOW)), ['Snyk:snyk', ':none-new']);
  });

  it('keys scanners by the scanner table, unknown ones cleaned and lower-cased', () => {
    assert.equal(scannerKey('OPENGREP'), 'Opengrep');
    assert.equal(scannerKey('sonarcloud'), 'SonarQube');
    assert.equal(scannerKey('Acme\u202e Scan'), 'acme scan');
    assert.equal(scannerKey(null), '');
    assert.equal(scannerKey('\u200b'), '');
  });

  it("honours a pin stored before pins were per scanner, for its report's scanner only", () => {
    const root = { toString: () => 'file:///work/payments-api' } as Root;
    const pins = new Pins(memento({ 'securityFixReports.pinnedReports': { [root.toString()]: 'snyk-old' } }));
    assert.deepEqual(ids(currentReports(scanned, REPO, NOW, pins.pinned(root))), [
      'Opengrep:opengrep-new',
      'Snyk:snyk-old',
      'SonarQube:sonar-new',
    ]);
  });
});

/** A workspace state holding `values` (Pins reads and writes nothing else). */
function memento(values: Record<string, unknown>): Memento {
  return {
    keys: () => Object.keys(values),
    get: <T>(key: string, fallback?: T) => (key in values ? (values[key] as T) : fallback),
    update: (key: string, value: unknown) => {
      values[key] = value;
      return Promise.resolve();
    },
  } as Memento;
}
