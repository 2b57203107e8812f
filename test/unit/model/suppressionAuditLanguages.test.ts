// A file's VS Code language id from its name (src/model/suppressionAuditLanguages.ts), for the
// suppression audit outside the editor.
import { strict as assert } from 'node:assert';
import { commentSyntaxFor, knownCommentLanguages } from '../../../src/model/commentSyntax';
import { languageIdForPath, mappedNames } from '../../../src/model/suppressionAuditLanguages';

describe('suppression audit: the language of a file', () => {
  it('maps only to language ids the comment syntax table knows', () => {
    for (const [name, id] of mappedNames()) assert.ok(commentSyntaxFor(id), `${name} → ${id} has comment syntax`);
  });

  it('maps at least one extension to most languages of the table', () => {
    const mapped = new Set(mappedNames().map(([, id]) => id));
    // Variants the editor tells apart by content or location, which share their syntax with a mapped one.
    const byContext = new Set(['dockercompose', 'github-actions-workflow']);
    const missing = knownCommentLanguages().filter((id) => !mapped.has(id) && !byContext.has(id));
    assert.deepEqual(missing, []);
  });

  it('reads the last extension, in any case, from any path', () => {
    const cases: Record<string, string | undefined> = {
      'src/app.py': 'python',
      'SRC\\APP.PY': 'python',
      'web/component.test.ts': 'typescript',
      'web/view.tsx': 'typescriptreact',
      'lib/a.mjs': 'javascript',
      'include/list.h': 'cpp',
      'src/main.c': 'c',
      'deploy/values.yml': 'yaml',
      '.github/workflows/ci.yaml': 'yaml',
      'infra/main.tf': 'terraform',
      'scripts/build.ps1': 'powershell',
      'config/.editorconfig': 'properties',
      'db/schema.sql': 'sql',
      'docs/page.html': 'html',
    };
    for (const [path, id] of Object.entries(cases)) assert.equal(languageIdForPath(path), id, path);
  });

  it('knows the file names that have no extension to go by', () => {
    assert.equal(languageIdForPath('Dockerfile'), 'dockerfile');
    assert.equal(languageIdForPath('build/Dockerfile.dev'), 'dockerfile');
    assert.equal(languageIdForPath('api.Dockerfile'), 'dockerfile');
    assert.equal(languageIdForPath('Makefile'), 'makefile');
    assert.equal(languageIdForPath('CMakeLists.txt'), 'cmake');
    assert.equal(languageIdForPath('Gemfile'), 'ruby');
    assert.equal(languageIdForPath('home/.bashrc'), 'shellscript');
  });

  it('gives nothing for files without comment syntax or a known name', () => {
    for (const path of [
      'package.json',
      'README.md',
      'notes.txt',
      'LICENSE',
      'a.',
      'archive.tar.gz',
      'image.png',
      'constructor',
      '.__proto__',
    ])
      assert.equal(languageIdForPath(path), undefined, path);
  });
});
