// Hovers as the editor gets them (the MarkdownString on each TreeItem, and the suppression
// hover through vscode.executeHoverProvider): fix tooltips carry confidence with its meaning,
// ratings, lifecycle and the issue count; server text with markdown links, command: URIs,
// HTML and image tags comes out as text, and trust is limited to one allowlisted command.
import { strict as assert } from 'node:assert';
import * as vscode from 'vscode';
import type { SandboxFix as Fix } from '../../../tools/sandbox/generator';
import { counted } from '../../../src/common/text';
import type { FixNode, IssueNode, Node } from '../../../src/views/nodes';
import { HOSTILE_CASES } from '../../../tools/sandbox/hostile';
import type { Sandbox } from '../../../tools/sandbox/server';
import {
  CommandId,
  childrenOf,
  connectTo,
  expectedReport,
  extensionApi,
  groupItems,
  groupOf,
  loadedReport,
  mainSandbox,
  plainText,
  rootNodes,
  tooltipOf,
  treeItem,
  utcDate,
} from './support';

let api: Awaited<ReturnType<typeof extensionApi>> | undefined;
const services = () => api!.services;

const TAG_LABELS: Record<string, string> = {
  BAD_PATTERN: 'Bad pattern',
  BREAKING_FIX: 'Breaking fix',
  FALSE_POSITIVE: 'False positive',
  OTHER: 'Other',
  UNRESOLVED_FIX: 'Does not resolve the issue',
};
const ALLOWED_COMMANDS = [CommandId.OpenPullRequest];

function assertTrust(md: vscode.MarkdownString, where: string): void {
  const trust = md.isTrusted;
  if (trust === undefined || trust === false) return;
  assert.ok(trust !== true, `${where}: isTrusted is never true`);
  assert.deepEqual(trust.enabledCommands, ALLOWED_COMMANDS, `${where}: only the allowlisted command is enabled`);
  assert.notEqual(md.supportHtml, true, `${where}: HTML is not rendered`);
}

/** Index of the character at `i` counts as escaped when an odd number of backslashes precede it. */
function escaped(text: string, i: number): boolean {
  let n = 0;
  for (let j = i - 1; j >= 0 && text[j] === '\\'; j--) n++;
  return n % 2 === 1;
}

/**
 * Markdown constructs in `value` that are live (not escaped): links/images with their
 * targets, autolinks and raw HTML tags. appendText escapes `[ ] ( ) !` and `>`, so anything
 * found here was written as markdown.
 */
function liveConstructs(value: string): { links: string[]; images: number; autolinks: string[]; tags: string[] } {
  const links: string[] = [];
  let images = 0;
  for (let i = 0; i < value.length; i++) {
    if (value[i] !== '[' || escaped(value, i)) continue;
    let depth = 0;
    let close = -1;
    for (let j = i; j < value.length; j++) {
      if (escaped(value, j)) continue;
      if (value[j] === '[') depth++;
      else if (value[j] === ']' && --depth === 0) {
        close = j;
        break;
      }
    }
    if (close < 0 || value[close + 1] !== '(') continue;
    const end = value.indexOf(')', close);
    links.push(value.slice(close + 2, end < 0 ? undefined : end));
    if (i > 0 && value[i - 1] === '!' && !escaped(value, i - 1)) images++;
  }
  const autolinks: string[] = [];
  const tags: string[] = [];
  for (const m of value.matchAll(/<([^<>\s]*)>/g)) {
    if (escaped(value, m.index + m[0].length - 1)) continue;
    if (/^[a-z][a-z0-9+.-]*:/i.test(m[1] ?? '')) autolinks.push(m[1] ?? '');
  }
  for (const m of value.matchAll(/<\/?[A-Za-z][A-Za-z0-9-]*(?:\s[^<>]*)?\/?>/g)) {
    if (!escaped(value, m.index + m[0].length - 1)) tags.push(m[0]);
  }
  return { links, images, autolinks, tags };
}

