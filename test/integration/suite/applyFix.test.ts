// Apply Fix against a service that sends hostile patches (tools/sandbox/hostileFixes.ts): every
// refused case writes nothing (the workspace, its .git and a folder outside it compared byte for
// byte, links included), a file that makes code run is applied only once accepted by name, the three-file
// control case applies as listed, and a patch served differently after its preview is refused.
import { strict as assert } from 'node:assert';
import { createHash } from 'node:crypto';
import { lstat, mkdir, mkdtemp, readdir, readFile, readlink, rm, symlink, writeFile } from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { FixView } from '../../../src/model/fix';
import type { PlannedFile } from '../../../src/model/fixPlan';
import type { Confirmation, FixConfirmation } from '../../../src/views/fixConfirmation';
import type { FixNode } from '../../../src/views/nodes';
import { HOSTILE_FIXES, type HostileFix } from '../../../tools/sandbox/hostileFixes';
import type { Sandbox } from '../../../tools/sandbox/server';
import { CommandId, connectTo, extensionApi, groupItems, groupOf, loadedReport, sandbox, waitFor, workspaceFile } from './support';

/** Every entry under `root` (links not followed): type, link target or content digest. */
async function snapshot(root: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const walk = async (dir: string): Promise<void> => {
    for (const name of await readdir(dir)) {
      const full = path.join(dir, name);
      const rel = path.relative(root, full);
      // git's own status (the editor runs it) refreshes the index's stat cache: not ours.
      if (rel === path.join('.git', 'index')) continue;
      const info = await lstat(full);
      if (info.isSymbolicLink()) out.set(rel, `link ${await readlink(full)}`);
      else if (info.isDirectory()) {
        out.set(rel, 'dir');
        await walk(full);
      } else
        out.set(
          rel,
          `file ${info.mode.toString(8)} ${createHash('sha256')
            .update(await readFile(full))
            .digest('hex')}`,
        );
    }
  };
  await walk(root);
  return out;
}

/** What Apply Fix logged last about this fix (its refusal's reason, or that it applied). */
function lastLogLine(lines: readonly string[], fixId: string): string {
  return [...lines].reverse().find((l) => l.includes(fixId)) ?? '';
}

