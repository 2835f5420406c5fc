import { startRedis } from '@ascenso/test-services/redis';
import { expect, it } from 'vitest';
import { createLogger } from '../logger';
import { describeWithRedis, useRedisServer } from '../testing/redis';
import { CONCURRENCY_RETRY_AFTER_SECONDS, createRedisConnectionQuota, type QuotaGrant } from './connection-quota';
import { createSharedRedis } from './redis-connections';

const limits = { socketsPerUser: 3, socketsPerAddress: 5, connectionsPerMinute: 1_000 };
const silent = createLogger('silent');

function granted(grant: QuotaGrant): () => void {
  if (!grant.ok) throw new Error(`refused: ${grant.scope}`);
  return grant.release;
}

describeWithRedis('connection quota on Redis, two instances', () => {
  const redis = useRedisServer();

  it('enforces connection attempts per minute across instances: attempt N+1 is refused with Retry-After seconds', async () => {
    const n = 4;
    const a = createRedisConnectionQuota(await redis.connect(), { ...limits, connectionsPerMinute: n }, silent);
    const b = createRedisConnectionQuota(await redis.connect(), { ...limits, connectionsPerMinute: n }, silent);
    const key = { userId: 'rate-user', address: '10.0.0.1' };
    const grants: QuotaGrant[] = [];
    for (let i = 0; i < n; i += 1) {
      const grant = await (i % 2 === 0 ? a : b).acquire(key);
      grants.push(grant);
      if (grant.ok) grant.release();
    }
    expect(grants.every((grant) => grant.ok)).toBe(true);
    const refused = await b.acquire(key);
    expect(refused).toMatchObject({ ok: false, scope: 'rate', limit: n });
    expect(!refused.ok && refused.retryAfterSeconds).toBeGreaterThanOrEqual(58);
    expect(!refused.ok && refused.retryAfterSeconds).toBeLessThanOrEqual(60);
    expect(await a.acquire(key)).toMatchObject({ ok: false, scope: 'rate' });
    // Another user is not affected.
    expect((await a.acquire({ userId: 'rate-other', address: '10.0.0.1' })).ok).toBe(true);
  });

  it('caps open sockets per user and per address across instances, and frees a slot on release', async () => {
    const a = createRedisConnectionQuota(await redis.connect(), limits, silent);
    const b = createRedisConnectionQuota(await redis.connect(), limits, silent);
    const user = { userId: 'cap-user', address: '10.0.0.2' };
    const releases = [granted(await a.acquire(user)), granted(await b.acquire(user)), granted(await a.acquire(user))];
    expect(await b.acquire(user)).toEqual({ ok: false, scope: 'user', limit: 3, retryAfterSeconds: CONCURRENCY_RETRY_AFTER_SECONDS });
    expect(await a.usage(user)).toEqual({ user: 3, address: 3 });
    // Two other users from the same address fill it up to 5; the 6th socket from it is refused on either instance.
    granted(await b.acquire({ userId: 'cap-2', address: '10.0.0.2' }));
    granted(await a.acquire({ userId: 'cap-3', address: '10.0.0.2' }));
    expect(await a.acquire({ userId: 'cap-4', address: '10.0.0.2' })).toMatchObject({ ok: false, scope: 'address', limit: 5 });
    expect(await b.usage({ userId: 'cap-4', address: '10.0.0.2' })).toEqual({ user: 0, address: 5 });
    // A refusal leaves no count behind; a release on A frees a slot B can take.
    releases[0]?.();
    releases[0]?.();
    await expect.poll(async () => (await b.usage(user)).user, { timeout: 2000 }).toBe(2);
    granted(await b.acquire(user));
    expect(await a.acquire(user)).toMatchObject({ ok: false, scope: 'user' });
  });

  it('races: 20 concurrent acquisitions of one user split over two instances grant exactly the cap', async () => {
    const a = createRedisConnectionQuota(await redis.connect(), limits, silent);
    const b = createRedisConnectionQuota(await redis.connect(), limits, silent);
    const key = { userId: 'race-user', address: '10.0.0.3' };
    const grants = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? a : b).acquire(key)));
    expect(grants.filter((grant) => grant.ok)).toHaveLength(3);
    expect(await a.usage(key)).toEqual({ user: 3, address: 3 });
  });

  it('forgets a crashed instance’s sockets once its lease ends', async () => {
    const a = createRedisConnectionQuota(await redis.connect({ leaseMs: 600 }), limits, silent);
    const crashing = await redis.connect({ leaseMs: 600 });
    const b = createRedisConnectionQuota(crashing, limits, silent);
    const key = { userId: 'crash-user', address: '10.0.0.4' };
    granted(await b.acquire(key));
    granted(await b.acquire(key));
    granted(await a.acquire(key));
    // B stops without releasing anything (its connections close, its heartbeat stops).
    await crashing.close();
    expect(await a.acquire(key)).toMatchObject({ ok: false, scope: 'user' });
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(await a.usage(key)).toEqual({ user: 1, address: 1 });
    granted(await a.acquire(key));
    granted(await a.acquire(key));
    expect(await a.acquire(key)).toMatchObject({ ok: false, scope: 'user' });
  });

  it('a live instance keeps its sockets counted: its heartbeat renews the lease and rewrites them', async () => {
    const a = createRedisConnectionQuota(await redis.connect({ leaseMs: 300 }), limits, silent);
    const b = createRedisConnectionQuota(await redis.connect({ leaseMs: 300 }), limits, silent);
    const key = { userId: 'live-user', address: '10.0.0.5' };
    granted(await a.acquire(key));
    granted(await a.acquire(key));
    granted(await a.acquire(key));
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await b.acquire(key)).toMatchObject({ ok: false, scope: 'user' });
  });
});

