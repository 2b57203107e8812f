import { strict as assert } from 'node:assert';
import { readableVendor } from '../../../src/common/scanners';
import fc from 'fast-check';
import * as v from 'valibot';
import { kept as heldFields } from './heldFields';
import { ONE_REPOSITORY_SPELLINGS } from '../../support/remoteSpellings';
import { ReportListBodySchema, type FixReportDetail, type FixReportSummary } from '../../../src/api/schemas';
import { fixView } from '../../../src/model/fix';
import { httpUrl, readableIssueType, readableLanguage } from '../../../src/model/format';
import { falsePositiveBasis } from '../../../src/model/issue';
import { remoteMatcher } from '../../../src/model/remote';
import { ReportModel } from '../../../src/model/report';
import { isExpired, sortReports, summaryLine } from '../../../src/model/reportList';
import { formatDate, parseTimestamp, relativeTime } from '../../../src/common/time';
import { wireDetail, wireIssue } from '../../support/wire';

const DAY = 86_400_000;
const HOUR = 3_600_000;
const NOW = Date.UTC(2024, 5, 15, 12, 0, 0); // 2024-06-15T12:00:00Z

// Raw wire objects, decoded through the real schemas so nulls and missing arrays behave as
// they do in production.
type Raw = Record<string, unknown>;
const detail = (raw: Raw): FixReportDetail => wireDetail({ id: 'report-1', ...raw });
const fixOf = (raw: Raw) => detail({ fixes: [{ id: 'fix-1', ...raw }] }).fixes[0]!;
const issue = wireIssue;

describe('common/time parseTimestamp', () => {
  it('reads the wire format with six fractional digits and +00:00', () => {
    const t = parseTimestamp('2024-01-02T03:04:05.123456+00:00');
    assert.deepEqual(t, { ms: Date.UTC(2024, 0, 2, 3, 4, 5, 123), text: '2024-01-02T03:04:05.123456+00:00' });
  });

  it('accepts 0 to 9 fractional digits, Z and other offsets', () => {
    const base = Date.UTC(2024, 0, 2, 3, 4, 5);
    assert.equal(parseTimestamp('2024-01-02T03:04:05Z')?.ms, base);
    assert.equal(parseTimestamp('2024-01-02T03:04:05.1Z')?.ms, base + 100);
    assert.equal(parseTimestamp('2024-01-02T03:04:05.987654321Z')?.ms, base + 987);
    assert.equal(parseTimestamp('2024-01-02T05:34:05.5+02:30')?.ms, base + 500);
    assert.equal(parseTimestamp('2024-01-01T22:04:05-0500')?.ms, base);
    assert.equal(parseTimestamp('2024-01-02T04:04:05+01')?.ms, base);
    assert.equal(parseTimestamp('2024-01-02 03:04:05.000000')?.ms, base, 'no offset and a space: read as UTC');
    assert.equal(parseTimestamp('0099-01-01T00:00:00Z')?.ms, Date.parse('0099-01-01T00:00:00Z'), 'two-digit years are not 19xx');
  });

  it('returns undefined for garbage and impossible dates instead of rolling over', () => {
    for (const bad of [
      null,
      undefined,
      '',
      'garbage',
      '2024-02-30T00:00:00Z',
      '2023-02-29T00:00:00Z',
      '2024-13-01T00:00:00Z',
      '2024-01-01T24:00:00Z',
      '2024-01-01T00:60:00Z',
      '2024-01-01T00:00:00.Z',
      '2024-01-01T00:00:00.1234567890Z',
      '2024-01-01T00:00:00+25:00',
      '2024-01-01',
      '1704164645',
      '2024-01-01T00:00:00Zjunk',
    ]) {
      assert.equal(parseTimestamp(bad), undefined, String(bad));
    }
    assert.ok(parseTimestamp('2024-02-29T00:00:00Z'), 'leap day');
  });

  it('agrees with Date for every instant written in the wire format, in any offset', () => {
    const pad = (n: number, w = 2) => String(Math.abs(n)).padStart(w, '0');
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(1000, 0, 1), max: Date.UTC(9000, 0, 1) }),
        fc.integer({ min: 0, max: 999 }),
        fc.integer({ min: -14 * 60, max: 14 * 60 }),
        (ms, micros, offset) => {
          const local = new Date(ms + offset * 60_000);
          const text = `${local.toISOString().slice(0, 23)}${pad(micros, 3)}${offset < 0 ? '-' : '+'}${pad(Math.trunc(offset / 60))}:${pad(offset % 60)}`;
          assert.equal(parseTimestamp(text)?.ms, ms, text);
        },
      ),
    );
  });

  it('never throws on arbitrary text', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        parseTimestamp(s);
        remoteMatcher([s])(s);
        assert.ok(readableIssueType(s).length > 0);
      }),
    );
  });
});

