import { startRedis } from '@ascenso/test-services/redis';
import { expect, it } from 'vitest';
import { createLogger, type Logger } from '../logger';
import { busCompletion as completion, describeWithRedis, useRedisServer } from '../testing/redis';
import { createSharedRedis, DEFAULT_KEY_PREFIX } from './redis-connections';
import { createRedisEventBus, eventsChannel } from './redis-event-bus';

/** Collects what an iterator yields until `signal` aborts. */
function collect<T>(iterable: AsyncIterable<T>): T[] {
  const seen: T[] = [];
  void (async () => {
    for await (const value of iterable) seen.push(value);
  })();
  return seen;
}

function recordingLogger() {
  const warnings: string[] = [];
  const logger: Logger = { debug: () => {}, info: () => {}, warn: (msg) => warnings.push(msg), error: (msg) => warnings.push(msg) };
  return { logger, warnings };
}

/** The connections here take the default prefix. */
const EVENTS_CHANNEL = eventsChannel({ keyPrefix: DEFAULT_KEY_PREFIX });

describeWithRedis('event bus on Redis, two instances', () => {
  const redis = useRedisServer();

  async function twoBuses() {
    const a = createRedisEventBus(await redis.connect({ instanceId: 'instance-a' }), recordingLogger().logger);
    const b = createRedisEventBus(await redis.connect({ instanceId: 'instance-b' }), recordingLogger().logger);
    await Promise.all([a.ready, b.ready]);
    return { a, b };
  }

  it('a publish on A reaches the user’s iterator on B, not another user’s, and A’s own iterator exactly once', async () => {
    const { a, b } = await twoBuses();
    const stop = new AbortController();
    const onB = collect(b.iterateForUser('activity.completed', 'u1', stop.signal));
    const otherOnB = collect(b.iterateForUser('activity.completed', 'u2', stop.signal));
    const onA = collect(a.iterateForUser('activity.completed', 'u1', stop.signal));
    const handledOnB: string[] = [];
    b.subscribe('activity.completed', ({ completion: c }) => handledOnB.push(c.activityId));

    a.publish('activity.completed', completion('u1', 'c1'));
    // Delivered on A at once, before any round trip to Redis.
    await Promise.resolve();
    expect(onA.map((e) => e.completion.activityId)).toEqual(['c1']);
    await expect.poll(() => onB.map((e) => e.completion.activityId), { timeout: 3000 }).toEqual(['c1']);
    expect(onB[0]).toEqual(completion('u1', 'c1'));
    expect(handledOnB).toEqual(['c1']);

    // B publishes too; then both sides have seen both events once, in order.
    b.publish('activity.completed', completion('u1', 'c2'));
    await expect.poll(() => onA.map((e) => e.completion.activityId), { timeout: 3000 }).toEqual(['c1', 'c2']);
    // Give a duplicate (A's own message echoed back) time to arrive if it were ever delivered.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(onA.map((e) => e.completion.activityId)).toEqual(['c1', 'c2']);
    expect(onB.map((e) => e.completion.activityId)).toEqual(['c1', 'c2']);
    expect(otherOnB).toEqual([]);
    stop.abort();
    expect(b.listenerCount('activity.completed', 'u1')).toBe(0);
    await Promise.all([a.close(), b.close()]);
  });

  it('carries session ends and stats updates to the other instance’s handlers', async () => {
    const { a, b } = await twoBuses();
    const ended: string[] = [];
    const totals: number[] = [];
    b.subscribe('session.ended', ({ sessionId, reason }) => ended.push(`${sessionId}:${reason}`));
    b.subscribe('stats.updated', ({ stats }) => totals.push(stats.totalSteps));
    a.publish('session.ended', { sessionId: 's1', userId: 'u1', reason: 'logout' });
    a.publish('stats.updated', { userId: 'u1', stats: { totalSteps: 42, todaySteps: 2 } });
    await expect.poll(() => [ended, totals], { timeout: 3000 }).toEqual([['s1:logout'], [42]]);
    await Promise.all([a.close(), b.close()]);
  });

  it('logs and drops a malformed message instead of delivering it or failing', async () => {
    const { logger, warnings } = recordingLogger();
    const b = createRedisEventBus(await redis.connect({ instanceId: 'instance-b' }), logger);
    await b.ready;
    const seen: unknown[] = [];
    b.subscribe('activity.completed', (payload) => seen.push(payload));
    const intruder = await redis.connect({ instanceId: 'intruder' });
    const bad = [
      'not json',
      JSON.stringify({ instanceId: 'x', name: 'activity.deleted', payload: {} }),
      JSON.stringify({ instanceId: 'x', name: 'activity.completed', payload: { userId: 'u1', completion: { activityId: 5 } } }),
      JSON.stringify({ name: 'activity.completed', payload: completion('u1', 'c9') }),
      // The outbox event id (decision 026) is required, and is a positive integer as a string.
      JSON.stringify({ instanceId: 'x', name: 'activity.completed', payload: { ...completion('u1', 'c10'), eventId: undefined } }),
      JSON.stringify({ instanceId: 'x', name: 'activity.completed', payload: { ...completion('u1', 'c11'), eventId: '1; drop' } }),
    ];
    for (const message of bad) await intruder.client.publish(EVENTS_CHANNEL, message);
    // A good one after them still arrives (the subscriber survived the bad ones).
    await intruder.client.publish(EVENTS_CHANNEL, JSON.stringify({ instanceId: 'x', name: 'activity.completed', payload: completion('u1', 'ok') }));
    await expect.poll(() => seen.length, { timeout: 3000 }).toBe(1);
    expect(seen).toEqual([completion('u1', 'ok')]);
    expect(warnings).toEqual([
      'bus message dropped: not JSON',
      'bus message dropped: bad envelope',
      'bus message dropped: bad payload',
      'bus message dropped: bad envelope',
      'bus message dropped: bad payload',
      'bus message dropped: bad payload',
    ]);
    await b.close();
  });
});

