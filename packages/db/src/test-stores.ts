import { POSTGRES_SKIP_REASON } from '@ascenso/test-services/postgres';
import { afterEach, inject } from 'vitest';
import { createTestDb } from './client';
import { createPgTestStore } from './pg/test-store';
import { createSqliteStore } from './sqlite-store';
import type { Store } from './store';

/**
 * The dialects a store test runs on (`describe.each(STORE_DIALECTS)`): SQLite in memory, and PostgreSQL on a
 * fresh database of the run's shared cluster (skipped, with the reason in the title, where PostgreSQL is
 * not installed and CI is not set). Tests about one dialect's mechanics (pragmas, the SQLite gate) stay in
 * that dialect's own test file.
 */
export const STORE_DIALECTS = [
  { dialect: 'sqlite' as const, skip: null },
  { dialect: 'postgres' as const, skip: POSTGRES_SKIP_REASON },
];

export type StoreDialect = (typeof STORE_DIALECTS)[number]['dialect'];

/** A fresh, empty, migrated store on `dialect` (with the misuse check on, as in tests and development). */
export async function openTestStore(dialect: StoreDialect, options: { max?: number } = {}): Promise<Store> {
  if (dialect === 'sqlite') return createSqliteStore(createTestDb(), { detectMisuse: true });
  return createPgTestStore({ sharedUrl: inject('ascensoPostgresUrl'), ...options });
}

/**
 * Opens fresh stores for a suite and closes every one after each test: call it once at the top of the
 * file, then `const store = await open(dialect)` in the tests.
 */
export function storesClosedAfterEach(): (dialect: StoreDialect) => Promise<Store> {
  const opened: Store[] = [];
  afterEach(async () => {
    for (const store of opened.splice(0)) await store.close();
  });
  return async (dialect) => {
    const store = await openTestStore(dialect);
    opened.push(store);
    return store;
  };
}
