import { createHmac } from 'node:crypto';
import { localDay, startOfNextLocalDay } from '@ascenso/domain/calendar';
import { DomainError } from '@ascenso/domain/errors';
import { RateLimiterMemory, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { consumeOrWait, sharedRateLimiter } from '../../security/shared-rate-limiter';
import type { Deps } from '../../deps';
import type { Logger } from '../../logger';
import type { SharedRedis } from '../../realtime/redis-connections';
import { createSharedSlots } from '../../realtime/redis-leases';
import type { CoachLimitsConfig } from './ai-config';

export type StreamSlot = { ok: true; release: () => void } | { ok: false; reason: 'conversation' | 'user' };

/**
 * Counting behind the per-user model limits: in memory for one process (the default), on Redis across
 * instances when REDIS_URL is set (createRedisModelLimitStore, decision 022).
 */
export interface ModelLimitStore {
  /**
   * Takes a stream slot for the user in the conversation (null: not tied to one, e.g. the daily plan).
   * Returns false with the reason when the user already has `max` streams, or one in that conversation.
   */
  tryAcquireStream(userId: string, conversationId: string | null, max: number): Promise<StreamSlot>;
  /** Counts one model call; resolves the seconds to wait when over `perMinute` calls in the window. */
  consumeCall(userId: string, perMinute: number): Promise<{ ok: true } | { ok: false; retryAfterSeconds: number }>;
}

/** Counts one call on the limiter; the seconds to wait when over. */
async function consumeOn(limiter: RateLimiterAbstract, userId: string): Promise<{ ok: true } | { ok: false; retryAfterSeconds: number }> {
  const retryAfterSeconds = await consumeOrWait(limiter, userId);
  return retryAfterSeconds === null ? { ok: true } : { ok: false, retryAfterSeconds };
}

export function createMemoryModelLimitStore(): ModelLimitStore {
  const streams = new Map<string, Map<string, number>>();
  const limiters = new Map<number, RateLimiterMemory>();
  let anonymous = 0;
  return {
    async tryAcquireStream(userId, conversationId, max) {
      const mine = streams.get(userId) ?? new Map<string, number>();
      let open = 0;
      for (const n of mine.values()) open += n;
      if (conversationId !== null && (mine.get(conversationId) ?? 0) > 0) return { ok: false, reason: 'conversation' };
      if (open >= max) return { ok: false, reason: 'user' };
      const key = conversationId ?? `\u0000${(anonymous += 1)}`;
      mine.set(key, (mine.get(key) ?? 0) + 1);
      streams.set(userId, mine);
      let released = false;
      return {
        ok: true,
        release: () => {
          if (released) return;
          released = true;
          const left = (mine.get(key) ?? 1) - 1;
          if (left > 0) mine.set(key, left);
          else mine.delete(key);
          if (mine.size === 0 && streams.get(userId) === mine) streams.delete(userId);
        },
      };
    },
    async consumeCall(userId, perMinute) {
      let limiter = limiters.get(perMinute);
      if (!limiter) {
        limiter = new RateLimiterMemory({ points: perMinute, duration: 60 });
        limiters.set(perMinute, limiter);
      }
      return consumeOn(limiter, userId);
    },
  };
}

/**
 * The same limits across instances (decision 022): stream slots in leased per-instance entries
 * (realtime/redis-leases.ts: a crashed instance's streams stop counting when its lease ends; while
 * Redis does not answer, this instance's own streams decide), calls per minute on RateLimiterRedis
 * with an in-memory insurance limiter for when Redis does not answer.
 */
export function createRedisModelLimitStore(redis: SharedRedis, logger: Logger): ModelLimitStore {
  const slots = createSharedSlots(redis, logger);
  const limiters = new Map<number, RateLimiterAbstract>();
  return {
    async tryAcquireStream(userId, conversationId, max) {
      const grant = await slots.acquire(`${redis.keyPrefix}model-streams:${userId}`, conversationId, max);
      if (grant.ok) return grant;
      return { ok: false, reason: grant.reason === 'group' ? 'conversation' : 'user' };
    },
    consumeCall(userId, perMinute) {
      let limiter = limiters.get(perMinute);
      if (!limiter) {
        limiter = sharedRateLimiter(redis, `model-calls:${perMinute}`, { points: perMinute, duration: 60 });
        limiters.set(perMinute, limiter);
      }
      return consumeOn(limiter, userId);
    },
  };
}

const stores = new WeakMap<Deps, ModelLimitStore>();

/** The store of this app instance (one per Deps); tests and a shared store may set another. */
export function modelLimitStore(deps: Deps): ModelLimitStore {
  let store = stores.get(deps);
  if (!store) {
    store = deps.redis ? createRedisModelLimitStore(deps.redis, deps.logger) : createMemoryModelLimitStore();
    stores.set(deps, store);
  }
  return store;
}

export function setModelLimitStore(deps: Deps, store: ModelLimitStore): void {
  stores.set(deps, store);
}

type User = { id: string; timezone: string };

/** The offline coach runs on our own server: it is not a model call and is not limited. */
export function usesModel(deps: Deps): boolean {
  return deps.coachProvider.kind !== 'offline';
}

function limits(deps: Deps): CoachLimitsConfig {
  return deps.config.coach;
}

/** Refuses a call once today's tokens (the user's local day) reach the daily budget. */
export async function checkTokenBudget(deps: Deps, user: User): Promise<void> {
  const now = deps.clock();
  const row = await deps.repos.coaching.usageFor(user.id, localDay(now, user.timezone));
  const used = (row?.inputTokens ?? 0) + (row?.outputTokens ?? 0);
  if (used < limits(deps).dailyTokenBudgetPerUser) return;
  const retryAfterSeconds = Math.max(1, Math.ceil((startOfNextLocalDay(now, user.timezone).getTime() - now.getTime()) / 1000));
  throw new DomainError('RATE_LIMITED', 'Has llegado al límite diario de uso de tu coach con IA. Mañana podrás seguir.', {
    retryAfterSeconds,
    limit: 'daily-tokens',
  });
}

/** Counts a model call against the per-minute rate. */
export async function consumeModelCall(deps: Deps, user: User): Promise<void> {
  const result = await modelLimitStore(deps).consumeCall(user.id, limits(deps).callsPerMinutePerUser);
  if (result.ok) return;
  throw new DomainError('RATE_LIMITED', `Has hecho muchas peticiones a tu coach en poco tiempo. Espera ${result.retryAfterSeconds} s y vuelve a intentarlo.`, {
    retryAfterSeconds: result.retryAfterSeconds,
    limit: 'calls-per-minute',
  });
}

/**
 * Everything a model call must pass: the daily token budget, the per-minute rate and, for a stream, a
 * slot (one per conversation, `AI_MAX_CONCURRENT_STREAMS_PER_USER` per user). Returns the release of
 * the slot; nothing is taken when a check fails.
 */
export async function admitModelCall(deps: Deps, user: User, conversationId: string | null): Promise<() => void> {
  if (!usesModel(deps)) return () => {};
  await checkTokenBudget(deps, user);
  const acquire = () => modelLimitStore(deps).tryAcquireStream(user.id, conversationId, limits(deps).maxConcurrentStreamsPerUser);
  let slot = await acquire();
  // A client that resubscribes (a remount, a reconnect) may arrive just before its previous stream
  // has released the conversation's slot: give it a moment before refusing.
  for (let waited = 0; !slot.ok && slot.reason === 'conversation' && waited < SAME_CONVERSATION_GRACE_MS; waited += 100) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    slot = await acquire();
  }
  if (!slot.ok) {
    if (slot.reason === 'conversation') {
      throw new DomainError('CONFLICT', 'Tu coach ya está respondiendo en esta conversación. Espera a que termine o detén la respuesta.', {
        limit: 'stream-per-conversation',
      });
    }
    throw new DomainError(
      'RATE_LIMITED',
      `Tu coach ya está respondiendo en ${limits(deps).maxConcurrentStreamsPerUser} conversaciones a la vez. Espera a que termine alguna.`,
      { retryAfterSeconds: 5, limit: 'concurrent-streams' },
    );
  }
  try {
    await consumeModelCall(deps, user);
  } catch (error) {
    slot.release();
    throw error;
  }
  return slot.release;
}

/** How long a second stream in the same conversation waits for the first to end before CONFLICT. */
const SAME_CONVERSATION_GRACE_MS = 1_000;

const DEFAULT_USER_ID_SALT = 'ascenso-coach-user-id-v1';

/**
 * The pseudonymous id sent to the provider as `user` and `safety_identifier`: HMAC-SHA256 of the user
 * id under AI_USER_ID_SECRET (64 hex characters, the field's maximum). Never the e-mail nor the id.
 */
export function providerUserId(deps: Deps, userId: string): string {
  return createHmac('sha256', limits(deps).userIdSecret ?? DEFAULT_USER_ID_SALT)
    .update(userId)
    .digest('hex');
}
