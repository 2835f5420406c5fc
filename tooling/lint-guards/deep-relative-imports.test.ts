import { describe, expect, it } from 'vitest';
import { guardEslint, root } from './guard-eslint';

// eslint.config.js ("No climbing out of a package"): a module specifier that starts with `../../../../` is
// reported everywhere; a package is imported by name (its `exports`) or through its own subpath `imports`.

const eslint = guardEslint();
const PREFIX = 'No `../../../../` imports';

async function deepReported(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}/${filePath}` });
  if (!result) throw new Error(`no lint result for ${filePath}`);
  expect(result.messages.filter((m) => m.fatal)).toEqual([]);
  return result.messages.filter((m) => m.ruleId === 'no-restricted-syntax' && m.message.startsWith(PREFIX)).map((m) => m.message);
}

const DEEP: Array<[string, string]> = [
  ['an import', "import { freePort } from '../../../../tooling/test-services/free-port.ts';\nexport const f = freePort;"],
  ['a type import', "import type { FakeOpenAIServer } from '../../../../packages/ai/src/testing/fake-openai-server';\nexport type F = FakeOpenAIServer;"],
  ['a re-export', "export { toneWav } from '../../../../tooling/test-services/wav.ts';"],
  ['a dynamic import', "export const load = () => import('../../../../tooling/test-services/redis.ts');"],
  ['five levels up', "import { freePort } from '../../../../../tooling/test-services/free-port.ts';\nexport const f = freePort;"],
];

// One file from each block of eslint.config.js that sets no-restricted-syntax, and from the parts that only the
// base block covers (end-to-end tests, the benchmarks, the guards themselves).
const PLACES = [
  'apps/api/src/app.ts',
  'apps/api/src/testing/procedures.ts',
  'apps/web/src/features/profile/profile-page.tsx',
  'apps/web/src/lib/trpc.ts',
  'apps/web/e2e/scale/cluster.ts',
  'packages/domain/src/activities.ts',
  'packages/db/src/client.ts',
  'bench/src/http.ts',
  'tooling/lint-guards/example.test.ts',
];

describe('no ../../../../ imports', () => {
  it.each(PLACES.flatMap((place) => DEEP.map(([what, code]) => [what, place, code] as const)))('%s in %s is reported', async (_what, place, code) => {
    expect(await deepReported(code, place)).toHaveLength(1);
  });

  it.each([
    ['three levels up', "import { x } from '../../../lib/trpc';\nexport const y = x;"],
    ['a workspace package', "import { freePort } from '@ascenso/test-services/free-port';\nexport const f = freePort;"],
    ['a subpath import', "import { x } from '#lib/trpc';\nexport const y = x;"],
  ])('%s is allowed', async (_what, code) => {
    expect(await deepReported(code, 'apps/web/e2e/scale/cluster.ts')).toEqual([]);
  });
});
