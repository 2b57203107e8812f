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
    files: plainNode,
    ignores: ['bench/editor/**'], // runs inside the extension host to measure the real tree
    rules: { 'no-restricted-imports': ['error', { paths: [noVscode] }] },
  },
);
