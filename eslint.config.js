// @ts-check
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';

const noExportStar = {
  selector: 'ExportAllDeclaration',
  message: 'No `export *` barrels: import from the module that defines the name.',
};

/** Who may import whom (docs/ARCHITECTURE.md). */
const importRules = (patterns) => ({
  '@typescript-eslint/no-restricted-imports': ['error', { patterns }],
});

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist-server/**',
      '**/dist-prerender/**',
      '**/.bench-dist*/**',
      '**/node_modules/**',
      '**/.turbo/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'packages/db/drizzle/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-restricted-syntax': ['error', noExportStar],
      eqeqeq: ['error', 'always'],
    },
  },
  {
    files: ['packages/domain/src/**/*.ts'],
    rules: {
      ...importRules([
        { group: ['node:*', 'fs', 'path', 'http', 'crypto'], message: 'domain is pure: no I/O.' },
        {
          group: ['@ascenso/*', 'drizzle-orm*', 'better-sqlite3', 'openai', 'hono*'],
          message: 'domain imports only zod.',
        },
      ]),
      'no-restricted-globals': ['error', { name: 'process', message: 'domain never reads the environment.' }],
      'no-restricted-syntax': [
        'error',
        noExportStar,
        {
          selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']",
          message: 'domain takes time as a parameter.',
        },
        {
          selector: "NewExpression[callee.name='Date'][arguments.length=0]",
          message: 'domain takes time as a parameter.',
        },
      ],
    },
  },
  {
    files: ['packages/db/src/**/*.ts'],
    rules: importRules([
      {
        group: ['@ascenso/ai*', '@ascenso/api*', '@ascenso/web*', 'openai'],
        message: 'db imports only drizzle, better-sqlite3 and domain.',
      },
    ]),
  },
  {
    files: ['packages/ai/src/**/*.ts'],
    rules: {
      ...importRules([
        {
          group: ['@ascenso/db*', '@ascenso/api*', '@ascenso/web*', 'better-sqlite3', 'drizzle-orm*'],
          message: 'ai gets its data from callers.',
        },
      ]),
    },
  },
  {
    files: ['packages/*/src/**/*.ts', 'apps/api/src/**/*.ts'],
    // Tests may pass the environment on to child processes they start.
    ignores: ['apps/api/src/env.ts', 'apps/api/src/main.ts', '**/*.test.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Only apps/api/src/env.ts reads the environment.' },
      ],
    },
  },
  {
    files: ['apps/api/src/**/*.ts'],
    rules: importRules([{ group: ['@ascenso/web*'], message: 'The API never imports the web app.' }]),
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@ascenso/api*'], allowTypeImports: true, message: 'Only `import type` from the API.' },
            { group: ['@ascenso/db*', '@ascenso/ai*', 'node:*'], message: 'The web app runs in the browser.' },
          ],
        },
      ],
    },
  },
  // Formatting is Prettier's (`pnpm format`; `pnpm lint` checks it): no ESLint rule argues with it.
  prettier,
);