describeWithRedis('event bus on Redis across an outage', () => {
  it('keeps delivering locally while Redis is away, and carries events between instances again once it is back', async () => {
    const server = await startRedis();
    const { logger, warnings } = recordingLogger();
    const connections = [createSharedRedis(server.url, logger), createSharedRedis(server.url, createLogger('silent'))];
    let restarted: Awaited<ReturnType<typeof startRedis>> | undefined;
    try {
      for (const connection of connections) expect(await connection.ready(5_000)).toBe(true);
      const [a, b] = connections.map((connection) => createRedisEventBus(connection, logger));
      if (!a || !b) throw new Error('two buses');
      await Promise.all([a.ready, b.ready]);
      const onA: string[] = [];
      const onB: string[] = [];
      a.subscribe('activity.completed', ({ completion: c }) => onA.push(c.activityId));
      b.subscribe('activity.completed', ({ completion: c }) => onB.push(c.activityId));

      await server.stop();
      await expect.poll(() => connections.every((c) => !c.client.isReady), { timeout: 3_000 }).toBe(true);
      a.publish('activity.completed', completion('u1', 'during'));
      a.publish('activity.completed', completion('u1', 'during-2'));
      // Delivered on A (its own clients), not failed; B misses them (pub/sub is at most once).
      expect(onA).toEqual(['during', 'during-2']);
      // One warning for the outage, not one per event.
      await expect.poll(() => warnings.filter((w) => w === 'bus publish to other instances failed'), { timeout: 3_000 }).toHaveLength(1);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(warnings.filter((w) => w === 'bus publish to other instances failed')).toHaveLength(1);

      restarted = await startRedis({ port: server.port });
      // node-redis reconnects both connections and subscribes B again by itself.
      await expect
        .poll(
          async () => {
            if (!connections.every((c) => c.client.isReady && c.subscriber.isReady)) return 0;
            return (await connections[0]?.client.pubSubNumSub(EVENTS_CHANNEL))?.[EVENTS_CHANNEL] ?? 0;
          },
          { timeout: 10_000 },
        )
        .toBe(2);
      a.publish('activity.completed', completion('u1', 'after'));
      await expect.poll(() => onB, { timeout: 3_000 }).toEqual(['after']);
      expect(onA).toEqual(['during', 'during-2', 'after']);
    } finally {
      await Promise.all(connections.map((connection) => connection.close()));
      await restarted?.stop();
      await server.stop();
    }
  }, 30_000);
});