describe('model/format', () => {
  it('makes issue types readable and keeps acronyms upper-case', () => {
    const cases: Array<[string | null, string]> = [
      ['SQL_Injection', 'SQL Injection'],
      ['Path_Traversal', 'Path Traversal'],
      ['java/sql-injection', 'SQL Injection'],
      ['js/xss', 'XSS'],
      ['SSRF', 'SSRF'],
      ['xxe', 'XXE'],
      ['CSRF_Token_Missing', 'CSRF Token Missing'],
      ['ldap-injection', 'LDAP Injection'],
      ['jwt_none_algorithm', 'JWT None Algorithm'],
      ['Missing_HSTS_Header', 'Missing HSTS Header'],
      ['SqlInjection', 'SQL Injection'],
      ['XMLExternalEntity', 'XML External Entity'],
      ['NoSQL_Injection', 'NoSQL Injection'],
      ['use-of-hardcoded-password', 'Use of Hardcoded Password'],
      ['PATH_TRAVERSAL', 'Path Traversal'],
      ['Missing_Check_against_Null', 'Missing Check against Null'],
      [null, 'Unknown issue type'],
      ['  _-  ', 'Unknown issue type'],
      ['SQL\u202e_Injection\n', 'SQL Injection'],
    ];
    for (const [input, expected] of cases) assert.equal(readableIssueType(input), expected, String(input));
    assert.ok(readableIssueType('x'.repeat(500)).length <= 80);
  });

  it('names languages and scanners', () => {
    assert.equal(readableLanguage('csharp'), 'C#');
    assert.equal(readableLanguage('javascript'), 'JavaScript');
    assert.equal(readableLanguage('cobol'), 'Cobol');
    assert.equal(readableLanguage(null), 'Unknown language');
    assert.equal(readableVendor('codeql'), 'CodeQL');
    assert.equal(readableVendor('sonarqube'), 'SonarQube');
    assert.equal(readableVendor('acme-scan'), 'acme-scan');
    assert.equal(readableVendor(null), 'Unknown scanner');
  });

  it('describes relative times', () => {
    assert.equal(relativeTime(NOW, NOW), 'just now');
    assert.equal(relativeTime(NOW - 30_000, NOW), 'just now');
    assert.equal(relativeTime(NOW - 60_000, NOW), '1 minute ago');
    assert.equal(relativeTime(NOW - 5 * 60_000, NOW), '5 minutes ago');
    assert.equal(relativeTime(NOW + 2 * HOUR, NOW), 'in 2 hours');
    assert.equal(relativeTime(NOW - 3 * DAY, NOW), '3 days ago');
    assert.equal(relativeTime(NOW - 60 * DAY, NOW), '2 months ago');
    assert.equal(relativeTime(NOW - 400 * DAY, NOW), '1 year ago');
    assert.equal(relativeTime(NOW + 3 * 365 * DAY, NOW), 'in 3 years');
    assert.equal(relativeTime(Number.NaN, NOW), 'at an unknown time');
  });

  it('formats absolute dates in UTC', () => {
    assert.equal(formatDate(Date.UTC(2024, 0, 2, 3, 4, 5, 678)), '2024-01-02 03:04:05 UTC');
    assert.equal(formatDate(Number.NaN), 'unknown date');
    assert.equal(formatDate(1e20), 'unknown date');
  });

  it('keeps only http(s) links', () => {
    assert.equal(httpUrl('https://github.com/o/r/pull/1'), 'https://github.com/o/r/pull/1');
    assert.equal(httpUrl('javascript:alert(1)'), null);
    assert.equal(httpUrl('command:workbench.action.quit'), null);
    assert.equal(httpUrl('https://'), null);
    assert.equal(httpUrl(null), null);
  });
});

describe('model/fix fixView: confidence', () => {
  it('labels stable, adaptive, other and unknown confidence', () => {
    assert.deepEqual(
      [90, 50, 70, null].map((c) => {
        const r = fixView(fixOf({ confidence: c })).confidence;
        return [r.kind, r.label, r.value];
      }),
      [
        ['stable', 'Stable fix', 90],
        ['adaptive', 'Adaptive fix', 50],
        ['other', 'Confidence 70', 70],
        ['unknown', 'Confidence unknown', null],
      ],
    );
    assert.match(fixView(fixOf({ confidence: 50 })).confidence.meaning, /AI/);
    assert.match(fixView(fixOf({ confidence: 90 })).confidence.meaning, /[Dd]eterministic/);
    assert.equal(fixView(fixOf({})).confidence.kind, 'unknown', 'missing confidence');
  });
});

