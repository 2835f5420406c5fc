import { redisAvailability, startRedis, type RedisService } from '@ascenso/test-services/redis';
import { afterAll, beforeAll, describe } from 'vitest';
import { createLogger, type Logger } from '../logger';
import type { BusEvents } from '../realtime/event-bus';
import { createSharedRedis, type SharedRedis } from '../realtime/redis-connections';

const availability = redisAvailability();

/** A breathing completion of `userId` as the bus carries it (event id 7), for the Redis bus tests. */
export const busCompletion = (userId: string, activityId: string): BusEvents['activity.completed'] => ({
  userId,
  eventId: '7',
  completion: {
    activityId,
    activityType: 'breathing',
    activityName: 'Respiración',
    stepsEarned: 10,
    icon: 'wind',
    completedAt: '2026-11-26T08:00:00.000Z',
    limitReached: false,
    dailyLimit: 3,
  },
  stats: { totalSteps: 10, todaySteps: 10 },
});

/**
 * `describe`, skipped with the reason in its title when this machine has no redis-server (under CI a
 * missing server throws instead: tooling/test-services/redis.ts).
 */
export function describeWithRedis(name: string, suite: () => void) {
  const title = availability.available ? name : `${name} [skipped: ${availability.reason}]`;
  describe.skipIf(!availability.available)(title, suite);
}

/**
 * A throwaway redis-server for the suite (started in beforeAll, stopped in afterAll), and connections
 * to it that are closed with it. Read `server` inside tests only.
 */
export function useRedisServer() {
  const state: { server: RedisService; connections: SharedRedis[] } = { server: undefined as never, connections: [] };
  beforeAll(async () => {
    state.server = await startRedis();
  }, 20_000);
  afterAll(async () => {
    await Promise.all(state.connections.map((c) => c.close()));
    await state.server?.stop();
  });
  return {
    get server() {
      return state.server;
    },
    /** Two connections (command + subscriber) as one instance, ready; closed after the suite. */
    async connect(options: { instanceId?: string; leaseMs?: number; keyPrefix?: string; logger?: Logger } = {}) {
      const redis = createSharedRedis(state.server.url, options.logger ?? createLogger('silent'), options);
      state.connections.push(redis);
      if (!(await redis.ready(5_000))) throw new Error('redis not ready');
      return redis;
    },
  };
}