describe('Apply Fix against hostile patches', () => {
  let service: Sandbox;
  let fixes: Map<string, FixNode>;
  let root: string;
  let outside: string;
  const planted: string[] = [];
  let asked: { view: FixView; files: readonly PlannedFile[] }[] = [];
  let answer: Confirmation = { ok: false, cancelled: true };
  let original: FixConfirmation | undefined;

  before(async function () {
    this.timeout(60_000);
    service = await sandbox({ dataset: { seed: 23, reports: 1, hostileFixes: true } });
    const { services } = await connectTo(service);
    original = services.confirmFix;
    services.confirmFix = async (view, files) => {
      asked.push({ view, files });
      return answer;
    };
    const reportId = service.dataset.hostileFixesReportId!;
    const node = await loadedReport(reportId);
    const items = (await groupItems((await groupOf(node, 'fixes'))!)) as FixNode[];
    fixes = new Map();
    for (const [j, hostile] of HOSTILE_FIXES.entries()) {
      const id = service.dataset.fixAt(reportId, j).id;
      const found = items.find((f) => f.view.id === id);
      assert.ok(found, `fix ${hostile.name} is listed`);
      fixes.set(hostile.name, found);
    }
    root = workspaceFile('.').fsPath;
    outside = await mkdtemp(path.join(os.tmpdir(), 'sfr-outside-'));
    await writeFile(path.join(outside, 'settings.py'), 'DEBUG = False\n');
    for (const hostile of HOSTILE_FIXES)
      for (const [link, target] of Object.entries(hostile.plant ?? {})) {
        const at = path.join(root, link);
        await mkdir(path.dirname(at), { recursive: true });
        await symlink(target.replace('$OUTSIDE', outside), at);
        planted.push(at);
      }
  });

  after(async () => {
    const { services } = await extensionApi();
    if (original) services.confirmFix = original;
    for (const link of planted) await rm(link, { force: true });
    await rm(outside, { recursive: true, force: true });
    await service?.close();
    await vscode.commands.executeCommand('notifications.clearAll');
  });

  beforeEach(() => {
    asked = [];
    answer = { ok: false, cancelled: true };
  });

  const refused = HOSTILE_FIXES.filter((f) => f.expect === 'refuse');
  /** What each refusal must name, so a refusal for another reason does not pass. */
  const REASONS: Readonly<Record<string, RegExp>> = {
    'git-config-fsmonitor': /\.git/,
    'git-hook-created': /\.git/,
    'git-upper-case': /\.git/i,
    'git-trailing-dot': /\.git|dot|alias/i,
    'git-short-name': /short|8\.3|\.git|alias/i,
    'git-in-subfolder': /\.git/,
    'insert-without-context': /context|any file|no old lines|without/i,
    'delete-one-line': /delet|whole/i,
    'delete-empty-hunk': /changes nothing|empty/i,
    'binary-beside-text': /binary/i,
    'mode-only-beside-text': /mode/i,
    rename: /renam/i,
    'header-disagrees': /header|disagree|names/i,
    'case-collision': /case|collid/i,
    'device-name': /device|reserved|nul/i,
    'symlink-mode': /link|mode|120000/i,
    'through-linked-folder': /link/i,
    'onto-dangling-link': /link|exists/i,
    'onto-linked-file': /link/i,
  };

  it('has a reason to check for every refused case', () => {
    assert.deepEqual(
      refused.map((f) => f.name).filter((n) => !REASONS[n]),
      [],
    );
  });

  for (const hostile of refused) {
    it(`refuses ${hostile.name} with its reason, previewed or not, and writes nothing`, async () => {
      const { services } = await extensionApi();
      const fix = fixes.get(hostile.name)!;
      const before = [await snapshot(root), await snapshot(outside)];
      answer = { ok: true };
      assert.equal(await vscode.commands.executeCommand(CommandId.PreviewFix, fix), false, 'the preview refuses it too');
      assert.match(lastLogLine(services.log.lines(), fix.view.id), REASONS[hostile.name]!, 'the preview says why');
      assert.equal(await vscode.commands.executeCommand(CommandId.ApplyFix, fix), false);
      const line = lastLogLine(services.log.lines(), fix.view.id);
      assert.match(line, /nothing was changed/);
      assert.match(line, REASONS[hostile.name]!, `the reason names the problem: ${line}`);
      assert.equal(asked.length, 0, 'never offered for confirmation');
      assert.deepEqual(await snapshot(root), before[0], 'the workspace and its .git are unchanged, byte for byte');
      assert.deepEqual(await snapshot(outside), before[1], 'nothing outside the workspace changed');
    });
  }

  it('refuses a link planted after the preview: the gate checks again at apply time', async () => {
    const { services } = await extensionApi();
    const fix = fixes.get('three-files')!;
    assert.equal(await vscode.commands.executeCommand(CommandId.PreviewFix, fix), true);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const validation = path.join(root, 'app', 'validation.py');
    await symlink(path.join(outside, 'planted.py'), validation);
    try {
      const before = [await snapshot(root), await snapshot(outside)];
      answer = { ok: true };
      assert.equal(await vscode.commands.executeCommand(CommandId.ApplyFix, fix), false);
      assert.match(lastLogLine(services.log.lines(), fix.view.id), /link|exists/i);
      assert.deepEqual(await snapshot(root), before[0]);
      assert.deepEqual(await snapshot(outside), before[1], 'the link target was not created');
    } finally {
      await rm(validation, { force: true });
    }
  });

  it('applies nothing before its preview, whatever its confidence: it opens the preview instead', async () => {
    const { services } = await extensionApi();
    services.fixReviews.clear();
    const fix = fixes.get('three-files')!;
    const before = await snapshot(root);
    answer = { ok: true };
    const logged = services.log.lines().length;
    assert.equal(await vscode.commands.executeCommand(CommandId.ApplyFix, fix), false);
    const lines = services.log.lines().slice(logged);
    assert.ok(
      lines.some((l) => /Apply fix .*nothing was changed: preview the fix first/.test(l)),
      lines.join('\n'),
    );
    assert.ok(
      lines.some((l) => l.includes(`Previewed fix ${fix.view.id}`)),
      'the preview opens instead, where the fix is reviewed',
    );
    assert.equal(asked.length, 0);
    assert.deepEqual(await snapshot(root), before);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('resolves the fix from the store by id: a forged node carrying another patch changes nothing', async () => {
    const fix = fixes.get('three-files')!;
    assert.equal(await vscode.commands.executeCommand(CommandId.PreviewFix, fix), true);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const forgedPatch = HOSTILE_FIXES.find((f) => f.name === 'git-hook-created')!.patch;
    const forged = { ...fix, view: { ...fix.view, fix: { ...fix.view.fix, patchAndQuestions: { patch: forgedPatch, questions: [] } } } };
    answer = { ok: false, cancelled: true };
    await vscode.commands.executeCommand(CommandId.ApplyFix, forged);
    assert.equal(asked.length, 1);
    assert.deepEqual(
      asked[0]!.files.map((f) => f.path),
      ['app/db.py', 'app/legacy_orders.py', 'app/validation.py'],
      "the store's patch, not the argument's",
    );
  });

  it('names a file that makes code run and applies it only once the user accepted it by name', async () => {
    const { services } = await extensionApi();
    const fix = fixes.get('vscode-task-on-folder-open')!;
    assert.equal(await vscode.commands.executeCommand(CommandId.PreviewFix, fix), true);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const before = await snapshot(root);
    answer = { ok: false, reason: '.vscode/tasks.json was not accepted; the fix is applied whole or not at all' };
    assert.equal(await vscode.commands.executeCommand(CommandId.ApplyFix, fix), false);
    assert.equal(asked.length, 1);
    const tasks = asked[0]!.files.find((f) => f.path === '.vscode/tasks.json');
    assert.ok(tasks?.sensitive, 'tasks.json is flagged with why it runs code');
    assert.equal(tasks.action, 'create');
    assert.equal(asked[0]!.files.find((f) => f.path === 'app/db.py')?.sensitive, undefined, 'an ordinary file is not flagged');
    assert.match(lastLogLine(services.log.lines(), fix.view.id), /not accepted/);
    assert.deepEqual(await snapshot(root), before, 'not accepted: nothing written');
  });

  it("applies the three-file fix as confirmed from its preview's title bar: one change, one delete, one create, in one edit; the preview closes", async () => {
    const { services } = await extensionApi();
    const fix = fixes.get('three-files')!;
    const db = workspaceFile('app/db.py');
    const legacy = workspaceFile('app/legacy_orders.py');
    const validation = workspaceFile('app/validation.py');
    const legacyText = await readFile(legacy.fsPath, 'utf8');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    assert.equal(await vscode.commands.executeCommand(CommandId.PreviewFix, fix), true);
    const previewTabs = () =>
      vscode.window.tabGroups.all
        .flatMap((g) => g.tabs)
        .filter((t) => t.label.startsWith('Fix: ') && t.label.includes(fix.view.id.slice(0, 8)));
    await waitFor(
      () => previewTabs().length === 1,
      `the preview to be open (tabs: ${vscode.window.tabGroups.all.flatMap((g) => g.tabs.map((t) => t.label)).join(' | ')})`,
    );
    answer = { ok: true };
    try {
      // As the preview's title-bar button calls it: with the editor's resource, not a tree row.
      const fromTitle = vscode.Uri.from({ scheme: 'security-fix-reports-fix', path: '/app/db.py' });
      assert.equal(
        await vscode.commands.executeCommand(CommandId.ApplyFix, fromTitle),
        true,
        lastLogLine(services.log.lines(), fix.view.id),
      );
      assert.equal(previewTabs().length, 0, 'the preview closes once applied');
      assert.equal(vscode.window.activeTextEditor?.document.uri.toString(), db.toString(), 'the changed file is shown');
      assert.deepEqual(
        asked[0]!.files.map((f) => `${f.action} ${f.path}`),
        ['modify app/db.py', 'delete app/legacy_orders.py', 'create app/validation.py'],
      );
      assert.match((await vscode.workspace.openTextDocument(db)).getText(), /parameterised queries only/);
      assert.match(await readFile(validation.fsPath, 'utf8'), /def is_sortable/);
      await assert.rejects(lstat(legacy.fsPath), 'the deleted file is gone');
      assert.equal(
        await vscode.commands.executeCommand(CommandId.ApplyFix, fix),
        false,
        'a preview is used once: applying again needs a new one',
      );
    } finally {
      // Revert acts on the active editor, which a closing preview can still move under load: the
      // next test previews db.py again and must find it as scanned, so revert until it is clean.
      const document = await vscode.workspace.openTextDocument(db);
      await waitFor(async () => {
        if (!document.isDirty) return true;
        await vscode.window.showTextDocument(document);
        await vscode.commands.executeCommand('workbench.action.files.revert');
        return !document.isDirty;
      }, 'app/db.py reverted to what is on disk');
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      await rm(validation.fsPath, { force: true });
      await writeFile(legacy.fsPath, legacyText);
    }
  });

  it('refuses a patch the service changed between the preview and the apply', async () => {
    const { services } = await extensionApi();
    const reportId = service.dataset.hostileFixesReportId!;
    const fix = fixes.get('three-files')!;
    const previewed = fix.view.fix.patchAndQuestions!.patch;
    const { log } = services;
    assert.equal(await vscode.commands.executeCommand(CommandId.PreviewFix, fix), true, lastLogLine(log.lines(), fix.view.id));
    // The preview's tab stays open: a new preview must show the new patch, not the editor's copy of the old one.
    const handle = service.faults.add({ route: 'fix-report', times: 1, fault: { kind: 'changed-patches' } });
    services.store.reloadReport(reportId);
    await waitFor(
      () => {
        const served = services.store.entry(reportId)?.model?.fixView(fix.view.id)?.fix.patchAndQuestions?.patch;
        return served !== undefined && served !== previewed;
      },
      'the report to arrive again with the changed patch',
      20_000,
    );
    assert.equal(handle.hits, 1);
    const before = await snapshot(root);
    answer = { ok: true };
    assert.equal(await vscode.commands.executeCommand(CommandId.ApplyFix, fix), false);
    assert.match(lastLogLine(services.log.lines(), fix.view.id), /different patch .* previewed/);
    assert.equal(asked.length, 0, 'refused before the confirmation');
    assert.deepEqual(await snapshot(root), before);

    const shownValidation = () =>
      vscode.workspace.textDocuments
        .filter((d) => d.uri.scheme === 'security-fix-reports-fix' && d.uri.path === '/app/validation.py')
        .map((d) => d.getText());
    const shownBefore = shownValidation();
    assert.ok(shownBefore.length > 0 && shownBefore.every((t) => !t.includes('os.system')), 'the first preview showed the first patch');
    assert.equal(await vscode.commands.executeCommand(CommandId.PreviewFix, fix), true);
    await waitFor(() => shownValidation().some((t) => t.includes('os.system("id")')), 'the new preview to show the new patch', 10_000);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('lists every hostile case once (the suite covers the sandbox)', () => {
    const names = HOSTILE_FIXES.map((f: HostileFix) => f.name);
    assert.equal(new Set(names).size, names.length);
  });
});
