import type { ActivityDefinition } from '@ascenso/domain/activities';
import type { Store } from '../store';
import { createPgStore } from './pg-store';
import { createPgTestDb } from './test-db';

/**
 * A PostgreSQL Store on a fresh, migrated database for a test (the counterpart of
 * `createSqliteStore(createTestDb())`): on the run's shared cluster when given its URL
 * (`inject('ascensoPostgresUrl')`). `close()` ends the pool (and stops a cluster of its own).
 */
export async function createPgTestStore(
  options: {
    sharedUrl?: string | undefined;
    detectMisuse?: boolean;
    max?: number;
    catalogue?: { definitions: readonly ActivityDefinition[]; now: Date };
  } = {},
): Promise<Store & { url: string }> {
  const handle = await createPgTestDb({ sharedUrl: options.sharedUrl, ...(options.max !== undefined ? { max: options.max } : {}) });
  const store = await createPgStore(handle, {
    detectMisuse: options.detectMisuse ?? true,
    ...(options.catalogue ? { catalogue: options.catalogue } : {}),
  });
  return Object.assign(store, { url: handle.url });
}
