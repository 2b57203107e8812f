// "Insert Suppression Comment" on the sample workspace's files in the real editor: the
// comment in the file's language and the scanner's syntax, with the line's indentation (tabs
// kept), as one edit that one `undo` reverts exactly; refusals change nothing.
import { strict as assert } from 'node:assert';
import * as vscode from 'vscode';
import type { IssueNode } from '../../../src/views/nodes';
import { HOSTILE_CASES } from '../../sandbox/hostile';
import type { Sandbox } from '../../sandbox/server';
import { CommandId, connectTo, extensionApi, falsePositiveNodes, mainSandbox, workspaceFile } from './support';

interface Target {
  editor: vscode.TextEditor;
  document: vscode.TextDocument;
  line: number;
  original: string;
}

async function openAt(uri: vscode.Uri, marker: string): Promise<Target> {
  const document = await vscode.workspace.openTextDocument(uri);
  const editor = await vscode.window.showTextDocument(document, { preview: false, preserveFocus: false });
  const line = document.getText().split(/\r?\n/).findIndex((l) => l.includes(marker));
  assert.ok(line >= 0, `${uri.path} has a line with ${marker}`);
  const column = document.lineAt(line).firstNonWhitespaceCharacterIndex + 2;
  editor.selection = new vscode.Selection(line, column, line, column);
  return { editor, document, line, original: document.getText() };
}

async function insert(node?: IssueNode): Promise<boolean | undefined> {
  return vscode.commands.executeCommand<boolean>(CommandId.InsertSuppressionComment, node);
}

async function undoAll(target: Target): Promise<void> {
  await vscode.window.showTextDocument(target.document, { preview: false, preserveFocus: false });
  await vscode.commands.executeCommand('undo');
}

/** The expected file: `comment` above `line` with its indentation, or appended after a space. */
function withComment(original: string, line: number, comment: string, placement: 'line-above' | 'end-of-line'): string {
  const lines = original.split('\n');
  const target = lines[line]!;
  if (placement === 'end-of-line') lines[line] = `${target} ${comment}`;
  else lines.splice(line, 0, `${/^[ \t]*/.exec(target)![0]}${comment}`);
  return lines.join('\n');
}

/** The one comment the edit added at `line`: a new line above it, or text appended to it. */
function addedComment(original: string, after: string, line: number, where: string): string {
  const before = original.split('\n');
  const now = after.split('\n');
  if (now.length === before.length + 1) {
    assert.deepEqual([...now.slice(0, line), ...now.slice(line + 1)], before, `${where}: only one line added`);
    const indentation = /^[ \t]*/.exec(before[line]!)![0];
    assert.ok(now[line]!.startsWith(indentation), `${where}: the comment keeps the line's indentation`);
    return now[line]!.slice(indentation.length);
  }
  assert.equal(now.length, before.length, `${where}: one line added or one line extended`);
  const changed = now.findIndex((l, i) => l !== before[i]);
  assert.equal(changed, line, `${where}: the finding's line was extended`);
  assert.ok(now[line]!.startsWith(`${before[line]} `), `${where}: appended after a space`);
  assert.deepEqual([...now.slice(0, line), ...now.slice(line + 1)], [...before.slice(0, line), ...before.slice(line + 1)]);
  return now[line]!.slice(before[line]!.length + 1);
}

const FORBIDDEN = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u202a-\u202e\u2028\u2029\u2060-\u206f\ufeff\ufff9-\ufffb]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

