import { describe, expect, it } from 'vitest';
import { asyncify } from '../scripts/asyncify';

// Decision 039: the PostgreSQL repositories are the SQLite ones through scripts/asyncify.ts. These fixtures
// pin each rewrite and each refusal; src/generated.test.ts checks the real files.

const options = { source: 'src/repositories/fixture.ts', generated: new Set(['users']) };
const twin = (text: string) => asyncify(text, options).text;

const head = "import * as k from './kit';\n";

describe('asyncify (decision 039)', () => {
  it('awaits a kit executor where its value is used, and makes the method async', () => {
    const source = `${head}export function make(db: k.Exec) {\n  return {\n    id(email: string) {\n      return k.first(q(db), { email })?.id;\n    },\n  };\n}\n`;
    expect(twin(source)).toBe(
      `${head}export function make(db: k.Exec) {\n  return {\n    async id(email: string) {\n      return (await k.first(q(db), { email }))?.id;\n    },\n  };\n}\n`,
    );
  });

  it('awaits atomic and the executors inside its callback, which becomes async', () => {
    const source = `${head}export function make(db: k.Exec) {\n  const s = k.statement(db, 'fixture_s', (x) => x);\n  return {\n    reserve(n: number): number {\n      return k.atomic(db, ['a'], (tx) => k.changes(s(tx), { n }) + k.changes(tx.delete(t)));\n    },\n  };\n}\n`;
    expect(twin(source)).toBe(
      `${head}export function make(db: k.Exec) {\n  const s = k.statement(db, 'fixture_s', (x) => x);\n  return {\n    async reserve(n: number): Promise<number> {\n      return (await k.atomic(db, ['a'], async (tx) => (await k.changes(s(tx), { n })) + (await k.changes(tx.delete(t)))));\n    },\n  };\n}\n`,
    );
    expect(asyncify(source, options).statements).toEqual(['fixture_s']);
  });

  it('wraps return annotations, drops Synchronous and its import, rewrites the paths with no twin at the same place', () => {
    const source = [
      "import { eq } from 'drizzle-orm';",
      "import type { XRepository } from '../store';",
      "import type { Synchronous } from './synchronous';",
      "import { users } from '../schema/users';",
      "import { TOUCH } from './quotas';",
      "import { other } from './users';",
      head.trimEnd(),
      '',
      '/** Kept. */',
      'export function make(db: k.Exec): Synchronous<XRepository> {',
      '  // A helper that runs a statement is awaited where it is called.',
      '  function one(id: string): Row | undefined {',
      '    return k.first(db.select().from(users).where(eq(users.id, id)));',
      '  }',
      '  const many = (): Row[] => k.rows(db.select().from(users));',
      '  return {',
      '    find(id: string): Row | undefined {',
      '      return one(id) ?? many()[0];',
      '    },',
      '    touch: TOUCH + other,',
      '  };',
      '}',
      '',
    ].join('\n');
    expect(twin(source)).toBe(
      [
        "import { eq } from 'drizzle-orm';",
        "import type { XRepository } from '../../store';",
        "import { users } from '../schema/users';",
        "import { TOUCH } from '../../repositories/quotas';",
        "import { other } from './users';",
        head.trimEnd(),
        '',
        '/** Kept. */',
        'export function make(db: k.Exec): XRepository {',
        '  // A helper that runs a statement is awaited where it is called.',
        '  async function one(id: string): Promise<Row | undefined> {',
        '    return (await k.first(db.select().from(users).where(eq(users.id, id))));',
        '  }',
        '  const many = async (): Promise<Row[]> => (await k.rows(db.select().from(users)));',
        '  return {',
        '    async find(id: string): Promise<Row | undefined> {',
        '      return (await one(id)) ?? (await many())[0];',
        '    },',
        '    touch: TOUCH + other,',
        '  };',
        '}',
        '',
      ].join('\n'),
    );
  });

  it('awaits cachedRows, which reads on PostgreSQL', () => {
    const source = `${head}export function make(db: k.Exec) {\n  const all = k.statement(db, 'fixture_all', (x) => x);\n  return { list: (): readonly Row[] => k.cachedRows(db, all(db)) };\n}\n`;
    expect(twin(source)).toBe(
      `${head}export function make(db: k.Exec) {\n  const all = k.statement(db, 'fixture_all', (x) => x);\n  return { list: async (): Promise<readonly Row[]> => (await k.cachedRows(db, all(db))) };\n}\n`,
    );
  });

  it('leaves builders, statements and the other kit helpers alone', () => {
    const source = `${head}export function make(db: k.Exec) {\n  const s = k.statement(db, 'fixture_b', (x) => x.select().from(t).where(gt(t.at, k.param(t.at, 'since'))));\n  return { q: () => k.skipLocked(db.select().from(t)) };\n}\n`;
    expect(twin(source)).toBe(source);
  });

  it('refuses a reference to the outer executor inside an atomic callback, directly or through a local helper or builder', () => {
    const wrap = (before: string, inside: string) =>
      `${head}export function make(db: k.Exec) {\n${before}  return { go: () => k.atomic(db, [], (tx) => ${inside}) };\n}\n`;
    expect(() => twin(wrap('', 'k.first(db.select().from(t))'))).toThrow(
      /fixture\.ts:3: `db` inside k\.atomic's callback reaches the outer `db`: on PostgreSQL its statements would run outside the transaction/,
    );
    expect(() => twin(wrap('  const q = db.select().from(t);\n', 'k.first(q)'))).toThrow(/`q` inside k\.atomic's callback reaches the outer `db`/);
    expect(() => twin(wrap('  function count() {\n    return k.first(db.select().from(t));\n  }\n', 'count()'))).toThrow(
      /`count` inside k\.atomic's callback reaches the outer `db`/,
    );
    // Fine: a statement called with `tx`, a helper given `tx`, a builder on `tx`.
    const fine = wrap(
      "  const s = k.statement(db, 'fixture_ok', (x) => x.select().from(t));\n  const on = (x: k.Exec) => x.select().from(t);\n",
      'k.first(s(tx)) ?? k.first(on(tx)) ?? k.first(tx.select().from(t))',
    );
    expect(() => twin(fine)).not.toThrow();
    expect(() => twin(wrap("  const s = k.statement(db, 'fixture_ok', (x) => x);\n", 'k.first(s(db))'))).toThrow(/`db` inside k\.atomic's callback/);
  });

  it('refuses what would not wait on PostgreSQL, and what has no PostgreSQL counterpart', () => {
    const body = (inside: string) => `${head}export function make(db: k.Exec) {\n  return {\n    go(ids: string[]) {\n      ${inside}\n    },\n  };\n}\n`;
    expect(() => twin(body('return ids.map((id) => k.first(q(db), { id }));'))).toThrow(
      /fixture\.ts:5: a statement runs inside a callback passed to `ids\.map`: on PostgreSQL nobody would wait for it; write a `for … of` loop/,
    );
    expect(() => twin(body('const one = () => k.first(q(db));\n      return ids.filter(one);'))).toThrow(
      /`one` runs a statement and is used other than by calling it/,
    );
    expect(() => twin(body('return k.first(q(db));').replace('go(', 'async go('))).toThrow(/`await`\/`async` in a repository: the source is synchronous/);
    expect(() => twin(body("const s = k.statement(db, 'fixture_in_method', (x) => x);\n      return s;"))).toThrow(
      /statement "fixture_in_method" is made outside the repository factory's body/,
    );
    expect(() => twin(`${head}export function make(db: k.Exec) {\n  const s = k.statement(db, name, (x) => x);\n}\n`)).toThrow(
      /a statement is named by a string literal/,
    );
    expect(() => twin(`import type { Db } from '../client';\n${head}`)).toThrow(/imports "\.\.\/client", which has no PostgreSQL counterpart/);
    expect(() => twin(`import { integer } from 'drizzle-orm/sqlite-core';\n${head}`)).toThrow(/imports "drizzle-orm\/sqlite-core"/);
    expect(() => twin("import { first } from './kit';\n")).toThrow(/import the kit as a namespace/);
    expect(() => twin(`${head}const n = k.first(q);\n`)).toThrow(/a statement runs when the module loads/);
  });
});
