import type { ActivityDefinition } from '@ascenso/domain/activities';
import pg from 'pg';
import type { Store } from '../store';
import { createPgDb } from './client';
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

/**
 * Fresh PostgreSQL stores for many tests in a row, on the run's shared cluster: the first call migrates a
 * template database (and seeds `catalogue`) once; every store after that is a `CREATE DATABASE … TEMPLATE`
 * copy of it (about a quarter of the time of migrating each one). `close()` drops the template.
 */
export function pgTestStoreFactory(options: { sharedUrl: string; catalogue?: { definitions: readonly ActivityDefinition[]; now: Date } }) {
  let template: Promise<string> | undefined;
  let counter = 0;
  const admin = async <T>(work: (client: pg.Client) => Promise<T>): Promise<T> => {
    const client = new pg.Client({ connectionString: options.sharedUrl });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  };
  const makeTemplate = async () => {
    const handle = await createPgTestDb({ sharedUrl: options.sharedUrl });
    await createPgStore(handle, options.catalogue ? { catalogue: options.catalogue } : {});
    // Only the pool ends: the database stays, as the template (a template must have no connections).
    await handle.close();
    return new URL(handle.url).pathname.slice(1);
  };
  return {
    async next(): Promise<PgTestStore> {
      template ??= makeTemplate();
      const source = await template;
      const name = `${source}_c${++counter}`;
      await admin((client) => client.query(`create database "${name}" template "${source}"`));
      const url = new URL(options.sharedUrl);
      url.pathname = `/${name}`;
      const handle = createPgDb({ url: url.toString() });
      const store = await createPgStore(handle, { detectMisuse: true });
      const query = async (text: string, params: unknown[] = []) => (await handle.pool.query<Record<string, unknown>>(text, params)).rows;
      const close = async () => {
        await store.close();
        await admin((client) => client.query(`drop database if exists "${name}" with (force)`));
      };
      return { ...store, close, url: url.toString(), query };
    },
    async close(): Promise<void> {
      if (!template) return;
      const source = await template;
      await admin((client) => client.query(`drop database if exists "${source}" with (force)`));
    },
  };
}
