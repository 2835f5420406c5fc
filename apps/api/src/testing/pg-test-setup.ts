/**
 * Vitest setup file of the API suites: with ASCENSO_TEST_DIALECT=postgres, a fresh, migrated PostgreSQL
 * database (with the activity catalogue) is ready before every test and every file's `beforeAll`, on the
 * run's shared cluster (postgres-global-setup.ts), so that the synchronous `createTestApp()` can take it.
 * A second createTestApp() in the same test (or hook) shares that test's database. Stores taken in a test
 * are closed, and their databases dropped, after it; those taken in a `beforeAll` after the file. A new
 * one is prepared after each test, so that a later describe's `beforeAll` gets a fresh database too.
 */
import { ACTIVITY_CATALOGUE } from '@ascenso/domain/activities';
import { pgTestStoreFactory, type PgTestStore } from '@ascenso/db/pg/test-store';
import { afterAll, afterEach, beforeAll, beforeEach, inject } from 'vitest';
import { providePgTestStores, TEST_DIALECT } from './test-dialect';

if (TEST_DIALECT === 'postgres') {
  const sharedUrl = inject('ascensoPostgresUrl');
  if (!sharedUrl) throw new Error('ASCENSO_TEST_DIALECT=postgres needs PostgreSQL (postgres-global-setup.ts provided no cluster)');
  let prepared: PgTestStore | undefined;
  let last: PgTestStore | undefined;
  let inTest = false;
  const ofTest: PgTestStore[] = [];
  const ofFile: PgTestStore[] = [];

  // A migrated, seeded template per file; each test's database is a copy of it (~50 ms instead of ~200 ms).
  const factory = pgTestStoreFactory({ sharedUrl, catalogue: { definitions: ACTIVITY_CATALOGUE, now: new Date('2026-11-22T09:00:00Z') } });
  const prepare = async () => {
    prepared ??= await factory.next();
  };
  const dispose = async (stores: PgTestStore[]) => {
    // close() ends the pool and drops the database.
    for (const store of stores.splice(0)) await store.close();
  };

  providePgTestStores(() => {
    if (prepared) {
      last = prepared;
      prepared = undefined;
      (inTest ? ofTest : ofFile).push(last);
    }
    if (!last) throw new Error('no PostgreSQL test store prepared');
    return last;
  });

  beforeAll(prepare);
  beforeEach(async () => {
    await prepare();
    last = undefined;
    inTest = true;
  });
  afterEach(async () => {
    inTest = false;
    last = undefined;
    await dispose(ofTest);
    // Ready for the next describe's beforeAll, which runs before the next beforeEach.
    await prepare();
  });
  afterAll(async () => {
    await dispose(ofFile);
    if (prepared) await dispose([prepared]);
    prepared = undefined;
    await factory.close();
  });
}