function assertSafe(md: vscode.MarkdownString, where: string): void {
  assertTrust(md, where);
  const live = liveConstructs(md.value);
  for (const target of live.links) {
    assert.ok(
      ALLOWED_COMMANDS.some((c) => target.startsWith(`command:${c}?`)),
      `${where}: live link to ${target}`,
    );
  }
  assert.equal(live.images, 0, `${where}: no live image`);
  assert.deepEqual(live.autolinks, [], `${where}: no live autolink`);
  assert.deepEqual(live.tags, [], `${where}: no live HTML tag`);
}

/** Rendered by the editor's own markdown engine (markdown-it, HTML enabled): what a hover could turn into. */
async function assertRendersSafely(md: vscode.MarkdownString, where: string): Promise<void> {
  const html = await vscode.commands.executeCommand<string>('markdown.api.render', md.value);
  assert.equal(typeof html, 'string');
  assert.doesNotMatch(html, /<(img|script|iframe|svg|object|embed|style|form|input)\b/i, `${where}: no active HTML in ${html}`);
  for (const m of html.matchAll(/<a\s[^>]*href="([^"]*)"[^>]*>(.*?)<\/a>/gis)) {
    const [, href = '', text = ''] = m;
    if (href.startsWith('command:')) {
      assert.ok(
        ALLOWED_COMMANDS.some((c) => href.startsWith(`command:${c}`)),
        `${where}: command link ${href}`,
      );
      continue;
    }
    // A bare URL in the text may be auto-linked (this engine links `//host/path` too, which the
    // hover's does not), but then the link shows its own address: no server text can disguise
    // where a link goes, and no scheme but the web's is reached.
    assert.match(href, /^(https?:)?\/\//i, `${where}: link scheme of ${href}`);
    const shown = text.replace(/<[^>]+>/g, '').trim();
    assert.ok(
      /^(https?:)?\/\//i.test(shown) && href.endsWith(shown.replace(/^(https?:)?\/\//i, '')),
      `${where}: link text "${text}" is the address itself`,
    );
  }
}

