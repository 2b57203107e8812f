// What the model keeps of an issue (src/model/heldIssue.ts) reads back as the service sent it,
// past the limits of its shared tables too.
import { strict as assert } from 'node:assert';
import type { Issue } from '../../../src/api/schemas';
import { IssueHolder } from '../../../src/model/heldIssue';
import { kept } from './heldFields';

function issue(n: number, overrides: Partial<Issue> = {}): Issue {
  return {
    id: `issue-${n}`,
    vendorInstanceId: `instance-${n}`,
    vendorIssueId: `rule-${n % 3}`,
    issueType: 'SQL_Injection',
    severity: 'high',
    issueLanguage: 'java',
    state: 'Open',
    createdAt: '2026-05-11T16:30:44.129089+00:00',
    fingerprintHash: `fingerprint-${n}`,
    vulnerabilityReportIssueTags: [],
    fix: null,
    fpId: null,
    fpDescription: null,
    codeNodes: [{ path: `src/file-${n}.java`, startLine: n, endLine: n, startCol: 1, endCol: 9, index: 0 }],
    codeFilePath: `src/file-${n}.java`,
    ...overrides,
  };
}

function wire({ vendorInstanceId: _v, createdAt: _c, fix: _f, fpDescription: _d, ...rest }: Issue) {
  return rest;
}

describe('HeldIssue', () => {
  it('reads back long traces with every kind of number and null, in order', () => {
    const holder = new IssueHolder();
    const codeNodes = Array.from({ length: 40 }, (_, i) => ({
      path: i % 7 === 0 ? null : `dir/${i % 3},x;y.py`,
      startLine: i % 5 === 0 ? null : i * 1000,
      endLine: -i,
      startCol: i / 3,
      endCol: i % 2 ? Number.MAX_SAFE_INTEGER : 1e-7,
      index: 39 - i,
    }));
    const source = issue(1, { codeNodes, codeFilePath: null });
    const held = holder.hold(source);
    assert.deepEqual(held.codeNodes, codeNodes);
    assert.notEqual(held.codeNodes, held.codeNodes, 'decoded on each read: callers may change what they get');
  });

  it('keeps the nodes themselves once the path table is full, and reads them back the same', () => {
    const holder = new IssueHolder();
    for (let n = 0; n < 100_000; n++) holder.hold(issue(n, { codeFilePath: null })); // fills the table
    const late = issue(200_000, { codeNodes: [{ path: 'a/new.java', startLine: 3, endLine: null, startCol: null, endCol: 4, index: 0 }] });
    const held = holder.hold(late);
    assert.deepEqual(kept(held), wire(late));
    const known = issue(5);
    assert.deepEqual(kept(holder.hold(known)), wire(known), 'known paths still go through the table');
  });

  it('offers the paths as sent without decoding the trace: every node path and the file path, nothing else', () => {
    const sentPaths = (h: ReturnType<IssueHolder['hold']>) => {
      const seen: string[] = [];
      h.someSentPath((path) => (seen.push(path), false));
      return seen;
    };
    const expected = (source: Issue) =>
      [...(source.codeNodes ?? []).map((n) => n.path), source.codeFilePath].filter((p): p is string => typeof p === 'string');
    const holder = new IssueHolder();
    const nodes = [
      { path: 'web/a.ts', startLine: 12, endLine: null, startCol: -0, endCol: 1.5, index: 2 },
      { path: null, startLine: null, endLine: null, startCol: null, endCol: null, index: null },
      { path: 'app/db.py', startLine: 1, endLine: 2, startCol: 3, endCol: 4, index: 0 },
    ];
    for (const source of [
      issue(1, { codeNodes: nodes, codeFilePath: 'app/db.py' }),
      issue(2, { codeNodes: [], codeFilePath: 'only/file.go' }),
      issue(3, { codeNodes: [], codeFilePath: null }),
    ]) {
      assert.deepEqual(sentPaths(holder.hold(source)), expected(source), source.id);
    }
    const full = new IssueHolder();
    for (let n = 0; n < 100_000; n++) full.hold(issue(n, { codeFilePath: null })); // fills the table
    const late = issue(200_000, { codeNodes: nodes, codeFilePath: null });
    assert.deepEqual(sentPaths(full.hold(late)), expected(late), 'nodes kept as they are');
    assert.equal(
      holder.hold(issue(4, { codeNodes: nodes })).someSentPath((p) => p.endsWith('.py')),
      true,
      'stops at the first that holds',
    );
  });

  it('reads back every combination of texts, also past the shared ones of a rule', () => {
    const holder = new IssueHolder();
    const sources = Array.from({ length: 300 }, (_, n) =>
      issue(n, {
        vendorIssueId: 'one.rule',
        severity: `severity ${n}`,
        state: n % 2 ? 'Open' : 'FALSE_POSITIVE',
        vulnerabilityReportIssueTags: n % 3 ? [] : [{ vulnerability_report_issue_tag_value: `tag ${n % 5}` }],
      }),
    );
    const held = sources.map((s) => holder.hold(s));
    held.forEach((h, n) => assert.deepEqual(kept(h), wire(sources[n]!), `issue ${n}`));
  });

  it('keeps of the explanation only its length, 0 for none or blanks', () => {
    const holder = new IssueHolder();
    assert.equal(holder.hold(issue(1, { fpDescription: 'Because.' })).fpDescriptionLength, 8);
    assert.equal(holder.hold(issue(2, { fpDescription: ' \n\t ' })).fpDescriptionLength, 0);
    assert.equal(holder.hold(issue(3, { fpDescription: null })).fpDescriptionLength, 0);
  });
});
