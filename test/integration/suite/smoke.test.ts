// Proves the harness: the real editor API, a real workspace on disk, edits, built-in commands,
// file search (ripgrep) and the environment handed down from the runner.
import { strict as assert } from 'node:assert';
import * as vscode from 'vscode';

function workspaceRoot(): vscode.Uri {
  const folder = vscode.workspace.workspaceFolders?.[0];
  assert.ok(folder, 'the runner opens a workspace folder');
  return folder.uri;
}

describe('integration harness smoke test', () => {
  const text = (s: string) => new TextEncoder().encode(s);
  let fileUri: vscode.Uri;

  before(async () => {
    fileUri = vscode.Uri.joinPath(workspaceRoot(), 'smoke', 'hello.txt');
    await vscode.workspace.fs.writeFile(fileUri, text('hello world\n'));
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.workspace.fs.delete(vscode.Uri.joinPath(workspaceRoot(), 'smoke'), { recursive: true });
  });

  it('runs against the real VS Code 1.100 API', () => {
    // test-electron runs may pin another version and say so.
    const expected = process.env['SFR_EXPECT_VSCODE_VERSION'] ?? '1.100.';
    assert.ok(vscode.version.startsWith(expected), `vscode.version ${vscode.version} starts with ${expected}`);
    assert.equal(typeof vscode.window.showInformationMessage, 'function');
  });

  it('receives the environment the runner passed to code-server', () => {
    assert.equal(process.env['SFR_INTEGRATION'], '1');
  });

  it('loads the extension under development', async function () {
    const id = process.env['SFR_EXPECT_EXTENSION'];
    if (!id) this.skip();
    const extension = vscode.extensions.getExtension(id);
    assert.ok(extension, `extension ${id} is installed`);
    await extension.activate();
    assert.equal(extension.isActive, true);
  });

  it('opens, edits and saves a document', async () => {
    const doc = await vscode.workspace.openTextDocument(fileUri);
    const editor = await vscode.window.showTextDocument(doc);
    assert.equal(doc.getText(), 'hello world\n');

    const edit = new vscode.WorkspaceEdit();
    edit.replace(fileUri, new vscode.Range(0, 6, 0, 11), 'editor');
    edit.insert(fileUri, new vscode.Position(1, 0), 'second line\n');
    assert.equal(await vscode.workspace.applyEdit(edit), true);
    assert.equal(doc.getText(), 'hello editor\nsecond line\n');

    // A built-in command acting on the selection.
    editor.selection = new vscode.Selection(0, 0, 0, 5);
    await vscode.commands.executeCommand('editor.action.transformToUppercase');
    assert.equal(doc.getText(), 'HELLO editor\nsecond line\n');

    assert.equal(await doc.save(), true);
    const onDisk = new TextDecoder().decode(await vscode.workspace.fs.readFile(fileUri));
    assert.equal(onDisk, 'HELLO editor\nsecond line\n');
  });

  it('finds files through the editor search (ripgrep)', async () => {
    const found = await vscode.workspace.findFiles('smoke/**/*.txt');
    assert.deepEqual(
      found.map((u) => u.path),
      [fileUri.path],
    );
  });
});