describe('model/fix fixView: lifecycle', () => {
  const fix = fixOf({
    vulnerabilityReportIssues: [
      { id: 'i1', sharedState: { createdAt: '2024-03-05T10:00:00.000000+00:00' } },
      { id: 'i2', sharedState: { createdAt: '2024-03-01T09:00:00.123456+00:00' } },
      { id: 'i3', sharedState: null },
      { id: 'i4', sharedState: { createdAt: 'not a date' } },
      { id: 'i5' },
    ],
    sharedState: {
      downloadedBy: [
        { downloadedAt: '2024-04-02T00:00:00.000000+00:00', user: { id: 'u-bob', email: 'bob@example.com' } },
        { downloadedAt: '2024-04-01T00:00:00.000000+00:00', user: { id: 'u-ann', email: 'ann@example.com' } },
        { downloadedAt: '2024-04-05T00:00:00.000000+00:00', user: { id: 'u-bob', email: 'bob@example.com' } },
        { downloadedAt: '2024-04-03T00:00:00.000000+00:00', user: { id: 'u-bob', email: 'bob@example.com' } },
        { downloadedAt: null, user: { id: 'u-cy', email: 'cy@example.com' } },
        { downloadedAt: '2024-04-04T00:00:00.000000+00:00', user: null },
      ],
    },
    scmSubmitFixRequests: [
      {
        prId: 12,
        prStatus: 'MERGED',
        prUrl: 'https://git.example.com/o/r/pull/12',
        submitBranchName: 'fix-2',
        commitUrl: null,
        createdAt: '2024-05-02T00:00:00.000000+00:00',
        updatedAt: '2024-05-03T00:00:00.000000+00:00',
      },
      {
        prId: '7',
        prStatus: 'ACTIVE',
        prUrl: 'javascript:alert(1)',
        submitBranchName: 'fix-1',
        commitUrl: 'https://git.example.com/o/r/commit/abc',
        createdAt: '2024-05-01T00:00:00.000000+00:00',
      },
    ],
  });
  const life = fixView(fix).lifecycle;

  it('takes the earliest issue detection as first observed, skipping nulls and bad dates', () => {
    assert.equal(life.firstObserved?.text, '2024-03-01T09:00:00.123456+00:00');
    assert.equal(life.firstObserved?.ms, Date.UTC(2024, 2, 1, 9, 0, 0, 123));
  });

  it('summarises downloads: first, last, count and per-user counts sorted by count', () => {
    const d = life.downloaded;
    assert.equal(d.first?.ms, Date.UTC(2024, 3, 1));
    assert.equal(d.last?.ms, Date.UTC(2024, 3, 5));
    assert.equal(d.count, 6);
    assert.deepEqual(
      d.downloaders.map((u) => [u.label, u.count, u.last?.ms ?? null]),
      [
        ['bob@example.com', 3, Date.UTC(2024, 3, 5)],
        ['Unknown user', 1, Date.UTC(2024, 3, 4)],
        ['ann@example.com', 1, Date.UTC(2024, 3, 1)],
        ['cy@example.com', 1, null],
      ],
    );
  });

  it('lists submissions oldest first, with the first as committed date and unsafe links dropped', () => {
    const c = life.committed;
    assert.equal(c.first?.ms, Date.UTC(2024, 4, 1));
    assert.deepEqual(
      c.submissions.map((s) => [s.prId, s.prStatus, s.prUrl, s.commitUrl, s.branch]),
      [
        ['7', 'ACTIVE', null, 'https://git.example.com/o/r/commit/abc', 'fix-1'],
        ['12', 'MERGED', 'https://git.example.com/o/r/pull/12', null, 'fix-2'],
      ],
    );
    assert.equal(c.submissions[0]?.updatedAt, null);
  });

  it('is empty, not failing, for a fix with no shared state, issues or submissions', () => {
    const empty = fixView(fixOf({ sharedState: null, vulnerabilityReportIssues: null })).lifecycle;
    assert.deepEqual(empty, {
      firstObserved: null,
      downloaded: { first: null, last: null, count: 0, downloaders: [] },
      committed: { first: null, submissions: [] },
    });
  });
});

