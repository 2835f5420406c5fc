import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { SharedRedis } from '../realtime/redis-connections';

/**
 * `points` per key per `duration` seconds (rate-limiter-flexible). On Redis across the instances when the app
 * has REDIS_URL (keys under `<REDIS_KEY_PREFIX><name>`), with an in-memory insurance limiter while Redis does not
 * answer (decision 022); otherwise in this process's memory.
 */
export function sharedRateLimiter(redis: SharedRedis | undefined, name: string, options: { points: number; duration: number }): RateLimiterAbstract {
  if (!redis) return new RateLimiterMemory(options);
  return new RateLimiterRedis({
    storeClient: redis.client,
    useRedisPackage: true,
    rejectIfRedisNotReady: true,
    keyPrefix: `${redis.keyPrefix}${name}`,
    ...options,
    insuranceLimiter: new RateLimiterMemory(options),
  });
}

/** Counts one for `key`: null when it was allowed, else the whole seconds to wait (at least 1). */
export async function consumeOrWait(limiter: RateLimiterAbstract, key: string): Promise<number | null> {
  try {
    await limiter.consume(key, 1);
    return null;
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) return Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
    throw rejection;
  }
}
