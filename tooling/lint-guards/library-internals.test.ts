import { describe, expect, it } from 'vitest';
import { guardEslint, root } from './guard-eslint';

// Decision 021: the lint rule in eslint.config.js ("Libraries as shipped") reports every way back into a
// dependency's private internals, in every part of the repository, except the one test-support file.

const eslint = guardEslint();
const PREFIX = 'Libraries as shipped:';

async function internalsReported(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}/${filePath}` });
  if (!result) throw new Error(`no lint result for ${filePath}`);
  const fatal = result.messages.filter((m) => m.fatal);
  expect(fatal).toEqual([]);
  return result.messages.filter((m) => m.ruleId === 'no-restricted-syntax' && m.message.startsWith(PREFIX)).map((m) => m.message);
}

const BANNED: Array<[string, string, RegExp]> = [
  [
    'an import from unstable-core-do-not-import',
    "import { getErrorShape } from '@trpc/server/unstable-core-do-not-import';\nexport const x = getErrorShape;",
    /unstable-core-do-not-import/,
  ],
  [
    'a dynamic import from unstable-core-do-not-import',
    "export const load = () => import('@trpc/server/unstable-core-do-not-import');",
    /unstable-core-do-not-import/,
  ],
  ["a re-export from a package's dist/", "export { Button } from '@chakra-ui/react/dist/esm/components/button/button.js';", /dist\//],
  ["an import from a package's dist/", "import x from 'some-lib/dist/internal.js';\nexport default x;", /dist\//],
  ['a CommonJS require of a package dist file', "export const m: unknown = require('vite/dist/node/index.js');", /dist\//],
  ['a require of a package dist file', "import m = require('vite/dist/node/index.js');\nexport = m;", /dist\//],
  ['a \\0 virtual module import', "import helper from '\\0vite/preload-helper.js';\nexport default helper;", /virtual/],
  ['a \\0 virtual module id', "export const PRELOAD_HELPER_ID = '\\0vite/preload-helper.js';", /virtual/],
  ['a \\0 virtual module id in a template', 'export const id = (name: string) => `\\0virtual:${name}`;', /virtual/],
  ['a \\u0000 virtual module id', "export const ID = '\\u0000virtual:ascenso';", /virtual/],
  ['a read of ._def', 'declare const router: { _def: unknown };\nexport const d = router._def;', /_def/],
  ["a read of ['_def']", "declare const router: { _def: unknown };\nexport const d = router['_def'];", /_def/],
  ['an optional read of ?._def', 'declare const r: { _def: unknown } | undefined;\nexport const d = r?._def;', /_def/],
  ['a destructured _def', 'declare const router: { _def: unknown };\nexport const { _def } = router;', /_def/],
  ['a _def type query', 'declare const router: { _def: unknown };\nexport type D = typeof router._def;', /_def/],
  ['a _def indexed type', "export type D = { _def: { type: string } }['_def'];", /_def/],
];

// Production code and tests of every workspace, scripts and build config (a block that sets
// no-restricted-syntax again would drop the guard for its files: this catches it).
const PLACES = [
  'apps/api/src/app.ts',
  'apps/api/src/security/authorization.test.ts',
  'apps/api/src/testing/test-app.ts',
  'apps/web/src/app/main.tsx',
  'apps/web/src/features/profile/profile-page.tsx',
  'apps/web/vite.config.ts',
  'apps/web/e2e/helpers.ts',
  'packages/domain/src/activities.ts',
  'packages/db/src/client.ts',
  'packages/ai/src/provider.ts',
  'bench/src/http.ts',
  'tooling/lint-guards/example.test.ts',
];

describe('the "libraries as shipped" lint rule', () => {
  it.each(BANNED)('reports %s, everywhere', async (_name, code, about) => {
    for (const place of PLACES) {
      const messages = await internalsReported(code, place);
      expect([place, messages.length > 0]).toEqual([place, true]);
      expect(messages.every((m) => about.test(m))).toBe(true);
    }
  });

  it('reports plain JavaScript files too', async () => {
    expect(await internalsReported("export const id = '\\0vite/preload-helper.js';", 'apps/web/e2e/start-server.mjs')).toHaveLength(1);
    expect(await internalsReported("import x from '@trpc/server/unstable-core-do-not-import';\nexport default x;", 'eslint.config.js')).toHaveLength(1);
  });

  it('lets apps/api/src/testing/procedures.ts read _def, and only _def', async () => {
    const file = 'apps/api/src/testing/procedures.ts';
    expect(await internalsReported('declare const router: { _def: unknown };\nexport const d = router._def;', file)).toEqual([]);
    expect(await internalsReported("import x from '@trpc/server/unstable-core-do-not-import';\nexport default x;", file)).toHaveLength(1);
    expect(
      await internalsReported('declare const router: { _def: unknown };\nexport const d = router._def;', 'apps/api/src/testing/two-processes.ts'),
    ).toHaveLength(1);
  });

  it('leaves ordinary code alone', async () => {
    const ordinary = [
      "import { fetchRequestHandler } from '@trpc/server/adapters/fetch';\nexport const h = fetchRequestHandler;",
      "import { initTRPC } from '@trpc/server';\nexport const t = initTRPC;",
      "export const entry = 'apps/api/dist/main.js';",
      "export const load = () => import('./dist-notes.js');",
      "export const NUL = '\\u0000';",
      'export const channel = (a: string, b: string) => `${a}\\u0000${b}`;',
      'export const key = (n: number) => `\\u0000${n}`;',
      'declare const x: { def: number };\nexport const d = x.def;',
    ];
    for (const code of ordinary) expect([code, await internalsReported(code, 'apps/api/src/app.ts')]).toEqual([code, []]);
  });
});