describe('model/fix fixView: ratings', () => {
  const rating = (
    voteScore: number | null,
    fixRatingTag: string | null,
    comment: string | null,
    updatedDate: string | null,
    user: Raw | null = null,
  ) => ({ voteScore, fixRatingTag, comment, updatedDate, user });
  const fix = fixOf({
    sharedState: {
      fixRatings: [
        rating(1, null, 'Looks right', '2024-02-01T00:00:00.000000+00:00', { name: 'Ann', email: 'ann@example.com' }),
        rating(-1, 'BAD_PATTERN', 'Wrong API', '2024-02-03T00:00:00.000000+00:00', { email: 'bob@example.com' }),
        rating(-1, 'BREAKING_FIX', null, '2024-02-04T00:00:00.000000+00:00'),
        rating(-1, 'FALSE_POSITIVE', '   ', null),
        rating(-1, 'OTHER', 'Undated note', null),
        rating(-1, 'UNRESOLVED_FIX', 'Still vulnerable', '2024-02-02T00:00:00.000000+00:00'),
        rating(-1, 'BAD_PATTERN', null, null),
        rating(-1, 'SOMETHING_NEW', null, null),
        rating(null, null, null, null),
      ],
    },
  });
  const r = fixView(fix).ratings;

  it('counts up and down votes', () => {
    assert.deepEqual([r.total, r.up, r.down], [9, 1, 7]);
  });

  it('counts only the tags seen, labels known ones and keeps unknown ones verbatim', () => {
    assert.deepEqual(
      r.tags.map((t) => [t.tag, t.label, t.known, t.count]),
      [
        ['BAD_PATTERN', 'Bad pattern', true, 2],
        ['BREAKING_FIX', 'Breaking fix', true, 1],
        ['UNRESOLVED_FIX', 'Does not resolve the issue', true, 1],
        ['FALSE_POSITIVE', 'False positive', true, 1],
        ['OTHER', 'Other', true, 1],
        ['SOMETHING_NEW', 'SOMETHING_NEW', false, 1],
      ],
    );
  });

  it('lists non-blank comments newest first, undated last, with the reviewer name or email', () => {
    assert.deepEqual(
      r.comments.map((c) => [c.text, c.reviewer, c.vote, c.date?.ms ?? null]),
      [
        ['Wrong API', 'bob@example.com', -1, Date.UTC(2024, 1, 3)],
        ['Still vulnerable', 'Unknown reviewer', -1, Date.UTC(2024, 1, 2)],
        ['Looks right', 'Ann', 1, Date.UTC(2024, 1, 1)],
        ['Undated note', 'Unknown reviewer', -1, null],
      ],
    );
  });

  it('is empty for a fix without ratings', () => {
    assert.deepEqual(fixView(fixOf({ sharedState: { fixRatings: null } })).ratings, { total: 0, up: 0, down: 0, tags: [], comments: [] });
  });
});

describe('model/fix fixView', () => {
  it('bundles readable type, state, confidence and distinct issue ids', () => {
    const view = fixView(
      fixOf({
        safeIssueType: 'SQL_Injection',
        safeIssueLanguage: 'java',
        state: 'Downloaded',
        confidence: 90,
        vulnerabilityReportIssues: [{ id: 'a' }, { id: 'b' }, { id: 'a' }],
      }),
    );
    assert.equal(view.issueType, 'SQL Injection');
    assert.equal(view.language, 'Java');
    assert.equal(view.state, 'Downloaded');
    assert.equal(view.confidence.kind, 'stable');
    assert.deepEqual(view.issueIds, ['a', 'b']);
  });
});

describe('model/issue falsePositiveBasis', () => {
  it('recognises a false positive by state, by tag, by both, or not at all', () => {
    const tag = (value: string | null) => ({ vulnerability_report_issue_tag_value: value });
    assert.equal(falsePositiveBasis(issue({ id: '1', state: 'FalsePositive' })), 'state');
    assert.equal(falsePositiveBasis(issue({ id: '2', state: 'Open', vulnerabilityReportIssueTags: [tag('FALSE_POSITIVE')] })), 'tag');
    assert.equal(
      falsePositiveBasis(issue({ id: '3', state: 'FalsePositive', vulnerabilityReportIssueTags: [tag('FALSE_POSITIVE')] })),
      'both',
    );
    assert.equal(falsePositiveBasis(issue({ id: '4', state: 'Open', vulnerabilityReportIssueTags: [tag(null), tag('SUPPRESSED')] })), null);
    assert.equal(falsePositiveBasis(issue({ id: '5', state: null, vulnerabilityReportIssueTags: null })), null);
  });
});

