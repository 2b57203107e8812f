// The tree equals the sandbox's data at every level: reports (workspace repository first),
// groups with counts, fixes, issues under fixes, false positives, other issues; paging past
// 1,000 issues (ranges of 1,000, "Load more"), and 20 concurrent expansions sharing requests.
import { strict as assert } from 'node:assert';
import { readableVendor } from '../../../src/common/scanners';
import { cleanText } from '../../../src/common/text';
import { readableIssueType, readableLanguage } from '../../../src/model/format';
import type { SandboxIssue as Issue } from '../../../tools/sandbox/generator';
import { applyFilter } from '../../../src/commands/filter';
import { NO_FILTER, type TreeFilter } from '../../../src/views/filter';
import * as vscode from 'vscode';
import type { FixNode, GroupNode, IssueNode, LoadingNode, Node } from '../../../src/views/nodes';
import type { Sandbox } from '../../../tools/sandbox/server';
import { FIXTURE_BRANCH } from '../../../tools/editor/workspace';
import { observe } from '../../support/evidence';
import { LoadingCommands } from '../../../src/views/loadingCommands';
import {
  CommandId,
  childrenOf,
  connectTo,
  ensureGitConfig,
  expectedOrder,
  expectedReport,
  extensionApi,
  groupItems,
  groupOf,
  labelOf,
  loadedReport,
  mainSandbox,
  plainText,
  quiet,
  rootNodes,
  setUserSetting,
  sleep,
  tooltipOf,
  treeItem,
  waitFor,
} from './support';

const WORKSPACE_REMOTE = 'https://github.com/acme/payments-api';
/** The counts that lead a report row's description once known ("12 fixes · ≥ 300 issues, ≥ 40 FP · "). */
const SIZE = /^[\d,]+ fix(?:es)? · (?:(?:≥ )?[\d,]+ issues?, (?:≥ )?[\d,]+ FP · )?/;

function ids(nodes: Node[]): string[] {
  return nodes.map((n) =>
    n.kind === 'issue' ? n.issue.id : n.kind === 'fix' ? n.view.id : n.kind === 'report' ? n.report.id : `(${n.kind})`,
  );
}

