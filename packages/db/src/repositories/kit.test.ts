import { POSTGRES_SKIP_REASON, withPostgres } from '@ascenso/test-services/postgres';
import { asc, eq, gt, sql } from 'drizzle-orm';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { createTestDb } from '../client';
import * as pgKit from '../pg/repositories/kit';
import { shares as pgShares } from '../pg/schema/shares';
import { users as pgUsers } from '../pg/schema/users';
import { createPgTestDb } from '../pg/test-db';
import { shares } from '../schema/shares';
import { users, type UserRow } from '../schema/users';
import * as sqliteKit from './kit';

// The two query kits (decision 039) run the same small scenario, each on its own executor: SQLite's one
// connection, synchronously, and PostgreSQL's pool, asynchronously. What a repository written on the kit
// relies on: the executors' results, prepared statements (per executor on PostgreSQL), encoded
// placeholders, `atomic` committing or rolling back as one, and the dialect hooks.

const user = (id: string, createdAt: Date) => ({ id, email: `${id}@ejemplo.es`, passwordHash: 'h', firstName: 'Ana', createdAt });
const share = (id: string, userId: string) => {
  const at = new Date('2026-11-30T10:00:00Z');
  return { id, userId, tokenHash: `hash-${id}`, include: [], journalEntryIds: [], days: 7, createdAt: at, expiresAt: at };
};

/** The scenario's operations, written once per kit; every result comes back as a promise. */
type Harness = {
  insertUser(id: string, createdAt: Date): Promise<void>;
  findById(id: string): Promise<UserRow | undefined>;
  /** The same prepared statement object when asked twice on one executor. */
  preparedOnce(): Promise<boolean>;
  ids(): Promise<string[]>;
  /** Ids of users created after `since`, through `param` (a Date placeholder). */
  createdAfter(since: Date): Promise<string[]>;
  deleteUser(id: string): Promise<number>;
  /** Inserts a user inside `atomic` with a prepared statement on `tx`, then throws when `fail`. */
  atomicInsert(id: string, fail: boolean): Promise<number>;
  greatest(a: number, b: number): Promise<number>;
  skipLockedIds(): Promise<string[]>;
  insertShare(id: string, userId: string): Promise<void>;
  revokeOwn(userId: string, id: string): Promise<number>;
  close(): Promise<void>;
};

function sqliteHarness(): Harness {
  const k = sqliteKit;
  const handle = createTestDb();
  const db = handle.db;
  const byId = k.statement(db, 'kit_test_by_id', (x) =>
    x
      .select()
      .from(users)
      .where(eq(users.id, sql.placeholder('id'))),
  );
  const insert = k.statement(db, 'kit_test_insert', (x) =>
    x.insert(users).values({ id: sql.placeholder('id'), email: sql.placeholder('email'), passwordHash: 'h', firstName: 'Ana' }),
  );
  return {
    insertUser: async (id, createdAt) => k.run(db.insert(users).values(user(id, createdAt))),
    findById: async (id) => k.first(byId(db), { id }),
    preparedOnce: async () => byId(db) === byId(db),
    ids: async () => k.rows(db.select({ id: users.id }).from(users).orderBy(asc(users.id))).map((row) => row.id),
    createdAfter: async (since) =>
      k
        .rows(
          db
            .select({ id: users.id })
            .from(users)
            .where(gt(users.createdAt, k.param(users.createdAt, 'since')))
            .orderBy(asc(users.id)),
          { since },
        )
        .map((row) => row.id),
    deleteUser: async (id) => k.changes(db.delete(users).where(eq(users.id, id))),
    atomicInsert: async (id, fail) =>
      k.atomic(db, [`kit:${id}`], (tx) => {
        const n = k.changes(insert(tx), { id, email: `${id}@ejemplo.es` });
        if (fail) throw new Error('rolled back');
        return n;
      }),
    greatest: async (a, b) =>
      k.first(
        db
          .select({ m: k.greatest(sql`${a}`, b).mapWith(Number) })
          .from(users)
          .limit(1),
      )?.m ?? -1,
    skipLockedIds: async () =>
      k
        .rows(
          db
            .select({ id: users.id })
            .from(users)
            .where(eq(users.id, k.skipLocked(db.select({ id: users.id }).from(users).orderBy(asc(users.id)).limit(1)))),
        )
        .map((row) => row.id),
    insertShare: async (id, userId) => k.run(db.insert(shares).values(share(id, userId))),
    revokeOwn: async (userId, id) =>
      k.changes(
        db
          .update(shares)
          .set({ revokedAt: new Date() })
          .where(k.ownRow(shares, userId, id)),
      ),
    close: async () => handle.close(),
  };
}