describe('model/report ReportModel', () => {
  const ts = '2024-01-01T00:00:00.000000+00:00';
  const fpTag = [{ vulnerability_report_issue_tag_value: 'FALSE_POSITIVE' }];
  const report = () =>
    detail({
      createdOn: '2024-06-01T00:00:00.000000+00:00',
      expirationOn: 'soon',
      fixes: [
        {
          id: 'F1',
          state: 'Committed',
          confidence: 90,
          vulnerabilityReportIssues: [{ id: 'I1' }, { id: 'I2' }],
          scmSubmitFixRequests: [{ prId: '1', createdAt: ts }],
        },
        { id: 'F2', state: 'Committed', vulnerabilityReportIssues: [{ id: 'I3' }, { id: 'FP-LISTED' }], scmSubmitFixRequests: [] },
        {
          id: 'F3',
          state: 'Downloaded',
          vulnerabilityReportIssues: [{ id: 'I4', sharedState: { createdAt: 'yesterday' } }],
          scmSubmitFixRequests: [{ prId: '2', createdAt: ts }],
        },
        { id: 'F4', state: 'Merged', vulnerabilityReportIssues: [{ id: 'I1' }] },
        { id: 'F1', state: 'Ready' },
        { id: 'F5', state: 'Ready', vulnerabilityReportIssues: null },
      ],
    });
  const page1 = () => [
    issue({ id: 'I1', state: 'Open', fix: {}, createdAt: ts }),
    issue({ id: 'FP-STATE', state: 'FalsePositive', fix: null, fpId: 'fp-1', fpDescription: 'Input is a constant.' }),
    issue({ id: 'FP-TAG', state: 'Open', vulnerabilityReportIssueTags: fpTag, fix: null, fpId: null }),
    issue({ id: 'OTHER-1', state: 'Open', fix: null }),
  ];
  const page2 = () => [
    issue({ id: 'I1', state: 'Open', fix: {} }), // duplicate from page 1
    issue({ id: 'I2', state: 'Open', fix: {} }),
    issue({ id: 'FP-LISTED', state: 'FalsePositive', fix: null, fpId: 'fp-2', fpDescription: '' }),
    issue({ id: 'FP-NOID', state: 'FalsePositive', fix: { id: 'F1' }, fpDescription: 'x' }),
    issue({ id: 'BY-EMBEDDED-ID', state: 'Open', fix: { id: 'F5' } }),
    issue({ id: 'ORPHAN', state: 'Open', fix: { id: 'nope' }, createdAt: '2024-99-01T00:00:00Z' }),
  ];

  it('exposes fixes in report order before any issue arrives, without duplicate ids', () => {
    const model = new ReportModel(report());
    assert.deepEqual(
      model.fixes.map((f) => f.id),
      ['F1', 'F2', 'F3', 'F4', 'F5'],
    );
    assert.equal(model.fixes[0]?.issueIds.length, 2);
    assert.equal(model.issueCount, 0);
    assert.deepEqual(model.issuesOfFix('F1'), []);
    assert.equal(model.fixOfIssue('I3')?.id, 'F2', 'join is known from the detail alone');
    assert.equal(model.fixOfIssue('nope'), undefined);
  });

  it('groups streamed pages into fixes, false positives and other issues, ignoring duplicates', () => {
    const model = new ReportModel(report());
    const r1 = model.addIssues(page1());
    assert.deepEqual(
      [r1.added, r1.duplicates, [...r1.changedFixIds], r1.falsePositivesChanged, r1.otherIssuesChanged],
      [4, 0, ['F1'], true, true],
    );
    const r2 = model.addIssues(page2());
    assert.deepEqual([r2.added, r2.duplicates, [...r2.changedFixIds].sort(), r2.otherIssuesChanged], [5, 1, ['F1', 'F5'], true]);
    const r3 = model.addIssues(page1()); // a whole page re-delivered
    assert.deepEqual([r3.added, r3.duplicates, r3.changedFixIds.size, r3.falsePositivesChanged], [0, 4, 0, false]);

    assert.equal(model.issueCount, 9);
    assert.deepEqual(
      model.issuesOfFix('F1').map((i) => i.id),
      ['I1', 'I2'],
    );
    assert.deepEqual(
      model.issuesOfFix('F2').map((i) => i.id),
      [],
      'I3 never arrived; FP-LISTED is a false positive',
    );
    assert.deepEqual(
      model.issuesOfFix('F5').map((i) => i.id),
      ['BY-EMBEDDED-ID'],
    );
    assert.deepEqual(
      model.falsePositives.map((i) => i.id),
      ['FP-STATE', 'FP-TAG', 'FP-LISTED', 'FP-NOID'],
    );
    assert.deepEqual(
      model.otherIssues.map((i) => i.id),
      ['OTHER-1', 'ORPHAN'],
    );
    assert.equal(model.fixOfIssue('I1')?.id, 'F1', 'the first listing fix wins');
    assert.equal(model.fixOfIssue('FP-LISTED')?.id, 'F2');
    assert.equal(model.fixOfIssue('BY-EMBEDDED-ID')?.id, 'F5');
    assert.equal(model.fixOfIssue('ORPHAN'), undefined);
    assert.equal(model.groupOf('FP-TAG'), 'false-positive');
    assert.equal(model.groupOf('I2'), 'fix');
    assert.equal(model.groupOf('ORPHAN'), 'other');
    assert.equal(model.issue('I1')?.createdAtMs, Date.UTC(2024, 0, 1), 'the first copy of a duplicate is kept');
    assert.equal(model.issue('I2')?.createdAtMs, null, 'page 2 sent no createdAt');
  });

  it('keeps every value the views read of the issues it holds while sharing repeated texts, and leaves the pages alone', () => {
    const rule = (n: number) => ['java', 'security', 'sql-injection', String(n % 3)].join('.'); // a new string each time
    const page = Array.from({ length: 30 }, (_, n) =>
      issue({
        id: `S${n}`,
        vendorIssueId: n % 5 === 0 ? null : rule(n),
        issueType: n % 7 === 0 ? null : `SQL_${'Injection'.slice(0, 9 - (n % 2))}`,
        severity: n % 4 === 0 ? null : ['low', 'HIGH', 'Critical '][n % 3],
        issueLanguage: n % 6 === 0 ? null : `java${n % 2 ? '' : 'script'}`,
        state: n % 3 ? 'Open' : 'FalsePositive',
        createdAt:
          n % 8 === 0 ? null : n % 8 === 1 ? 'not a date' : `2024-01-${String((n % 28) + 1).padStart(2, '0')}T01:02:03.456789+00:00`,
        fingerprintHash: n % 9 === 0 ? null : `fp-${n}`,
        vulnerabilityReportIssueTags:
          n % 3 ? [] : [{ vulnerability_report_issue_tag_value: 'FALSE_POSITIVE' }, { vulnerability_report_issue_tag_value: null }],
        fix: null,
        fpId: n % 3 ? null : `fp-id-${n}`,
        fpDescription: n % 3 ? null : n % 2 ? '  \n ' : `Why ${n} is safe.\n\nIn two paragraphs.`,
        codeFilePath: n % 10 === 0 ? null : `src/file ${n % 4}.java`,
        codeNodes:
          n % 5 === 0
            ? []
            : [
                { path: `src/a,b;${n % 2}.java`, startLine: n, endLine: n + 1, startCol: 1, endCol: 2.5, index: 0 },
                { path: null, startLine: null, endLine: -3, startCol: 1e21, endCol: null, index: null },
              ],
      }),
    );
    const before = structuredClone(page);
    const model = new ReportModel(report());
    model.addIssues(page);
    assert.deepEqual(page, before, 'the pages given are not changed');
    for (const wire of page) {
      const held = model.issue(wire.id)!;
      const { vendorInstanceId: _vendorInstanceId, createdAt, fix: _fix, fpDescription, ...wireKept } = wire;
      assert.deepEqual(heldFields(held), wireKept, wire.id);
      assert.equal(held.createdAtMs, parseTimestamp(createdAt)?.ms ?? null, `${wire.id}: createdAt as epoch ms`);
      assert.equal(held.fpDescriptionLength, fpDescription?.trim() ? fpDescription.length : 0, `${wire.id}: only the explanation's length`);
      assert.ok(!('fpDescription' in held), `${wire.id}: no explanation text is kept`);
    }
    const a = model.issue('S1')!;
    const b = model.issue('S4')!;
    assert.equal(a.vendorIssueId, b.vendorIssueId);
    assert.equal(a.vulnerabilityReportIssueTags, model.issue('S7')!.vulnerabilityReportIssueTags, 'equal tag lists are one array');
    assert.throws(() => (a.vulnerabilityReportIssueTags as unknown[]).push({}), 'shared lists are frozen');
  });

  it('reports each inconsistency as a finding instead of throwing', () => {
    const model = new ReportModel(report());
    model.addIssues(page1());
    model.addIssues(page2());
    const got = model.warnings.map((f) => [f.rule, f.fixId ?? null, f.issueId ?? null, f.field ?? null]);
    assert.deepEqual(got, [
      ['bad-timestamp', null, null, 'expirationOn'],
      ['committed-without-submission', 'F2', null, 'scmSubmitFixRequests'],
      ['submission-but-not-committed', 'F3', null, 'state'],
      ['bad-timestamp', 'F3', null, 'vulnerabilityReportIssues[0].sharedState.createdAt'],
      ['committed-without-submission', 'F4', null, 'scmSubmitFixRequests'],
      ['issue-in-several-fixes', 'F4', 'I1', null],
      ['duplicate-fix', 'F1', null, null],
      ['fp-without-description', null, 'FP-LISTED', 'fpDescription'],
      ['fp-with-fix', 'F2', 'FP-LISTED', 'fix'],
      ['fp-without-fpid', null, 'FP-NOID', 'fpId'],
      ['fp-with-fix', null, 'FP-NOID', 'fix'],
      ['issue-unknown-to-fix', null, 'ORPHAN', 'fix'],
      ['bad-timestamp', null, 'ORPHAN', 'createdAt'],
    ]);
    assert.equal(model.warnings.find((f) => f.rule === 'committed-without-submission')?.severity, 'error');
    assert.equal(model.warnings.find((f) => f.rule === 'submission-but-not-committed')?.severity, 'warning');
    assert.match(model.warnings.find((f) => f.rule === 'submission-but-not-committed')!.message, /but has 1 submission to source control;/);
    assert.deepEqual(
      model.warningsOfFix('F3').map((f) => f.rule),
      ['submission-but-not-committed', 'bad-timestamp'],
    );
    assert.deepEqual(
      model.warningsOfIssue('ORPHAN').map((f) => f.rule),
      ['issue-unknown-to-fix', 'bad-timestamp'],
    );
    assert.deepEqual(model.warningsOfIssue('FP-TAG'), [], 'rule 3 applies to the FalsePositive state, not to the tag alone');
    assert.match(model.warnings.find((f) => f.rule === 'bad-timestamp' && f.issueId === 'ORPHAN')!.message, /"2024-99-01T00:00:00Z"/);
  });

  it('quotes server text in messages without control or bidi characters', () => {
    const model = new ReportModel(detail({ fixes: [{ id: 'F', state: 'Merged\u202e\n', scmSubmitFixRequests: [] }] }));
    const message = model.warnings[0]?.message ?? '';
    assert.match(message, /"Merged"/);
    assert.doesNotMatch(message, /[\u202e\n]/);
  });

  it('groups 10k fixes and 100k issues streamed in 1000-issue pages', () => {
    const fixes = Array.from({ length: 10_000 }, (_, f) => ({
      id: `F${f}`,
      state: 'Downloaded',
      confidence: f % 2 ? 90 : 50,
      vulnerabilityReportIssues: Array.from({ length: 8 }, (_, k) => ({ id: `I${f * 8 + k}`, sharedState: { createdAt: ts } })),
    }));
    const model = new ReportModel(detail({ fixes }));
    assert.equal(model.fixes.length, 10_000);
    let next = 0;
    const page = (n: number) =>
      Array.from({ length: n }, () => {
        const id = next++;
        // 80k listed by fixes, 10k false positives (half by tag), 10k other.
        if (id < 80_000) return issue({ id: `I${id}`, state: 'Open', fix: {} });
        if (id < 90_000)
          return id % 2
            ? issue({ id: `I${id}`, state: 'FalsePositive', fpId: `fp${id}`, fpDescription: 'ok', fix: null })
            : issue({ id: `I${id}`, state: 'Open', vulnerabilityReportIssueTags: fpTag, fix: null });
        return issue({ id: `I${id}`, state: 'Open', fix: null });
      });
    for (let p = 0; p < 100; p++) {
      const issues = page(1000);
      if (p > 0) issues.push(issue({ id: `I${p * 1000 - 1}`, state: 'Open' })); // inclusive cursor re-sends the last one
      model.addIssues(issues);
    }
    assert.equal(model.issueCount, 100_000);
    assert.equal(model.falsePositives.length, 10_000);
    assert.equal(model.otherIssues.length, 10_000);
    assert.equal(
      model.fixes.reduce((n, f) => n + model.issuesOfFix(f.id).length, 0),
      80_000,
    );
    assert.deepEqual(
      model.issuesOfFix('F9999').map((i) => i.id),
      Array.from({ length: 8 }, (_, k) => `I${79_992 + k}`),
    );
    assert.equal(model.warnings.length, 0);
  });
});

