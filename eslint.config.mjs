import tseslint from 'typescript-eslint';

// Layers point down only (CONTRIBUTING.md "Layout", docs/architecture.md):
//   common ← api ← model ← editor ← views ← commands ← extension.ts;  cli → api, model, common.
// Each layer lists the layers above it (and beside it) that it must not import.
const layers = {
  common: { above: ['api', 'model', 'editor', 'views', 'commands', 'cli', 'extension'], node: true },
  api: { above: ['model', 'editor', 'views', 'commands', 'cli', 'extension'], node: true },
  model: { above: ['editor', 'views', 'commands', 'cli', 'extension'], node: true },
  editor: { above: ['views', 'commands', 'cli', 'extension'] },
  views: { above: ['commands', 'cli', 'extension'] },
  commands: { above: ['cli', 'extension'] },
  cli: { above: ['editor', 'views', 'commands', 'extension'], node: true },
  // The Fix Insights page (a browser): model types and its protocol only.
  webview: { above: ['api', 'editor', 'views', 'commands', 'cli', 'extension'], node: true },
};
// Plain-Node code around the source: no editor API (it may read the manifest's ids).
const plainNode = ['tools/**', 'test/unit/**', 'test/e2e/**', 'test/support/**', 'bench/**'];
const noVscode = {
  name: 'vscode',
  message: 'This code runs in plain Node (the CLI, the tools, unit and e2e tests, benchmarks): no vscode import.',
};

// The extension's own words go through `l10n.t` of @vscode/l10n (in the extension host, the editor's
// vscode.l10n.t: esbuild.mjs), with the English as the key: l10n/bundle.l10n.json is exported from
// those calls and l10n/bundle.l10n.de.json translates it (test/unit/l10n.test.ts). A string or
// template in the UI layers with words in it (two lower-case words, or a capitalised word: a
// sentence, a label, a button) is refused, except as the key of l10n.t, in a log line (English, for
// support), an import, a type or an abort reason. English on purpose elsewhere: an eslint-disable
// comment saying why, or a file listed below.
const WORDS = '/[a-z]{2,} [a-z]{2,}|^[A-Z][a-z]+$|^[A-Z][a-z]+ [A-Za-z]/';
const NOT_UI = [
  ':not(CallExpression[callee.property.name=/^(debug|info|warn|error|trace|reportOnce)$/] *)',
  ':not(CallExpression[callee.name=/^(warn|log)$/] *)',
  ':not(CallExpression[callee.property.name="t"][callee.object.name="l10n"] > *)',
  ':not(CallExpression[callee.property.name="t"][callee.object.property.name="l10n"] > *)',
  ':not(CallExpression[callee.property.name="t"] > ObjectExpression > Property > *)',
  ':not(NewExpression[callee.name="DOMException"] > *)',
  ':not(ImportDeclaration *):not(ExportNamedDeclaration > *):not(ExportAllDeclaration > *):not(TSLiteralType *)',
].join('');
const UNTRANSLATED = {
  selector: `:matches(Literal[value=${WORDS}], TemplateLiteral:has(> TemplateElement[value.raw=${WORDS}]))${NOT_UI}`,
  message:
    'User-visible text goes through l10n.t of @vscode/l10n with the English as the key and server text as an argument; then run npm run l10n:export and translate the new key in l10n/bundle.l10n.de.json.',
};

/** Import paths that reach into `layer` from anywhere under src/. */
const into = (layer) =>
  layer === 'extension'
    ? ['**/extension', '**/extension.js']
    : [`../${layer}`, `../${layer}/**`, `../../${layer}/**`, `../../../${layer}/**`];

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'node_modules/**', '.vscode-test/**', '.cache/**', 'test-results/**', 'test/fixtures/**'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
    },
  },
  ...Object.entries(layers).map(([layer, { above, node }]) => ({
    files: [`src/${layer}/**`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: node ? [noVscode] : [],
          patterns: above.map((other) => ({
            group: into(other),
            message: `src/${layer} must not import src/${other}: layers point down only (docs/architecture.md).`,
          })),
        },
      ],
    },
  })),
  // The report store and the report cache run in plain Node too (their unit tests load them),
  // inside the editor layer: its rule again, plus no vscode.
  {
    files: ['src/editor/store/**', 'src/editor/cache/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [noVscode],
          patterns: layers.editor.above.map((other) => ({
            group: into(other),
            message: `src/editor must not import src/${other}: layers point down only (docs/architecture.md).`,
          })),
        },
      ],
    },
  },
  {
    files: ['src/commands/**', 'src/views/**', 'src/editor/**', 'src/extension.ts', 'src/webview/**'],
    ignores: [
      'src/editor/cache/**', // its reasons go to the log only
      'src/editor/scannedText.ts', // why a file is not mapped: the log only
      'src/editor/trackedFile.ts', // the same
      'src/views/codeContextTool.ts', // a language model tool's result: for the model, in English like the MCP server's
    ],
    rules: { 'no-restricted-syntax': ['error', UNTRANSLATED] },
  },
  {
    files: plainNode,
    ignores: ['bench/editor/**'], // runs inside the extension host to measure the real tree
    rules: { 'no-restricted-imports': ['error', { paths: [noVscode] }] },
  },
);