async function pgHarness(): Promise<Harness> {
  const k = pgKit;
  const handle = await createPgTestDb({ sharedUrl: inject('ascensoPostgresUrl') });
  const db = handle.db;
  const users = pgUsers;
  const shares = pgShares;
  const byId = k.statement(db, 'kit_test_by_id', (x) =>
    x
      .select()
      .from(users)
      .where(eq(users.id, sql.placeholder('id'))),
  );
  const insert = k.statement(db, 'kit_test_insert', (x) =>
    x.insert(users).values({ id: sql.placeholder('id'), email: sql.placeholder('email'), passwordHash: 'h', firstName: 'Ana' }),
  );
  return {
    insertUser: (id, createdAt) => k.run(db.insert(users).values(user(id, createdAt))),
    findById: (id) => k.first(byId(db), { id }),
    preparedOnce: async () => byId(db) === byId(db),
    ids: async () => (await k.rows(db.select({ id: users.id }).from(users).orderBy(asc(users.id)))).map((row) => row.id),
    createdAfter: async (since) =>
      (
        await k.rows(
          db
            .select({ id: users.id })
            .from(users)
            .where(gt(users.createdAt, k.param(users.createdAt, 'since')))
            .orderBy(asc(users.id)),
          { since },
        )
      ).map((row) => row.id),
    deleteUser: (id) => k.changes(db.delete(users).where(eq(users.id, id))),
    atomicInsert: (id, fail) =>
      k.atomic(db, [`kit:${id}`], async (tx) => {
        expect(insert(tx)).not.toBe(insert(db));
        const n = await k.changes(insert(tx), { id, email: `${id}@ejemplo.es` });
        if (fail) throw new Error('rolled back');
        return n;
      }),
    greatest: async (a, b) =>
      (
        await k.first(
          db
            .select({ m: k.greatest(sql`${a}::int`, b).mapWith(Number) })
            .from(users)
            .limit(1),
        )
      )?.m ?? -1,
    skipLockedIds: async () =>
      (
        await k.rows(
          db
            .select({ id: users.id })
            .from(users)
            .where(eq(users.id, k.skipLocked(db.select({ id: users.id }).from(users).orderBy(asc(users.id)).limit(1)))),
        )
      ).map((row) => row.id),
    insertShare: (id, userId) => k.run(db.insert(shares).values(share(id, userId))),
    revokeOwn: (userId, id) =>
      k.changes(
        db
          .update(shares)
          .set({ revokedAt: new Date() })
          .where(k.ownRow(shares, userId, id)),
      ),
    close: () => handle.close(),
  };
}

const KITS = [
  { dialect: 'sqlite', skip: null, open: async () => sqliteHarness() },
  { dialect: 'postgres', skip: POSTGRES_SKIP_REASON, open: pgHarness },
] as const;

