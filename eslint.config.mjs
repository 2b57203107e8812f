import tseslint from 'typescript-eslint';

const editorFree = ['src/api/**', 'src/model/**', 'src/cli/**', 'test/sandbox/**', 'test/unit/**', 'bench/**'];

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'node_modules/**', '.vscode-test/**', '.cache/**', 'test-results/**'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
    },
  },
  {
    // The core runs in plain Node and in the CLI: it must never reach for the editor API.
    files: editorFree,
    rules: {
      'no-restricted-imports': ['error', {
        paths: [{ name: 'vscode', message: 'src/api, src/model, src/cli and the sandbox are editor-free: no vscode import.' }],
        patterns: [{ group: ['**/editor/**', '**/views/**', '**/commands/**', '**/extension'], message: 'The editor-free core must not import editor-side modules.' }],
      }],
    },
  },
);
