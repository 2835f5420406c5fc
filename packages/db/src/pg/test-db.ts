import { testPostgres } from '@ascenso/test-services/postgres';
import { createPgDb, migratePg, type PgDbHandle } from './client';

/**
 * A fresh, migrated PostgreSQL database for a test: on the run's shared cluster when given its URL
 * (`inject('ascensoPostgresUrl')`, ~0.1 s + migrations), else on a cluster of its own (~1 s more) that
 * `close()` stops. The PostgreSQL counterpart of `createTestDb()`; guard the suite with
 * `describe.skipIf(POSTGRES_SKIP_REASON)` from `@ascenso/test-services/postgres`.
 */
export async function createPgTestDb(options: { sharedUrl?: string | undefined; max?: number } = {}): Promise<PgDbHandle & { url: string }> {
  const cluster = await testPostgres(options.sharedUrl);
  const handle = createPgDb({ url: cluster.url, ...(options.max !== undefined ? { max: options.max } : {}) });
  try {
    await migratePg(handle.db);
  } catch (error) {
    await handle.close();
    await cluster.stop();
    throw error;
  }
  return {
    ...handle,
    url: cluster.url,
    close: async () => {
      await handle.close();
      await cluster.stop();
    },
  };
}
