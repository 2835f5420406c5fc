import { describe, expect, it } from 'vitest';
import { loadConfig } from '../env';
import { createLogger } from '../logger';
import { createRedisModelLimitStore } from '../modules/coaching/model-limits';
import { busCompletion as completion, describeWithRedis, useRedisServer } from '../testing/redis';
import { createRedisConnectionQuota } from './connection-quota';
import { createSharedRedis, type SharedRedis } from './redis-connections';
import { createRedisEventBus, eventsChannel } from './redis-event-bus';

const silent = createLogger('silent');

describe('REDIS_KEY_PREFIX', () => {
  it('defaults to ascenso: and takes 1–64 of [A-Za-z0-9:_-] ending in ":"', () => {
    expect(loadConfig({}).redisKeyPrefix).toBe('ascenso:');
    expect(loadConfig({ REDIS_KEY_PREFIX: 'ascenso-staging:' }).redisKeyPrefix).toBe('ascenso-staging:');
    expect(loadConfig({ REDIS_KEY_PREFIX: ':' }).redisKeyPrefix).toBe(':');
    expect(loadConfig({ REDIS_KEY_PREFIX: `${'a_B-9:'.repeat(10)}abc:` }).redisKeyPrefix).toHaveLength(64);
    for (const bad of ['ascenso', 'ascenso:x', 'con espacio:', 'ñandú:', 'a*:', 'a{b}:', `${'a'.repeat(64)}:`]) {
      expect(() => loadConfig({ REDIS_KEY_PREFIX: bad }), bad).toThrow(/REDIS_KEY_PREFIX: debe tener de 1 a 64 caracteres/);
    }
  });

  it('is refused by createSharedRedis when invalid, before any connection is made', () => {
    expect(() => createSharedRedis('redis://127.0.0.1:1', silent, { keyPrefix: 'sin-dos-puntos' })).toThrow(/invalid Redis key prefix/);
  });
});

describeWithRedis('two deployments on one Redis (REDIS_KEY_PREFIX)', () => {
  const redis = useRedisServer();

  /** Instances of "staging" (two) and "production" (one) on the same server. */
  async function deployments() {
    const stagingA = await redis.connect({ keyPrefix: 'staging:' });
    const stagingB = await redis.connect({ keyPrefix: 'staging:' });
    const production = await redis.connect({ keyPrefix: 'production:' });
    return { stagingA, stagingB, production };
  }

  it('events cross between instances of the same prefix only', async () => {
    const { stagingA, stagingB, production } = await deployments();
    const buses = [stagingA, stagingB, production].map((connection) => createRedisEventBus(connection, silent));
    const [a, b, p] = buses as [ReturnType<typeof createRedisEventBus>, ReturnType<typeof createRedisEventBus>, ReturnType<typeof createRedisEventBus>];
    await Promise.all(buses.map((bus) => bus.ready));
    const seen = { b: [] as string[], p: [] as string[] };
    b.subscribe('activity.completed', ({ completion: c }) => seen.b.push(c.activityId));
    p.subscribe('activity.completed', ({ completion: c }) => seen.p.push(c.activityId));

    expect(eventsChannel(stagingA)).toBe('staging:events');
    expect(await stagingA.client.pubSubNumSub('staging:events')).toEqual({ 'staging:events': 2 });
    expect(await stagingA.client.pubSubNumSub('production:events')).toEqual({ 'production:events': 1 });

    a.publish('activity.completed', completion('u1', 'de-staging'));
    await expect.poll(() => seen.b, { timeout: 3_000 }).toEqual(['de-staging']);
    // A sentinel on the other deployment's channel, sent on the same connection right after an event:
    // Redis handles one connection's commands in order, so had the event crossed over it would arrive first.
    const sentinel = (activityId: string) => JSON.stringify({ instanceId: 'sentinel', name: 'activity.completed', payload: completion('u1', activityId) });
    b.publish('activity.completed', completion('u1', 'staging-2'));
    await stagingB.client.publish('production:events', sentinel('centinela-a-produccion'));
    await expect.poll(() => seen.p, { timeout: 3_000 }).toEqual(['centinela-a-produccion']);
    p.publish('activity.completed', completion('u1', 'de-produccion'));
    await production.client.publish('staging:events', sentinel('centinela-a-staging'));
    await expect.poll(() => seen.b, { timeout: 3_000 }).toEqual(['de-staging', 'staging-2', 'centinela-a-staging']);
    expect(seen.p).toEqual(['centinela-a-produccion', 'de-produccion']);
    await Promise.all(buses.map((bus) => bus.close()));
  });

  it('socket caps, connection attempts and model limits count per prefix, and every key carries it', async () => {
    const { stagingA, stagingB, production } = await deployments();
    const limits = { socketsPerUser: 1, socketsPerAddress: 2, connectionsPerMinute: 2 };
    const [qa, qb, qp] = [stagingA, stagingB, production].map((connection) => createRedisConnectionQuota(connection, limits, silent));
    const socket = { userId: 'same-user-id', address: '127.0.0.1' };
    // Staging's one socket for the user is counted on both staging instances, not in production.
    expect((await qa!.acquire(socket)).ok).toBe(true);
    expect(await qb!.acquire(socket)).toMatchObject({ ok: false, scope: 'user' });
    expect(await qp!.usage(socket)).toEqual({ user: 0, address: 0 });
    expect((await qp!.acquire(socket)).ok).toBe(true);
    // Staging used its two attempts this minute; production's second attempt is still its own.
    expect(await qa!.acquire(socket)).toMatchObject({ ok: false, scope: 'rate' });
    expect(await qp!.acquire(socket)).toMatchObject({ ok: false, scope: 'user' });

    const [ma, mb, mp] = [stagingA, stagingB, production].map((connection) => createRedisModelLimitStore(connection, silent));
    expect((await ma!.tryAcquireStream('same-user-id', 'c1', 1)).ok).toBe(true);
    expect(await mb!.tryAcquireStream('same-user-id', 'c2', 1)).toEqual({ ok: false, reason: 'user' });
    expect((await mp!.tryAcquireStream('same-user-id', 'c2', 1)).ok).toBe(true);
    expect(await ma!.consumeCall('same-user-id', 1)).toEqual({ ok: true });
    expect(await mb!.consumeCall('same-user-id', 1)).toMatchObject({ ok: false });
    expect(await mp!.consumeCall('same-user-id', 1)).toEqual({ ok: true });

    await Promise.all([stagingA, stagingB, production].map((connection) => connection.beat()));
    const keys = await allKeys(stagingA);
    expect(keys.length).toBeGreaterThanOrEqual(10);
    expect(keys.filter((key) => !key.startsWith('staging:') && !key.startsWith('production:'))).toEqual([]);
    for (const prefix of ['staging:', 'production:']) {
      for (const kind of ['instances', 'sockets:user:', 'sockets:address:', 'ws-attempts', 'model-streams:', 'model-calls:']) {
        expect(
          keys.some((key) => key.startsWith(`${prefix}${kind}`)),
          `${prefix}${kind}`,
        ).toBe(true);
      }
    }
  });
});

async function allKeys(redis: SharedRedis): Promise<string[]> {
  const keys: string[] = [];
  for await (const batch of redis.client.scanIterator({ COUNT: 100 })) keys.push(...batch);
  return keys;
}
