// Every UI entry point of package.json has a UI test: the UI check clicks each one listed in
// test/integration/ui/entryPointList.ts (and fails when it did not), and this test fails when
// the manifest has an entry point that is not listed.
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ENTRY_POINTS } from '../integration/ui/entryPointList';

const root = join(__dirname, '..', '..', '..');
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  contributes: {
    menus: Record<string, { command: string; group?: string }[]>;
    keybindings: { command: string; when?: string }[];
    viewsWelcome: { contents: string }[];
    walkthroughs: { steps: { description: string }[] }[];
  };
};

/** The manifest's texts are `%key%`s of package.nls.json (the English; the German keeps the same links, test/unit/l10n.test.ts). */
const nls = JSON.parse(readFileSync(join(root, 'package.nls.json'), 'utf8')) as Record<string, string>;
const resolved = (text: string) => text.replace(/^%([^%]+)%$/, (whole, key: string) => nls[key] ?? whole);
const commandLinks = (text: string) => [...resolved(text).matchAll(/\(command:([\w.-]+)/g)].map((m) => m[1]!);

function manifestEntryPoints(): string[] {
  const { menus, keybindings, viewsWelcome, walkthroughs } = manifest.contributes;
  return [
    ...(menus['view/title'] ?? []).map((m) => `view/title:${m.command}`),
    ...(menus['editor/title'] ?? []).map((m) => `editor/title:${m.command}`),
    ...(menus['view/item/context'] ?? []).map((m) => `view/item/context:${m.group?.startsWith('inline') ? 'inline:' : ''}${m.command}`),
    ...keybindings.map((k) => `keybinding:${k.command}:${k.when ?? ''}`),
    ...viewsWelcome.flatMap((w) => commandLinks(w.contents).map((c) => `viewsWelcome:${c}`)),
    ...walkthroughs.flatMap((w) => w.steps.flatMap((s) => commandLinks(s.description).map((c) => `walkthrough:${c}`))),
  ];
}

describe('UI entry points', () => {
  it('every menu entry, key binding, welcome link and walkthrough link of package.json has a UI test', () => {
    const listed = new Set<string>(ENTRY_POINTS);
    const missing = manifestEntryPoints().filter((e) => !listed.has(e));
    assert.deepEqual(
      missing,
      [],
      'entry points without a UI test: add them to test/integration/ui/entryPointList.ts and click them in the UI check',
    );
  });

  it('lists no entry point the manifest does not have (rows, hovers and the status bar aside)', () => {
    const inManifest = new Set(manifestEntryPoints());
    const stale = ENTRY_POINTS.filter((e) => /^(view\/|editor\/|keybinding:|viewsWelcome:|walkthrough:)/.test(e) && !inManifest.has(e));
    assert.deepEqual(stale, []);
  });
});
