import type { MiddlewareHandler } from 'hono';
import type { Deps } from '../deps';
import type { AppEnv } from './types';

/** The response header naming the instance that answered (only when INSTANCES > 1). */
export const INSTANCE_HEADER = 'X-Ascenso-Instance';

/**
 * With several instances behind the load balancer (INSTANCES > 1, hence Redis), every response says
 * which one answered: its Redis instance id, a random UUID per process that also names its entries in
 * Redis (its lease, its socket counts). For operators and the two-instance e2e test; one instance
 * sends nothing.
 */
export function instanceHeader(deps: Pick<Deps, 'config' | 'redis'>): MiddlewareHandler<AppEnv> | undefined {
  const id = deps.redis?.instanceId;
  if (deps.config.instances <= 1 || !id) return undefined;
  return async (c, next) => {
    await next();
    c.res.headers.set(INSTANCE_HEADER, id);
  };
}
