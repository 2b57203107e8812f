// The workspace's repositories through the built-in git extension: a repository in a subfolder
// of the workspace folder (a monorepo's part) is found with its remote and branch, gets its own
// current report, and follows a checkout, including the note that its report is of another
// branch. (The fallback reading of .git, worktrees included, is tested in
// test/unit/model/gitFolder.test.ts on layouts git makes.)
import { strict as assert } from 'node:assert';
import { HIDDEN_ISSUE_STATES } from '../../../src/model/issue';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { FixReportSummary } from '../../../src/api/schemas';
import { FIXTURE_REMOTE } from '../../../tools/editor/workspace';
import type { Sandbox } from '../../../tools/sandbox/server';
import { connectTo, extensionApi, mainSandbox, sinkOf, waitFor } from './support';
import { git } from '../../support/git';

interface GitApi {
  openRepository(root: vscode.Uri): Promise<unknown>;
  getRepository(uri: vscode.Uri): { status(): Promise<void> } | null;
}

function gitApi(): GitApi {
  return vscode.extensions.getExtension<{ getAPI(v: 1): GitApi }>('vscode.git')!.exports.getAPI(1);
}

const live = (r: FixReportSummary) => !(r.expirationOn && Date.parse(r.expirationOn) <= Date.now());
const newest = (reports: FixReportSummary[]) =>
  [...reports].sort((a, b) => Date.parse(b.createdOn ?? '') - Date.parse(a.createdOn ?? ''))[0];

describe('workspace repositories (git extension)', () => {
  let service: Sandbox;
  let sub: vscode.Uri;
  let report: FixReportSummary;

  before(async () => {
    service = await mainSandbox();
    await connectTo(service);
    // A live report of another repository than the workspace's (and than the hostile report's,
    // whose refused paths are another test's), made for a named branch.
    const hostileUrl = service.dataset.reports.find((r) => r.id === service.dataset.hostileReportId)?.repo?.originalUrl;
    report = service.dataset.reports.find(
      (r) =>
        r.repo?.originalUrl && r.repo.originalUrl !== FIXTURE_REMOTE && r.repo.originalUrl !== hostileUrl && r.repo.reference && live(r),
    )!;
    assert.ok(report, 'the sandbox has a live report of another repository');
    const root = vscode.workspace.workspaceFolders![0]!.uri;
    sub = vscode.Uri.joinPath(root, 'services', 'portal');
    mkdirSync(sub.fsPath, { recursive: true });
    git(sub.fsPath, 'init', '-q');
    git(sub.fsPath, 'remote', 'add', 'origin', `${report.repo!.originalUrl!}.git`);
    git(sub.fsPath, 'symbolic-ref', 'HEAD', `refs/heads/${report.repo!.reference!}`);
    writeFileSync(path.join(sub.fsPath, 'README.md'), 'portal\n');
    git(sub.fsPath, 'add', '-A');
    git(sub.fsPath, 'commit', '-q', '-m', 'portal');
    // Two levels down is past the git extension's scan depth (1): open it as a user would.
    await gitApi().openRepository(sub);
  });

  after(async () => {
    await vscode.commands.executeCommand('git.close', sub);
    rmSync(path.join(sub.fsPath, '..'), { recursive: true, force: true });
    const { services } = await extensionApi();
    await waitFor(
      async () => !(await services.repositories.list()).some((r) => r.root.toString() === sub.toString()),
      'the subfolder repository to be closed',
    );
    await waitFor(() => !services.findings.current.some((c) => c.repository.root.toString() === sub.toString()), 'its report to go');
  });

  it('finds a repository in a subfolder with its remote and branch, and gives it its own current report', async () => {
    const { services } = await extensionApi();
    // The git extension opens a repository before its first status run has read the remotes.
    const found = await waitFor(
      async () => (await services.repositories.list()).find((r) => r.root.toString() === sub.toString() && r.remotes.length > 0),
      'the subfolder repository with its remote',
      20_000,
    );
    assert.deepEqual(found.remotes, [`${report.repo!.originalUrl!}.git`]);
    assert.equal(found.branch, report.repo!.reference);
    const mine = service.dataset.reports.filter((r) => r.repo?.originalUrl === report.repo!.originalUrl);
    const expected = newest(mine.filter((r) => live(r) && r.repo?.reference === report.repo!.reference)) ?? newest(mine);
    const current = await waitFor(
      () => services.findings.current.find((c) => c.repository.root.toString() === sub.toString()),
      'the subfolder repository to have its current report',
      20_000,
    );
    assert.equal(current.report.id, expected!.id, 'the newest live report for its checked-out branch');
    assert.equal(current.otherBranch, undefined);
    assert.ok(
      services.findings.current.some(
        (c) => c.repository.root.toString() !== sub.toString() && c.report.repo?.originalUrl === FIXTURE_REMOTE,
      ),
      'the workspace folder keeps its own repository and report',
    );
  });

  it("logs each of its report's paths that are not in the repository once, however often findings are placed", async () => {
    const { services } = await extensionApi();
    const current = services.findings.current.find((c) => c.repository.root.toString() === sub.toString())!;
    await services.store.issuesSettled(current.report.id);
    // The subfolder holds only a README: every located finding of its report is elsewhere.
    const located = service.dataset
      .issueRange(current.report.id, 0, service.dataset.issueCount(current.report.id))
      .filter((i) => !HIDDEN_ISSUE_STATES.includes(i.state ?? '')) // not shown, so not looked for
      .map((i) => sinkOf(i)?.path)
      .filter((p): p is string => typeof p === 'string');
    const paths = new Set(located);
    assert.ok(paths.size > 0, 'the report has located issues');
    const logged = () =>
      services.log
        .lines()
        .filter((line) => line.includes(`Report ${current.report.id}: `) && line.includes('its finding is not shown in the code'));
    await services.findings.recompute();
    await services.findings.recompute(); // the second pass logs nothing new
    for (const p of paths) assert.equal(logged().filter((line) => line.includes(`: ${p} (issue`)).length, 1, `${p} is logged once`);
    assert.equal(logged().length, paths.size);
    assert.ok(
      services.findings.missingPaths >= located.length,
      `${services.findings.missingPaths} findings counted as not in the workspace`,
    );
    assert.ok(!services.findings.uris().some((u) => u.toString().startsWith(sub.toString())), 'no finding is placed in the subfolder');
  });

  it('follows a checkout: another branch without a report of its own takes the newest, and says its findings are of another branch', async () => {
    const { services } = await extensionApi();
    git(sub.fsPath, 'checkout', '-q', '-b', 'feature/no-scan');
    // The git extension notices a checkout from its file watcher, which a busy window may delay;
    // what is tested here is that the extension follows once git has seen it.
    await gitApi().getRepository(sub)?.status();
    await waitFor(
      async () => (await services.repositories.list()).find((r) => r.root.toString() === sub.toString())?.branch === 'feature/no-scan',
      'the checkout to be seen',
      20_000,
    );
    const mine = service.dataset.reports.filter((r) => r.repo?.originalUrl === report.repo!.originalUrl);
    const expected = newest(mine)!;
    const current = await waitFor(
      () =>
        services.findings.current.find((c) => c.repository.root.toString() === sub.toString() && c.repository.branch === 'feature/no-scan'),
      'the current report after the checkout',
      20_000,
    );
    assert.equal(current.report.id, expected.id, 'no report for the branch: the newest');
    assert.deepEqual(current.otherBranch, { report: expected.repo!.reference, checkedOut: 'feature/no-scan' });
  });
});
