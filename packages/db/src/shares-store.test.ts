import { withPostgres } from '@ascenso/test-services/postgres';
import { describe, expect, it } from 'vitest';
import { isUniqueViolation } from './store';
import { STORE_DIALECTS, storesClosedAfterEach } from './test-stores';

// The SharesRepository contract (decision 029), on both dialects.

const user = (id: string) => ({ id, email: `${id}@ejemplo.es`, passwordHash: 'h', firstName: 'Ana' });
const T0 = new Date('2026-11-26T10:00:00.000Z');
const minutes = (n: number) => new Date(T0.getTime() + n * 60_000);
const share = (id: string, userId: string, over: Partial<{ tokenHash: string; expiresAt: Date; createdAt: Date }> = {}) => ({
  id,
  userId,
  tokenHash: over.tokenHash ?? `hash-${id}`,
  include: ['moods' as const, 'steps' as const],
  journalEntryIds: ['e1'],
  days: 7,
  createdAt: over.createdAt ?? T0,
  expiresAt: over.expiresAt ?? new Date(T0.getTime() + 7 * 86_400_000),
});

const openStore = storesClosedAfterEach();

describe.each(STORE_DIALECTS)('SharesRepository on $dialect', ({ dialect, skip }) => {
  const title = dialect === 'postgres' ? withPostgres('shares') : 'shares';
  async function open() {
    const store = await openStore(dialect);
    await store.repos.users.insert(user('u1'));
    await store.repos.users.insert(user('u2'));
    return store;
  }

  describe.skipIf(skip)(title, () => {
    it('stores the JSON columns, finds by hash, lists newest first, refuses a repeated hash', async () => {
      const store = await open();
      await store.repos.shares.insert(share('s1', 'u1'));
      await store.repos.shares.insert(share('s2', 'u1', { createdAt: minutes(1) }));
      const found = await store.repos.shares.findByTokenHash('hash-s1');
      expect(found).toMatchObject({ id: 's1', userId: 'u1', include: ['moods', 'steps'], journalEntryIds: ['e1'], days: 7, viewCount: 0, revokedAt: null });
      expect(found?.expiresAt).toEqual(new Date(T0.getTime() + 7 * 86_400_000));
      expect((await store.repos.shares.listForUser('u1')).map((s) => s.id)).toEqual(['s2', 's1']);
      expect(await store.repos.shares.listForUser('u2')).toEqual([]);
      const error = await store.repos.shares.insert(share('s3', 'u2', { tokenHash: 'hash-s1' })).catch((e: unknown) => e);
      expect(isUniqueViolation(error)).toBe(true);
    });

    it('counts only active shares and revokes once, only the owner’s', async () => {
      const store = await open();
      await store.repos.shares.insert(share('s1', 'u1'));
      await store.repos.shares.insert(share('s2', 'u1', { expiresAt: minutes(5) }));
      await store.repos.shares.insert(share('s3', 'u1'));
      expect(await store.repos.shares.countActive('u1', T0)).toBe(3);
      expect(await store.repos.shares.countActive('u1', minutes(5))).toBe(2);
      expect(await store.repos.shares.revoke('u2', 's1', minutes(1))).toBe(false);
      expect(await store.repos.shares.revoke('u1', 'nope', minutes(1))).toBe(false);
      expect(await store.repos.shares.revoke('u1', 's1', minutes(1))).toBe(true);
      expect(await store.repos.shares.revoke('u1', 's1', minutes(2))).toBe(true);
      expect((await store.repos.shares.findByTokenHash('hash-s1'))?.revokedAt).toEqual(minutes(1));
      expect(await store.repos.shares.countActive('u1', T0)).toBe(2);
    });

    it('coalesces views per minute, keeps the total exact and prunes the oldest buckets', async () => {
      const store = await open();
      await store.repos.shares.insert(share('s1', 'u1'));
      for (let i = 0; i < 3; i += 1) await store.repos.shares.recordView('s1', new Date(minutes(0).getTime() + i * 1000), minutes(0), 3);
      for (const m of [1, 2, 3, 4]) await store.repos.shares.recordView('s1', minutes(m), minutes(m), 3);
      const views = await store.repos.shares.listViews('s1', 10);
      expect(views.map((v) => [v.minute.getTime(), v.count])).toEqual([
        [minutes(4).getTime(), 1],
        [minutes(3).getTime(), 1],
        [minutes(2).getTime(), 1],
      ]);
      const row = await store.repos.shares.findByTokenHash('hash-s1');
      expect(row?.viewCount).toBe(7);
      expect(row?.lastViewedAt).toEqual(minutes(4));
      expect(await store.repos.shares.listViews('s1', 2)).toHaveLength(2);
    });

    it('goes with its user (cascade)', async () => {
      const store = await open();
      await store.repos.shares.insert(share('s1', 'u1'));
      await store.repos.shares.recordView('s1', T0, T0, 10);
      expect(await store.repos.users.delete('u1')).toBe(true);
      expect(await store.repos.shares.findByTokenHash('hash-s1')).toBeUndefined();
      expect(await store.repos.shares.listViews('s1', 10)).toEqual([]);
    });
  });
});
