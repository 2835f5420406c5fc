/**
 * Vitest setup file of the API suites: with ASCENSO_TEST_DIALECT=postgres, a fresh, migrated PostgreSQL
 * database (with the activity catalogue) is ready before every test and every file's `beforeAll`, on the
 * run's shared cluster (postgres-global-setup.ts), so that the synchronous `createTestApp()` can take it.
 * A second createTestApp() in the same test (or hook) shares that test's database. Stores taken in a test
 * are closed, and their databases dropped, after it; those taken in a `beforeAll` after the file. A new
 * one is prepared after each test, so that a later describe's `beforeAll` gets a fresh database too.
 *
 * With the run's redis-server (redis-global-setup.ts), every createTestApp() also gets its own Redis
 * connections under a fresh key prefix (REDIS_KEY_PREFIX), so the app runs on the Redis event bus, caps
 * and limits, and apps in parallel files never share counts. One set is opened and made ready before
 * each test and `beforeAll`, like the database; a further app in the same test opens its own, which its
 * requests wait for (test-app.ts). They are closed after the test (or the file), so no socket stays open.
 */
import { ACTIVITY_CATALOGUE } from '@ascenso/domain/activities';
import { pgTestStoreFactory, type PgTestStore } from '@ascenso/db/pg/test-store';
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, inject } from 'vitest';
import { createSharedRedis, type SharedRedis } from '../realtime/redis-connections';
import { providePgTestStores, provideTestRedis, redisFallbackLogger, takeRedisFallbacks, TEST_DIALECT, TEST_REDIS_URL } from './test-dialect';

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

  // Redis: connections with a key prefix of their own per app (the run's server is shared by every file).
  let preparedRedis: SharedRedis | undefined;
  const redisOfTest: SharedRedis[] = [];
  const redisOfFile: SharedRedis[] = [];
  const openRedis = (url: string) => {
    const holder: { redis?: SharedRedis } = {};
    holder.redis = createSharedRedis(
      url,
      redisFallbackLogger(() => holder.redis?.client.isOpen ?? true),
      { keyPrefix: `test-${randomUUID()}:` },
    );
    return holder.redis;
  };
  const prepareRedis = async () => {
    if (!TEST_REDIS_URL || preparedRedis) return;
    const redis = openRedis(TEST_REDIS_URL);
    if (!(await redis.ready(10_000))) {
      await redis.close();
      throw new Error(`the run's Redis (${TEST_REDIS_URL}) did not answer within 10 s`);
    }
    preparedRedis = redis;
  };
  const closeRedis = async (connections: SharedRedis[]) => {
    // An app whose test never waited for its connections: let them finish connecting (and the bus
    // subscribe) first, so that the close cuts nothing short.
    await Promise.all(
      connections.splice(0).map(async (redis) => {
        await redis.ready(5_000);
        await redis.close();
      }),
    );
  };
  // A test on Redis must not have passed on the in-process fallbacks (Redis not answering in time).
  const assertNoRedisFallback = (fallbacks: string[]) => {
    if (fallbacks.length > 0) throw new Error(`Redis fell back to this process during the test: ${[...new Set(fallbacks)].join('; ')}`);
  };
  if (TEST_REDIS_URL) {
    const url = TEST_REDIS_URL;
    provideTestRedis(() => {
      const redis = preparedRedis ?? openRedis(url);
      preparedRedis = undefined;
      (inTest ? redisOfTest : redisOfFile).push(redis);
      return redis;
    });
  }

  beforeAll(async () => {
    await Promise.all([prepare(), prepareRedis()]);
  });
  beforeEach(async () => {
    await Promise.all([prepare(), prepareRedis()]);
    last = undefined;
    inTest = true;
  });
  afterEach(async () => {
    inTest = false;
    last = undefined;
    const fallbacks = takeRedisFallbacks();
    await Promise.all([dispose(ofTest), closeRedis(redisOfTest)]);
    // Ready for the next describe's beforeAll, which runs before the next beforeEach.
    await Promise.all([prepare(), prepareRedis()]);
    assertNoRedisFallback(fallbacks);
  });
  afterAll(async () => {
    await Promise.all([dispose(ofFile), closeRedis(redisOfFile)]);
    if (prepared) await dispose([prepared]);
    prepared = undefined;
    if (preparedRedis) await closeRedis([preparedRedis]);
    preparedRedis = undefined;
    assertNoRedisFallback(takeRedisFallbacks());
    await factory.close();
  });
}
