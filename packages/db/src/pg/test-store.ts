import type { ActivityDefinition } from '@ascenso/domain/activities';
import pg from 'pg';
import type { Store } from '../store';
import { createPgStore } from './pg-store';
import { createPgTestDb } from './test-db';

/**
 * A PostgreSQL Store on a fresh, migrated database for a test (the counterpart of
 * `createSqliteStore(createTestDb())`): on the run's shared cluster when given its URL
 * (`inject('ascensoPostgresUrl')`). `close()` ends the pool and drops the database (or stops a cluster of
 * its own), so a suite that opens hundreds of them does not fill the disk.
 */
export type PgTestStore = Store & {
  url: string;
  /** Raw SQL on the test database (`$1` placeholders), for tests that arrange or check rows directly. */
  query: (text: string, params?: unknown[]) => Promise<Array<Record<string, unknown>>>;
};

export async function createPgTestStore(
  options: {
    sharedUrl?: string | undefined;
    detectMisuse?: boolean;
    max?: number;
    catalogue?: { definitions: readonly ActivityDefinition[]; now: Date };
  } = {},
): Promise<PgTestStore> {
  const handle = await createPgTestDb({ sharedUrl: options.sharedUrl, ...(options.max !== undefined ? { max: options.max } : {}) });
  const store = await createPgStore(handle, {
    detectMisuse: options.detectMisuse ?? true,
    ...(options.catalogue ? { catalogue: options.catalogue } : {}),
  });
  const close = async () => {
    await store.close();
    if (!options.sharedUrl) return;
    const admin = new pg.Client({ connectionString: options.sharedUrl });
    await admin.connect();
    try {
      await admin.query(`drop database if exists "${new URL(handle.url).pathname.slice(1)}" with (force)`);
    } finally {
      await admin.end();
    }
  };
  const query = async (text: string, params: unknown[] = []) => (await handle.pool.query<Record<string, unknown>>(text, params)).rows;
  return { ...store, close, url: handle.url, query };
}
