#!/usr/bin/env node
// The README's settings and commands tables, rendered from package.json: the manifest is the one
// home of what a setting defaults to and what a command is called (its `%key%` texts in English from
// package.nls.json). `node scripts/readme-tables.mjs`
// rewrites the README between its markers; `--check` writes nothing and exits 1 when the README
// differs from what package.json gives (test/unit/scripts/readmeTables.test.ts runs it).
// `--readme FILE` and `--package FILE` read other files than the repository's (for that test).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const PREFIX = 'securityFixReports.';

/** One line of table cell: markdown kept, the settings-link form `#id#` as code, pipes escaped. */
function cell(text) {
  return String(text)
    .replace(/`#([\w.]+)#`/g, (_, id) => `\`${id.replace(PREFIX, '')}\``)
    .replace(/#([\w.]+\.[\w.]+)#/g, (_, id) => `\`${id.replace(PREFIX, '')}\``)
    .replace(/\s*\n\s*/g, ' ')
    .replace(/\|/g, '\\|')
    .trim();
}

const code = (value) => `\`${JSON.stringify(value)}\``;
const sentence = (text) => (/[.!?:)]$/.test(text) ? text : `${text}.`);

function settingDescription(setting) {
  const parts = [];
  if (setting.markdownDeprecationMessage || setting.deprecationMessage) {
    parts.push(`Deprecated: ${sentence(setting.markdownDeprecationMessage ?? setting.deprecationMessage)}`);
  } else {
    parts.push(sentence(setting.markdownDescription ?? setting.description ?? ''));
  }
  if (setting.enum) {
    const values = setting.enum.map((v, i) =>
      setting.enumDescriptions?.[i] ? `${code(v)}: ${sentence(setting.enumDescriptions[i])}` : code(v),
    );
    parts.push(`Values: ${values.join(' ')}`);
  }
  if (setting.minimum !== undefined || setting.maximum !== undefined) {
    const n = (v) => (v === undefined ? '' : v.toLocaleString('en-US'));
    parts.push(`Range ${n(setting.minimum)}–${n(setting.maximum)}.`);
  }
  const where = parts.join(' ');
  if (setting.scope === 'application' && !/user settings only/i.test(where)) parts.push('User settings only.');
  return cell(parts.join(' '));
}

/** The settings table: key without the prefix, default, description; ordered as the Settings UI orders them. */
function settingsTable(manifest) {
  const properties = manifest.contributes.configuration.properties;
  const rank = ([key, s]) => [s.markdownDeprecationMessage || s.deprecationMessage ? 1 : 0, s.order ?? Infinity, key];
  const entries = Object.entries(properties).sort((a, b) => {
    const [ra, rb] = [rank(a), rank(b)];
    return ra[0] - rb[0] || ra[1] - rb[1] || ra[2].localeCompare(rb[2]);
  });
  const rows = entries.map(([key, s]) => `| \`${key.replace(PREFIX, '')}\` | ${cell(code(s.default))} | ${settingDescription(s)} |`);
  return ['| setting | default | description |', '| --- | --- | --- |', ...rows].join('\n');
}

/** Which rows a view/item/context `when` names. */
function rowsOf(when) {
  if (/viewItem == issue\.falsePositive/.test(when)) return 'false-positive rows';
  if (/viewItem == message\.error/.test(when)) return 'error rows';
  if (/\(report\|fix\|issue\)/.test(when)) return 'report, fix and issue rows';
  if (/\^fix/.test(when)) return 'fix rows';
  if (/\^report/.test(when)) return 'report rows';
  return 'rows';
}

const keyLabel = (key) =>
  key
    .split('+')
    .map((k) => k[0].toUpperCase() + k.slice(1))
    .join('+');