describe('suppression comments', () => {
  let service: Sandbox;
  const reportOf = (vendor: string) => {
    const report = service.dataset.reports.find((r) => r.vulnerabilityReport?.vendor === vendor && r.id !== service.dataset.hostileReportId);
    assert.ok(report, `the sandbox has a ${vendor} report`);
    return report.id;
  };
  const firstFp = async (vendor: string) => {
    const nodes = await falsePositiveNodes(reportOf(vendor));
    assert.ok(nodes.length > 0, `the ${vendor} report has false positives`);
    const node = nodes[0]!;
    const summary = service.dataset.fpSummary(node.issue.fpId!);
    assert.ok(summary);
    return { node, summary, id: node.issue.vendorIssueId! };
  };

  before(async () => {
    service = await mainSandbox();
    await connectTo(service);
  });

  afterEach(async () => {
    await vscode.commands.executeCommand('workbench.action.files.revertAll').then(undefined, () => undefined);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.commands.executeCommand('notifications.clearAll');
  });

  const cases: { language: string; file: string; marker: string; vendor: string; placement: 'line-above' | 'end-of-line'; comment: (f: { summary: string; id: string }) => string }[] = [
    { language: 'python', file: 'app/db.py', marker: 'cursor = conn.execute(', vendor: 'checkmarx', placement: 'line-above', comment: (f) => `# False positive (checkmarx ${f.id}): ${f.summary}` },
    { language: 'python', file: 'app/db.py', marker: 'return cursor.fetchall()', vendor: 'sonarqube', placement: 'end-of-line', comment: (f) => `# NOSONAR: ${f.summary}` },
    { language: 'typescript', file: 'web/api.ts', marker: 'await fetch(`${PRICING_BASE}', vendor: 'snyk', placement: 'line-above', comment: (f) => `// deepcode ignore ${f.id}: ${f.summary}` },
    { language: 'java', file: 'src/main/java/App.java', marker: 'connection.prepareStatement(BY_CUSTOMER)', vendor: 'codeql', placement: 'line-above', comment: (f) => `// codeql[${f.id}] ${f.summary}` },
    { language: 'html', file: 'web/index.html', marker: '<div id="greeting">', vendor: 'fortify', placement: 'line-above', comment: (f) => `<!-- False positive (fortify ${f.id}): ${f.summary} -->` },
    { language: 'go', file: 'cmd/server/main.go', marker: 'exec.Command(', vendor: 'sonarqube', placement: 'end-of-line', comment: (f) => `// NOSONAR: ${f.summary}` },
    { language: 'yaml', file: 'deploy/values.yaml', marker: 'value: "false"', vendor: 'checkmarx', placement: 'line-above', comment: (f) => `# False positive (checkmarx ${f.id}): ${f.summary}` },
    { language: 'dockerfile', file: 'Dockerfile', marker: 'RUN pip install', vendor: 'fortify', placement: 'line-above', comment: (f) => `# False positive (fortify ${f.id}): ${f.summary}` },
  ];

  for (const c of cases) {
    it(`inserts a ${c.vendor} comment into ${c.file} (${c.language}, ${c.placement}) and one undo restores the file`, async () => {
      const fp = await firstFp(c.vendor);
      const target = await openAt(workspaceFile(c.file), c.marker);
      assert.equal(target.document.languageId, c.language);
      const inserted = await insert(fp.node);
      assert.equal(inserted, true, 'the command reports success');
      assert.equal(target.document.getText(), withComment(target.original, target.line, c.comment(fp), c.placement));
      assert.equal(target.document.isDirty, true);

      await undoAll(target);
      assert.equal(target.document.getText(), target.original, 'one undo restores the file exactly');
      assert.equal(target.document.isDirty, false, 'back to the saved state');
    });
  }

  it('inserts from the command palette path too (QuickPick of loaded false positives)', async () => {
    await firstFp('checkmarx');
    const target = await openAt(workspaceFile('app/db.py'), 'cursor = conn.execute(');
    // Without an argument the command shows a QuickPick of the loaded false positives; accept
    // the first item once it shows.
    const running = insert();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
    assert.equal(await running, true);
    const comment = addedComment(target.original, target.document.getText(), target.line, 'palette insert');
    assert.match(comment, /^# /, 'a Python comment');
    const { store } = (await extensionApi()).services;
    const summaries = [...store.falsePositives()].map((r) => service.dataset.fpSummary(r.issue.fpId!)!);
    assert.ok(summaries.some((summary) => comment.includes(summary)), 'it holds the summary of a loaded false positive');
    await undoAll(target);
    assert.equal(target.document.getText(), target.original);
  });

  describe('refusals change nothing', () => {
    it('in the read-only FP explanation document', async () => {
      const fp = await firstFp('checkmarx');
      await vscode.commands.executeCommand(CommandId.ShowFpExplanation, fp.node);
      const editor = vscode.window.activeTextEditor;
      assert.ok(editor && editor.document.uri.scheme === 'security-fix-reports-fp', 'the explanation is open');
      const before = editor.document.getText();
      editor.selection = new vscode.Selection(1, 0, 1, 0);
      assert.equal(await insert(fp.node), false);
      assert.equal(editor.document.getText(), before);
      assert.equal(editor.document.isDirty, false);
    });

    it('in a document of a read-only file system (like git:)', async () => {
      const fp = await firstFp('checkmarx');
      const content = new TextEncoder().encode('def handler(request):\n    return run(request.args["q"])\n');
      const registration = vscode.workspace.registerFileSystemProvider('sfr-readonly', new ReadonlyFs(content), { isReadonly: true, isCaseSensitive: true });
      try {
        const target = await openAt(vscode.Uri.from({ scheme: 'sfr-readonly', path: '/handler.py' }), 'return run(');
        assert.equal(target.document.languageId, 'python');
        assert.equal(await insert(fp.node), false);
        assert.equal(target.document.getText(), target.original);
        assert.equal(target.document.isDirty, false);
      } finally {
        await vscode.commands.executeCommand('workbench.action.closeAllEditors');
        registration.dispose();
      }
    });

    it('in a language without comments (JSON)', async () => {
      const fp = await firstFp('checkmarx');
      const target = await openAt(workspaceFile('config/app.json'), '"password"');
      assert.equal(target.document.languageId, 'json');
      assert.equal(await insert(fp.node), false);
      assert.equal(target.document.getText(), target.original);
      assert.equal(target.document.isDirty, false);
    });

    it('for hostile server text: refused, or exactly one clean comment that undo removes', async () => {
      const hostileId = service.dataset.hostileReportId!;
      const nodes = await falsePositiveNodes(hostileId);
      const files: { file: string; marker: string; opener: RegExp }[] = [
        { file: 'app/db.py', marker: 'cursor = conn.execute(', opener: /^# / },
        { file: 'web/api.ts', marker: 'const response = await fetch(url', opener: /^\/\/ / },
        { file: 'src/main/java/App.java', marker: 'statement.setLong(', opener: /^\/\/ / },
        { file: 'web/index.html', marker: '<div id="greeting">', opener: /^<!-- (?:(?!--).)* -->$/ },
      ];
      const mustRefuse = new Set(['bidi-controls', 'line-terminators', 'zero-width-and-bom', 'terminal-escapes', 'lone-surrogates-and-astral']);
      const outcomes: string[] = [];
      for (const [index, hostile] of HOSTILE_CASES.entries()) {
        const issueId = service.dataset.issueAt(hostileId, index).id;
        const node = nodes.find((n) => n.issue.id === issueId);
        assert.ok(node, `${hostile.name}: its FP is in the tree`);
        for (const f of files) {
          const target = await openAt(workspaceFile(f.file), f.marker);
          const ok = await insert(node);
          const after = target.document.getText();
          const where = `${hostile.name} in ${f.file}`;
          outcomes.push(`${where}: ${ok ? 'inserted' : 'refused'}`);
          if (!ok) {
            assert.equal(after, target.original, `${where}: refused and unchanged`);
            assert.equal(target.document.isDirty, false);
            continue;
          }
          assert.ok(!mustRefuse.has(hostile.name) && !(hostile.name === 'html-comment-closer' && f.file.endsWith('.html')), `${where} must be refused`);
          const comment = addedComment(target.original, after, target.line, where);
          assert.match(comment, f.opener, `${where}: a single comment in the file's syntax`);
          assert.doesNotMatch(comment, FORBIDDEN, `${where}: no forbidden code point`);
          await undoAll(target);
          assert.equal(target.document.getText(), target.original, `${where}: undo restores the file`);
        }
        await vscode.commands.executeCommand('notifications.clearAll');
      }
      assert.ok(outcomes.some((o) => o.endsWith('refused')) && outcomes.length === HOSTILE_CASES.length * files.length);
    });
  });
});

/** A file system that only reads, like the git extension's `git:` documents. */
class ReadonlyFs implements vscode.FileSystemProvider {
  private readonly emitter = new vscode.EventEmitter<vscode.FileChangeEvent[]>();
  readonly onDidChangeFile = this.emitter.event;

  constructor(private readonly content: Uint8Array) {}

  watch(): vscode.Disposable {
    return new vscode.Disposable(() => undefined);
  }
  stat(): vscode.FileStat {
    return { type: vscode.FileType.File, ctime: 0, mtime: 0, size: this.content.length, permissions: vscode.FilePermission.Readonly };
  }
  readDirectory(): [string, vscode.FileType][] {
    return [];
  }
  readFile(): Uint8Array {
    return this.content;
  }
  createDirectory(): void {
    throw vscode.FileSystemError.NoPermissions('read-only');
  }
  writeFile(): void {
    throw vscode.FileSystemError.NoPermissions('read-only');
  }
  delete(): void {
    throw vscode.FileSystemError.NoPermissions('read-only');
  }
  rename(): void {
    throw vscode.FileSystemError.NoPermissions('read-only');
  }
}
