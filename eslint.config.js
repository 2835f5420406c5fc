// @ts-check
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

const noExportStar = {
  selector: 'ExportAllDeclaration',
  message: 'No `export *` barrels: import from the module that defines the name.',
};

// ── Libraries as shipped (decision 021) ─────────────────────────────────────────────────────────
// No private internals of any dependency: nothing from tRPC's `unstable-core-do-not-import`, no import
// from a package's `dist/`, no `\0` virtual module ids (Vite/Rollup internals), no reads of `_def`.
// The one exception is apps/api/src/testing/procedures.ts (test support that lists the router's
// procedures for the authorization matrix; tRPC has no public API for that). `patches/` and
// `pnpm.patchedDependencies` are checked by tooling/lint-guards/no-patches.test.ts, and these
// selectors by tooling/lint-guards/library-internals.test.ts.
// ESLint keeps only the last `no-restricted-syntax` setting that matches a file: every block that
// sets that rule must spread `noLibraryInternals` into it (and `noDeepRelativeImports`, further down).
const internals = (what) => `Libraries as shipped: ${what} (decision 021).`;
/** Selector for a module specifier (import, export from, import(), require(), `import x = require()`, `import('x')` types) matching `regex`. */
const moduleSpecifier = (regex) =>
  [
    `:matches(ImportDeclaration, ExportNamedDeclaration, ExportAllDeclaration, ImportExpression) > Literal.source[value=${regex}]`,
    `TSExternalModuleReference > Literal.expression[value=${regex}]`,
    `TSImportType > TSLiteralType > Literal[value=${regex}]`,
    `CallExpression[callee.name='require'] > Literal.arguments[value=${regex}]`,
  ].join(', ');
const noInternalImports = [
  {
    selector: moduleSpecifier('/unstable-core-do-not-import/'),
    message: internals("no import from tRPC's `unstable-core-do-not-import`; use @trpc/server's public API"),
  },
  {
    // A bare specifier (a package, not a relative path) that goes into the package's dist/ folder.
    selector: moduleSpecifier('/^[^.\\x2F][^:]*\\x2Fdist(\\x2F|$)/'),
    message: internals("no import from a package's `dist/`; import what the package exports"),
  },
  {
    // `\0` followed by a module name (`\0vite/preload-helper.js`, `\0virtual:x`): a bundler's private module.
    selector: 'Literal[value=/^\\u0000[\\w@:.\\x2F-]/], TemplateElement:first-child[value.cooked=/^\\u0000[\\w@:.\\x2F-]/]',
    message: internals('no `\\0` virtual module ids (bundler internals)'),
  },
];
const noDefReads = [
  {
    selector: "MemberExpression[property.name='_def'], MemberExpression[property.value='_def']",
    message: internals('no reads of `_def` (library internals); only apps/api/src/testing/procedures.ts may'),
  },
  {
    selector: "ObjectPattern > Property[key.name='_def'], TSQualifiedName[right.name='_def'], TSIndexedAccessType Literal[value='_def']",
    message: internals('no reads of `_def` (library internals); only apps/api/src/testing/procedures.ts may'),
  },
];
const noLibraryInternals = [...noInternalImports, ...noDefReads];
const LIBRARY_INTERNALS_EXCEPTION = 'apps/api/src/testing/procedures.ts';
// ─────────────────────────────────────────────────────────────────────────────────────────────────

// ── No climbing out of a package ────────────────────────────────────────────────────────────────
// A module specifier that climbs four folders or more (`../../../../`) reaches across the tree, in practice into
// another package's files: import that package by name through its `exports` (`@ascenso/test-services/free-port`,
// with a `workspace:*` dependency) or use the package's own subpath `imports` (`#lib/*` in apps/web). Every block
// that sets `no-restricted-syntax` spreads it, like `noLibraryInternals`; checked by
// tooling/lint-guards/deep-relative-imports.test.ts.
const noDeepRelativeImports = {
  selector: moduleSpecifier('/^(\\.\\.\\x2F){4}/'),
  message: 'No `../../../../` imports: import the workspace package by name (its `exports`) or a subpath import (`#...`) instead.',
};

