// The localised UI: every string of the extension is a key of l10n/bundle.l10n.json (exported from
// the l10n.t calls of src/ by @vscode/l10n-dev) or of package.nls.json (the manifest's %key%s), and
// the German translation covers both, key for key, with the same placeholders, icons, links and
// code. A user-visible literal that skips l10n.t is refused by ESLint (eslint.config.mjs), which is
// shown to fire here. Where the views word what the model or the client words in English for the
// CLI (confidence, error titles, times, why a report is current), the English is theirs exactly.
// In the extension host @vscode/l10n is the editor's vscode.l10n (esbuild.mjs), which reads the
// bundle of its display language; here, in plain Node, it is the library, given the German bundle
// for a test and nothing after it (English).
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as l10n from '@vscode/l10n';
import { ESLint } from 'eslint';
import { errorTitles, type ServiceErrorKind } from '../../src/api/errors';
import { formatDuration, relativeTime } from '../../src/common/time';
import { CONFIDENCE, type ConfidenceKind } from '../../src/model/fix';
import { currentReasonText, type CurrentReason } from '../../src/model/reportList';
import { errorTitle } from '../../src/editor/errorTitles';
import { confidenceWords } from '../../src/views/confidenceText';
import { CHANGED_SINCE_SCAN, changedSinceScan, findingPosition } from '../../src/views/findingText';
import { currentReasonWords } from '../../src/views/reportText';
import { statusText } from '../../src/views/statusText';
import { durationText, relativeTimeText } from '../../src/views/timeText';

const root = join(__dirname, '..', '..', '..');
const json = (file: string) => JSON.parse(readFileSync(join(root, file), 'utf8')) as Record<string, string>;
const bundle = json('l10n/bundle.l10n.json');
const bundleDe = json('l10n/bundle.l10n.de.json');
const nls = json('package.nls.json');
const nlsDe = json('package.nls.de.json');
const manifestText = readFileSync(join(root, 'package.json'), 'utf8');