describe('model/remote remoteMatcher', () => {
  it('matches https, scp-like ssh and ssh:// spellings of one repository', () => {
    const spellings = ONE_REPOSITORY_SPELLINGS;
    const matches = remoteMatcher(['https://github.com/org/repo']);
    for (const s of spellings) assert.ok(matches(s), s);
    for (const s of spellings) assert.ok(remoteMatcher([s])('git@github.com:org/repo.git'), s);
  });

  it('maps Azure DevOps ssh to its https form and never matches non-remotes', () => {
    assert.ok(remoteMatcher(['https://acme@dev.azure.com/acme/proj/_git/app'])('git@ssh.dev.azure.com:v3/acme/proj/app'));
    for (const bad of ['', 'C:\\work\\repo', '/home/me/repo', 'https://github.com/', 'not a url']) {
      assert.equal(remoteMatcher([bad])(bad), false, bad);
    }
    assert.equal(remoteMatcher(['https://github.com/org/repo'])(null), false);
    assert.equal(remoteMatcher(['https://github.com/org/repo'])('https://gitlab.com/org/repo'), false);
    assert.equal(remoteMatcher(['https://github.com/org/repo'])('https://github.com/org/repo2'), false);
    assert.equal(remoteMatcher([])('https://github.com/org/repo'), false);
  });
});

