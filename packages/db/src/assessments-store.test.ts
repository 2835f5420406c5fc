import { withPostgres } from '@ascenso/test-services/postgres';
import { describe, expect, it } from 'vitest';
import { STORE_DIALECTS, storesClosedAfterEach } from './test-stores';

// When an assessment's results were first opened (Home's «resultados listos» line), on both dialects:
// recorded once per assessment, only by its owner, and read back to the millisecond.

const user = (id: string) => ({ id, email: `${id}@ejemplo.es`, passwordHash: 'h', firstName: 'Ana' });
const assessment = (id: string, userId: string, createdAt: Date) => ({
  id,
  userId,
  version: '1.0',
  responses: { role: 'Directora' },
  createdAt,
  resultsOpenedAt: null,
});
const openStore = storesClosedAfterEach();

describe.each(STORE_DIALECTS)('assessment results opened on $dialect', ({ dialect, skip }) => {
  const title = dialect === 'postgres' ? withPostgres('repository') : 'repository';
  async function open() {
    const store = await openStore(dialect);
    return store;
  }

  describe.skipIf(skip)(title, () => {
    it('a new assessment has not been opened; the first opening is recorded, later ones keep it', async () => {
      const store = await open();
      await store.repos.users.insert(user('u1'));
      await store.repos.assessments.insert(assessment('a1', 'u1', new Date('2026-11-20T09:00:00Z')));
      expect((await store.repos.assessments.latest('u1'))?.resultsOpenedAt).toBeNull();

      const first = new Date('2026-11-20T09:05:00.123Z');
      expect(await store.repos.assessments.markResultsOpened('u1', 'a1', first)).toBe(true);
      expect((await store.repos.assessments.latest('u1'))?.resultsOpenedAt).toEqual(first);

      expect(await store.repos.assessments.markResultsOpened('u1', 'a1', new Date('2026-11-21T10:00:00Z'))).toBe(false);
      expect((await store.repos.assessments.latest('u1'))?.resultsOpenedAt).toEqual(first);
    });

    it('marks only the assessment named, and only for its owner', async () => {
      const store = await open();
      await store.repos.users.insert(user('u1'));
      await store.repos.users.insert(user('u2'));
      await store.repos.assessments.insert(assessment('old', 'u1', new Date('2026-11-01T09:00:00Z')));
      await store.repos.assessments.insert(assessment('new', 'u1', new Date('2026-11-20T09:00:00Z')));

      expect(await store.repos.assessments.markResultsOpened('u2', 'new', new Date())).toBe(false);
      expect(await store.repos.assessments.markResultsOpened('u1', 'missing', new Date())).toBe(false);
      expect(await store.repos.assessments.markResultsOpened('u1', 'new', new Date('2026-11-20T09:05:00Z'))).toBe(true);

      const history = await store.repos.assessments.history('u1');
      expect(history.map((row) => [row.id, row.resultsOpenedAt])).toEqual([
        ['new', new Date('2026-11-20T09:05:00Z')],
        ['old', null],
      ]);
    });
  });
});