describe('reports tree', () => {
  let service: Sandbox;

  before(async () => {
    await ensureGitConfig();
    service = await mainSandbox();
    await connectTo(service);
  });

  after(async () => {
    await setUserSetting('securityFixReports.issuesPerLoad', undefined);
    await setUserSetting('securityFixReports.countsPrefetch', undefined);
  });

  it('lists every report, workspace repository first, then unexpired newest first', async () => {
    const roots = await rootNodes();
    const order = expectedOrder(service, WORKSPACE_REMOTE);
    // Preconditions that make the order meaningful: the workspace's reports are not the newest,
    // and some reports have expired.
    const workspaceReports = service.dataset.reports.filter((r) => r.repo?.originalUrl === WORKSPACE_REMOTE);
    assert.ok(workspaceReports.length >= 2 && service.dataset.reports[0]?.repo?.originalUrl !== WORKSPACE_REMOTE);
    assert.ok(service.dataset.reports.some((r) => r.expirationOn && Date.parse(r.expirationOn) < Date.now()));

    assert.deepEqual(ids(roots), order);
    const first = roots.slice(0, workspaceReports.length);
    assert.ok(
      first.every((n) => n.report.repo?.originalUrl === WORKSPACE_REMOTE),
      "reports of the workspace's git remote come first",
    );
    for (const node of roots) {
      const item = await treeItem(node);
      const r = node.report;
      const expired = r.expirationOn !== null && Date.parse(r.expirationOn) < Date.now();
      // Scanner and age first (what differs between a repository's reports), then project and repo@ref.
      assert.match(
        labelOf(item),
        new RegExp(`^${readableVendor(r.vulnerabilityReport?.vendor).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} · (.+ ago|just now|undated)$`),
      );
      // "current · " leads the workspace repository's current report (see the next cases).
      const description = String(item.description)
        .replace(/^current(?: \(pinned\))? · /, '')
        .replace(SIZE, '')
        .replace(/^\+[\d,]+ new · −[\d,]+ fixed · /, ''); // once its changes since the previous scan are known
      // Server text shows cleaned (the hostile report's names carry line breaks and bidi controls).
      assert.ok(description.startsWith(cleanText(r.vulnerabilityReport?.project?.name ?? r.repo?.name ?? r.id)), description);
      if (r.repo) assert.ok(description.includes(` · ${cleanText(r.repo.name ?? '')}@${cleanText(r.repo.reference ?? '')}`), description);
      assert.equal((description.match(/\bexpired\b/g) ?? []).length, expired ? 1 : 0, `${description}: marked expired once, when expired`);
      assert.equal(item.collapsibleState, vscode.TreeItemCollapsibleState.Collapsed);
    }
  });

  it('shows each report\'s size on its row: fixes from the detail (prefetched, never issues), issues and FPs as "≥ n" until paging ends', async () => {
    const { services } = await extensionApi();
    services.store.reset();
    service.clearRequests();
    const roots = await rootNodes();
    const description = async (id: string) => String((await treeItem(roots.find((n) => n.report.id === id)!)).description);
    const live = roots.filter((n) => !(n.report.expirationOn && Date.parse(n.report.expirationOn) < Date.now()));
    // countsPrefetch (20 by default) covers every live report of the sandbox's dataset.
    assert.ok(live.length <= 20 && live.length >= 5, `${live.length} live reports`);
    for (const node of live) {
      // Fix ids as the model counts them: a repeated id is one fix.
      const fixes = new Set(service.dataset.detail(node.report.id)!.fixes.map((f) => f.id)).size;
      const want = `${fixes.toLocaleString('en-US')} ${fixes === 1 ? 'fix' : 'fixes'}`;
      let last = '';
      await waitFor(async () => (last = await description(node.report.id)).includes(want), `${node.report.id}: "${want}" on its row`).catch(
        (e: Error) => assert.fail(`${e.message}; the row shows "${last}"`),
      );
    }
    // Counting fixes costs one detail request per report, and no report's issues were paged for it.
    const expanded = new Set(roots.filter((n) => services.store.entry(n.report.id)?.issues).map((n) => n.report.id));
    // ...or because it is the previous scan an expanded or current report's changes are counted against.
    const previous = new Set(
      roots.flatMap((n) => {
        const state = services.changes.state(n.report.id);
        return state && 'since' in state ? [state.since.id] : [];
      }),
    );
    const paged = new Set(service.requests.filter((r) => r.path.endsWith('/v5/issues')).map((r) => String(r.query['fixReportId'])));
    for (const id of paged)
      assert.ok(
        expanded.has(id) || previous.has(id),
        `issues of ${id} were paged only because it was expanded or current, or compared with`,
      );

    const target = live.find((n) => !services.store.entry(n.report.id)?.issues && service.dataset.issueCount(n.report.id) > 0)!;
    assert.ok(target, 'a live report whose issues are not paged yet');
    assert.doesNotMatch(await description(target.report.id), /issues?,/, 'no issue count before paging');
    await loadedReport(target.report.id);
    const expected = expectedReport(service, target.report.id);
    const total = expected.issues.length.toLocaleString('en-US');
    await waitFor(async () => (await description(target.report.id)).includes(`${total} issue`), 'the issue count once paging ends');
    const shown = await description(target.report.id);
    assert.ok(
      shown.includes(
        `${total} ${expected.issues.length === 1 ? 'issue' : 'issues'}, ${expected.falsePositives.length.toLocaleString('en-US')} FP`,
      ),
      shown,
    );
    assert.doesNotMatch(shown, /≥/, 'exact once every page arrived');

    const tip = plainText(tooltipOf(await treeItem(roots.find((n) => n.report.id === target.report.id)!)).value);
    const states = new Map<string, number>();
    for (const fix of expected.fixes) states.set(fix.state ?? 'No state', (states.get(fix.state ?? 'No state') ?? 0) + 1);
    assert.match(tip, new RegExp(`Fixes: ${expected.fixes.length}\\b`), tip);
    for (const [state, count] of states) assert.ok(tip.includes(`${count} ${state}`), `${tip}: ${count} ${state}`);
    assert.ok(tip.includes(`Issues: ${total} issue`), tip);
  });

  it("marks the workspace's reports with the repository icon", async () => {
    const roots = await rootNodes();
    for (const node of roots) {
      const item = await treeItem(node);
      const expired = node.report.expirationOn !== null && Date.parse(node.report.expirationOn) < Date.now();
      const local = node.report.repo?.originalUrl === WORKSPACE_REMOTE;
      assert.equal(node.matchesWorkspace, local, `${node.report.id} matchesWorkspace`);
      if (!expired) assert.equal((item.iconPath as vscode.ThemeIcon).id, local ? 'repo' : 'shield');
    }
  });

  it("names the current report of the workspace's repository (newest live one for its branch), and Use as Current Report / Unpin change it", async () => {
    const { services } = await extensionApi();
    const repos = await services.repositories.list();
    const repo = repos.find((r) => r.remotes.some((u) => u.includes('acme/payments-api')));
    assert.ok(repo, `the workspace repository is found (${repos.map((r) => r.root.toString()).join(', ')})`);
    assert.equal(repo.branch, FIXTURE_BRANCH, 'its checked-out branch, from the git extension');
    const mine = service.dataset.reports.filter((r) => r.repo?.originalUrl === WORKSPACE_REMOTE);
    const live = mine.filter((r) => r.repo?.reference === FIXTURE_BRANCH && !(r.expirationOn && Date.parse(r.expirationOn) <= Date.now()));
    const expected = [...(live.length ? live : mine)].sort((a, b) => Date.parse(b.createdOn ?? '') - Date.parse(a.createdOn ?? ''))[0]!;
    const currentIds = async () => (await rootNodes()).filter((n) => n.current).map((n) => n.report.id);
    await waitFor(async () => (await currentIds()).length === 1, 'one current report');
    assert.deepEqual(await currentIds(), [expected.id]);
    const currentItem = await treeItem((await rootNodes()).find((n) => n.current)!);
    assert.match(String(currentItem.description), /^current · /);
    // The tooltip says why; the row's menu does not offer to make it current again.
    assert.ok(
      plainText(tooltipOf(currentItem).value).includes(
        live.length
          ? `Current for branch ${FIXTURE_BRANCH}: the newest live report of this repository, branch and scanner.`
          : `Current for branch ${FIXTURE_BRANCH}: the newest report of this repository, branch and scanner, though expired (none is live).`,
      ),
      tooltipOf(currentItem).value,
    );
    assert.match(String(currentItem.contextValue), /\.current$/);

    // Pins are per scanner: a report of the same scanner replaces the current one; of another
    // scanner, it joins it.
    const vendorOf = (n: { report: { vulnerabilityReport?: { vendor?: string | null } | null } }) =>
      (n.report.vulnerabilityReport?.vendor ?? '').toLowerCase();
    const workspaceNodes = (await rootNodes()).filter((n) => n.matchesWorkspace && n.report.id !== expected.id);
    const other =
      workspaceNodes.find((n) => vendorOf(n) === (expected.vulnerabilityReport?.vendor ?? '').toLowerCase()) ?? workspaceNodes[0]!;
    const sameScanner = vendorOf(other) === (expected.vulnerabilityReport?.vendor ?? '').toLowerCase();
    await vscode.commands.executeCommand(CommandId.PinReport, other);
    assert.deepEqual(
      (await currentIds()).sort(),
      (sameScanner ? [other.report.id] : [other.report.id, expected.id]).sort(),
      'the pinned report is current (beside the other scanner’s)',
    );
    const pinnedItem = await treeItem((await rootNodes()).find((n) => n.report.id === other.report.id)!);
    assert.match(String(pinnedItem.description), /^current \(pinned\) · /);
    assert.match(String(pinnedItem.contextValue), /\.current\.pinned$/);
    assert.ok(
      plainText(tooltipOf(pinnedItem).value).includes("Current: pinned by you as this repository's report of this scanner."),
      tooltipOf(pinnedItem).value,
    );
    if (sameScanner) {
      const notCurrent = await treeItem((await rootNodes()).find((n) => n.report.id === expected.id)!);
      assert.doesNotMatch(String(notCurrent.contextValue), /\.current\b/, 'the report the pin replaced is not current');
      assert.doesNotMatch(plainText(tooltipOf(notCurrent).value), /Current( for branch |: )/);
    }
    await vscode.commands.executeCommand(
      CommandId.UnpinReport,
      (await rootNodes()).find((n) => n.report.id === other.report.id),
    );
    assert.deepEqual(await currentIds(), [expected.id], 'unpinned: chosen again');
    // A report of no workspace repository cannot be pinned.
    const foreign = (await rootNodes()).find((n) => !n.matchesWorkspace)!;
    await vscode.commands.executeCommand(CommandId.PinReport, foreign);
    assert.deepEqual(await currentIds(), [expected.id]);
    await vscode.commands.executeCommand('notifications.clearAll');
  });

  it("shows each report's groups with the sandbox's counts, fixes, issues under fixes, false positives and other issues", async () => {
    for (const report of service.dataset.reports) {
      const node = await loadedReport(report.id);
      const expected = expectedReport(service, report.id);
      const children = await childrenOf(node);
      const groups = children.filter((n): n is GroupNode => n.kind === 'group');
      assert.deepEqual(
        children.filter((n) => n.kind !== 'group'),
        [],
        'paging finished: no loading row',
      );
      const labels = await Promise.all(groups.map(async (g) => labelOf(await treeItem(g))));
      const want: string[] = [];
      const count = (n: number) => n.toLocaleString('en-US');
      if (expected.fixes.length) want.push(`Fixes (${count(expected.fixes.length)})`);
      if (expected.falsePositives.length) want.push(`False positives (${count(expected.falsePositives.length)})`);
      if (expected.others.length) want.push(`Other issues (${count(expected.others.length)})`);
      assert.deepEqual(labels, want, `groups of ${report.id}`);

      const fixes = await groupItems(groups.find((g) => g.group === 'fixes')!);
      assert.deepEqual(
        ids(fixes),
        expected.fixes.map((f) => f.id),
        'fixes in report order',
      );
      for (const fixNode of fixes as FixNode[]) {
        const fix = expected.fixes.find((f) => f.id === fixNode.view.id)!;
        const item = await treeItem(fixNode);
        const confidence = fix.confidence === 90 ? 'Stable' : fix.confidence === 50 ? 'Adaptive' : `Confidence ${fix.confidence}`;
        assert.equal(item.description, `${readableLanguage(fix.safeIssueLanguage)} · ${fix.state} · ${confidence}`);
        assert.ok(labelOf(item).length > 0);
        const under = await childrenOf(fixNode);
        assert.deepEqual(
          ids(under),
          (expected.issuesOfFix.get(fix.id) ?? []).map((i) => i.id),
          `issues under fix ${fix.id}`,
        );
      }

      const fpGroup = groups.find((g) => g.group === 'false-positives');
      const fps = fpGroup ? await groupItems(fpGroup) : [];
      assert.deepEqual(
        ids(fps),
        expected.falsePositives.map((i) => i.id),
        'false positives, oldest first',
      );
      for (const fp of fps as IssueNode[]) {
        const item = await treeItem(fp);
        assert.equal(item.contextValue, 'issue.falsePositive');
        // Led by what a person reads (the issue type); the rule id (or the summary once known)
        // follows, never the repeated "FalsePositive" state.
        assert.equal(labelOf(item), readableIssueType(fp.issue.issueType));
        assert.doesNotMatch(String(item.description), /FalsePositive/);
        assert.ok(String(item.description).includes(cleanText(fp.summary ?? fp.issue.vendorIssueId!)), String(item.description));
      }
      const otherGroup = groups.find((g) => g.group === 'other');
      const others = otherGroup ? await groupItems(otherGroup) : [];
      assert.deepEqual(
        ids(others),
        expected.others.map((i) => i.id),
        'other issues, oldest first',
      );
    }
  });

  it('filters issues by severity, issue type, state, text and file path at every level, and says so in the view and the row counts', async () => {
    const { services } = await extensionApi();
    const report = service.dataset.reports.find((r) => r.id !== service.dataset.bigReportId && r.id !== service.dataset.hostileReportId)!;
    const node = await loadedReport(report.id);
    const expected = expectedReport(service, report.id);
    const fpCount = async () => {
      const group = (await childrenOf(node)).find((n): n is GroupNode => n.kind === 'group' && n.group === 'false-positives');
      return group ? (await groupItems(group)).length : 0;
    };
    const severity = expected.falsePositives[0]!.severity!;
    const type = readableIssueType(expected.falsePositives[0]!.issueType);
    // The files of an issue's trace, as the sandbox sent them (this report's paths are all plain).
    const paths = (i: Issue) => [...(i.codeNodes ?? []).map((n) => n.path), i.codeFilePath].filter((p): p is string => !!p);
    const located = expected.falsePositives.find((i) => paths(i).length > 0);
    assert.ok(located, 'a false positive of the report has a location');
    const file = paths(located).at(-1)!.split('/').pop()!;
    const cases: [string, Partial<TreeFilter>, (i: Issue) => boolean][] = [
      [
        `severity ${severity}`,
        { severities: new Set([severity.toLowerCase()]) },
        (i) => i.severity?.toLowerCase() === severity.toLowerCase(),
      ],
      [type, { issueTypes: new Set([type]) }, (i) => readableIssueType(i.issueType) === type],
      ['issue state FalsePositive', { issueStates: new Set(['FalsePositive']) }, (i) => i.state === 'FalsePositive'],
      [
        'text',
        { text: type.split(' ')[0]!.toLowerCase() },
        (i) =>
          [
            readableIssueType(i.issueType),
            i.issueType,
            i.vendorIssueId,
            i.issueLanguage,
            i.state,
            i.fpId ? services.store.knownSummary(i.fpId)?.text : undefined,
            ...paths(i),
          ].some((f) => f?.toLowerCase().includes(type.split(' ')[0]!.toLowerCase())),
      ],
      [`file ${file}`, { text: file.toUpperCase() }, (i) => paths(i).some((p) => p.toLowerCase().includes(file.toLowerCase()))],
    ];
    const n = (count: number) => count.toLocaleString('en-US');
    const rowCounts = async () => String((await treeItem((await rootNodes()).find((r) => r.report.id === report.id)!)).description);
    try {
      for (const [what, filter, keeps] of cases) {
        applyFilter(services, { ...NO_FILTER, ...filter });
        await quiet();
        assert.equal(await fpCount(), expected.falsePositives.filter(keeps).length, `false positives shown for ${what}`);
        assert.match(services.treeView.message ?? '', /^Filtered: /, `${what}: the view says it is filtered`);
        assert.equal(services.treeView.badge?.value, 1, `${what}: one condition on the badge`);
        // The report's row counts what the filter lets through, of all.
        const counts = await rowCounts();
        const issues = expected.issues.filter(keeps).length;
        const fps = expected.falsePositives.filter(keeps).length;
        assert.ok(
          counts.includes(`${n(issues)} of ${n(expected.issues.length)} issues, ${n(fps)} of ${n(expected.falsePositives.length)} FP`),
          `${what}: ${counts}`,
        );
        const fixes = /^(?:current(?: \(pinned\))? · )?(?:([\d,]+) of )?([\d,]+) fix/.exec(counts);
        assert.ok(fixes, counts);
        if (filter.severities || filter.issueStates) assert.equal(fixes[1], undefined, `${what} does not filter fixes: ${counts}`);
        else assert.ok(fixes[1] !== undefined && Number(fixes[1].replace(/,/g, '')) <= Number(fixes[2]!.replace(/,/g, '')), counts);
        if (what.startsWith('file ')) {
          // A fix is shown where one of its issues is located in the file.
          const inFile = expected.fixes.filter((f) => (expected.issuesOfFix.get(f.id) ?? []).some(keeps)).length;
          assert.ok(Number(fixes[1]!.replace(/,/g, '')) >= inFile, `${what}: at least the ${inFile} fixes with an issue in it (${counts})`);
        }
      }
    } finally {
      applyFilter(services, NO_FILTER);
    }
    assert.equal(services.treeView.message, undefined);
    assert.equal(services.treeView.badge, undefined);
    assert.equal(await fpCount(), expected.falsePositives.length);
    assert.doesNotMatch(await rowCounts(), / of /, 'no filter: plain counts');
  });

  it('pages past 1,000 issues (one request per page) and splits large groups into ranges of 1,000', async () => {
    const { services } = await extensionApi();
    const bigId = service.dataset.bigReportId!;
    assert.equal(service.dataset.issueCount(bigId), 2500);
    services.store.reset();
    await quiet();
    service.clearRequests();
    const node = await loadedReport(bigId);
    // Its own pages (its previous scan's, for the changes since, are another report's).
    const pages = service.requests.filter((r) => r.path === '/api/rest/v5/issues' && r.query['fixReportId'] === bigId);
    const all = service.dataset.issueRange(bigId, 0, 2500);
    assert.deepEqual(
      pages.map((r) => r.query['issueId'] ?? null),
      [null, all[999]!.id, all[1999]!.id],
      'three pages, each cursor the last id received',
    );
    assert.ok(pages.every((r) => r.query['fixReportId'] === bigId));

    const expected = expectedReport(service, bigId);
    assert.ok(expected.others.length > 1000, 'the Other issues group is large enough to split');
    const group = await groupOf(node, 'other');
    assert.ok(group);
    const ranges = await childrenOf(group);
    assert.ok(
      ranges.every((n) => n.kind === 'group'),
      'a group over 1,000 items shows ranges',
    );
    const rangeLabels = await Promise.all(ranges.map(async (r) => labelOf(await treeItem(r))));
    const wantLabels: string[] = [];
    for (let start = 0; start < expected.others.length; start += 1000)
      wantLabels.push(`${start + 1}–${Math.min(start + 1000, expected.others.length)}`);
    assert.deepEqual(rangeLabels, wantLabels);
    assert.deepEqual(
      ids(await groupItems(group)),
      expected.others.map((i) => i.id),
    );
  });

  it('pauses at issuesPerLoad with "Load more", which continues where it stopped', async () => {
    const { services } = await extensionApi();
    const bigId = service.dataset.bigReportId!;
    await setUserSetting('securityFixReports.issuesPerLoad', 1000);
    await waitFor(() => services.connection.settings.issuesPerLoad === 1000, 'issuesPerLoad 1000');
    services.store.reset(); // the setting applies to the next load; what is loaded stays otherwise
    await quiet();
    service.clearRequests();
    const node = await loadedReport(bigId);

    const loadingRow = async () => (await childrenOf(node)).find((n): n is LoadingNode => n.kind === 'loading');
    for (const received of [1000, 2000]) {
      const row = await loadingRow();
      assert.ok(row, `a Load more row after ${received}`);
      assert.equal(labelOf(await treeItem(row)), `Load more issues (${received.toLocaleString('en-US')} loaded; there are more)`);
      const partialGroup = (await childrenOf(node)).find((n): n is GroupNode => n.kind === 'group' && n.group !== 'fixes');
      if (partialGroup)
        assert.match(labelOf(await treeItem(partialGroup)), /\(≥ [\d,]+\)$/, 'issue counts are a lower bound while more remain');
      const item = await treeItem(row);
      const command = item.command?.command ?? '(none)';
      assert.ok(command.startsWith(`${CommandId.LoadMoreIssues}.row`), command);
      await vscode.commands.executeCommand(command);
      await waitFor(() => services.store.entry(bigId)?.issues?.kind !== 'loading', 'the next load to stop');
    }
    assert.equal(services.store.entry(bigId)?.issues?.kind, 'done');
    assert.equal(await loadingRow(), undefined, 'all loaded: no loading row');
    for (const group of (await childrenOf(node)).filter((n): n is GroupNode => n.kind === 'group')) {
      assert.doesNotMatch(labelOf(await treeItem(group)), /≥/, 'exact counts once all issues arrived');
    }
    assert.equal(service.requests.filter((r) => r.path === '/api/rest/v5/issues').length, 3, 'no page fetched twice');
    const expected = expectedReport(service, bigId);
    const fps = await groupOf(node, 'false-positives');
    assert.deepEqual(
      ids(await groupItems(fps!)),
      expected.falsePositives.map((i) => i.id),
    );
    await setUserSetting('securityFixReports.issuesPerLoad', undefined);
    await waitFor(() => services.connection.settings.issuesPerLoad === 20_000, 'issuesPerLoad back to default');
    await quiet();
  });

  it("the loading row's click survives its redraws: a command without arguments, one id per report and action, never the report id", async () => {
    const { services } = await extensionApi();
    const bigId = service.dataset.bigReportId!;
    services.store.reset();
    await quiet();
    // Slow pages: loading lasts, and the row redraws on the pages that arrive meanwhile.
    service.faults.add({ route: 'issues', fault: { kind: 'latency', ms: 100 } });
    try {
      const node = (await rootNodes()).find((n) => n.report.id === bigId);
      assert.ok(node, 'the big report is listed');
      await childrenOf(node); // expanding it: the detail, then its pages
      const row = async () => (await childrenOf(node)).find((n): n is LoadingNode => n.kind === 'loading');
      const clickOf = async () => {
        const loading = await row();
        assert.ok(loading, 'a loading row');
        const command = services.tree.getTreeItem(loading).command;
        assert.ok(command, `the ${loading.state.kind} row has its command in the TreeItem`);
        // Arguments would make the editor pass a handle that dies when the row redraws.
        assert.equal(command.arguments, undefined, 'no arguments');
        assert.ok(!command.command.includes(bigId), 'the id is numbered, not named after the (server) report id');
        return command.command;
      };
      await waitFor(async () => (await row())?.state.kind === 'loading', 'loading to start');
      const cancel = await clickOf();
      assert.ok(cancel.startsWith(`${CommandId.CancelLoading}.row`), cancel);
      const received = services.store.entry(bigId)!.issues!.received;
      await waitFor(() => services.store.entry(bigId)!.issues!.received > received, 'a page to arrive (a redraw)');
      assert.equal(await clickOf(), cancel, 'the same id after a redraw');
      assert.ok((await vscode.commands.getCommands(true)).includes(cancel), 'registered');

      await vscode.commands.executeCommand(cancel); // what the workbench runs on a click
      assert.equal(services.store.entry(bigId)?.issues?.kind, 'cancelled');
      const more = await clickOf();
      assert.ok(more.startsWith(`${CommandId.LoadMoreIssues}.row`), more);
      assert.notEqual(more, cancel);
      await vscode.commands.executeCommand(more);
      assert.equal(services.store.entry(bigId)?.issues?.kind, 'loading', 'the cancelled row loads the rest');
      assert.equal(await clickOf(), cancel, 'loading again: the first id');
      await vscode.commands.executeCommand(cancel);
      assert.equal(services.store.entry(bigId)?.issues?.kind, 'cancelled', 'and it cancels again');
      // A second tree in this extension host, from another copy of the module (as the bench's
      // profiled tree): ids of its own, none the extension holds (registering one would throw).
      const second = new LoadingCommands(() => undefined);
      try {
        const ids = [second.idFor('cancel', bigId), second.idFor('more', bigId)];
        assert.ok(!ids.includes(cancel) && !ids.includes(more), ids.join(', '));
      } finally {
        second.dispose();
      }
    } finally {
      service.faults.clear();
      services.store.reset();
      await quiet();
    }
  });

  it("announces a report's changes only after its children were handed out (so the editor registers ids once)", async () => {
    // VS Code fails with "Element with id … is already registered" (and the report never
    // expands) when an element is refreshed while its getChildren is still pending.
    const { services } = await extensionApi();
    const report = service.dataset.reports.find((r) => r.id !== service.dataset.bigReportId && r.id !== service.dataset.hostileReportId)!;
    services.store.reset();
    await quiet();
    const node = (await rootNodes()).find((n) => n.report.id === report.id)!;
    const events: string[] = [];
    const subscription = services.tree.onDidChangeTreeData((n) => {
      events.push(n?.kind === 'report' && n.report.id === report.id ? 'refresh' : 'other');
    });
    try {
      service.faults.add({ route: 'fix-report', times: 1, fault: { kind: 'latency', ms: 300 } });
      await services.tree.getChildren(node).then(() => events.push('children'));
      await services.store.issuesSettled(report.id);
      await sleep(100);
    } finally {
      subscription.dispose();
      service.faults.clear();
    }
    assert.ok(events.includes('refresh'), `the report was refreshed while its issues loaded (${events.join(', ')})`);
    assert.ok(
      events.indexOf('children') < events.indexOf('refresh'),
      `no refresh before the children were returned (${events.join(', ')})`,
    );
  });

  it('20 concurrent expansions of one report cause one detail request and one request per page', async () => {
    const { services } = await extensionApi();
    const bigId = service.dataset.bigReportId!;
    // Without the counts prefetch, which would fetch the detail before the expansions do.
    await setUserSetting('securityFixReports.countsPrefetch', 0);
    await waitFor(() => services.connection.settings.countsPrefetch === 0, 'countsPrefetch 0');
    services.store.reset();
    await quiet();
    const node = (await rootNodes()).find((n) => n.report.id === bigId)!;
    service.clearRequests();

    const expansions = await Promise.all(Array.from({ length: 20 }, () => childrenOf(node)));
    await services.store.issuesSettled(bigId);
    // Expanding the groups concurrently too (the fixes are known from the detail alone).
    await Promise.all(
      expansions.map(async (children) => {
        const fixes = children.find((n): n is GroupNode => n.kind === 'group' && n.group === 'fixes');
        if (fixes) await groupItems(fixes);
      }),
    );
    await Promise.all(Array.from({ length: 20 }, () => childrenOf(node)));

    const detail = service.requests.filter((r) => r.path === `/api/rest/fix-reports/${bigId}`);
    // Its own pages (its previous scan's, for the changes since, are another report's).
    const pages = service.requests.filter((r) => r.path === '/api/rest/v5/issues' && r.query['fixReportId'] === bigId);
    assert.equal(detail.length, 1, 'one detail request');
    assert.equal(pages.length, 3, 'one request per page of issues');
    const cursors = pages.map((r) => r.query['issueId'] ?? '(first)');
    assert.equal(new Set(cursors).size, cursors.length, 'no page requested twice');
  });

  it('the counts prefetch makes way for a report the user opens: what it has on its way is cancelled, nothing starts while the report loads, all of it comes after', async () => {
    const { services } = await extensionApi();
    const bigId = service.dataset.bigReportId!;
    await setUserSetting('securityFixReports.countsPrefetch', undefined);
    await waitFor(() => services.connection.settings.countsPrefetch === 20, 'countsPrefetch back to 20');
    // 50 ms per answer: the opened report pages for a few hundred ms, in which the prefetch,
    // two details at a time, would otherwise fetch most rows' details.
    service.options.latencyMs = 50;
    try {
      await quiet();
      service.clearRequests();
      services.store.reset();
      const roots = await rootNodes(); // the prefetch starts with the list…
      const node = roots.find((n) => n.report.id === bigId)!;
      await childrenOf(node); // …and the report is opened at once
      await services.store.issuesSettled(bigId);
      const pagingEnded = Date.now();
      const detailRequests = (id: string) => service.requests.filter((r) => r.path === `/api/rest/fix-reports/${id}`);
      const opened = detailRequests(bigId)[0]!;
      // Reports whose detail only feeds their row (not expanded, not the workspace's current one).
      const live = roots.filter((n) => !(n.report.expirationOn && Date.parse(n.report.expirationOn) < Date.now()));
      const rowsOnly = live.map((n) => n.report.id).filter((id) => id !== bigId && !services.store.entry(id)?.issues);
      assert.ok(rowsOnly.length >= 5, `${rowsOnly.length} reports fetched for their rows only`);
      const startedDuring = rowsOnly.filter((id) =>
        detailRequests(id).some((r) => r.receivedAt > opened.receivedAt && r.receivedAt < pagingEnded),
      );
      assert.deepEqual(startedDuring, [], 'no row detail was asked for while the opened report loaded');
      await waitFor(() => rowsOnly.every((id) => services.store.entry(id)?.model), 'the prefetch resumes: every row gets its detail');
      // The (at most two) on their way when the report was opened were cancelled and asked again.
      const before = rowsOnly.filter((id) => detailRequests(id)[0]!.receivedAt <= opened.receivedAt);
      assert.ok(before.length <= 2, `${before.length} row details were on their way when the report was opened`);
      for (const id of before) assert.equal(detailRequests(id).length, 2, `report ${id}: cancelled, then asked again after`);
      const after = rowsOnly.filter((id) => detailRequests(id).at(-1)!.receivedAt >= pagingEnded);
      assert.equal(after.length, rowsOnly.length, 'every row detail that fed a row arrived after the opened report loaded');
      observe(
        `${before.length} row details on their way were cancelled when the report was opened; none started while it loaded; all ${rowsOnly.length} came after`,
      );
    } finally {
      service.options.latencyMs = 0;
    }
  });

  it('reports opened together while the prefetch has their details on the way all load (a detail cancelled to make way is asked again, never joined)', async () => {
    const { services } = await extensionApi();
    await setUserSetting('securityFixReports.countsPrefetch', undefined);
    await waitFor(() => services.connection.settings.countsPrefetch === 20, 'countsPrefetch back to 20');
    service.options.latencyMs = 50; // the prefetch's two details are still on their way when the reports open
    try {
      for (let round = 0; round < 3; round++) {
        await quiet();
        services.store.reset();
        const roots = await rootNodes();
        const live = roots.filter((n) => !(n.report.expirationOn && Date.parse(n.report.expirationOn) < Date.now()));
        // The first listed are the ones the prefetch asks for first; open three at once, as a restored window does.
        const opened = live.slice(round, round + 3);
        const groups = await Promise.all(opened.map((n) => childrenOf(n)));
        for (const [i, children] of groups.entries()) {
          const id = opened[i]!.report.id;
          assert.ok(
            children.some((c) => c.kind === 'group'),
            `round ${round}, report ${id}: ${children.map((c) => (c.kind === 'message' ? c.label : c.kind)).join(', ')}`,
          );
          await services.store.issuesSettled(id);
          assert.equal(services.store.entry(id)?.issues?.kind, 'done', `round ${round}, report ${id}`);
        }
      }
    } finally {
      service.options.latencyMs = 0;
      await quiet();
    }
  });

  it("a new list of the same reports (a warm start's revalidation) keeps the row details on their way, joined or not, and every row gets its counts", async () => {
    const { services } = await extensionApi();
    await setUserSetting('securityFixReports.countsPrefetch', undefined);
    await waitFor(() => services.connection.settings.countsPrefetch === 20, 'countsPrefetch back to 20');
    // Slow details, a fast list: the revalidated list arrives while the prefetch's two are on their way.
    service.faults.add({ route: 'fix-report', fault: { kind: 'latency', ms: 400 } });
    try {
      await quiet();
      services.store.reset();
      service.clearRequests();
      const roots = await rootNodes();
      // The workspace's current report loads for the findings in the code, and the prefetch
      // makes way for it: the row details asked for after it are the ones this is about.
      await waitFor(
        () =>
          services.findings.current.length > 0 &&
          services.findings.current.every(({ report }) => services.store.entry(report.id)?.issues?.kind === 'done'),
        'the current report loaded',
      );
      const since = Date.now();
      const detailRequests = (id: string) =>
        service.requests.filter((r) => r.path === `/api/rest/fix-reports/${id}` && r.receivedAt >= since);
      const live = roots.filter((n) => !(n.report.expirationOn && Date.parse(n.report.expirationOn) < Date.now())).map((n) => n.report.id);
      const onTheWay = await waitFor(() => {
        const asked = live.filter((id) => detailRequests(id).length > 0 && !services.store.entry(id)?.model);
        return asked.length === 2 ? asked : undefined;
      }, 'two row details of the prefetch on their way');
      // Something other than the prefetch (the findings, Fix Insights) waits on the first one.
      const joined = services.store.reportDetail(onTheWay[0]!);
      const revalidatedAt = Date.now();
      services.store.refresh('revalidate');
      await waitFor(() => !services.store.refreshing, 'the revalidation');
      assert.ok((await joined).fixes, 'the joined detail arrives');
      // Every row the prefetch covers gets its counts: from its detail, or from the cache's index.
      const covered = live.slice(0, services.connection.settings.countsPrefetch);
      await waitFor(
        () => covered.every((id) => services.store.entry(id)?.model || services.store.cachedCountsOf(id)),
        'every row gets its counts',
      );
      for (const id of onTheWay) {
        const requests = detailRequests(id);
        const timeline = requests.map((r) => `${r.receivedAt - since}${r.abandonedAt ? `-${r.abandonedAt - since}x` : ''}`).join(', ');
        assert.equal(
          requests.length,
          1,
          `report ${id}: asked for once (${timeline}; joined ${id === onTheWay[0]}, revalidated at ${revalidatedAt - since})`,
        );
        assert.equal(requests[0]!.abandonedAt, undefined, `report ${id}: not cancelled by the new list`);
      }
    } finally {
      service.faults.clear();
      await quiet();
    }
  });

  it('expanding a report asks for its first issue page once the detail has arrived, before the detail is decoded and modelled', async () => {
    const { services } = await extensionApi();
    const bigId = service.dataset.bigReportId!;
    await quiet();
    services.store.reset();
    const client = services.connection.client();
    const asked: { modelled: boolean }[] = [];
    const original = client.issuePages.bind(client);
    client.issuePages = (query, options) => {
      if (query?.fixReportId === bigId) asked.push({ modelled: services.store.entry(bigId)?.model !== undefined });
      return original(query, options);
    };
    try {
      service.clearRequests();
      const node = (await rootNodes()).find((n) => n.report.id === bigId)!;
      await childrenOf(node);
      await services.store.issuesSettled(bigId);
    } finally {
      client.issuePages = original;
    }
    assert.deepEqual(asked, [{ modelled: false }], 'one paging, opened before the model existed');
    const pages = service.requests.filter((r) => r.path === '/api/rest/v5/issues' && r.query['fixReportId'] === bigId);
    const cursors = pages.map((r) => r.query['issueId'] ?? '(first)');
    assert.equal(new Set(cursors).size, cursors.length, 'no page asked for twice');
    assert.equal(services.store.entry(bigId)?.issues?.kind, 'done');
    await quiet();
  });

  it('a detail that fails to decode leaves no issue paging behind: the early first page is cancelled', async () => {
    const { services } = await extensionApi();
    const bigId = service.dataset.bigReportId!;
    await quiet();
    services.store.reset();
    const node = (await rootNodes()).find((n) => n.report.id === bigId)!;
    await quiet();
    service.clearRequests();
    service.faults.add({ route: 'fix-report', fault: { kind: 'malformed-json' } });
    service.faults.add({ route: 'issues', fault: { kind: 'slow-headers', ms: 5_000 } });
    try {
      services.store.reloadReport(bigId);
      await assert.rejects(services.store.report(bigId), /not valid JSON/);
      await sleep(300);
      assert.equal(services.store.entry(bigId)?.issues, undefined, 'no issues loading');
      // Its own pages (its previous scan's, for the changes since, are another report's).
      const pages = service.requests.filter((r) => r.path === '/api/rest/v5/issues' && r.query['fixReportId'] === bigId);
      assert.equal(pages.length, 1, 'the first page was asked for when the (malformed) detail arrived');
      await waitFor(() => pages[0]!.abandonedAt, 'the first page request to be cancelled');
    } finally {
      service.faults.clear();
    }
    // Expanding again works: the detail, then one request per page.
    service.clearRequests();
    services.store.reloadReport(bigId);
    await childrenOf(node);
    await services.store.issuesSettled(bigId);
    assert.equal(services.store.entry(bigId)?.issues?.kind, 'done');
  });
});
