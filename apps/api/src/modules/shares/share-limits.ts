import { SHARE_MAX_CREATED_PER_DAY, SHARE_MAX_VIEWS_PER_MINUTE } from '@ascenso/domain/shares';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Deps } from '../../deps';

/**
 * The shares' rate limits (decision 029): creations per user per 24 h, page views per share per minute. In
 * memory for one process, on Redis across instances when REDIS_URL is set (with an in-memory insurance
 * limiter while Redis does not answer), like the model limits.
 */
export type ShareLimits = {
  /** Counts one creation for the user; the seconds to wait when over. */
  create(userId: string): Promise<number | null>;
  /** Counts one page view of the share; the seconds to wait when over. */
  view(shareId: string): Promise<number | null>;
};

async function consume(limiter: RateLimiterAbstract, key: string): Promise<number | null> {
  try {
    await limiter.consume(key, 1);
    return null;
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) return Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
    throw rejection;
  }
}

const CREATE = { points: SHARE_MAX_CREATED_PER_DAY, duration: 24 * 60 * 60 };
const VIEW = { points: SHARE_MAX_VIEWS_PER_MINUTE, duration: 60 };

function createShareLimits(deps: Deps): ShareLimits {
  const redis = deps.redis;
  const limiter = (name: string, options: { points: number; duration: number }): RateLimiterAbstract =>
    redis
      ? new RateLimiterRedis({
          storeClient: redis.client,
          useRedisPackage: true,
          rejectIfRedisNotReady: true,
          keyPrefix: `${redis.keyPrefix}shares-${name}`,
          ...options,
          insuranceLimiter: new RateLimiterMemory(options),
        })
      : new RateLimiterMemory(options);
  const create = limiter('create', CREATE);
  const view = limiter('view', VIEW);
  return { create: (userId) => consume(create, userId), view: (shareId) => consume(view, shareId) };
}

const limits = new WeakMap<Deps, ShareLimits>();

/** This app instance's limits (one per Deps). */
export function shareLimits(deps: Deps): ShareLimits {
  let found = limits.get(deps);
  if (!found) {
    found = createShareLimits(deps);
    limits.set(deps, found);
  }
  return found;
}
