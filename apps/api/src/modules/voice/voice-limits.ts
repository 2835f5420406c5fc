import { localDay } from '@ascenso/domain/calendar';
import { DomainError } from '@ascenso/domain/errors';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Deps } from '../../deps';
import { consumeOrWait, sharedRateLimiter } from '../../security/shared-rate-limiter';
import { modelLimitStore } from '../coaching/model-limits';
import { secondsUntilNextLocalDay } from '../quotas/quotas';
import { VOICE_LIMITS } from './voice-config';

/**
 * The voice entry's per-user limits (decision 030), so one person cannot keep the transcription server
 * busy for the others. All of them live in memory for one process, on Redis across instances:
 * - one transcription at a time: a slot of the coach's model-limit store (modules/coaching/model-limits.ts)
 *   under its own key (`voice:<user>`), so it neither takes nor is taken by the coach's streams;
 * - VOICE_REQUESTS_PER_MINUTE upload attempts (refused ones included): the same store's per-minute counter;
 * - VOICE_TRANSCRIPTIONS_PER_DAY transcriptions sent to the server per local day: a counter per user and
 *   day (rate-limiter-flexible), kept a little over 24 hours, under a ceiling of the same number in any
 *   24 hours from the first (a change of timezone opens a new local day, not a new allowance). Nothing is
 *   written to the database.
 */

type User = { id: string; timezone: string };

const voiceKey = (userId: string) => `voice:${userId}`;

const dailyLimiters = new WeakMap<Deps, RateLimiterAbstract>();
const ceilingLimiters = new WeakMap<Deps, RateLimiterAbstract>();

/**
 * The same number of transcriptions in any 24 hours from the first, whatever the local day: changing the
 * timezone starts a new local day (a new key above), never a new allowance.
 */
function ceilingLimiter(deps: Deps): RateLimiterAbstract {
  let limiter = ceilingLimiters.get(deps);
  if (!limiter) {
    limiter = sharedRateLimiter(deps.redis, 'voice-24h', { points: deps.config.voice.transcriptionsPerDay, duration: 24 * 3600 });
    ceilingLimiters.set(deps, limiter);
  }
  return limiter;
}

function dailyLimiter(deps: Deps): RateLimiterAbstract {
  let limiter = dailyLimiters.get(deps);
  if (!limiter) {
    const points = deps.config.voice.transcriptionsPerDay;
    // A key per local day; 26 hours cover the longest local day (25 h) from its first use.
    const duration = 26 * 3600;
    limiter = sharedRateLimiter(deps.redis, 'voice-day', { points, duration });
    dailyLimiters.set(deps, limiter);
  }
  return limiter;
}

/** Counts one upload attempt; over VOICE_REQUESTS_PER_MINUTE it throws RATE_LIMITED (429, Retry-After). */
export async function countVoiceRequest(deps: Deps, user: User): Promise<void> {
  const result = await modelLimitStore(deps).consumeCall(voiceKey(user.id), deps.config.voice.requestsPerMinute);
  if (result.ok) return;
  throw new DomainError('RATE_LIMITED', `Has enviado muchos audios en poco tiempo. Espera ${result.retryAfterSeconds} s y vuelve a intentarlo.`, {
    retryAfterSeconds: result.retryAfterSeconds,
    limit: 'voice-per-minute',
  });
}

/** Takes the user's one transcription slot; throws RATE_LIMITED when one is already running. Returns its release. */
export async function takeVoiceSlot(deps: Deps, user: User): Promise<() => void> {
  const slot = await modelLimitStore(deps).tryAcquireStream(voiceKey(user.id), null, VOICE_LIMITS.concurrentPerUser);
  if (slot.ok) return slot.release;
  throw new DomainError('RATE_LIMITED', 'Ya se está transcribiendo otro audio tuyo. Espera a que termine y vuelve a intentarlo.', {
    retryAfterSeconds: 5,
    limit: 'voice-concurrent',
  });
}

const VOICE_DAY_MESSAGE = 'Has llegado al máximo de audios transcritos por hoy. Mañana podrás seguir; mientras, puedes escribir tu mensaje.';

/** Counts one transcription against today's quota (the user's local day); over it, DAILY_LIMIT_REACHED (429) until local midnight. */
export async function countTranscription(deps: Deps, user: User): Promise<void> {
  const now = deps.clock();
  const dayKey = `${user.id}:${localDay(now, user.timezone)}`;
  if ((await consumeOrWait(dailyLimiter(deps), dayKey)) === null) {
    const ceilingWait = await consumeOrWait(ceilingLimiter(deps), user.id);
    if (ceilingWait === null) return;
    // Over the 24-hour ceiling (after a change of timezone): the local day's count is given back.
    await dailyLimiter(deps).reward(dayKey, 1);
    throw new DomainError('DAILY_LIMIT_REACHED', VOICE_DAY_MESSAGE, {
      retryAfterSeconds: ceilingWait,
      quota: 'voice-transcriptions',
      limit: deps.config.voice.transcriptionsPerDay,
    });
  }
  throw new DomainError('DAILY_LIMIT_REACHED', VOICE_DAY_MESSAGE, {
    retryAfterSeconds: secondsUntilNextLocalDay(now, user.timezone),
    quota: 'voice-transcriptions',
    limit: deps.config.voice.transcriptionsPerDay,
  });
}
