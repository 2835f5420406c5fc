import { POSTGRES_SKIP_REASON } from '@ascenso/test-services/postgres';
import { inject } from 'vitest';
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