describeWithRedis('connection quota when Redis goes away', () => {
  it('falls back to per-instance caps and the insurance rate limiter, then writes its counts back when Redis returns', async () => {
    const server = await startRedis();
    const warnings: string[] = [];
    const logger = { ...silent, warn: (msg: string) => warnings.push(msg) };
    const shared = createSharedRedis(server.url, logger, { leaseMs: 600 });
    const other = createSharedRedis(server.url, silent, { leaseMs: 600 });
    try {
      expect(await shared.ready(5_000)).toBe(true);
      expect(await other.ready(5_000)).toBe(true);
      const a = createRedisConnectionQuota(shared, { ...limits, connectionsPerMinute: 6 }, logger);
      const key = { userId: 'outage-user', address: '10.0.0.6' };
      const before = granted(await a.acquire(key));

      await server.stop();
      await expect.poll(() => shared.client.isReady, { timeout: 3000 }).toBe(false);
      // Still answering, from this instance's own counts: 1 held + 2 more = the cap of 3.
      const during = [await a.acquire(key), await a.acquire(key), await a.acquire(key)];
      expect(during.map((grant) => grant.ok)).toEqual([true, true, false]);
      expect(during[2]).toMatchObject({ ok: false, scope: 'user' });
      // The insurance limiter counts attempts in memory: 6 per minute, the 7th is refused.
      const attempts: QuotaGrant[] = [];
      for (let i = 0; i < 7; i += 1) {
        const grant = await a.acquire({ userId: 'outage-rate', address: '10.0.0.7' });
        attempts.push(grant);
        if (grant.ok) grant.release();
      }
      expect(attempts.map((grant) => grant.ok)).toEqual([true, true, true, true, true, true, false]);
      expect(attempts[6]).toMatchObject({ ok: false, scope: 'rate', limit: 6 });
      expect(warnings).toContain('redis unavailable: limits fall back to this instance, events from other instances wait');
      before();

      // Redis is back (empty: no persistence). The heartbeat writes A's 2 open sockets again.
      const restarted = await startRedis({ port: server.port });
      try {
        await expect.poll(() => shared.client.isReady && other.client.isReady, { timeout: 10_000 }).toBe(true);
        await shared.beat();
        const b = createRedisConnectionQuota(other, limits, silent);
        expect(await b.usage(key)).toEqual({ user: 2, address: 2 });
        granted(await b.acquire(key));
        expect(await b.acquire(key)).toMatchObject({ ok: false, scope: 'user' });
      } finally {
        await shared.close();
        await other.close();
        await restarted.stop();
      }
    } finally {
      await shared.close();
      await other.close();
      await server.stop();
    }
  }, 30_000);
});
