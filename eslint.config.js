import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import importPlugin from 'eslint-plugin-import';

const WEB = './apps/web/app';
const API = './apps/api/src';
const FEATURES = readdirSync(new URL('apps/web/app/features/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

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
    // No import cycles anywhere: a cycle means two modules are really one, or a third is missing.
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { import: importPlugin },
    settings: {
      'import/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      // Imports name their files with the extension ('./service.ts'): Node's resolution is enough.
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs'] } },
    },
    rules: { 'import/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // Boundaries of the site (docs/architecture.md, decision 0054): a feature does not import another
    // feature (but any form may use features/captcha, itself loaded only with those forms); the
    // shell (components/, lib/: on every page) imports neither features nor routes, except by the
    // lazy `import()` that loads a feature on use, nor the UI kit (ui/: what several features share
    // but not every page, so that it never rides on a first load); the kit serves features and
    // routes and imports neither.
    files: ['apps/web/app/**/*.{ts,tsx}'],
    rules: {
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            ...FEATURES.map((feature) => ({
              target: `${WEB}/features/${feature}`,
              from: `${WEB}/features`,
              except: [...new Set([`./${feature}`, './captcha'])],
              message: 'Фича не импортирует другую фичу (кроме features/captcha): общее — в ui/ (или в components/, lib/, api/).',
            })),
            {
              target: [`${WEB}/components`, `${WEB}/lib`],
              from: [`${WEB}/features`, `${WEB}/routes`],
              message: 'Оболочка (components/, lib/) не импортирует фичи и маршруты: фича подгружается через lazy(() => import(...)).',
            },
            {
              target: [`${WEB}/components`, `${WEB}/lib`],
              from: `${WEB}/ui`,
              message: 'Оболочка (components/, lib/) не импортирует ui/: набор грузится с тем, кто его использует, а не с каждой страницей.',
            },
            {
              target: `${WEB}/ui`,
              from: [`${WEB}/features`, `${WEB}/routes`],
              message: 'ui/ — общее для фич и маршрутов: он не импортирует ни фичи, ни маршруты.',
            },
          ],
        },
      ],
    },
  },
  {
    // The shape of an API module (docs/decisions/0053-api-module-shape.md): auth is the access layer
    // every module imports, so it imports none of them (mail aside: it sends its letters through the
    // outbox); what a sign-in does for others runs through auth's hooks, wired in app.ts.
    files: ['apps/api/src/**/*.ts'],
    rules: {
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: `${API}/modules/auth`,
              from: `${API}/modules`,
              except: ['./auth', './mail'],
              message: 'Модуль auth не импортирует другие модули (кроме mail): то, что вход делает для них, — хуки AuthService, их подключает app.ts.',
            },
          ],
        },
      ],
    },
  },
  {
    // A module's routes (routes.ts, or routes/ registered by it) are registered by app.ts only:
    // nothing depends on the HTTP layer; what two places share lives in the module's rule files.
    files: ['apps/api/src/**/*.ts'],
    ignores: ['apps/api/src/app.ts', 'apps/api/src/modules/*/routes.ts', 'apps/api/src/modules/*/routes/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/routes.ts', '**/routes/*'],
              message: 'Маршруты модуля подключает только app.ts: общее для двух мест — в файлах правил модуля, не в routes.',
            },
          ],
        },
      ],
    },
  },
  {
    // Routes are thin: the HTTP shape (schemas, access, status codes) around calls into the module's
    // rule files, which hold the queries. A route file takes types from the schema, never tables.
    files: ['apps/api/src/modules/*/routes.ts', 'apps/api/src/modules/*/routes/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'drizzle-orm', message: 'Запросы — в файлах правил модуля, не в маршрутах.' }],
          patterns: [
            {
              group: ['**/db/schema/*', '**/db/schema'],
              allowTypeImports: true,
              message: 'Маршруты берут из схемы БД только типы; запросы — в файлах правил модуля.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Browser code takes only types from the contract's root: its values come with zod (~30 KB
    // gzip). Values come from the zod-free entries `@crema/contract/rules` and `/format`
    // (decision 0012: no zod in the browser, lazy chunks included). Server-only modules and tests may.
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
              message:
                'В браузерный код — только типы из @crema/contract; константы и проверки — из @crema/contract/rules, форматирование — из @crema/contract/format (решение 0012).',
            },
          ],
        },
      ],
    },
  },
  {
    // Staff-only is a route's access level (decision 0055): the access layer (modules/auth/) is the
    // one place that reads `isStaff` to refuse someone, and a scope may widen a query for staff
    // (catalog/scopes.ts). The schema and the seed only write the flag, and the staff's people screens
    // (modules/people/) manage it as data: who has the role, and that the school keeps one.
    files: ['apps/api/src/**/*.ts'],
    ignores: ['apps/api/src/modules/auth/**', 'apps/api/src/**/scopes.ts', 'apps/api/src/db/schema/**', 'apps/api/src/db/seed/**', 'apps/api/src/modules/people/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[
          'MemberExpression[property.name=/^(isStaff|is_staff)$/]',
          'MemberExpression[property.value=/^(isStaff|is_staff)$/]',
          'ObjectPattern > Property[key.name=/^(isStaff|is_staff)$/]',
          'Identifier[name=/^(assert|require|ensure|check)\\w*Staff$/]',
        ].map((selector) => ({
          selector,
          message:
            "Staff-only access is declared on the route, `config: { access: 'staff' }`, and the service takes a StaffActor (staffActor(request)); isStaff is read only in modules/auth/ and scopes.ts (decision 0055).",
        })),
      ],
    },
  },
  {
    files: ['scripts/**', 'apps/web/scripts/**', '**/*.config.{ts,js}', 'apps/api/src/db/cli.ts', 'apps/api/src/backup/cli.ts'],
    rules: { 'no-console': 'off' },
  },
);
