// Apply Fix's confirmation text: every file with its action, the ones that run code flagged,
// what reaches the disk said truthfully, server text cleaned, reviewers' comments included.
import { strict as assert } from 'node:assert';
import type { Fix } from '../../../src/api/schemas';
import { fixView } from '../../../src/model/fix';
import { planDetail, planQuestion, type PlannedFile } from '../../../src/model/fixPlan';
import { parseFixPatch } from '../../../src/model/patch';
import { createDataset } from '../../../tools/sandbox/generator';
import { HOSTILE_FIXES } from '../../../tools/sandbox/hostileFixes';

const dataset = createDataset({ seed: 23, reports: 1, hostileFixes: true });
const reportId = dataset.hostileFixesReportId!;
const fixNamed = (name: string) =>
  fixView(
    dataset.fixAt(
      reportId,
      HOSTILE_FIXES.findIndex((f) => f.name === name),
    ) as Fix,
  );
const planned = (name: string): PlannedFile[] => {
  const parsed = parseFixPatch(HOSTILE_FIXES.find((f) => f.name === name)!.patch);
  assert.ok(parsed.ok);
  return parsed.files.map((f) =>
    f.sensitive ? { path: f.path, action: f.action, sensitive: f.sensitive } : { path: f.path, action: f.action },
  );
};

describe('the Apply Fix confirmation', () => {
  it('lists every file with what happens to it and says what is written to disk at once', () => {
    const view = fixNamed('three-files');
    const files = planned('three-files');
    assert.match(planQuestion(view, files), /^Apply the (stable|adaptive) fix|^Apply the .+ for .+ to 3 files\?$/i);
    const detail = planDetail(view, files);
    const list = detail.split('\n').filter((l) => l.startsWith('• '));
    assert.deepEqual(list, ['• change app/db.py', '• delete app/legacy_orders.py', '• create app/validation.py']);
    assert.match(
      detail,
      /changed files stay unsaved; created files are written to disk at once; deleted files are removed from disk at once/,
    );
    assert.ok(!/nothing is saved/i.test(detail), 'never claims that nothing is saved');
    assert.match(detail, new RegExp(`${view.confidence.label}: `));
  });

  it('flags a file that makes code run, with why, and says it is accepted by name next', () => {
    const view = fixNamed('vscode-task-on-folder-open');
    const detail = planDetail(view, planned('vscode-task-on-folder-open'));
    assert.match(detail, /• create \.vscode\/tasks\.json {2}⚠ \S/);
    assert.match(detail, /1 file makes code run without a further decision: you accept it by name next/);
  });

  it("shows the reviewers' comments, cleaned, with their vote", () => {
    const view = fixView({
      ...(dataset.fixAt(reportId, 0) as Fix),
      sharedState: {
        ...(dataset.fixAt(reportId, 0) as Fix).sharedState,
        fixRatings: [
          {
            voteScore: -1,
            comment: 'Breaks the\nbuild \u202Eok',
            tags: [],
            user: { id: 'u', email: 'r@example.com', name: 'Rae' },
            createdAt: '2026-10-01T00:00:00Z',
          },
        ],
      },
    } as unknown as Fix);
    const detail = planDetail(view, planned('three-files'));
    assert.match(detail, /👎 “Breaks the build ok” \(Rae\)/);
  });
});

describe('the Apply Fix confirmation of a fix already submitted', () => {
  it('says first that it was submitted, as which pull request, status and branch, cleaned', () => {
    const base = dataset.fixAt(reportId, 0) as Fix;
    const view = fixView({
      ...base,
      scmSubmitFixRequests: [
        {
          prId: '12',
          prUrl: 'https://example.invalid/pr/12',
          prStatus: 'Merged',
          commitUrl: null,
          submitBranchName: 'fix/sql\u202E',
          createdAt: null,
          updatedAt: null,
        },
      ],
    } as unknown as Fix);
    const lines = planDetail(view, planned('three-files')).split('\n');
    assert.equal(lines[0], '⚠ Already submitted as pull request #12 (Merged) on fix/sql: applying it here changes your copy too.');
    assert.equal(lines[2], 'Files:');
  });

  it('says nothing of the kind for a fix never submitted', () => {
    const view = fixView({ ...(dataset.fixAt(reportId, 0) as Fix), scmSubmitFixRequests: [] } as unknown as Fix);
    assert.equal(planDetail(view, planned('three-files')).split('\n')[0], 'Files:');
  });
});
