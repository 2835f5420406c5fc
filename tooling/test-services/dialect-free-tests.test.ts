import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { dialectFreeTests } from './dialect-free-tests';

const scratch: string[] = [];
afterEach(() => {
  for (const dir of scratch.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'ascenso-dialect-free-'));
  scratch.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

describe('dialectFreeTests', () => {
  it('leaves out only the test files that cannot reach the test dialect, following relative imports', () => {
    const root = tree({
      'src/testing/test-app.ts': 'export const createTestApp = () => 1;',
      'src/pure/a.ts': 'export const a = 1;',
      'src/pure/a.test.ts': "import { a } from './a';\nimport { it } from 'vitest';",
      'src/direct/b.test.ts': "import { createTestApp } from '../testing/test-app';",
      // Through a helper two imports away, with the .js spelling of an ESM import.
      'src/deep/helper.ts': "export { createTestApp } from '../testing/test-app.js';",
      'src/deep/fixture.ts': "export * from './helper';",
      'src/deep/c.test.ts': "import { createTestApp } from './fixture';",
      'src/switch/d.test.ts': 'const dialect = process.env.ASCENSO_TEST_DIALECT;',
      // An import that cannot be followed is kept in (a mistake may only cost time).
      'src/unknown/e.test.ts': "import { x } from './generated/missing';",
      'examples/f.test.ts': "import { describe } from 'vitest';",
    });
    expect(dialectFreeTests(root)).toEqual(['examples/f.test.ts', 'src/pure/a.test.ts']);
  });

  it('keeps the real API suites that use createTestApp on both dialects', () => {
    const free = dialectFreeTests(join(import.meta.dirname, '../../apps/api'));
    expect(free).toContain('src/realtime/message-rate.test.ts');
    expect(free).not.toContain('src/modules/coaching/safety.test.ts');
    expect(free).not.toContain('src/abuse/ws-flood.abuse.test.ts');
  });
});
