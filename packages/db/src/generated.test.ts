import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkPg, GENERATED_MARK, PACKAGE_ROOT, refuseDuplicateStatements, repositoryTwinText, staleFiles, twinText } from '../scripts/gen-pg';

// Decision 039: src/pg/schema.ts, src/pg/schema/*.ts and the generated repositories in src/pg/repositories/
// come from the SQLite source through scripts/gen-pg.ts; they are not committed, and are written on install
// and before typecheck, lint, build and the tests. This runs the generator in memory and compares every byte
// with the files on disk. The asyncify transform itself is pinned by src/asyncify.test.ts.

const sources = ['src/schema.ts', 'src/schema/users.ts', 'src/schema/events.ts'];

describe('the generated PostgreSQL twin (decision 039)', () => {
  // The generator parses and formats every file with prettier: seconds of CPU that grow with each generated
  // repository, more than vitest's 5 s default on a loaded 2-core machine.
  it('is what src/schema.ts, src/schema/*.ts and the generated repositories generate', { timeout: 60_000 }, async () => {
    const problems = await checkPg();
    expect(problems, `stale: run pnpm db:generate\n${problems.join('\n')}`).toEqual([]);
  });

  it('the comparison sees a one-byte change, a missing file, a generated file whose source is gone and a hand-written one', () => {
    const expected = [{ path: 'src/pg/schema/users.ts', text: `${GENERATED_MARK}src/schema/users.ts\nexport const a = 1;\n` }];
    expect(staleFiles(expected, expected)).toEqual([]);
    expect(staleFiles(expected, [{ ...expected[0]!, text: expected[0]!.text.replace('1', '2') }])).toEqual([
      'src/pg/schema/users.ts: not what its source generates',
    ]);
    expect(staleFiles(expected, [])).toEqual(['src/pg/schema/users.ts: missing']);
    const orphan = { path: 'src/pg/schema/old.ts', text: `${GENERATED_MARK}src/schema/old.ts\n` };
    const kit = { path: 'src/pg/schema/kit.ts', text: 'export const at = 1;\n' };
    expect(staleFiles(expected, [...expected, orphan, kit])).toEqual(['src/pg/schema/old.ts: generated, but its source is gone']);
    // git ignores everything in the generated folders but the kits: a hand-written file there would never be committed.
    const stray = { path: 'src/pg/repositories/extra.ts', text: 'export const b = 2;\n' };
    expect(staleFiles(expected, [...expected, stray, { ...kit, path: 'src/pg/repositories/kit.ts' }])).toEqual([
      'src/pg/repositories/extra.ts: written by hand in a generated folder, which git ignores: move it out of src/pg/schema/ and src/pg/repositories/ (decision 039)',
    ]);
  });

  it('copies the text under its header', () => {
    const text = "import { table, text } from './kit';\nimport { users } from './users';\n";
    expect(twinText('src/schema/events.ts', text, sources)).toBe(
      `// @generated from src/schema/events.ts — edit that file, then run pnpm db:generate\n${text}`,
    );
  });

  it('refuses what the copy would get wrong', () => {
    expect(() => twinText('src/schema/events.ts', "import { integer } from 'drizzle-orm/sqlite-core';\n", sources)).toThrow(
      /imports "drizzle-orm\/sqlite-core": take the columns from \.\/kit/,
    );
    expect(() => twinText('src/schema/events.ts', "import { bigint } from 'drizzle-orm/pg-core';\n", sources)).toThrow(/imports "drizzle-orm\/pg-core"/);
    expect(() => twinText('src/schema/events.ts', "import { Clock } from '../clock';\n", sources)).toThrow(
      /imports "\.\.\/clock", which has no PostgreSQL twin/,
    );
    expect(() => twinText('src/schema/events.ts', "export { x } from './nowhere';\n", sources)).toThrow(/imports "\.\/nowhere"/);
    expect(() => twinText('src/schema/events.ts', '/** Stored as SQLite integer milliseconds. */\n', sources)).toThrow(/line 1 names a dialect \("SQLite"\)/);
    expect(() => twinText('src/schema.ts', "import { users } from './schema/users';\n", sources)).not.toThrow();
  });

  it('a repository twin is the asyncified text under its header; shared text names no dialect', () => {
    const text = "import * as k from './kit';\nexport function make(db: k.Exec) {\n  return { n: () => k.changes(db.delete(t)) };\n}\n";
    expect(repositoryTwinText('src/repositories/x.ts', text, new Set(['x']))).toEqual({
      text: `${GENERATED_MARK}src/repositories/x.ts — edit that file, then run pnpm db:generate\n${text.replace('() => k', 'async () => (await k').replace('(t))', '(t)))')}`,
      statements: [],
    });
    expect(() => repositoryTwinText('src/repositories/x.ts', `// One IMMEDIATE transaction on SQLite.\n${text}`, new Set(['x']))).toThrow(
      /src\/repositories\/x\.ts: line 1 names a dialect \("SQLite"\)/,
    );
  });

  it('refuses one prepared statement name used twice, in one repository or in two', () => {
    expect(() => refuseDuplicateStatements([{ source: 'src/repositories/a.ts', names: ['a_by_id', 'a_list'] }])).not.toThrow();
    expect(() => refuseDuplicateStatements([{ source: 'src/repositories/a.ts', names: ['a_by_id', 'a_by_id'] }])).toThrow(
      'statement name "a_by_id" is used twice (src/repositories/a.ts and src/repositories/a.ts)',
    );
    expect(() =>
      refuseDuplicateStatements([
        { source: 'src/repositories/a.ts', names: ['by_id'] },
        { source: 'src/repositories/b.ts', names: ['by_id'] },
      ]),
    ).toThrow(/statement name "by_id" is used twice \(src\/repositories\/a\.ts and src\/repositories\/b\.ts\): node-postgres prepares one SQL text per name/);
  });

  // Decision 039's target: what is written for PostgreSQL alone (src/pg without the generated files and the
  // tests: the client, the store, the copy, the kits, the test cluster) stays under 700 lines; a table or a query
  // is written once, in the SQLite source.
  it('leaves under 700 hand-written lines for PostgreSQL alone', () => {
    const pg = join(PACKAGE_ROOT, 'src/pg');
    const files = readdirSync(pg, { recursive: true, encoding: 'utf8' })
      .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
      .map((name) => readFileSync(join(pg, name), 'utf8'))
      .filter((text) => !text.startsWith(GENERATED_MARK));
    const lines = files.reduce((sum, text) => sum + text.split('\n').length - (text.endsWith('\n') ? 1 : 0), 0);
    expect(files.length, relative(PACKAGE_ROOT, pg)).toBeGreaterThan(0);
    expect(lines).toBeLessThan(700);
  });
});
