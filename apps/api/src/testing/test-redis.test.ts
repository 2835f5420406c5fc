import { describe, expect, it } from 'vitest';
import { modelLimitStore } from '../modules/coaching/model-limits';
import type { SharedRedis } from '../realtime/redis-connections';
import { eventsChannel } from '../realtime/redis-event-bus';
import { createTestApp } from './test-app';
import { redisFallbackLogger, takeRedisFallbacks, TEST_DIALECT, TEST_REDIS_URL } from './test-dialect';

/**
 * What the API suites run on: SQLite with the in-process bus and limits (`api`), PostgreSQL + Redis
 * (`api-pg`, under CI always; without redis-server elsewhere, PostgreSQL with the in-process parts).
 */
describe('createTestApp() and Redis', () => {
  it.runIf(TEST_DIALECT === 'sqlite')('on SQLite the app keeps the in-process implementations', () => {
    expect(TEST_REDIS_URL).toBeUndefined();
    expect(createTestApp().deps.redis).toBeUndefined();
  });

  describe.runIf(TEST_REDIS_URL)('on PostgreSQL + Redis', () => {
    let closedAfterItsTest: SharedRedis | undefined;

    it('each app runs on the run’s Redis under a fresh key prefix: bus subscribed, limits counted there', async () => {
      const a = createTestApp();
      const b = createTestApp();
      await Promise.all([a.ready(), b.ready()]);
      const [ra, rb] = [a.deps.redis, b.deps.redis];
      if (!ra || !rb) throw new Error('no Redis on api-pg');
      expect(a.deps.config.redisUrl).toBe(TEST_REDIS_URL);
      expect(ra.keyPrefix).toMatch(/^test-[0-9a-f-]{36}:$/);
      expect(a.deps.config.redisKeyPrefix).toBe(ra.keyPrefix);
      expect(rb.keyPrefix).not.toBe(ra.keyPrefix);
      expect(ra.client.isReady && ra.subscriber.isReady && rb.client.isReady).toBe(true);
      // The app's bus listens on its own channel (one subscriber: this app), not on the default one.
      expect(await ra.client.pubSubNumSub(eventsChannel(ra))).toEqual({ [eventsChannel(ra)]: 1 });
      // Limits are counted in Redis under the app's prefix, and the other app does not see them.
      const { user } = await a.registerUser();
      expect((await modelLimitStore(a.deps).tryAcquireStream(user.id, 'c1', 1)).ok).toBe(true);
      expect(await ra.client.hLen(`${ra.keyPrefix}model-streams:${user.id}`)).toBe(1);
      expect((await modelLimitStore(b.deps).tryAcquireStream(user.id, 'c2', 1)).ok).toBe(true);
      closedAfterItsTest = ra;
    });

    it('an app’s connections are closed after its test (no socket left open)', () => {
      expect(closedAfterItsTest?.client.isOpen).toBe(false);
      expect(closedAfterItsTest?.subscriber.isOpen).toBe(false);
    });

    it('a Redis fallback logged while the connections are open is recorded (pg-test-setup fails such a test); after the close it is teardown', () => {
      let open = true;
      const logger = redisFallbackLogger(() => open);
      logger.debug('shared slots unavailable: per-instance cap', { error: 'Error: timeout' });
      logger.warn('redis unavailable: limits fall back to this instance, events from other instances wait', { error: 'ECONNREFUSED' });
      logger.warn('bus message dropped: not JSON');
      open = false;
      logger.debug('shared count release deferred to the heartbeat', { error: 'Error: The client is closed' });
      // Taken here, so that pg-test-setup's afterEach does not fail this test for them.
      expect(takeRedisFallbacks()).toEqual([
        'shared slots unavailable: per-instance cap: Error: timeout',
        'redis unavailable: limits fall back to this instance, events from other instances wait: ECONNREFUSED',
      ]);
    });

    it('a test passing its own REDIS_URL keeps it, with the default prefix', () => {
      const own = createTestApp({ env: { REDIS_URL: 'redis://127.0.0.1:1' } });
      expect(own.deps.config.redisUrl).toBe('redis://127.0.0.1:1');
      expect(own.deps.redis?.keyPrefix).toBe('ascenso:');
      void own.deps.redis?.close();
    });
  });
});
