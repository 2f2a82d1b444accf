import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/build/**',
      '**/build-*/**',
      '**/dist/**',
      '**/.react-router/**',
      'data/**',
      '.data-test/**',
      'test-results/**',
      'playwright-report/**',
      'apps/api/drizzle/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Browser code takes only types from the contract: its values come with zod (~30 KB gzip)
    // and would break the first-load JavaScript budget. Server-only modules and tests may.
    files: ['apps/web/app/**/*.{ts,tsx}'],
    ignores: ['apps/web/app/**/*.server.ts', 'apps/web/app/**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@crema/contract',
              allowTypeImports: true,
              message: 'В браузерный код — только типы из @crema/contract; форматирование — из @crema/contract/format.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['scripts/**', 'apps/web/scripts/**', '**/*.config.{ts,js}', 'apps/api/src/db/cli.ts'],
    rules: { 'no-console': 'off' },
  },
);
