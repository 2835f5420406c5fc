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

    it('reads an award’s state and a day’s stats together as the separate reads give them (decision 039’s addendum on bench (g))', async () => {
      const store = await open();
      const at = new Date('2026-11-22T10:00:00.000Z');
      const activity = (key: string, dailyLimit: number) => ({ key, name: key, baseSteps: 100, multiplier: 1, dailyLimit, icon: 'i' });
      await store.repos.steps.seedCatalogue([activity('b_breath', 2), activity('a_journal', 1), activity('c_walk', 3)] as never, at);
      for (const id of ['u1', 'u2']) await store.repos.users.insert(user(id));
      const completion = (id: string, key: string, day: string, awardSlot: number | null, timezone: string | null, completedAt = at) =>
        store.repos.steps.insertCompletion({
          id,
          userId: 'u1',
          activityKey: key,
          day,
          completedAt,
          stepsEarned: awardSlot === null ? 0 : 100,
          limitReached: awardSlot === null,
          awardSlot,
          durationMinutes: null,
          metadata: null,
          toastShownAt: null,
          timezone,
        });
      await completion('c1', 'b_breath', '2026-11-22', 1, 'Europe/Madrid');
      await completion('c2', 'b_breath', '2026-11-22', null, 'Europe/Madrid');
      await completion('c3', 'b_breath', '2026-11-21', 1, 'America/Bogota', new Date(at.getTime() - 3_600_000));
      await completion('c4', 'b_breath', '2026-11-22', 2, 'America/Bogota', new Date(at.getTime() - 48 * 3_600_000));
      await completion('c5', 'c_walk', '2026-11-22', 1, null);
      await completion('c6', 'c_walk', '2026-11-21', 1, 'Europe/Madrid');
      const since = new Date(at.getTime() - 24 * 3_600_000);
      // Today in Madrid: c1 (awarded), c2 (over the limit); Bogota's c3 of the last 24 h counts, c4 (older) does not, but its slot is the day's highest.
      expect(await store.repos.steps.awardState('b_breath', 'u1', '2026-11-22', since, 'Europe/Madrid')).toEqual({
        activity: await store.repos.steps.findActivity('b_breath'),
        all: 3,
        awarded: 2,
        forLimit: 2,
        maxSlot: 2,
        daySteps: 300,
      });
      expect(await store.repos.steps.awardState('a_journal', 'u2', '2026-11-22', since, 'Europe/Madrid')).toEqual({
        activity: await store.repos.steps.findActivity('a_journal'),
        all: 0,
        awarded: 0,
        forLimit: 0,
        maxSlot: 0,
        daySteps: 0,
      });
      expect(await store.repos.steps.awardState('nothing', 'u1', '2026-11-22', since, 'Europe/Madrid')).toBeUndefined();
      expect(await store.repos.steps.addToTotal('u1', 250)).toBe(250);
      expect(await store.repos.steps.addToTotal('u1', 50)).toBe(300);
      const byKey = (rows: Array<{ activityKey: string }>) => [...rows].sort((a, b) => a.activityKey.localeCompare(b.activityKey));
      for (const [userId, day] of [
        ['u1', '2026-11-22'],
        ['u1', '2026-11-20'],
        ['u2', '2026-11-22'],
      ] as const) {
        const stats = await store.repos.steps.dayStats(userId, day);
        expect({ ...stats, rows: byKey(stats.rows) }).toEqual({
          total: await store.repos.steps.total(userId),
          rows: byKey(await store.repos.steps.dayByActivity(userId, day)),
          catalogue: await store.repos.steps.listActivities(),
        });
      }
      const evidence = { id: 'e1', userId: 'u1', activityKey: 'c_walk', source: 'practice' as const, ref: 'p1', createdAt: at };
      expect(await store.repos.steps.recordEvidence(evidence)).toMatchObject({ id: 'e1', completionId: null });
      expect(await store.repos.steps.recordEvidence({ ...evidence, id: 'e2' })).toMatchObject({ id: 'e1', ref: 'p1' });
    });

    it('gives a deferred transaction one consistent view while another writer commits', async () => {
      const store = await open();
      await store.repos.users.insert(user('u1'));
      let release!: () => void;
      const paused = new Promise<void>((resolve) => (release = resolve));
      let firstReadDone!: () => void;
      const firstRead = new Promise<void>((resolve) => (firstReadDone = resolve));
      const reading = store.transaction(
        async (tx) => {
          const before = await tx.users.count();
          firstReadDone();
          await paused;
          return [before, await tx.users.count()];
        },
        { mode: 'deferred' },
      );
      // The snapshot is taken by the transaction's first read (PostgreSQL's REPEATABLE READ): the other writer starts
      // after it, not after a tick, which a loaded machine may not honour.
      await firstRead;
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