describe('tooltips and hovers', () => {
  let service: Sandbox;

  before(async () => {
    service = await mainSandbox();
    api = await connectTo(service);
  });

  after(() => vscode.commands.executeCommand('workbench.action.closeAllEditors'));

  it('fix tooltips show confidence with its meaning, ratings, lifecycle and the number of issues', async () => {
    const roots = await rootNodes();
    let withComments = 0;
    let withPr = 0;
    let withDownloads = 0;
    for (const reportNode of roots.slice(0, 3)) {
      await loadedReport(reportNode.report.id);
      const expected = expectedReport(service, reportNode.report.id);
      const fixes = (await groupItems((await groupOf(reportNode, 'fixes'))!)) as FixNode[];
      for (const node of fixes) {
        const fix = expected.fixes.find((f) => f.id === node.view.id)!;
        const md = tooltipOf(await treeItem(node));
        const where = `fix ${fix.id}`;
        assertTrust(md, where);
        const text = plainText(md.value);
        checkFixTooltip(fix, text, md.value, where);
        if (fix.sharedState?.fixRatings.some((r) => r.comment)) withComments++;
        if (fix.scmSubmitFixRequests.some((s) => s.prUrl)) withPr++;
        if (fix.sharedState?.downloadedBy.length) withDownloads++;
      }
    }
    assert.ok(withComments > 0 && withPr > 0 && withDownloads > 0, 'the sample covered comments, pull requests and downloads');
  });

  it("a false positive's tooltip carries its short summary: fetched when hovered, once per FP, never per row", async () => {
    const report = service.dataset.reports.find((r) => r.id !== service.dataset.hostileReportId && r.id !== service.dataset.bigReportId)!;
    const node = await loadedReport(report.id);
    const fps = (await groupItems((await groupOf(node, 'false-positives'))!)) as IssueNode[];
    const fp = fps.find((n) => !n.summary)!;
    assert.ok(fp, 'a false positive whose summary was not fetched yet');
    service.clearRequests();
    const summaryRequests = () => service.requests.filter((r) => r.path === '/api/rest/fp-summary').length;
    const first = await treeItem(fp);
    const again = await treeItem(fp);
    const summary = service.dataset.fpSummary(fp.issue.fpId!)!;
    assert.ok(plainText(tooltipOf(first).value).includes(summary), 'the summary is in the tooltip');
    assert.ok(plainText(tooltipOf(again).value).includes(summary));
    assert.equal(summaryRequests(), 1, 'one request for two hovers');
    const rows = await groupItems((await groupOf(node, 'false-positives'))!);
    assert.equal(summaryRequests(), 1, 'listing the rows fetches no summary');
    const shown = rows.map((n) => String(services().tree.getTreeItem(n).description));
    assert.ok(
      shown.some((d) => d.includes(summary)),
      'the row shows the summary once it is known',
    );
  });

  it("a false positive's explanation is fetched by issue id when hovered (the model keeps none), kept for the next hover; a failure says what to do", async () => {
    const report = service.dataset.reports.find((r) => r.id !== service.dataset.hostileReportId && r.id !== service.dataset.bigReportId)!;
    const node = await loadedReport(report.id);
    const wire = new Map(service.dataset.issueRange(report.id, 0, service.dataset.issueCount(report.id)).map((i) => [i.id, i]));
    const fps = (await groupItems((await groupOf(node, 'false-positives'))!)) as IssueNode[];
    // The last ones: the summary test above hovered the first.
    const [fp, other] = fps.filter((n) => wire.get(n.issue.id)?.fpDescription?.trim()).reverse();
    assert.ok(fp && other, 'two false positives with explanations');
    assert.ok(!('fpDescription' in fp.issue), 'the tree holds no explanation text');
    assert.equal(fp.issue.fpDescriptionLength, wire.get(fp.issue.id)!.fpDescription!.length);
    service.clearRequests();
    const byId = (id: string) => service.requests.filter((r) => r.path === '/api/rest/v5/issues' && r.query['issueId'] === id).length;
    await groupItems((await groupOf(node, 'false-positives'))!);
    assert.equal(byId(fp.issue.id), 0, 'listing the rows fetches no explanation');
    const paragraphs = wire.get(fp.issue.id)!.fpDescription!.split('\n\n');
    for (const hover of [await treeItem(fp), await treeItem(fp)]) {
      const text = plainText(tooltipOf(hover).value);
      for (const paragraph of paragraphs)
        assert.ok(text.includes(paragraph.split('\n')[0]!), `the explanation is in the tooltip: ${paragraph}`);
    }
    assert.equal(byId(fp.issue.id), 1, 'one request (GET v5/issues?issueId=…) for two hovers');

    service.faults.add({ route: 'issues', fault: { kind: 'malformed-json' } });
    try {
      const text = plainText(tooltipOf(await treeItem(other)).value);
      assert.match(
        text,
        /The explanation could not be loaded\. Unexpected response from the service: .*hover again/s,
        'what happened, what to do',
      );
    } finally {
      service.faults.clear();
    }
    const recovered = plainText(tooltipOf(await treeItem(other)).value);
    assert.ok(recovered.includes(wire.get(other.issue.id)!.fpDescription!.split('\n')[0]!), 'the next hover loads it');

    // Show full FP explanation: the same text, fetched for the document.
    await vscode.commands.executeCommand(CommandId.ShowFpExplanation, fp);
    const document = vscode.window.activeTextEditor?.document;
    assert.equal(document?.uri.scheme, 'security-fix-reports-fp');
    assert.ok(document.getText().includes(wire.get(fp.issue.id)!.fpDescription!), 'the whole explanation, as sent');
  });

  it('renders hostile server text as text in report, fix and issue tooltips', async () => {
    const { services } = await extensionApi();
    const hostileId = service.dataset.hostileReportId!;
    const report = await loadedReport(hostileId);
    const fps = (await groupItems((await groupOf(report, 'false-positives'))!)) as IssueNode[];
    // Fetch every summary first, so the FP tooltips include them too.
    await Promise.all(fps.map((n) => services.store.fpSummary(n.issue.fpId!).catch(() => undefined)));
    const nodes: Node[] = [report, ...(await childrenOf(report)), ...(await groupItems((await groupOf(report, 'fixes'))!))];
    const refreshed = (await groupItems((await groupOf(report, 'false-positives'))!)) as IssueNode[];
    nodes.push(...refreshed);
    let checked = 0;
    for (const node of nodes) {
      const item = await treeItem(node);
      // Labels and descriptions are plain text, but no control or bidi character may reach them.
      for (const shown of [item.label, item.description]) {
        const text = typeof shown === 'string' ? shown : typeof shown === 'object' ? shown.label : '';
        assert.ok(
          !/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2066-\u2069\ufeff]/.test(text),
          `${node.kind} ${item.id}: clean label/description ${JSON.stringify(text)}`,
        );
      }
      if (!(item.tooltip instanceof vscode.MarkdownString)) continue;
      const where = `${node.kind} ${item.id}`;
      assertSafe(item.tooltip, where);
      await assertRendersSafely(item.tooltip, where);
      checked++;
    }
    assert.ok(checked > HOSTILE_CASES.length);

    // The hostile texts are still there, as text a reader can see.
    const byCase = (name: string) => {
      const index = HOSTILE_CASES.findIndex((c) => c.name === name);
      const issue = service.dataset.issueAt(hostileId, index);
      const node = refreshed.find((n) => n.issue.id === issue.id)!;
      return { node, hostile: HOSTILE_CASES[index]! };
    };
    for (const name of ['markdown-links', 'command-uri', 'html-markup']) {
      const { node, hostile } = byCase(name);
      const md = tooltipOf(await treeItem(node));
      const text = plainText(md.value);
      assert.ok(text.includes(hostile.summary), `${name}: the summary is shown verbatim as text`);
      const firstLine = hostile.description.split('\n')[0]!;
      assert.ok(text.includes(firstLine), `${name}: the explanation is shown as text`);
    }
  });

  it('renders hostile text as text in the suppression hover', async () => {
    const { services } = await extensionApi();
    const hostileId = service.dataset.hostileReportId!;
    await loadedReport(hostileId);
    for (const name of ['markdown-links', 'command-uri', 'html-markup']) {
      const index = HOSTILE_CASES.findIndex((c) => c.name === name);
      const issue = service.dataset.issueAt(hostileId, index);
      await services.store.fpSummary(issue.fpId!);
      // A line carrying the FP id is recognised as an inserted suppression comment.
      const doc = await vscode.workspace.openTextDocument({ language: 'python', content: `x = 1  # False positive ${issue.fpId}\n` });
      const hovers = await vscode.commands.executeCommand<vscode.Hover[]>(
        'vscode.executeHoverProvider',
        doc.uri,
        new vscode.Position(0, 12),
      );
      const ours = hovers
        .flatMap((h) => h.contents)
        .filter((c): c is vscode.MarkdownString => c instanceof vscode.MarkdownString && c.value.includes('Suppressed false positive'));
      assert.equal(ours.length, 1, `${name}: the suppression hover shows`);
      const md = ours[0]!;
      assertSafe(md, `hover ${name}`);
      await assertRendersSafely(md, `hover ${name}`);
      assert.ok(plainText(md.value).includes(HOSTILE_CASES[index]!.description.split('\n')[0]!), `${name}: explanation shown as text`);
    }
  });
});

