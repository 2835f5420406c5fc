import type { PgTestStore } from '@ascenso/db/pg/test-store';
import { inject } from 'vitest';
import type { Logger } from '../logger';
import type { SharedRedis } from '../realtime/redis-connections';

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

/**
 * Whether createTestApp() runs on Redis: on PostgreSQL, when the run has a redis-server
 * (redis-global-setup.ts; under CI always). Each app then gets its own key prefix on it (pg-test-setup.ts).
 */
export const TEST_REDIS_URL: string | undefined = TEST_DIALECT === 'postgres' ? inject('ascensoRedisUrl') : undefined;

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

const redisSlot: { take: (() => SharedRedis) | undefined } = { take: undefined };

/** Called by pg-test-setup.ts: how createTestApp() gets its Redis connections (a fresh key prefix each). */
export function provideTestRedis(take: () => SharedRedis): void {
  redisSlot.take = take;
}

/** Connections to the run's Redis for the next createTestApp() (undefined on SQLite, or when the run has no Redis). */
export function takeTestRedis(): SharedRedis | undefined {
  if (!TEST_REDIS_URL) return undefined;
  if (!redisSlot.take) throw new Error('ASCENSO_TEST_DIALECT=postgres needs src/testing/pg-test-setup.ts in the vitest setupFiles');
  return redisSlot.take();
}

/**
 * What the Redis implementations log when they fall back to this process (Redis not answering): a test
 * on Redis that did so would pass on the in-process parts without exercising Redis.
 */
const REDIS_FALLBACK =
  /^(redis unavailable|redis connection ended|redis lease renewal failed|redis heartbeat failed|shared (count|slots?) |bus (publish to other instances|subscribe) failed)/;
const fallbacks: string[] = [];

/**
 * A silent logger that records Redis fallbacks (pg-test-setup.ts fails the test that had any) while
 * `open()` holds: what is logged once the test has closed the connections (a socket released late,
 * a subscription cut short by the close) is teardown, not a fallback.
 */
export function redisFallbackLogger(open: () => boolean): Logger {
  const record = (msg: string, fields?: Record<string, unknown>) => {
    if (open() && REDIS_FALLBACK.test(msg)) fallbacks.push(fields?.error ? `${msg}: ${String(fields.error)}` : msg);
  };
  return { debug: record, info: record, warn: record, error: record };
}

/** The Redis fallbacks recorded since the last call. */
export function takeRedisFallbacks(): string[] {
  return fallbacks.splice(0);
}
