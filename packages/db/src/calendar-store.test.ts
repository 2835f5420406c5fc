import { withPostgres } from '@ascenso/test-services/postgres';
import { describe, expect, it } from 'vitest';
import { isUniqueViolation } from './store';
import { STORE_DIALECTS, storesClosedAfterEach } from './test-stores';

// The calendar feeds' repository (decision 031) on both dialects: one feed per user, found by its
// token's hash, replaced atomically, gone with its user; and the users' work-hour columns' defaults.

const user = (id: string) => ({ id, email: `${id}@ejemplo.es`, passwordHash: 'h', firstName: 'Ana' });
const openStore = storesClosedAfterEach();

describe.each(STORE_DIALECTS)('calendar feeds on $dialect', ({ dialect, skip }) => {
  const title = dialect === 'postgres' ? withPostgres('repository') : 'repository';
  async function open() {
    const store = await openStore(dialect);
    return store;
  }

  describe.skipIf(skip)(title, () => {
    it('keeps one feed per user, found by its hash; a new one replaces the old hash; delete and cascade remove it', async () => {
      const store = await open();
      await store.repos.users.insert(user('u1'));
      await store.repos.users.insert(user('u2'));
      const at = new Date('2026-11-26T10:00:00.123Z');
      await store.repos.calendar.replaceFeed({ userId: 'u1', tokenHash: 'hash-a', createdAt: at });
      expect(await store.repos.calendar.findFeedByTokenHash('hash-a')).toEqual({ userId: 'u1', tokenHash: 'hash-a', createdAt: at, lastFetchedAt: null });

      const later = new Date('2026-11-26T11:00:00Z');
      await store.repos.calendar.markFetched('hash-a', later);
      expect((await store.repos.calendar.findFeed('u1'))?.lastFetchedAt).toEqual(later);

      await store.repos.calendar.replaceFeed({ userId: 'u1', tokenHash: 'hash-b', createdAt: later });
      expect(await store.repos.calendar.findFeedByTokenHash('hash-a')).toBeUndefined();
      expect(await store.repos.calendar.findFeed('u1')).toEqual({ userId: 'u1', tokenHash: 'hash-b', createdAt: later, lastFetchedAt: null });

      // Another user cannot take the same hash (unique), and nothing is half written.
      const refused = await store.repos.calendar.replaceFeed({ userId: 'u2', tokenHash: 'hash-b', createdAt: later }).then(
        () => null,
        (error: unknown) => error,
      );
      expect(isUniqueViolation(refused)).toBe(true);
      expect(await store.repos.calendar.findFeed('u2')).toBeUndefined();

      await store.repos.calendar.replaceFeed({ userId: 'u2', tokenHash: 'hash-c', createdAt: later });
      expect(await store.repos.calendar.deleteFeed('u2')).toBe(true);
      expect(await store.repos.calendar.deleteFeed('u2')).toBe(false);
      expect(await store.repos.calendar.findFeedByTokenHash('hash-c')).toBeUndefined();

      await store.repos.users.delete('u1');
      expect(await store.repos.calendar.findFeedByTokenHash('hash-b')).toBeUndefined();
    });

    it('gives users the default work hours (09:00–18:00, Monday to Friday) and stores others', async () => {
      const store = await open();
      const row = await store.repos.users.insert(user('u3'));
      expect([row?.workStart, row?.workEnd, row?.workDays]).toEqual(['09:00', '18:00', '1,2,3,4,5']);
      await store.repos.users.update('u3', { workStart: '07:30', workEnd: '15:00', workDays: '2,4,6' });
      const read = await store.repos.users.findById('u3');
      expect([read?.workStart, read?.workEnd, read?.workDays]).toEqual(['07:30', '15:00', '2,4,6']);
    });
  });
});