/** What a translation must keep as it is: placeholders, codicons, command links, setting links, code, bold. */
function invariants(text: string): Record<string, string[]> {
  const all = (re: RegExp) => [...text.matchAll(re)].map((m) => m[0]).sort();
  return {
    placeholders: all(/\{\d+\}/g),
    icons: all(/\$\([\w~-]+\)/g),
    commandLinks: all(/\(command:[^)]*\)/g),
    settingLinks: all(/#[\w.]+#/g),
    code: all(/`[^`]*`/g),
    bold: all(/\*\*/g),
  };
}

function sameKeysTranslated(english: Record<string, string>, german: Record<string, string>, name: string): void {
  assert.deepEqual(
    Object.keys(english).filter((k) => !(k in german)),
    [],
    `keys of ${name} missing from its German translation`,
  );
  assert.deepEqual(
    Object.keys(german).filter((k) => !(k in english)),
    [],
    `keys of the German ${name} that the English no longer has`,
  );
  for (const [key, value] of Object.entries(german)) {
    assert.ok(typeof value === 'string' && value.trim() !== '', `${name}: "${key}" has an empty translation`);
    assert.deepEqual(invariants(value), invariants(english[key]!), `${name}: "${key}" → "${value}" changes what must stay`);
  }
}

/** Runs `body` with the German bundle, as the editor gives it to the extension in German. */
function inGerman(body: () => void): void {
  l10n.config({ contents: bundleDe });
  try {
    body();
  } finally {
    l10n.config({ contents: {} }); // English again: no key is found
  }
}

describe('localisation (l10n/, package.nls*.json)', function () {
  this.timeout(120_000);

  it('l10n/bundle.l10n.json is exactly what the l10n-dev export of src/ gives (npm run l10n:export)', () => {
    const out = mkdtempSync(join(tmpdir(), 'l10n-export-'));
    try {
      const cli = join(root, 'node_modules', '@vscode', 'l10n-dev', 'dist', 'cli.js');
      const run = spawnSync(process.execPath, [cli, 'export', '--outDir', out, './src'], { cwd: root, encoding: 'utf8', timeout: 100_000 });
      assert.equal(run.status, 0, `${run.stdout}\n${run.stderr}`);
      const exported = JSON.parse(readFileSync(join(out, 'bundle.l10n.json'), 'utf8')) as Record<string, string>;
      assert.deepEqual(
        Object.keys(exported).filter((k) => !(k in bundle)),
        [],
        'strings in src/ that l10n/bundle.l10n.json lacks: run npm run l10n:export and translate them',
      );
      assert.deepEqual(
        Object.keys(bundle).filter((k) => !(k in exported)),
        [],
        'strings in l10n/bundle.l10n.json that src/ no longer has: run npm run l10n:export',
      );
      assert.equal(JSON.stringify(bundle), JSON.stringify(exported), 'same keys, values and order: run npm run l10n:export');
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });

  it('translates every runtime string into German, no more, keeping placeholders, icons and markup', () => {
    assert.ok(Object.keys(bundle).length > 400, 'the bundle holds the extension’s strings');
    sameKeysTranslated(bundle, bundleDe, 'l10n/bundle.l10n.json');
  });

  it('translates every manifest string into German, no more, keeping command links, setting links and code', () => {
    sameKeysTranslated(nls, nlsDe, 'package.nls.json');
  });

  it('package.json names only keys of package.nls.json, and uses each of them', () => {
    const used = new Set([...manifestText.matchAll(/"%([^"%]+)%"/g)].map((m) => m[1]!));
    assert.deepEqual(
      [...used].filter((k) => !(k in nls)),
      [],
      'package.json %key%s missing from package.nls.json',
    );
    assert.deepEqual(
      Object.keys(nls).filter((k) => !used.has(k)),
      [],
      'package.nls.json keys package.json does not use',
    );
    const manifest = JSON.parse(manifestText) as { l10n?: string; contributes: { commands: { title: string; category?: string }[] } };
    assert.equal(manifest.l10n, './l10n', 'the runtime bundle is found through package.json "l10n"');
    for (const command of manifest.contributes.commands) {
      assert.match(command.title, /^%command\.[\w.]+\.title%$/, 'every command title is translated');
      assert.equal(command.category, '%command.category%');
    }
  });

  it('in the extension host the editor translates (vscode.l10n): no bundle but the Fix Insights page carries @vscode/l10n', () => {
    const dist = join(root, 'dist');
    if (!existsSync(join(dist, 'extension.js'))) assert.fail(`${dist}/extension.js is missing: run "npm run build" before the unit tests`);
    // A message of the library's own t(), in its code only.
    const marker = 'expected a string as the first argument to l10n.t';
    const carrying = readdirSync(dist).filter((f) => f.endsWith('.js') && readFileSync(join(dist, f), 'utf8').includes(marker));
    assert.deepEqual(carrying, ['insights.js'], 'a bundle of the extension host needs ...inHost in esbuild.mjs');
    for (const file of ['extension.js', 'reporting.js', 'patch.js']) {
      assert.match(readFileSync(join(dist, file), 'utf8'), /require\("vscode"\)\.l10n/, `${file} translates through the editor`);
    }
  });

  it('German is what the code shows once the German bundle is there', () => {
    const NOW = Date.UTC(2026, 10, 23, 9, 0, 0);
    inGerman(() => {
      assert.equal(relativeTimeText(NOW - 3 * 86_400_000, NOW), 'vor 3 Tagen');
      assert.equal(confidenceWords('stable').short, 'Stabil');
      assert.equal(findingPosition(2, 5, 'SQL_Injection', true), 'Fundstelle 2 von 5: SQL Injection (False Positive)');
      assert.equal(statusText({ filter: ['Stabil'] }, NOW).description, 'Gefiltert: Stabil');
    });
    assert.equal(relativeTimeText(NOW - 3 * 86_400_000, NOW), '3 days ago', 'English again afterwards');
  });

  describe("the views' words are the model's and the client's in English (which the CLI prints)", () => {
    it('confidence', () => {
      for (const kind of Object.keys(CONFIDENCE) as ConfidenceKind[]) {
        const words = confidenceWords(kind);
        assert.deepEqual({ short: words.short, group: words.group, meaning: words.meaning }, CONFIDENCE[kind], kind);
      }
      assert.equal(confidenceWords('stable').label, 'Stable fix');
      assert.equal(confidenceWords('adaptive').label, 'Adaptive fix');
      assert.equal(confidenceWords('other', 70).short, 'Confidence 70');
      assert.equal(confidenceWords('unknown').label, CONFIDENCE.unknown.short);
    });

    it("the client's error titles", () => {
      for (const [kind, title] of Object.entries(errorTitles)) assert.equal(errorTitle(kind as ServiceErrorKind), title, kind);
    });

    it('times and spans', () => {
      const NOW = Date.UTC(2026, 10, 23, 9, 0, 0);
      const offsets = [NaN, 0, 30_000, 60_000, 5 * 60_000, 90 * 60_000, 3_600_000, 2 * 86_400_000, 86_400_000, 40 * 86_400_000];
      for (const offset of [...offsets, ...offsets.map((o) => -o), 400 * 86_400_000, -3 * 365 * 86_400_000])
        assert.equal(relativeTimeText(NOW + offset, NOW), relativeTime(NOW + offset, NOW), `offset ${offset}`);
      for (const ms of [-1, NaN, 0, 1_800_000, 5 * 3_600_000, 86_400_000, 3.2 * 86_400_000, 45 * 86_400_000])
        assert.equal(durationText(ms), formatDuration(ms), `${ms} ms`);
    });

    it('why a report is current', () => {
      const reasons: CurrentReason[] = [
        { kind: 'pinned' },
        { kind: 'branch', branch: 'main' },
        { kind: 'expired', branch: 'release/1.2' },
        { kind: 'newest' },
        { kind: 'newest', branch: 'feature\u202ex' },
      ];
      for (const reason of reasons) assert.equal(currentReasonWords(reason), currentReasonText(reason), reason.kind);
    });

    it('"changed since the scan"', () => {
      assert.equal(changedSinceScan(), CHANGED_SINCE_SCAN);
    });
  });

  it('ESLint refuses a user-visible literal in the UI layers, and accepts it through l10n.t or in a log line', async () => {
    const eslint = new ESLint({ cwd: root });
    const sample = [
      "import * as vscode from 'vscode';",
      'export function sample(log: { info(m: string): void }, origin: string): void {',
      "  void vscode.window.showInformationMessage('Deleted the cached reports.');",
      "  void vscode.window.showWarningMessage(`Delete the reports of ${origin}?`, 'Delete');",
      "  void vscode.window.showInformationMessage(vscode.l10n.t('Deleted the reports of {0}.', origin));",
      '  log.info(`Deleted the reports of ${origin}.`);',
      '}',
      '',
    ].join('\n');
    for (const file of ['src/commands/l10nSample.ts', 'src/views/l10nSample.ts', 'src/editor/l10nSample.ts']) {
      const [result] = await eslint.lintText(sample, { filePath: join(root, file) });
      const refused = result!.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => `${m.line}:${m.column}`);
      assert.deepEqual(refused, ['3:45', '4:41', '4:77'], `${file}: ${JSON.stringify(result!.messages)}`);
    }
    // Outside the UI layers (the CLI stays English) the rule does not apply.
    const [cli] = await eslint.lintText(sample.replace("import * as vscode from 'vscode';\n", 'declare const vscode: any;\n'), {
      filePath: join(root, 'src/cli/l10nSample.ts'),
    });
    assert.deepEqual(
      cli!.messages.filter((m) => m.ruleId === 'no-restricted-syntax'),
      [],
    );
  });
});
