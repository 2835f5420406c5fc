import { DomainError } from '@ascenso/domain/errors';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Deps } from '../../deps';
import { consumeOrWait, sharedRateLimiter } from '../../security/shared-rate-limiter';

/**
 * Exports per user and hour (`EXPORTS_PER_HOUR`, 10): each reads every row the person has, so a script
 * asking for it in a loop would load the database for everyone. In memory for one process, on Redis
 * across instances (rate-limiter-flexible).
 */
const limiters = new WeakMap<Deps, RateLimiterAbstract>();

export async function countExport(deps: Deps, userId: string): Promise<void> {
  let limiter = limiters.get(deps);
  if (!limiter) {
    limiter = sharedRateLimiter(deps.redis, 'export', { points: deps.config.exportsPerHour, duration: 3600 });
    limiters.set(deps, limiter);
  }
  const wait = await consumeOrWait(limiter, userId);
  if (wait === null) return;
  const minutes = Math.max(1, Math.ceil(wait / 60));
  throw new DomainError(
    'RATE_LIMITED',
    `Has descargado tus datos muchas veces en la última hora. Podrás volver a hacerlo dentro de ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}.`,
    { retryAfterSeconds: wait, limit: 'exports-per-hour' },
  );
}