describe('model/reportList', () => {
  const summary = (id: string, raw: Raw): FixReportSummary => v.parse(ReportListBodySchema, { fixReport: [{ id, ...raw }] }).fixReport[0]!;
  const at = (ms: number) => new Date(ms).toISOString().replace('Z', '000+00:00');

  it('reads expiry from expirationOn; unknown expiry is not expired', () => {
    assert.equal(isExpired(summary('a', { expirationOn: at(NOW - 1) }), NOW), true);
    assert.equal(isExpired(summary('a', { expirationOn: at(NOW) }), NOW), true);
    assert.equal(isExpired(summary('a', { expirationOn: at(NOW + DAY) }), NOW), false);
    assert.equal(isExpired(summary('a', { expirationOn: null }), NOW), false);
    assert.equal(isExpired(summary('a', { expirationOn: 'garbage' }), NOW), false);
  });

  it('puts workspace repositories first, expired reports after live ones, then newest first', () => {
    const reports = [
      summary('old', { createdOn: at(NOW - 10 * DAY) }),
      summary('undated', { createdOn: null }),
      summary('new', { createdOn: at(NOW - DAY) }),
      summary('expired-new', { createdOn: at(NOW - HOUR), expirationOn: at(NOW - 1) }),
      summary('mine-old', { createdOn: at(NOW - 30 * DAY), repo: { originalUrl: 'https://github.com/Acme/App.git' } }),
      summary('mine-new', { createdOn: at(NOW - 2 * DAY), repo: { originalUrl: 'https://github.com/acme/app' } }),
    ];
    const sorted = sortReports(reports, { workspaceRemotes: ['git@github.com:acme/app.git'], nowMs: NOW });
    assert.deepEqual(
      sorted.map((r) => r.id),
      ['mine-new', 'mine-old', 'new', 'old', 'undated', 'expired-new'],
    );
    assert.deepEqual(
      sortReports(reports, { nowMs: NOW }).map((r) => r.id),
      ['new', 'mine-new', 'old', 'mine-old', 'undated', 'expired-new'],
    );
    assert.equal(reports[0]?.id, 'old', 'input is not mutated');
  });

  it('builds the summary line with fallbacks for missing names', () => {
    const full = summaryLine(
      summary('r1', {
        createdOn: at(NOW - 3 * DAY),
        vulnerabilityReport: { vendor: 'checkmarx', project: { name: 'Payments' } },
        repo: { name: 'pay-api', reference: 'main', originalUrl: 'https://github.com/acme/pay-api' },
      }),
      NOW,
    );
    assert.equal(full.title, 'Payments');
    assert.equal(full.description, 'pay-api@main · Checkmarx · created 3 days ago');
    assert.equal(full.expired, false);

    const noProject = summaryLine(
      summary('r2', { repo: { name: 'pay-api' }, vulnerabilityReport: { project: { name: '  ' } }, expirationOn: at(NOW - DAY) }),
      NOW,
    );
    assert.equal(noProject.title, 'pay-api');
    assert.equal(noProject.description, 'pay-api · expired');

    const bare = summaryLine(summary('r3', { repo: null, vulnerabilityReport: null }), NOW);
    assert.equal(bare.title, 'r3');
    assert.equal(bare.description, '');
    assert.equal(bare.created, null);
  });
});
