import { withPostgres } from '@ascenso/test-services/postgres';
import { afterEach, describe, expect, it } from 'vitest';
import { isBusy, isUniqueViolation, StoreMisuseError, type Store } from './store';
import { openTestStore, STORE_DIALECTS, type StoreDialect } from './test-stores';

// The Store contract (decision 025), on both dialects. SQLite-only mechanics (the gate, pragmas) are in
// sqlite-store.test.ts, PostgreSQL-only ones (advisory locks across pools) in pg/pg-store.test.ts.

const user = (id: string) => ({ id, email: `${id}@ejemplo.es`, passwordHash: 'h', firstName: 'Ana' });
/** Lets every queued microtask and immediate run (a request arriving while a transaction awaits). */
const tick = () => new Promise((resolve) => setImmediate(resolve));

const opened: Store[] = [];
afterEach(async () => {
  for (const store of opened.splice(0)) await store.close();
});

describe.each(STORE_DIALECTS)('Store contract on $dialect', ({ dialect, skip }) => {
  const title = dialect === 'postgres' ? withPostgres('transactions') : 'transactions';
  async function open(d: StoreDialect = dialect) {
    const store = await openTestStore(d);
    opened.push(store);
    return store;
  }

  describe.skipIf(skip)(title, () => {
    it('says its dialect', async () => {
      expect((await open()).dialect).toBe(dialect);
    });

    it('commits when the callback resolves and rolls every write back when it rejects', async () => {
      const store = await open();
      await store.transaction(async (tx) => {
        await tx.users.insert(user('u1'));
      });
      await expect(
        store.transaction(async (tx) => {
          await tx.users.insert(user('u2'));
          expect(await tx.users.count()).toBe(2);
          throw new Error('boom');
        }),
      ).rejects.toThrow('boom');
      expect(await store.repos.users.count()).toBe(1);
      expect(await store.repos.users.findById('u2')).toBeUndefined();
    });

    it('serialises transactions on one key: read-modify-write with awaits in between loses no update', async () => {
      const store = await open();
      await store.repos.users.insert(user('u1'));
      const bump = () =>
        store.transaction(
          async (tx) => {
            const before = await tx.steps.total('u1');
            await tick();
            await tx.steps.addToTotal('u1', 1);
            return before;
          },
          { serializeOn: 'user:u1' },
        );
      const seen = await Promise.all(Array.from({ length: 20 }, bump));
      expect(await store.repos.steps.total('u1')).toBe(20);
      expect([...seen].sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i));
    });

    it('refuses root repositories and nested transactions inside a callback', async () => {
      const store = await open();
      await expect(store.transaction(async () => store.repos.users.count())).rejects.toThrow(StoreMisuseError);
      await expect(store.transaction(async () => store.transaction(async () => 1))).rejects.toThrow(/transactions do not nest/);
      expect(await store.repos.users.count()).toBe(0);
    });

    it('refuses a transaction’s repositories once it has ended', async () => {
      const store = await open();
      const leaked = await store.transaction(async (tx) => tx);
      await expect(leaked.users.count()).rejects.toThrow(StoreMisuseError);
    });

    it('commits a conversation turn (durability: turn), and rolls a failed one back', async () => {
      const store = await open();
      expect(await store.transaction(async (tx) => (await tx.users.insert(user('u1')))?.id, { durability: 'turn' })).toBe('u1');
      await expect(
        store.transaction(
          async (tx) => {
            await tx.users.insert(user('u2'));
            throw new Error('boom');
          },
          { durability: 'turn' },
        ),
      ).rejects.toThrow('boom');
      expect(await store.repos.users.count()).toBe(1);
    });

    it('answers ping', async () => {
      expect(await (await open()).ping()).toBe(true);
    });

    it('classifies a duplicate key as a unique violation, and a rolled-back duplicate leaves nothing', async () => {
      const store = await open();
      await store.repos.users.insert(user('u1'));
      const session = { id: 's1', secretHash: Buffer.alloc(32), userId: 'u2', createdAt: new Date(), lastVerifiedAt: new Date() };
      const error = await store
        .transaction(async (tx) => {
          await tx.users.insert(user('u2'));
          await tx.sessions.insert(session);
          await tx.sessions.insert(session);
        })
        .catch((caught: unknown) => caught);
      expect(isUniqueViolation(error)).toBe(true);
      expect(isBusy(error)).toBe(false);
      expect(isUniqueViolation({ code: '23505' })).toBe(true);
      expect(isBusy({ code: 'SQLITE_BUSY' })).toBe(true);
      expect(isUniqueViolation(new Error('x'))).toBe(false);
      expect(await store.repos.users.count()).toBe(1);
    });

    it('gives a deferred transaction one consistent view while another writer commits', async () => {
      const store = await open();
      await store.repos.users.insert(user('u1'));
      let release!: () => void;
      const paused = new Promise<void>((resolve) => (release = resolve));
      const reading = store.transaction(
        async (tx) => {
          const before = await tx.users.count();
          await paused;
          return [before, await tx.users.count()];
        },
        { mode: 'deferred' },
      );
      await tick();
      // On SQLite this write waits for the reader (one connection); on PostgreSQL it commits meanwhile.
      const writing = store.repos.users.insert(user('u2'));
      await tick();
      release();
      expect(await reading).toEqual([1, 1]);
      await writing;
      expect(await store.repos.users.count()).toBe(2);
    });
  });
});