describe.each(KITS)('the query kit on $dialect', ({ dialect, skip, open }) => {
  const title = dialect === 'postgres' ? withPostgres('executor') : 'executor';
  let opened: Harness | undefined;
  afterEach(async () => {
    await opened?.close();
    opened = undefined;
  });
  const start = async () => (opened = await open());

  describe.skipIf(skip)(title, () => {
    it('runs builders and prepared statements: rows, first, changes, run; one prepared statement per executor', async () => {
      const h = await start();
      const early = new Date('2026-11-01T10:00:00.123Z');
      await h.insertUser('b', early);
      await h.insertUser('a', new Date('2026-11-02T10:00:00Z'));
      expect(await h.ids()).toEqual(['a', 'b']);
      expect(await h.findById('b')).toMatchObject({ id: 'b', createdAt: early, emailVerifiedAt: null });
      expect(await h.findById('nobody')).toBeUndefined();
      expect(await h.preparedOnce()).toBe(true);
      expect(await h.deleteUser('a')).toBe(1);
      expect(await h.deleteUser('a')).toBe(0);
    });

    it('param encodes a Date placeholder through its column', async () => {
      const h = await start();
      await h.insertUser('old', new Date('2026-11-01T10:00:00Z'));
      await h.insertUser('new', new Date('2026-11-01T10:00:00.002Z'));
      expect(await h.createdAfter(new Date('2026-11-01T10:00:00.001Z'))).toEqual(['new']);
    });

    it('atomic commits as one, and rolls back as one when its callback throws', async () => {
      const h = await start();
      expect(await h.atomicInsert('kept', false)).toBe(1);
      await expect(h.atomicInsert('gone', true)).rejects.toThrow('rolled back');
      expect(await h.ids()).toEqual(['kept']);
    });

    it('greatest, skipLocked and ownRow', async () => {
      const h = await start();
      await h.insertUser('a', new Date());
      await h.insertUser('b', new Date());
      expect(await h.greatest(3, 5)).toBe(5);
      expect(await h.greatest(7, 5)).toBe(7);
      expect(await h.skipLockedIds()).toEqual(['a']);
      await h.insertShare('s1', 'a');
      expect(await h.revokeOwn('b', 's1')).toBe(0);
      expect(await h.revokeOwn('a', 's1')).toBe(1);
    });

    it('json keeps SQL NULL for a missing value', () => {
      const k = dialect === 'sqlite' ? sqliteKit : pgKit;
      expect(k.json(null)).toBeNull();
      expect(k.json(undefined)).toBeNull();
      expect(k.json({ a: [1] })).toBe('{"a":[1]}');
    });
  });
});

// --- the PostgreSQL kit's transactions (decision 039's addendum on bench (g)) ---

describe.skipIf(POSTGRES_SKIP_REASON)(withPostgres("the PostgreSQL kit's transaction"), () => {
  it('hands every transaction on a connection the same executor, so a statement is prepared once there; a savepoint inside rolls back alone', async () => {
    const k = pgKit;
    const handle = await createPgTestDb({ sharedUrl: inject('ascensoPostgresUrl'), max: 1 });
    try {
      const db = handle.db;
      const insert = k.statement(db, 'kit_test_tx_insert', (x) =>
        x.insert(pgUsers).values({ id: sql.placeholder('id'), email: sql.placeholder('email'), passwordHash: 'h', firstName: 'Ana' }),
      );
      const seen: Array<[pgKit.Exec, unknown]> = [];
      // A key that needs escaping goes into the one round trip that opens the transaction.
      for (const id of ['a', 'b'])
        await k.atomic(db, [`kit:${id}`, "kit:it's"], async (tx) => {
          seen.push([tx, insert(tx)]);
          await k.run(insert(tx), { id, email: `${id}@ejemplo.es` });
        });
      expect(seen[0]?.[0]).toBe(seen[1]?.[0]);
      expect(seen[0]?.[1]).toBe(seen[1]?.[1]);
      expect(seen[0]?.[0]).not.toBe(db);

      const outcome = await k.atomic(db, ['kit:outer'], async (tx) => {
        await k.run(insert(tx), { id: 'kept', email: 'kept@ejemplo.es' });
        const inner = await k
          .atomic(tx, ['kit:inner'], async (savepoint) => {
            expect(savepoint).toBe(tx);
            await k.run(insert(savepoint), { id: 'gone', email: 'gone@ejemplo.es' });
            throw new Error('inner rolled back');
          })
          .catch((error: Error) => error.message);
        await k.run(insert(tx), { id: 'after', email: 'after@ejemplo.es' });
        return inner;
      });
      expect(outcome).toBe('inner rolled back');
      const ids = await k.rows(db.select({ id: pgUsers.id }).from(pgUsers).orderBy(asc(pgUsers.id)));
      expect(ids.map((row) => row.id)).toEqual(['a', 'after', 'b', 'kept']);
      await expect(k.atomic(db, [], async () => Promise.reject(new Error('own error')))).rejects.toThrow('own error');
      expect(
        await k.first(
          db
            .select({ n: sql<number>`1`.mapWith(Number) })
            .from(pgUsers)
            .limit(1),
        ),
      ).toEqual({ n: 1 });
    } finally {
      await handle.close();
    }
  });
});

// --- cachedRows (decision 039, step 9: the steps repository's catalogue) ---

/** `cachedRows` over a statement reading every user: insert, read, and whether a read hands out the last read's array. */
type CacheHarness = {
  insertUser(id: string): Promise<void>;
  renameUser(id: string, firstName: string): Promise<void>;
  deleteUser(id: string): Promise<void>;
  read(stamp?: string): Promise<ReadonlyArray<{ id: string; firstName: string }>>;
  /** The table's `tableStamp`, read in a statement of its own. */
  stamp(): Promise<string>;
  close(): Promise<void>;
};

