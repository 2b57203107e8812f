// The extension manifest against the code: every command id is contributed and handled,
// settings that decide where the key goes are application-scoped, activation is never `*`,
// and the VSIX holds only what runs.
import { strict as assert } from 'node:assert';
import { GRAMMARS } from '../../src/model/commentSyntax';
import { createAgentTools } from '../../src/model/agentTools';
import { CODE_CONTEXT } from '../../src/model/agentTools/codeContext';
import type { FixReportsSource } from '../../src/model/agentTools/source';
import { defineTool } from '../../src/model/agentTools/tool';
import { LM_TOOL_PREFIX } from '../../src/common/manifest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  CommandId,
  CONTAINER_ID,
  ContextKey,
  FP_LANGUAGE,
  LEGACY_NAMES,
  SECTION,
  Setting,
  SUPPRESSIONS_VIEW_ID,
  USER_LEVEL_ONLY,
  VIEW_ID,
} from '../../src/common/manifest';
import { vsixContents } from '../../bench/lib/sizes';
import { withPackagedVsix } from '../support/vsix';

const root = join(__dirname, '..', '..', '..');
/** The tools' definitions need no service to be listed. */
const unusedSource = new Proxy({} as FixReportsSource, {
  get: () => () => Promise.reject(new Error('not called')),
});
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const contributes = manifest.contributes;