function checkFixTooltip(fix: Fix, text: string, value: string, where: string): void {
  if (fix.confidence === 90)
    assert.ok(text.includes('Stable fix') && text.includes('Deterministic fix'), `${where}: stable confidence and meaning`);
  else if (fix.confidence === 50)
    assert.ok(
      text.includes('Adaptive fix') && text.includes('Generated with AI techniques; review it closely'),
      `${where}: adaptive confidence and meaning`,
    );

  const ratings = fix.sharedState?.fixRatings ?? [];
  const up = ratings.filter((r) => r.voteScore === 1).length;
  const down = ratings.filter((r) => r.voteScore === -1).length;
  assert.ok(text.includes(`Ratings: 👍 ${up} · 👎 ${down}`), `${where}: rating counts ${up}/${down}`);
  const tags = new Map<string, number>();
  for (const r of ratings) if (r.fixRatingTag) tags.set(r.fixRatingTag, (tags.get(r.fixRatingTag) ?? 0) + 1);
  for (const [tag, n] of tags) assert.ok(text.includes(`${TAG_LABELS[tag] ?? tag} ×${n}`), `${where}: tag ${tag} ×${n}`);
  const comments = ratings
    .filter((r) => r.comment)
    .sort((a, b) => Date.parse(b.updatedDate ?? '') - Date.parse(a.updatedDate ?? ''))
    .slice(0, 5);
  for (const r of comments) {
    assert.ok(
      text.includes(`“${r.comment}” — ${r.user?.name}, ${utcDate(r.updatedDate!)}`),
      `${where}: comment by ${r.user?.name} with its date`,
    );
  }

  assert.ok(text.includes('Lifecycle'), `${where}: lifecycle section`);
  const firstObserved = fix.vulnerabilityReportIssues
    .map((i) => i.sharedState?.createdAt)
    .filter((t): t is string => !!t)
    .sort()[0];
  if (firstObserved) assert.ok(text.includes(`First observed: ${utcDate(firstObserved)}`), `${where}: first observed ${firstObserved}`);

  const downloads = fix.sharedState?.downloadedBy ?? [];
  if (downloads.length === 0) assert.ok(text.includes('Downloaded: not yet'), `${where}: never downloaded`);
  else {
    const firstDownload = downloads.map((d) => d.downloadedAt!).sort()[0]!;
    assert.ok(text.includes(`Downloaded: ${utcDate(firstDownload)}`), `${where}: first download date`);
    assert.ok(text.includes(`${counted(downloads.length, 'download')} by`), `${where}: download count`);
    const perUser = new Map<string, number>();
    for (const d of downloads) perUser.set(d.user!.email!, (perUser.get(d.user!.email!) ?? 0) + 1);
    for (const [email, n] of [...perUser].slice(0, 5)) assert.ok(text.includes(`${email} (${n}×)`), `${where}: ${email} downloaded ${n}×`);
  }

  const submissions = fix.scmSubmitFixRequests;
  if (submissions.length === 0) assert.ok(text.includes('Committed: not yet'), `${where}: not committed`);
  else {
    const firstCommit = submissions.map((s) => s.createdAt!).sort()[0]!;
    assert.ok(text.includes(`Committed: ${utcDate(firstCommit)}`), `${where}: committed date`);
    for (const s of submissions) {
      if (s.prId) assert.ok(text.includes(`PR #${s.prId} (${s.prStatus})`), `${where}: PR #${s.prId} with status ${s.prStatus}`);
      else assert.ok(text.includes('Commit'), `${where}: direct commit`);
    }
    const links = [...value.matchAll(/\]\((command:[^)]*)\)/g)].map((m) => m[1]!);
    assert.equal(links.length, submissions.filter((s) => s.prUrl || s.commitUrl).length, `${where}: one link per pull request or commit`);
    for (const link of links) {
      assert.ok(link.startsWith(`command:${CommandId.OpenPullRequest}?`), `${where}: PR link goes through the allowlisted command`);
      const args = JSON.parse(decodeURIComponent(link.slice(link.indexOf('?') + 1))) as [{ fixId: string }];
      assert.equal(args[0].fixId, fix.id, `${where}: the link's arguments are ids, not server URLs`);
    }
  }
  assert.ok(text.includes(`Issues: ${fix.vulnerabilityReportIssues.length}`), `${where}: number of issues`);
}
