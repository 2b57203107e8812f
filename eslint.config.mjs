import tseslint from 'typescript-eslint';

// The core: no editor API and no editor-side modules.
const core = ['src/api/**', 'src/model/**', 'src/cli/**'];
// Plain-Node code around it: no editor API (it may read editor-side constants such as command ids).
const plainNode = ['tools/**', 'test/unit/**', 'test/e2e/**', 'test/support/**', 'bench/**'];
const noVscode = { name: 'vscode', message: 'src/api, src/model, src/cli, the tools (sandbox, editor harness), unit and e2e tests, their support and benchmarks run in plain Node: no vscode import.' };

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'node_modules/**', '.vscode-test/**', '.cache/**', 'test-results/**', 'test/fixtures/**'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
    },
  },
  {
    // The core runs in plain Node and in the CLI: it must never reach for the editor API.
    files: core,
    rules: {
      'no-restricted-imports': ['error', {
        paths: [noVscode],
        patterns: [{ group: ['**/editor/**', '**/views/**', '**/commands/**', '**/extension'], message: 'The editor-free core must not import editor-side modules.' }],
      }],
    },
  },
  {
    files: plainNode,
    ignores: ['bench/editor/**'], // runs inside the extension host to measure the real tree
    rules: { 'no-restricted-imports': ['error', { paths: [noVscode] }] },
  },
);