describe('manifest', () => {
  it('contributes exactly the commands the code registers', () => {
    const contributed = contributes.commands.map((c: { command: string }) => c.command).sort();
    assert.deepEqual(contributed, Object.values(CommandId).sort());
  });

  it('offers Apply Fix only in a trusted workspace, and says so in its capability text', () => {
    const command = contributes.commands.find((c: { command: string }) => c.command === CommandId.ApplyFix);
    assert.equal(command.enablement, 'isWorkspaceTrusted');
    const menus = (Object.values(contributes.menus) as { command: string; when?: string }[][])
      .flat()
      .filter((m) => m.command === CommandId.ApplyFix);
    assert.ok(menus.length > 0);
    for (const m of menus) assert.ok(m.when === 'false' || /&& isWorkspaceTrusted$/.test(m.when ?? ''), `menu when: ${m.when}`);
    assert.match(manifest.capabilities.untrustedWorkspaces.description, /Apply Fix is not offered/);
  });

  it('references only contributed commands in menus, keybindings and welcome views', () => {
    const known = new Set<string>(Object.values(CommandId));
    const referenced: string[] = [];
    for (const entries of Object.values(contributes.menus) as { command: string }[][]) referenced.push(...entries.map((e) => e.command));
    referenced.push(...contributes.keybindings.map((k: { command: string }) => k.command));
    for (const welcome of contributes.viewsWelcome)
      referenced.push(...[...welcome.contents.matchAll(/command:([\w.]+)/g)].map((m: RegExpMatchArray) => m[1]!));
    for (const id of referenced) assert.ok(known.has(id), `${id} is referenced but not contributed`);
  });

  it('names exactly the contributed settings, views, container and FP language (common/manifest)', () => {
    const contributed = Object.keys(contributes.configuration.properties).sort();
    const named = [...Object.values(Setting), ...Object.values(LEGACY_NAMES)].map((name) => `${SECTION}.${name}`).sort();
    assert.deepEqual(contributed, named);
    for (const [key, old] of Object.entries(LEGACY_NAMES)) {
      const legacy = contributes.configuration.properties[`${SECTION}.${old}`];
      assert.match(legacy.markdownDeprecationMessage, new RegExp(`#${SECTION}\\.${key}#`), `${old} is marked deprecated, naming ${key}`);
      assert.equal(legacy.scope, 'application', `${old} is read from user settings only too`);
    }
    assert.deepEqual(
      contributes.viewsContainers.activitybar.map((c: { id: string }) => c.id),
      [CONTAINER_ID],
    );
    assert.deepEqual(
      contributes.views[CONTAINER_ID].map((v: { id: string }) => v.id),
      [VIEW_ID, SUPPRESSIONS_VIEW_ID],
    );
    assert.deepEqual(
      contributes.languages.map((l: { id: string }) => l.id),
      [FP_LANGUAGE],
    );
    assert.ok(manifest.contributes.configurationDefaults[`[${FP_LANGUAGE}]`], 'the FP explanation language has its word-wrap default');
  });

  it('uses in when clauses and completion events exactly the context keys the code sets', () => {
    const text = JSON.stringify(contributes);
    const used = new Set(
      [...text.matchAll(/securityFixReports\.[a-zA-Z]+/g)]
        .map((m) => m[0])
        .filter((k) => !k.startsWith(`${SECTION}.`) || isContextKeyCandidate(k)),
    );
    const known = new Set<string>(Object.values(ContextKey));
    for (const key of used) assert.ok(known.has(key), `${key} is read by package.json but not a ContextKey`);
    for (const key of known) assert.ok(used.has(key), `${key} is set by the code but read by nothing in package.json`);
  });

  it('ticks walkthrough steps on success only: context keys the code sets when a step worked, never on running a command', () => {
    const steps = contributes.walkthroughs.flatMap((w: { steps: { id: string; completionEvents?: string[] }[] }) => w.steps);
    const events = Object.fromEntries(
      steps.map((step: { id: string; completionEvents?: string[] }) => [step.id, step.completionEvents ?? []]),
    );
    assert.deepEqual(events, {
      // The state key is set by the connection: 'ready' only once a key is stored for the origin
      // (a rejected key is never stored), anything but no/bad-base-url once an address is usable.
      baseUrl: [`onContext:${ContextKey.State} && ${ContextKey.State} != 'no-base-url' && ${ContextKey.State} != 'bad-base-url'`],
      key: [`onContext:${ContextKey.State} == 'ready'`],
      browse: [`onView:${VIEW_ID}`],
      // Set after the inserted comment was verified in the document (insertSuppressionComment).
      suppress: [`onContext:${ContextKey.Suppressed}`],
    });
    for (const step of steps)
      assert.ok(step.completionEvents?.length, `${step.id} has explicit completion events (the default ticks it when merely selected)`);
  });

  it('keeps the settings that decide where the key goes at application scope, and restricts templates', () => {
    for (const key of USER_LEVEL_ONLY) {
      assert.equal(contributes.configuration.properties[`securityFixReports.${key}`].scope, 'application', key);
    }
    for (const key of manifest.capabilities.untrustedWorkspaces.restrictedConfigurations) {
      assert.ok(contributes.configuration.properties[key], `${key} is a contributed setting`);
    }
    assert.equal(manifest.capabilities.virtualWorkspaces, true);
  });

  it('declares the language model tools as the agent tools are: names, descriptions for the model, input schemas', () => {
    const declared = contributes.languageModelTools as Record<string, unknown>[];
    const tools = [...createAgentTools(unusedSource), defineTool({ ...CODE_CONTEXT, run: () => Promise.resolve({}) })];
    assert.deepEqual(
      declared.map((t) => t.name),
      tools.map((t) => `${LM_TOOL_PREFIX}${t.name}`),
    );
    for (const [i, tool] of tools.entries()) {
      const entry = declared[i]!;
      assert.equal(entry.modelDescription, tool.description, `${tool.name}: modelDescription`);
      assert.deepEqual(entry.inputSchema, tool.inputSchema, `${tool.name}: inputSchema`);
      assert.equal(entry.canBeReferencedInPrompt, true, `${tool.name} can be referenced in chat`);
      assert.match(String(entry.toolReferenceName), /^[a-z][A-Za-z]+$/, `${tool.name}: toolReferenceName`);
      assert.ok(typeof entry.displayName === 'string' && typeof entry.userDescription === 'string', `${tool.name}: what users see`);
    }
    assert.equal(new Set(declared.map((t) => t.toolReferenceName)).size, declared.length, 'reference names are distinct');
  });

  it('never activates on *', () => {
    assert.ok(!manifest.activationEvents.includes('*'));
    assert.equal(manifest.engines.vscode, '^1.100.0');
  });

  it('packages only what runs (the VSIX as built)', function () {
    this.timeout(180_000);
    // vsce renames the readme, the changelog and the licence inside the package.
    const renamed: Record<string, string> = { 'readme.md': 'README.md', 'changelog.md': 'CHANGELOG.md', 'LICENSE.txt': 'LICENSE' };
    const entries = withPackagedVsix(root, (file) => vsixContents(file).entries.map((e) => e.name));
    assert.deepEqual(
      entries.filter((name) => !name.startsWith('extension/')).sort(),
      ['[Content_Types].xml', 'extension.vsixmanifest'],
      'only the package manifests beside extension/',
    );
    const files = entries.filter((name) => name.startsWith('extension/')).map((name) => renamed[name.slice(10)] ?? name.slice(10));
    const allowed =
      /^(package\.json|package\.nls(\.[a-z-]+)?\.json|l10n\/bundle\.l10n(\.[a-z-]+)?\.json|README\.md|CHANGELOG\.md|LICENSE|docs\/tree\.png|dist\/extension\.js|dist\/proof\.js|dist\/cache\.js|dist\/insights\.js|dist\/reporting\.js|dist\/patch\.js|dist\/lines\.js|dist\/suppression\.js|dist\/changes\.js|dist\/doctor\.js|dist\/agent\.js|dist\/grammars\/tree-sitter[\w-]*\.wasm|media\/.+|node_modules\/undici\/(package\.json|LICENSE|index\.js|lib\/.+\.js|lib\/.+\/LICENSE))$/;
    const extra = files.filter((f) => !allowed.test(f));
    assert.deepEqual(extra, [], 'unexpected files in the VSIX');
    assert.ok(files.includes('dist/extension.js'));
    assert.ok(files.includes('node_modules/undici/index.js'), 'undici ships beside the bundle (kept external)');
    // The parser proof and every grammar it names ship (loaded on the first insertion).
    assert.ok(files.includes('dist/proof.js'));
    assert.ok(files.includes('dist/insights.js'), 'the Fix Insights page script ships (loaded by its webview)');
    assert.ok(files.includes('dist/cache.js'), 'the report cache ships (loaded on the first use)');
    assert.ok(files.includes('dist/reporting.js'), "the dashboard's metrics and the exports ship (loaded on first use)");
    assert.ok(files.includes('dist/patch.js'), "a fix's patch code ships (loaded on the first Preview Fix)");
    assert.ok(files.includes('dist/suppression.js'), "the suppression comment's code ships (loaded on the first insertion)");
    assert.ok(files.includes('dist/changes.js'), 'the comparison with the previous scan ships (loaded when a current report is in)');
    assert.ok(files.includes('dist/doctor.js'), 'the connection doctor ships (loaded on the first Check Connection)');
    assert.ok(files.includes('dist/agent.js'), "the language model tools' code ships (loaded on a tool's first call)");
    assert.ok(files.includes('dist/lines.js'), 'the comparison of a file as scanned with its text ships (loaded when such a file opens)');
    for (const grammar of ['tree-sitter', ...GRAMMARS.map((g) => `tree-sitter-${g}`)]) {
      assert.ok(files.includes(`dist/grammars/${grammar}.wasm`), `${grammar}.wasm ships`);
    }
  });
});

/** A `securityFixReports.x` word in the manifest that is not a command, setting, view or container. */
function isContextKeyCandidate(word: string): boolean {
  const others = new Set<string>([
    ...Object.values(CommandId),
    VIEW_ID,
    SUPPRESSIONS_VIEW_ID,
    CONTAINER_ID,
    ...[...Object.values(Setting), ...Object.values(LEGACY_NAMES)].map((n) => `${SECTION}.${n.split('.')[0]}`),
  ]);
  return !others.has(word);
}
