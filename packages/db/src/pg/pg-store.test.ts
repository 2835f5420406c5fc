import { POSTGRES_SKIP_REASON, withPostgres } from '@ascenso/test-services/postgres';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Store } from '../store';
import { createPgDb } from './client';
import { createPgStore } from './pg-store';
import { createPgTestStore, type PgTestStore } from './test-store';

// PostgreSQL-only behaviour of the store: two stores with two pools on one database stand for two API
// instances; the limits that a SQLite process gets from its single writer must hold between them.

const user = (id: string) => ({ id, email: `${id}@ejemplo.es`, passwordHash: 'h', firstName: 'Ana' });
const T0 = new Date('2026-11-22T09:00:00.123Z');

describe.skipIf(POSTGRES_SKIP_REASON)(withPostgres('PostgreSQL store across two pools'), () => {
  let a: PgTestStore;
  let b: Store;
  beforeAll(async () => {
    a = await createPgTestStore({ sharedUrl: inject('ascensoPostgresUrl'), max: 20 });
    b = await createPgStore(createPgDb({ url: a.url, max: 20 }), { detectMisuse: true });
    await a.repos.users.insert(user('u1'));
    await a.repos.users.insert(user('u2'));
  }, 60_000);
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('serializeOn holds across instances: 30 read-then-write transactions on one key lose nothing and never overlap', async () => {
    const bump = (store: Store) =>
      store.transaction(
        async (tx) => {
          const before = await tx.steps.total('u1');
          await new Promise((resolve) => setTimeout(resolve, 2));
          // A plain write of the value read: only serialisation keeps it from losing updates.
          await tx.admin.addToTotal('u1', before + 1 - (await tx.steps.total('u1')));
          return before;
        },
        { serializeOn: 'user:u1' },
      );
    const seen = await Promise.all(Array.from({ length: 30 }, (_, i) => bump(i % 2 ? a : b)));
    expect(await a.repos.steps.total('u1')).toBe(30);
    expect([...seen].sort((x, y) => x - y)).toEqual(Array.from({ length: 30 }, (_, i) => i));
  });

  it('different keys do not wait for each other', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const holding = a.transaction(async () => held, { serializeOn: 'user:u1' });
    const other = await Promise.race([
      b.transaction(async (tx) => tx.users.count(), { serializeOn: 'user:u2' }),
      new Promise((resolve) => setTimeout(() => resolve('waited'), 2_000)),
    ]);
    expect(other).toBe(2);
    release();
    await holding;
  });

  it('reserves sign-in attempts atomically across instances: 3 of 24 concurrent reservations on one key', async () => {
    const rule = { scope: 'login-account' as const, key: 'vera@ejemplo.es', max: 3, windowMs: 15 * 60_000 };
    const results = await Promise.all(Array.from({ length: 24 }, (_, i) => (i % 2 ? a : b).repos.authFailures.reserve([rule], T0)));
    expect(results.filter((r) => r.ok)).toHaveLength(3);
    expect((await a.repos.authFailures.countSince('login-account', 'vera@ejemplo.es', new Date(0))).count).toBe(3);
  });

  it('starts one practice at a time per user under 20 concurrent starts on two instances', async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        (i % 2 ? a : b).repos.listens.startPractice({
          id: `p${i}`,
          userId: 'u2',
          kind: 'breathing',
          ref: 'r',
          plannedSeconds: 60,
          startedAt: new Date(T0.getTime() + i),
          completedAt: null,
          abandonedAt: null,
          completionId: null,
        }),
      ),
    );
    expect(results.reduce((n, r) => n + r.abandoned, 0)).toBe(19);
    const running = (await a.repos.listens.listPractice('u2')).filter((p) => p.completedAt === null && p.abandonedAt === null);
    expect(running).toHaveLength(1);
  });

  it('begins one listen at a time per user under 10 concurrent begins, and extends served bytes with GREATEST', async () => {
    const begun = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        (i % 2 ? a : b).repos.listens.beginListen({
          id: `l${i}`,
          userId: 'u2',
          meditationId: `m${i % 3}`,
          day: '2026-11-22',
          isToday: true,
          at: T0,
          fileBytes: 1000,
        }),
      ),
    );
    expect(begun).toHaveLength(10);
    const running = await a.repos.listens.runningListen('u2');
    expect(running).toBeDefined();
    await a.repos.listens.recordServed(running!.id, 0, 400);
    await b.repos.listens.recordServed(running!.id, 100, 100); // inside what was served: no change
    await a.repos.listens.recordServed(running!.id, 500, 100); // past a gap: no change
    expect((await a.repos.listens.runningListen('u2'))?.servedBytes).toBe(400);
    await b.repos.listens.recordServed(running!.id, 300, 300);
    expect((await a.repos.listens.runningListen('u2'))?.servedBytes).toBe(600);
  });

  it('keeps milliseconds, booleans, SQL NULL metadata and jsonb values as the SQLite store returns them', async () => {
    await a.repos.steps.seedCatalogue([{ key: 'journaling', name: 'Diario', baseSteps: 325, multiplier: 1, dailyLimit: 2, icon: 'b' }] as never, T0);
    const base = {
      userId: 'u1',
      activityKey: 'journaling',
      day: '2026-11-22',
      stepsEarned: 325,
      durationMinutes: null,
      toastShownAt: null,
      timezone: 'Europe/Madrid',
    };
    await a.repos.steps.insertCompletion({ ...base, id: 'c1', completedAt: T0, limitReached: false, awardSlot: 1, metadata: null });
    await a.repos.steps.insertCompletion({ ...base, id: 'c2', completedAt: T0, limitReached: true, awardSlot: null, metadata: { mood: 'calma', n: 2 } });
    expect(await a.query("select id from activity_completions where metadata is null and id in ('c1', 'c2')")).toEqual([{ id: 'c1' }]);
    const c2 = await b.repos.steps.findCompletion('c2');
    expect(c2).toMatchObject({ completedAt: T0, limitReached: true, awardSlot: null, metadata: { mood: 'calma', n: 2 } });
    expect(c2?.completedAt.getMilliseconds()).toBe(123);
    expect(await b.repos.steps.countsForDay('u1', 'journaling', '2026-11-22')).toEqual({ all: 2, awarded: 1 });
    expect(await b.repos.steps.awardState('journaling', 'u1', '2026-11-22', new Date(T0.getTime() - 86_400_000), 'Europe/Madrid')).toEqual({
      activity: await b.repos.steps.findActivity('journaling'),
      all: 2,
      awarded: 1,
      forLimit: 1,
      maxSlot: 1,
      daySteps: 650,
    });
    expect(await b.repos.steps.dayByActivity('u1', '2026-11-22')).toEqual([{ activityKey: 'journaling', completions: 2, awarded: 1, steps: 650 }]);
    expect(await b.repos.steps.dayStats('u1', '2026-11-22')).toEqual({
      total: await b.repos.steps.total('u1'),
      rows: [{ activityKey: 'journaling', completions: 2, awarded: 1, steps: 650 }],
      catalogue: await b.repos.steps.listActivities(),
    });
  });

  it('refuses a NUL character or a 33-bit integer as bad input (DomainError VALIDATION), writing nothing', async () => {
    for (const store of [a, b]) {
      await expect(store.repos.users.findByEmail('a\u0000b')).rejects.toMatchObject({ name: 'DomainError', code: 'VALIDATION' });
      await expect(
        store.transaction(async (tx) => {
          await tx.users.insert(user('u9'));
          await tx.steps.addToTotal('u9', 2 ** 40);
        }),
      ).rejects.toMatchObject({ code: 'VALIDATION', message: expect.stringMatching(/no se puede guardar/) as unknown });
      expect(await store.repos.users.findById('u9')).toBeUndefined();
    }
  });
});
