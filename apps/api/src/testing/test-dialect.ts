import type { PgTestStore } from '@ascenso/db/pg/test-store';

/**
 * The dialect the API suites run on: SQLite in memory (the default), or PostgreSQL with
 * `ASCENSO_TEST_DIALECT=postgres` (the `api-pg` vitest project sets it). On PostgreSQL each test gets a
 * fresh, migrated database on the run's shared cluster (`src/testing/pg-test-setup.ts` prepares it before
 * the test, since `createTestApp()` is synchronous and opening a PostgreSQL store is not).
 */
// eslint-disable-next-line no-restricted-properties -- the test run's choice of dialect, not the app's configuration
export const TEST_DIALECT: 'sqlite' | 'postgres' = process.env.ASCENSO_TEST_DIALECT === 'postgres' ? 'postgres' : 'sqlite';

/** For `describe.skipIf` / `it.skipIf` on tests about SQLite itself (its handle, pragmas, WAL, backups, BUSY). */
export const SQLITE_ONLY = TEST_DIALECT !== 'sqlite';

const slot: { take: (() => PgTestStore) | undefined } = { take: undefined };

/** Called by pg-test-setup.ts: how createTestApp() gets the store prepared for the current test (or hook). */
export function providePgTestStores(take: () => PgTestStore): void {
  slot.take = take;
}

/** The PostgreSQL store for the next createTestApp() (undefined on SQLite). */
export function takePgTestStore(): PgTestStore | undefined {
  if (TEST_DIALECT !== 'postgres') return undefined;
  if (!slot.take) throw new Error('ASCENSO_TEST_DIALECT=postgres needs src/testing/pg-test-setup.ts in the vitest setupFiles');
  return slot.take();
}
