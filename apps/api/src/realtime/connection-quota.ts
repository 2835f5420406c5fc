import { RateLimiterMemory, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { consumeOrWait, sharedRateLimiter } from '../security/shared-rate-limiter';
import type { Deps } from '../deps';
import type { RealtimeLimits } from '../env';
import type { Logger } from '../logger';
import type { SharedRedis } from './redis-connections';
import { createSharedCounts } from './redis-leases';

/** Who opens a realtime connection: the signed-in user and the client address of the TCP peer. */
export type QuotaKey = { userId: string; address: string };

export type QuotaRefusal = { ok: false; scope: 'user' | 'address' | 'rate'; limit: number; retryAfterSeconds: number };

export type QuotaGrant = { ok: true; /** Frees the slot; calling it again does nothing. */ release: () => void } | QuotaRefusal;

/** Retry-After of a refusal over a concurrency cap: slots free as soon as sockets close. */
export const CONCURRENCY_RETRY_AFTER_SECONDS = 30;

/**
 * Counts open realtime connections (WebSockets on both endpoints, tRPC SSE streams) per user and per
 * address, and refuses one over either cap; also limits how fast a user opens them (every attempt
 * counts), so a client closed for flooding cannot make reconnecting its flood. In memory, per
 * process, by default; with REDIS_URL the counting is on Redis behind this same interface, so the
 * caps hold across instances (createRedisConnectionQuota, decision 022).
 */
export interface ConnectionQuota {
  acquire(key: QuotaKey): Promise<QuotaGrant>;
  /** Open connections counted for the key's user and address. */
  usage(key: QuotaKey): Promise<{ user: number; address: number }>;
}

/** A refusal over a concurrency cap (the user's or the address's open connections). */
const overCap = (scope: 'user' | 'address', limit: number): QuotaRefusal => ({ ok: false, scope, limit, retryAfterSeconds: CONCURRENCY_RETRY_AFTER_SECONDS });

type QuotaLimits = Pick<RealtimeLimits, 'socketsPerUser' | 'socketsPerAddress' | 'connectionsPerMinute'>;

/** Counts a connection attempt; a refusal carries the seconds until the window frees. */
async function consumeAttempt(attempts: RateLimiterAbstract, userId: string, limit: number): Promise<QuotaRefusal | undefined> {
  const retryAfterSeconds = await consumeOrWait(attempts, userId);
  return retryAfterSeconds === null ? undefined : { ok: false, scope: 'rate', limit, retryAfterSeconds };
}

export function createMemoryConnectionQuota(limits: QuotaLimits): ConnectionQuota {
  const attempts = new RateLimiterMemory({ points: limits.connectionsPerMinute, duration: 60 });
  const byUser = new Map<string, number>();
  const byAddress = new Map<string, number>();
  const decrement = (map: Map<string, number>, id: string) => {
    const next = (map.get(id) ?? 0) - 1;
    if (next > 0) map.set(id, next);
    else map.delete(id);
  };
  return {
    async acquire({ userId, address }) {
      const tooFast = await consumeAttempt(attempts, userId, limits.connectionsPerMinute);
      if (tooFast) return tooFast;
      const user = byUser.get(userId) ?? 0;
      if (user >= limits.socketsPerUser) return overCap('user', limits.socketsPerUser);
      const fromAddress = byAddress.get(address) ?? 0;
      if (fromAddress >= limits.socketsPerAddress) return overCap('address', limits.socketsPerAddress);
      byUser.set(userId, user + 1);
      byAddress.set(address, fromAddress + 1);
      let held = true;
      const release = () => {
        if (!held) return;
        held = false;
        decrement(byUser, userId);
        decrement(byAddress, address);
      };
      return { ok: true, release };
    },
    usage({ userId, address }) {
      return Promise.resolve({ user: byUser.get(userId) ?? 0, address: byAddress.get(address) ?? 0 });
    },
  };
}

/**
 * The same caps across instances, on Redis (decision 022): attempts per minute with rate-limiter-flexible's
 * RateLimiterRedis (an in-memory insurance limiter answers while Redis does not), open connections per
 * user and per address in leased per-instance counts (redis-leases.ts), which fall back to this
 * instance's own counts while Redis does not answer. A refusal never leaves a count behind.
 */
export function createRedisConnectionQuota(redis: SharedRedis, limits: QuotaLimits, logger: Logger): ConnectionQuota {
  const attempts = sharedRateLimiter(redis, 'ws-attempts', { points: limits.connectionsPerMinute, duration: 60 });
  const counts = createSharedCounts(redis, logger);
  const userKey = (userId: string) => `${redis.keyPrefix}sockets:user:${userId}`;
  const addressKey = (address: string) => `${redis.keyPrefix}sockets:address:${address}`;
  return {
    async acquire({ userId, address }) {
      const tooFast = await consumeAttempt(attempts, userId, limits.connectionsPerMinute);
      if (tooFast) return tooFast;
      const grant = await counts.acquire([
        { key: userKey(userId), max: limits.socketsPerUser },
        { key: addressKey(address), max: limits.socketsPerAddress },
      ]);
      if (grant.ok) return grant;
      return grant.index === 0 ? overCap('user', limits.socketsPerUser) : overCap('address', limits.socketsPerAddress);
    },
    async usage({ userId, address }) {
      const [user = 0, fromAddress = 0] = await counts.read([userKey(userId), addressKey(address)]);
      return { user, address: fromAddress };
    },
  };
}

const quotas = new WeakMap<Deps, ConnectionQuota>();

/** Replaces the quota of a dependency graph (a shared store, or a test double); call before attachRealtime. */
export function useConnectionQuota(deps: Deps, quota: ConnectionQuota) {
  quotas.set(deps, quota);
}

/** The process's quota for this dependency graph (the upgrade handler and the SSE check share it). */
export function connectionQuotaFor(deps: Deps): ConnectionQuota {
  let quota = quotas.get(deps);
  if (!quota) {
    quota = deps.redis ? createRedisConnectionQuota(deps.redis, deps.config.realtime, deps.logger) : createMemoryConnectionQuota(deps.config.realtime);
    quotas.set(deps, quota);
  }
  return quota;
}

/** Spanish text of a refusal, shared by the 429 upgrade answer and the SSE subscription error. */
export function quotaRefusalMessage(refusal: QuotaRefusal): string {
  switch (refusal.scope) {
    case 'user':
      return `Tienes demasiadas conexiones en tiempo real abiertas (máximo ${refusal.limit}). Cierra alguna pestaña y vuelve a intentarlo.`;
    case 'address':
      return `Hay demasiadas conexiones en tiempo real abiertas desde tu red (máximo ${refusal.limit}). Vuelve a intentarlo en unos segundos.`;
    case 'rate':
      return `Estás abriendo conexiones en tiempo real demasiado deprisa (máximo ${refusal.limit} por minuto). Vuelve a intentarlo en ${refusal.retryAfterSeconds} s.`;
  }
}