function sqliteCache(): CacheHarness {
  const k = sqliteKit;
  const handle = createTestDb();
  const db = handle.db;
  const all = k.statement(db, 'kit_test_all', (x) => x.select({ id: users.id, firstName: users.firstName }).from(users).orderBy(asc(users.id)));
  return {
    insertUser: async (id) => k.run(db.insert(users).values(user(id, new Date()))),
    renameUser: async (id, firstName) => k.run(db.update(users).set({ firstName }).where(eq(users.id, id))),
    deleteUser: async (id) => k.run(db.delete(users).where(eq(users.id, id))),
    read: async (stamp) => k.cachedRows(db, all(db), stamp),
    stamp: async () => db.get<{ stamp: string }>(sql`select ${k.tableStamp(users)} as stamp`).stamp,
    close: async () => handle.close(),
  };
}

async function pgCache(): Promise<CacheHarness> {
  const k = pgKit;
  const handle = await createPgTestDb({ sharedUrl: inject('ascensoPostgresUrl') });
  const db = handle.db;
  const all = k.statement(db, 'kit_test_all', (x) => x.select({ id: pgUsers.id, firstName: pgUsers.firstName }).from(pgUsers).orderBy(asc(pgUsers.id)));
  return {
    insertUser: (id) => k.run(db.insert(pgUsers).values(user(id, new Date()))),
    renameUser: (id, firstName) => k.run(db.update(pgUsers).set({ firstName }).where(eq(pgUsers.id, id))),
    deleteUser: (id) => k.run(db.delete(pgUsers).where(eq(pgUsers.id, id))),
    read: (stamp) => k.cachedRows(db, all(db), stamp),
    stamp: async () => (await db.execute<{ stamp: string }>(sql`select ${k.tableStamp(pgUsers)} as stamp`)).rows[0]?.stamp ?? '',
    close: () => handle.close(),
  };
}

describe.each([
  { dialect: 'sqlite', skip: null, open: async () => sqliteCache() },
  { dialect: 'postgres', skip: POSTGRES_SKIP_REASON, open: pgCache },
] as const)('cachedRows on $dialect', ({ dialect, skip, open }) => {
  describe.skipIf(skip)(dialect === 'postgres' ? withPostgres('executor') : 'executor', () => {
    it('reads every row, frozen; SQLite shares one copy until the database changes, PostgreSQL reads each time', async () => {
      const h = await open();
      try {
        await h.insertUser('b');
        await h.insertUser('a');
        const first = await h.read();
        expect(first.map((row) => row.id)).toEqual(['a', 'b']);
        expect(Object.isFrozen(first) && first.every((row) => Object.isFrozen(row))).toBe(true);
        expect((await h.read()) === first).toBe(dialect === 'sqlite');
        await h.insertUser('c');
        expect((await h.read()).map((row) => row.id)).toEqual(['a', 'b', 'c']);
      } finally {
        await h.close();
      }
    });

    it('with a table stamp, hands out the last copy while the stamp is the same, and reads again after an insert, an update or a delete', async () => {
      const h = await open();
      try {
        await h.insertUser('a');
        const stamp = await h.stamp();
        const first = await h.read(stamp);
        expect(first.map((row) => row.id)).toEqual(['a']);
        expect(Object.isFrozen(first) && first.every((row) => Object.isFrozen(row))).toBe(true);
        expect((await h.read(await h.stamp())) === first).toBe(true);
        await h.insertUser('b');
        expect((await h.read(await h.stamp())).map((row) => row.id)).toEqual(['a', 'b']);
        await h.renameUser('a', 'Eva');
        expect((await h.read(await h.stamp())).map((row) => row.firstName)).toEqual(['Eva', 'Ana']);
        await h.deleteUser('b');
        const left = await h.read(await h.stamp());
        expect(left.map((row) => row.id)).toEqual(['a']);
        expect((await h.read(await h.stamp())) === left).toBe(true);
        // Without a stamp PostgreSQL reads again; SQLite keeps following the database's change stamp.
        expect((await h.read()) === left).toBe(dialect === 'sqlite');
      } finally {
        await h.close();
      }
    });
  });
});
