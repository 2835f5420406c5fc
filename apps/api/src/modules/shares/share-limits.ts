import { SHARE_MAX_CREATED_PER_DAY, SHARE_MAX_VIEWS_PER_MINUTE } from '@ascenso/domain/shares';
import type { Deps } from '../../deps';
import { consumeOrWait, sharedRateLimiter } from '../../security/shared-rate-limiter';

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

const CREATE = { points: SHARE_MAX_CREATED_PER_DAY, duration: 24 * 60 * 60 };
const VIEW = { points: SHARE_MAX_VIEWS_PER_MINUTE, duration: 60 };

function createShareLimits(deps: Deps): ShareLimits {
  const limiter = (name: string, options: { points: number; duration: number }) => sharedRateLimiter(deps.redis, `shares-${name}`, options);
  const create = limiter('create', CREATE);
  const view = limiter('view', VIEW);
  return { create: (userId) => consumeOrWait(create, userId), view: (shareId) => consumeOrWait(view, shareId) };
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
