import { z } from 'zod';
import { wholeNumber } from '../../config-number';

const count = (max: number, fallback: number) => wholeNumber(1, max, fallback);
const ms = (fallback: number) => wholeNumber(50, 10 * 60_000, fallback);

/**
 * The environment variables of the coach's model limits (part of env.ts's schema). Defaults: 15 s to
 * the first token of a live answer, 60 s for a whole model call, 3 streams at once per user, 20 model
 * calls per minute per user, 200 000 tokens per user per local day, 3 000 tokens of history.
 */
export const COACH_ENV_SHAPE = {
  AI_FIRST_TOKEN_TIMEOUT_MS: ms(15_000),
  AI_TIMEOUT_MS: ms(60_000),
  AI_MAX_CONCURRENT_STREAMS_PER_USER: count(100, 3),
  AI_CALLS_PER_MINUTE_PER_USER: count(10_000, 20),
  AI_DAILY_TOKEN_BUDGET_PER_USER: count(100_000_000, 200_000),
  AI_HISTORY_TOKEN_BUDGET: count(100_000, 3_000),
  /** Key of the HMAC that turns a user id into the pseudonymous id sent to the provider. */
  AI_USER_ID_SECRET: z.string().min(16).optional(),
  /** The model's second opinion on messages the local crisis screen lets through (decision 036): on by default. */
  AI_CRISIS_SECOND_OPINION: z.enum(['on', 'off']).default('on'),
};

type CoachEnv = z.output<z.ZodObject<typeof COACH_ENV_SHAPE>>;

export type CoachLimitsConfig = {
  firstTokenTimeoutMs: number;
  timeoutMs: number;
  maxConcurrentStreamsPerUser: number;
  callsPerMinutePerUser: number;
  dailyTokenBudgetPerUser: number;
  historyTokenBudget: number;
  /** Undefined: a fixed application salt is used (set a secret in production). */
  userIdSecret: string | undefined;
  /** Ask the model's second opinion on messages the local screen lets through (AI_CRISIS_SECOND_OPINION). */
  crisisSecondOpinion: boolean;
};

export function coachConfigFrom(env: CoachEnv): CoachLimitsConfig {
  return {
    firstTokenTimeoutMs: env.AI_FIRST_TOKEN_TIMEOUT_MS,
    timeoutMs: env.AI_TIMEOUT_MS,
    maxConcurrentStreamsPerUser: env.AI_MAX_CONCURRENT_STREAMS_PER_USER,
    callsPerMinutePerUser: env.AI_CALLS_PER_MINUTE_PER_USER,
    dailyTokenBudgetPerUser: env.AI_DAILY_TOKEN_BUDGET_PER_USER,
    historyTokenBudget: env.AI_HISTORY_TOKEN_BUDGET,
    userIdSecret: env.AI_USER_ID_SECRET,
    crisisSecondOpinion: env.AI_CRISIS_SECOND_OPINION === 'on',
  };
}
