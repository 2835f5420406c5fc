import { describe, expect, it } from 'vitest';
import { guardEslint, root } from './guard-eslint';

// Slices that show the architecture (docs/ARCHITECTURE.md): eslint.config.js ("Slices and cycles") forbids a web
// feature importing another feature (relative paths of any depth), features/components/lib importing
// app/, components/lib importing a feature, and import cycles in the web app, the API and the packages.

const eslint = guardEslint();

async function reported(code: string, filePath: string, rule: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}/${filePath}` });
  if (!result) throw new Error(`no lint result for ${filePath}`);
  expect(result.messages.filter((m) => m.fatal)).toEqual([]);
  return result.messages.filter((m) => m.ruleId === rule).map((m) => m.message);
}

const importing = (spec: string) => `import * as other from '${spec}';\nexport const used = other;\n`;
const BOUNDARY = 'import-x/no-restricted-paths';
const CYCLE = 'import-x/no-cycle';
// The first lint of a file that reaches app/routes.tsx parses the whole web app (no-cycle follows it).
const SLOW = 60_000;

describe('web feature boundaries', () => {
  it.each([
    ['coaching → journaling', 'apps/web/src/features/coaching/components/probe.tsx', '../../journaling/api/journal-queries', 1],
    [
      'practice/breathing → meditations (three levels up)',
      'apps/web/src/features/practice/breathing/components/probe.tsx',
      '../../../meditations/api/meditation-queries',
      1,
    ],
    ['a feature → app/', 'apps/web/src/features/coaching/components/probe.tsx', '../../../app/routes', 1],
    ['lib → app/', 'apps/web/src/lib/probe.ts', '../app/routes', 1],
    ['components → a feature', 'apps/web/src/components/ui/probe.tsx', '../../features/coaching/api/coaching-api', 1],
    ['lib → a feature', 'apps/web/src/lib/probe.ts', '../features/daily-plan/hooks/use-daily-plan', 1],
    ['a feature → itself', 'apps/web/src/features/practice/breathing/components/probe.tsx', '../../api/practice-queries', 0],
    ['a feature → components/', 'apps/web/src/features/coaching/components/probe.tsx', '../../../components/ui/page-frame', 0],
    ['a feature → lib/', 'apps/web/src/features/coaching/components/probe.tsx', '../../../lib/trpc', 0],
    ['app/ → a feature', 'apps/web/src/app/probe.tsx', '../features/coaching/components/coaching-hub-page', 0],
  ])(
    '%s: reported %i time(s)',
    async (_name, file, spec, reports) => {
      expect(await reported(importing(spec), file, BOUNDARY)).toHaveLength(reports);
    },
    SLOW,
  );

  it('names the feature and where shared code goes', async () => {
    const [message] = await reported(importing('../../journaling/api/journal-queries'), 'apps/web/src/features/coaching/components/probe.tsx', BOUNDARY);
    expect(message).toContain('Feature "coaching" imports no other feature');
    expect(message).toContain('components/');
  });
});

describe('import cycles', () => {
  it.each([
    [
      'the web app (lib/format-time ↔ the guided player that imports it)',
      'apps/web/src/lib/format-time.ts',
      "import '../components/practice/guided-player';\nexport const clockTime = (s: number) => String(s);\n",
    ],
    [
      'the API (config-error ↔ env, which imports it)',
      'apps/api/src/config-error.ts',
      "import { loadConfig } from './env';\nexport const load = loadConfig;\nexport class ConfigError extends Error {}\n",
    ],
  ])('reports a cycle in %s', async (_where, file, source) => {
    expect(await reported(source, file, CYCLE)).toHaveLength(1);
  });

  it('ignores `import type` (types are erased: no cycle at run time)', async () => {
    const messages = await reported("import type { ConfigError } from './env';\nexport type E = ConfigError;\n", 'apps/api/src/config-error.ts', CYCLE);
    expect(messages).toEqual([]);
  });
});
