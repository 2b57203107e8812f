// "Insert Suppression Comment" on the sample workspace's files in the real editor: the
// comment in the file's language and the scanner's syntax, with the line's indentation (tabs
// kept), as one edit that one `undo` reverts exactly; refusals change nothing.
import { strict as assert } from 'node:assert';
import * as vscode from 'vscode';
import type { IssueNode } from '../../../src/views/nodes';
import { HOSTILE_CASES } from '../../../tools/sandbox/hostile';
import type { Sandbox } from '../../../tools/sandbox/server';
import { observe } from '../../support/evidence';
import { CommandId, connectTo, extensionApi, falsePositiveNodes, mainSandbox, waitFor, workspaceFile } from './support';

interface Target {
  editor: vscode.TextEditor;
  document: vscode.TextDocument;
  line: number;
  original: string;
}

async function openAt(uri: vscode.Uri, marker: string): Promise<Target> {
  const document = await vscode.workspace.openTextDocument(uri);
  const editor = await vscode.window.showTextDocument(document, { preview: false, preserveFocus: false });
  const line = document
    .getText()
    .split(/\r?\n/)
    .findIndex((l) => l.includes(marker));
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

/** The expected file: `comment` above `line` with its indentation, or appended after `gap`. */
function withComment(original: string, line: number, comment: string, placement: 'line-above' | 'end-of-line', gap = ' '): string {
  const lines = original.split('\n');
  const target = lines[line]!;
  if (placement === 'end-of-line') lines[line] = `${target}${gap}${comment}`;
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
  return now[line]!.slice(before[line]!.length).replace(/^ {1,2}/, '');
}

const FORBIDDEN =
  /[\u0000-\u0008\u000a-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u202a-\u202e\u2028\u2029\u2060-\u206f\ufeff\ufff9-\ufffb]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

describe('suppression comments', () => {
  let service: Sandbox;
  const reportOf = (vendor: string) => {
    const report = service.dataset.reports.find(
      (r) => r.vulnerabilityReport?.vendor === vendor && r.id !== service.dataset.hostileReportId,
    );
    assert.ok(report, `the sandbox has a ${vendor} report`);
    return report.id;
  };
  const firstFp = async (vendor: string) => {
    const nodes = await falsePositiveNodes(reportOf(vendor));
    assert.ok(nodes.length > 0, `the ${vendor} report has false positives`);
    const node = nodes[0]!;
    const summary = service.dataset.fpSummary(node.issue.fpId!);
    assert.ok(summary);
    return { node, summary, id: node.issue.vendorIssueId!, fp: node.issue.fpId! };
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

  type Fp = { summary: string; id: string; fp: string };
  const cases: {
    language: string;
    file: string;
    marker: string;
    vendor: string;
    placement: 'line-above' | 'end-of-line';
    comment: (f: Fp) => string;
    /** Between the code and an appended comment. */
    gap?: string;
  }[] = [
    {
      language: 'python',
      file: 'app/db.py',
      marker: 'cursor = conn.execute(',
      vendor: 'checkmarx',
      placement: 'line-above',
      comment: (f) => `# False positive (checkmarx ${f.id}): ${f.summary} (fp ${f.fp})`,
    },
    {
      language: 'python',
      file: 'app/db.py',
      marker: 'return cursor.fetchall()',
      vendor: 'sonarqube',
      placement: 'end-of-line',
      comment: (f) => `# NOSONAR: ${f.summary} (fp ${f.fp})`,
      gap: '  ', // PEP 8
    },
    {
      language: 'typescript',
      file: 'web/api.ts',
      marker: 'await fetch(`${PRICING_BASE}',
      vendor: 'snyk',
      placement: 'line-above',
      comment: (f) => `// deepcode ignore ${f.id}: ${f.summary} (fp ${f.fp})`,
    },
    {
      language: 'java',
      file: 'src/main/java/App.java',
      marker: 'connection.prepareStatement(BY_CUSTOMER)',
      vendor: 'codeql',
      placement: 'line-above',
      comment: (f) => `// codeql[${f.id}] ${f.summary} (fp ${f.fp})`,
    },
    {
      language: 'html',
      file: 'web/index.html',
      marker: '<div id="greeting">',
      vendor: 'fortify',
      placement: 'line-above',
      comment: (f) => `<!-- False positive (fortify ${f.id}): ${f.summary} (fp ${f.fp}) -->`,
    },
    // A line inside <script> takes the script's comment, not an HTML one.
    {
      language: 'html',
      file: 'web/index.html',
      marker: "document.getElementById('greeting')",
      vendor: 'fortify',
      placement: 'line-above',
      comment: (f) => `// False positive (fortify ${f.id}): ${f.summary} (fp ${f.fp})`,
    },
    {
      language: 'go',
      file: 'cmd/server/main.go',
      marker: 'exec.Command(',
      vendor: 'sonarqube',
      placement: 'end-of-line',
      comment: (f) => `// NOSONAR: ${f.summary} (fp ${f.fp})`,
    },
    {
      language: 'yaml',
      file: 'deploy/values.yaml',
      marker: 'value: "false"',
      vendor: 'checkmarx',
      placement: 'line-above',
      comment: (f) => `# False positive (checkmarx ${f.id}): ${f.summary} (fp ${f.fp})`,
    },
    {
      language: 'dockerfile',
      file: 'Dockerfile',
      marker: 'RUN pip install',
      vendor: 'fortify',
      placement: 'line-above',
      comment: (f) => `# False positive (fortify ${f.id}): ${f.summary} (fp ${f.fp})`,
    },
  ];

  for (const c of cases) {
    it(`inserts a ${c.vendor} comment into ${c.file} (${c.language}, ${c.placement}) and one undo restores the file`, async () => {
      const fp = await firstFp(c.vendor);
      const target = await openAt(workspaceFile(c.file), c.marker);
      assert.equal(target.document.languageId, c.language);
      const inserted = await insert(fp.node);
      assert.equal(inserted, true, 'the command reports success');
      assert.equal(target.document.getText(), withComment(target.original, target.line, c.comment(fp), c.placement, c.gap));
      assert.equal(target.document.isDirty, true);
      // The code stays in view with the cursor at its start and nothing selected.
      const codeLine = c.placement === 'line-above' ? target.line + 1 : target.line;
      assert.ok(target.editor.selection.isEmpty, `no selection is left (${JSON.stringify(target.editor.selection)})`);
      assert.deepEqual(
        [target.editor.selection.active.line, target.editor.selection.active.character],
        [codeLine, 0],
        'the cursor at the start of the code line',
      );
      await waitFor(
        () => target.editor.visibleRanges.some((r) => r.start.line <= codeLine && codeLine <= r.end.line),
        'the code line to be in view',
      );

      await undoAll(target);
      assert.equal(target.document.getText(), target.original, 'one undo restores the file exactly');
      assert.equal(target.document.isDirty, false, 'back to the saved state');
    });
  }

  it('refuses to insert the same false positive twice on a line, saying where it already is', async () => {
    const fp = await firstFp('checkmarx');
    const target = await openAt(workspaceFile('app/db.py'), 'cursor = conn.execute(');
    assert.equal(await insert(fp.node), true);
    const once = target.document.getText();
    target.editor.selection = new vscode.Selection(target.line + 1, 4, target.line + 1, 4); // the finding's line, now one lower
    assert.equal(await insert(fp.node), false, 'the second insertion is refused');
    assert.equal(target.document.getText(), once);
    await undoAll(target);
    assert.equal(target.document.getText(), target.original);
  });

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
    assert.ok(
      summaries.some((summary) => comment.includes(summary)),
      'it holds the summary of a loaded false positive',
    );
    await undoAll(target);
    assert.equal(target.document.getText(), target.original);
  });

  describe("the line's context, proven by the parser", () => {
    it('JSX children take {/* */}; a line inside a template literal takes no comment', async () => {
      const fp = await firstFp('checkmarx');
      const children = await openAt(workspaceFile('web/Profile.tsx'), 'dangerouslySetInnerHTML');
      assert.equal(children.document.languageId, 'typescriptreact');
      assert.equal(await insert(fp.node), true);
      const comment = addedComment(children.original, children.document.getText(), children.line, 'JSX children');
      assert.equal(comment, `{/* False positive (checkmarx ${fp.id}): ${fp.summary} (fp ${fp.fp}) */}`);
      await undoAll(children);

      const template = await openAt(workspaceFile('web/Profile.tsx'), "WHERE id = '${user.id}'");
      assert.equal(await insert(fp.node), false, 'refused inside the template literal');
      assert.equal(template.document.getText(), template.original);
      assert.equal(template.document.isDirty, false);
      observe('TSX in the editor: JSX children got {/* */}; the template-literal line was refused, file unchanged');
    });
  });

  describe('the suppression hover', () => {
    const hoverText = async (document: vscode.TextDocument, position: vscode.Position) => {
      const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', document.uri, position);
      return hovers.flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : 'value' in c ? c.value : ''))).join('\n');
    };

    it('shows on an inserted comment (its fpId in a comment token), never for the summary or the fpId elsewhere', async () => {
      const fp = await firstFp('checkmarx');
      const target = await openAt(workspaceFile('app/db.py'), 'cursor = conn.execute(');
      assert.equal(await insert(fp.node), true);
      const commentLine = target.document.lineAt(target.line).text;
      const at = new vscode.Position(target.line, commentLine.indexOf('False positive'));
      assert.match(await hoverText(target.document, at), /Suppressed false positive/);
      await undoAll(target);

      // The same words and the same id outside a comment: no hover of ours.
      const spoof = await vscode.workspace.openTextDocument({
        language: 'python',
        content: `x = "${fp.summary}"\ny = "${fp.fp}"\nz = 1\n`,
      });
      for (const line of [0, 1]) {
        const text = spoof.lineAt(line).text;
        assert.doesNotMatch(
          await hoverText(spoof, new vscode.Position(line, text.length - 3)),
          /Suppressed false positive/,
          `line ${line + 1}`,
        );
      }
      const rewrapped = await vscode.workspace.openTextDocument({ language: 'python', content: `# reviewed, see\n# ${fp.fp}\nz = 1\n` });
      assert.match(
        await hoverText(rewrapped, new vscode.Position(1, 5)),
        /Suppressed false positive/,
        'a comment holding the fpId, however wrapped',
      );
      observe(
        'hover: shown on the inserted comment and on a rewrapped comment holding the fpId; not for the summary or the fpId in strings',
      );
    });
  });

  describe('server text leaving the extension', () => {
    it('Copy FP Summary puts one clean line on the clipboard (no bidi, tag, ESC or line break)', async () => {
      const hostileId = service.dataset.hostileReportId!;
      const nodes = await falsePositiveNodes(hostileId);
      const copied: string[] = [];
      for (const name of ['bidi-controls', 'line-terminators', 'terminal-escapes', 'zero-width-and-bom']) {
        const index = HOSTILE_CASES.findIndex((h) => h.name === name);
        const issueId = service.dataset.issueAt(hostileId, index).id;
        const node = nodes.find((n) => n.issue.id === issueId);
        assert.ok(node, name);
        await vscode.env.clipboard.writeText('');
        await vscode.commands.executeCommand(CommandId.CopyFpSummary, node);
        const text = await vscode.env.clipboard.readText();
        assert.ok(text.length > 0, `${name}: something was copied`);
        assert.doesNotMatch(text, FORBIDDEN, `${name}: ${JSON.stringify(text)}`);
        assert.doesNotMatch(text, /[\n\r\u001b\u202a-\u202e\u2066-\u2069]|[\u{E0000}-\u{E007F}]/u, name);
        copied.push(`${name}: ${JSON.stringify(text).slice(0, 50)}`);
      }
      observe(`clipboard: ${copied.join('; ')}`);
    });
  });

  describe('legacy encodings', () => {
    it('refuses a summary whose last character would be saved as 0x5C in a Shift-JIS C file, and inserts it in UTF-8', async () => {
      // A false positive whose summary was not fetched yet, served as ending in 表 (0x95 0x5C in Shift-JIS).
      const nodes = await falsePositiveNodes(reportOf('fortify'));
      const node = nodes[nodes.length - 1]!;
      const fp = { node, fp: node.issue.fpId! };
      service.faults.add({
        route: 'fp-summary',
        times: 1,
        fault: {
          kind: 'status',
          status: 200,
          body: JSON.stringify({ fpDescriptionShort: '入力は検証済み表' }),
          contentType: 'application/json',
        },
      });
      const folder = vscode.workspace.workspaceFolders![0]!.uri;
      const file = vscode.Uri.joinPath(folder, 'legacy.c');
      await vscode.workspace.fs.writeFile(
        file,
        new TextEncoder().encode('int check(void);\nint main(void) {\n  int authorized = check();\n  return authorized;\n}\n'),
      );
      try {
        await vscode.workspace
          .getConfiguration('securityFixReports.suppression')
          .update('byLanguage', { c: { template: 'Reviewed: {summary}', placement: 'line-above' } }, vscode.ConfigurationTarget.Global);
        const sjis = await vscode.workspace.openTextDocument(file, { encoding: 'shiftjis' });
        assert.equal(sjis.encoding, 'shiftjis');
        const editor = await vscode.window.showTextDocument(sjis);
        editor.selection = new vscode.Selection(2, 2, 2, 2);
        assert.equal(await insert(fp.node), false, 'refused in Shift-JIS');
        assert.equal(
          (await extensionApi()).services.store.knownSummary(fp.fp)?.text,
          '入力は検証済み表',
          'the served summary was the one tried',
        );
        assert.equal(sjis.isDirty, false);
        await vscode.commands.executeCommand('workbench.action.closeAllEditors');

        const utf8 = await vscode.workspace.openTextDocument(file, { encoding: 'utf8' });
        const editor8 = await vscode.window.showTextDocument(utf8);
        editor8.selection = new vscode.Selection(2, 2, 2, 2);
        assert.equal(await insert(fp.node), true, 'inserted in UTF-8');
        assert.equal(utf8.lineAt(2).text, '  // Reviewed: 入力は検証済み表');
        observe('Shift-JIS document: the summary ending in 表 refused, file unchanged; the same file as UTF-8: inserted');
      } finally {
        await vscode.workspace
          .getConfiguration('securityFixReports.suppression')
          .update('byLanguage', undefined, vscode.ConfigurationTarget.Global);
        service.faults.clear();
        await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor').then(undefined, () => undefined);
        await vscode.commands.executeCommand('workbench.action.closeAllEditors');
        await vscode.workspace.fs.delete(file);
      }
    });
  });

  describe('refusals change nothing', () => {
    it('in the read-only FP explanation document', async () => {
      const fp = await firstFp('checkmarx');
      await vscode.commands.executeCommand(CommandId.ShowFpExplanation, fp.node);
      const editor = vscode.window.activeTextEditor;
      assert.ok(editor && editor.document.uri.scheme === 'security-fix-reports-fp', 'the explanation is open');
      // Multi-paragraph explanations wrap (a language of their own with wordWrap on).
      assert.equal(editor.document.languageId, 'security-fix-reports-fp');
      assert.equal(vscode.workspace.getConfiguration('editor', editor.document).get('wordWrap'), 'on');
      const before = editor.document.getText();
      editor.selection = new vscode.Selection(1, 0, 1, 0);
      assert.equal(await insert(fp.node), false);
      assert.equal(editor.document.getText(), before);
      assert.equal(editor.document.isDirty, false);
    });

    it('in a document of a read-only file system (like git:)', async () => {
      const fp = await firstFp('checkmarx');
      const content = new TextEncoder().encode('def handler(request):\n    return run(request.args["q"])\n');
      const registration = vscode.workspace.registerFileSystemProvider('sfr-readonly', new ReadonlyFs(content), {
        isReadonly: true,
        isCaseSensitive: true,
      });
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
      const mustRefuse = new Set([
        'bidi-controls',
        'line-terminators',
        'zero-width-and-bom',
        'terminal-escapes',
        'lone-surrogates-and-astral',
      ]);
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
          assert.ok(
            !mustRefuse.has(hostile.name) && !(hostile.name === 'html-comment-closer' && f.file.endsWith('.html')),
            `${where} must be refused`,
          );
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
