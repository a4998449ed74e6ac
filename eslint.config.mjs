// Type-aware lint: floating promises are bugs in a service that writes memories.
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'dist-*/**', 'node_modules/**', 'models/**', 'runtime/**', 'coverage/**', 'libs/client/src/generated/**', 'clients/**/.venv/**', '*.js', '*.mjs'] },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    // libs/affect is pure math: no framework, driver, queue, clock or I/O.
    files: ['libs/affect/**/*.ts'],
    ignores: ['libs/affect/**/*.spec.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['@nestjs/*', 'neo4j-driver', 'bullmq', 'ioredis', 'node:*', 'fs', 'path', '@limbic/*'] }],
      'no-restricted-properties': ['error', { object: 'Date', property: 'now', message: 'time comes in as an argument' }, { object: 'Math', property: 'random', message: 'libs/affect is deterministic' }],
      'no-restricted-globals': ['error', 'process', 'fetch', 'setTimeout', 'setInterval'],
    },
  },
);