// ── Form limits from the domain (docs/ARCHITECTURE.md) ──────────────────────────────────────────
// A web form's maxLength/minLength/max/min (JSX) or a maxLength/minLength/maxSelections option is the
// domain's constant or schema value (packages/domain, what the API validates with), never a literal
// number (0 excepted). Checked by tooling/lint-guards/form-limits.test.ts.
const limitLiteral = "Literal[value!=0][raw=/^[0-9]/], UnaryExpression[operator='-'] > Literal";
const noLiteralFormLimits = [
  {
    selector: `JSXAttribute[name.name=/^(maxLength|minLength|max|min|maxSelections)$/] :matches(${limitLiteral}, Literal[value=/^[0-9]+$/])`,
    message: 'Form limits come from packages/domain (the schema the API validates with), never from a literal.',
  },
  {
    selector: `Property[key.name=/^(maxLength|minLength|maxSelections)$/] > :matches(${limitLiteral})`,
    message: 'Form limits come from packages/domain (the schema the API validates with), never from a literal.',
  },
];

/** The web app's feature folders (each one a slice: see the block "Slices and cycles"). */
const webFeatures = readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

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
      'no-restricted-syntax': ['error', noExportStar, noDeepRelativeImports, ...noLibraryInternals],
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
        noDeepRelativeImports,
        ...noLibraryInternals,
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
      'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'Only apps/api/src/env.ts reads the environment.' }],
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
  {
    // Form limits from the domain (see noLiteralFormLimits above); keeps the library-internals guard.
    files: ['apps/web/src/**/*.tsx'],
    rules: { 'no-restricted-syntax': ['error', noExportStar, noDeepRelativeImports, ...noLibraryInternals, ...noLiteralFormLimits] },
  },
  // ── Slices and cycles (docs/ARCHITECTURE.md) ──────────────────────────────────────────────────
  // Web: a feature (apps/web/src/features/<name>, named after the API module it calls) imports only
  // itself, components/ and lib/; app/ composes features; features, components and lib never import
  // app/, and components/lib never import a feature. No import cycles in the web app, the API or the
  // packages (`import type` does not count). Resolution: import-x's built-in resolver (unrs), with the
  // TypeScript extensions; workspace packages resolve through their `exports` to src/*.ts.
  // Checked by tooling/lint-guards/web-slices.test.ts.
  {
    files: ['apps/web/src/**/*.{ts,tsx}', 'apps/api/src/**/*.ts', 'packages/*/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          // Absolute: the rule resolves a relative basePath against the working folder, which is not always the root.
          basePath: join(import.meta.dirname, 'apps/web/src'),
          zones: [
            ...webFeatures.map((feature) => ({
              target: `./features/${feature}`,
              from: './features',
              except: [`./${feature}`],
              message: `Feature "${feature}" imports no other feature: move what is shared to components/ (UI) or lib/, or compose the features in app/.`,
            })),
            {
              target: ['./features', './components', './lib'],
              from: './app',
              message: 'Only app/ composes: features, components and lib never import app/.',
            },
            {
              target: ['./components', './lib'],
              from: './features',
              message: 'components/ and lib/ are shared by features: they never import one.',
            },
          ],
        },
      ],
    },
  },
  {
    // Libraries as shipped: the one file allowed to read `_def` (see noLibraryInternals above).
    files: [LIBRARY_INTERNALS_EXCEPTION],
    rules: { 'no-restricted-syntax': ['error', noExportStar, noDeepRelativeImports, ...noInternalImports] },
  },
  {
    // The data layer is async (docs/decisions/025-async-repositories.md): a repository call nobody
    // awaits is a write that may be lost or a rejection nobody handles. Type-aware, so only for the
    // server-side sources that make such calls.
    files: ['apps/api/src/**/*.ts', 'packages/db/src/**/*.ts', 'bench/src/**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: false }],
      '@typescript-eslint/await-thenable': 'error',
    },
  },
  // Formatting is Prettier's (`pnpm format`; `pnpm lint` checks it): no ESLint rule argues with it.
  prettier,
);