/** Where a command appears: the Command Palette, the view's title bar and menu, row menus, key bindings. */
function placesOf(manifest, id) {
  const menus = manifest.contributes.menus ?? {};
  const places = [];
  const add = (place) => {
    if (!places.includes(place)) places.push(place);
  };
  const palette = (menus.commandPalette ?? []).find((m) => m.command === id);
  if (palette?.when !== 'false') add('Command Palette');
  for (const m of menus['view/title'] ?? []) {
    if (m.command !== id) continue;
    add(m.group?.startsWith('navigation') ? 'view title bar' : "view's … menu");
  }
  for (const m of menus['view/item/context'] ?? []) {
    if (m.command !== id) continue;
    const rows = rowsOf(m.when ?? '');
    add(m.group?.startsWith('inline') ? `inline on ${rows}` : `context menu of ${rows}`);
  }
  for (const m of menus['editor/title'] ?? []) {
    if (m.command !== id) continue;
    add(/fixPreview/.test(m.when ?? '') ? "the fix preview's title bar" : 'editor title bar');
  }
  for (const k of manifest.contributes.keybindings ?? []) {
    if (k.command !== id) continue;
    add(`\`${keyLabel(k.key)}\`${k.mac ? ` (macOS \`${keyLabel(k.mac)}\`)` : ''}`);
  }
  return places.length > 0 ? places.join('; ') : 'not in the Command Palette: run from a row, a quick fix or the status bar';
}

/** The commands table: title with its category, id, where it appears. */
function commandsTable(manifest) {
  const rows = manifest.contributes.commands.map((c) => {
    const title = c.category ? `${c.category}: ${c.title}` : c.title;
    return `| ${cell(title)} | \`${c.command}\` | ${cell(placesOf(manifest, c.command))} |`;
  });
  return ['| command | id | where |', '| --- | --- | --- |', ...rows].join('\n');
}

const MARKERS = [
  ['settings', settingsTable],
  ['commands', commandsTable],
];

/** The README with each marked block replaced by its table; throws when a marker is missing. */
function renderReadme(readme, manifest) {
  let text = readme;
  for (const [name, table] of MARKERS) {
    const start = `<!-- ${name}:start -->`;
    const end = `<!-- ${name}:end -->`;
    const from = text.indexOf(start);
    const to = text.indexOf(end);
    if (from < 0 || to < from) throw new Error(`the README has no ${start} … ${end} block`);
    text = `${text.slice(0, from + start.length)}\n<!-- Generated from package.json by scripts/readme-tables.mjs: edit package.json, then run it. -->\n\n${table(manifest)}\n\n${text.slice(to)}`;
  }
  return text;
}

/** The manifest with its `%key%` strings replaced by their English from package.nls.json beside it (when there is one). */
function withEnglish(manifest, nlsFile) {
  if (!existsSync(nlsFile)) return manifest;
  const nls = JSON.parse(readFileSync(nlsFile, 'utf8'));
  const resolve = (value) =>
    typeof value === 'string'
      ? value.replace(/^%([^%]+)%$/, (whole, key) => (Object.hasOwn(nls, key) ? nls[key] : whole))
      : Array.isArray(value)
        ? value.map(resolve)
        : value !== null && typeof value === 'object'
          ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolve(v)]))
          : value;
  return resolve(manifest);
}

function main(argv) {
  const option = (name, fallback) => {
    const i = argv.indexOf(name);
    return i >= 0 && argv[i + 1] ? argv[i + 1] : fallback;
  };
  const readmeFile = option('--readme', join(root, 'README.md'));
  const packageFile = option('--package', join(root, 'package.json'));
  const manifest = withEnglish(JSON.parse(readFileSync(packageFile, 'utf8')), join(packageFile, '..', 'package.nls.json'));
  const readme = readFileSync(readmeFile, 'utf8');
  const rendered = renderReadme(readme, manifest);
  if (argv.includes('--check')) {
    if (rendered !== readme) {
      console.error(`${readmeFile}: the settings or commands table differs from package.json; run node scripts/readme-tables.mjs`);
      return 1;
    }
    return 0;
  }
  if (rendered !== readme) writeFileSync(readmeFile, rendered);
  console.log(`${readmeFile}: ${rendered === readme ? 'tables up to date' : 'tables rewritten'}`);
  return 0;
}

try {
  process.exitCode = main(process.argv.slice(2));
} catch (e) {
  console.error(e instanceof Error ? e.message : String(e));
  process.exitCode = 2;
}
