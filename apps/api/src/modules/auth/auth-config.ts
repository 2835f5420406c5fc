import { availableParallelism } from 'node:os';
import type { SignInLimits } from '@ascenso/domain/login-throttle';
import { z } from 'zod';
import { ConfigError } from '../../config-error';
import { wholeNumber } from '../../config-number';
import type { PasswordWorkLimits } from './password-work';

const count = (max: number, fallback: number) => wholeNumber(1, max, fallback);
const minutes = (fallback: number) => wholeNumber(1, 7 * 24 * 60, fallback);

/**
 * The environment variables of the sign-in limits and of the Argon2 queue (part of env.ts's schema;
 * docs/decisions/012-sign-in-limits.md explains the values).
 */
export const AUTH_ENV_SHAPE = {
  AUTH_LOGIN_MAX_PER_ACCOUNT_ADDRESS: count(100_000, 10),
  AUTH_LOGIN_MAX_PER_ADDRESS: count(100_000, 10),
  AUTH_LOGIN_WINDOW_MINUTES: minutes(15),
  AUTH_LOGIN_MAX_PER_ACCOUNT: count(100_000, 100),
  AUTH_LOGIN_ACCOUNT_WINDOW_MINUTES: minutes(24 * 60),
  AUTH_REGISTER_MAX_PER_ADDRESS: count(100_000, 5),
  AUTH_REGISTER_WINDOW_MINUTES: minutes(60),
  AUTH_PASSWORD_CHECK_MAX_PER_USER: count(100_000, 10),
  AUTH_PASSWORD_CHECK_WINDOW_MINUTES: minutes(15),
  AUTH_PASSWORD_CHANGE_MAX_PER_USER: count(100_000, 5),
  AUTH_PASSWORD_CHANGE_WINDOW_MINUTES: minutes(60),
  AUTH_DEVICE_MAX_PER_DEVICE: count(100_000, 10),
  AUTH_RESET_MAX_PER_ADDRESS: count(100_000, 5),
  AUTH_RESET_MAX_PER_ACCOUNT: count(100_000, 3),
  AUTH_RESET_WINDOW_MINUTES: minutes(60),
  AUTH_RESET_CONFIRM_MAX_PER_ADDRESS: count(100_000, 10),
  AUTH_VERIFY_RESEND_MAX_PER_ACCOUNT: count(100_000, 3),
  AUTH_VERIFY_RESEND_WINDOW_MINUTES: minutes(60),
  ARGON2_MAX_CONCURRENT: count(256, Math.max(1, availableParallelism())),
  ARGON2_PER_ADDRESS_CONCURRENT: count(64, 2),
  ARGON2_PER_ADDRESS_QUEUE: z.coerce.number().int().min(0).max(1_000).default(4),
  ARGON2_MAX_QUEUED: count(100_000, 200),
  ARGON2_ACCOUNT_CHANGES_IN_FLIGHT: count(1_000, 2),
  TRPC_MAX_BATCH_SIZE: count(1_000, 20),
};

type AuthEnv = { [K in keyof typeof AUTH_ENV_SHAPE]: z.output<(typeof AUTH_ENV_SHAPE)[K]> };

export type AuthConfig = {
  limits: SignInLimits;
  passwordWork: PasswordWorkLimits;
  /** Largest tRPC HTTP batch (the adapter's `maxBatchSize`; the web client batches at most 10). */
  trpcMaxBatchSize: number;
};

const MINUTE = 60_000;

export function authConfigFrom(env: AuthEnv): AuthConfig {
  if (env.AUTH_LOGIN_MAX_PER_ACCOUNT <= env.AUTH_LOGIN_MAX_PER_ACCOUNT_ADDRESS) {
    throw new ConfigError(
      'AUTH_LOGIN_MAX_PER_ACCOUNT debe ser mayor que AUTH_LOGIN_MAX_PER_ACCOUNT_ADDRESS (si no, una sola dirección podría bloquear una cuenta)',
    );
  }
  if (env.AUTH_LOGIN_ACCOUNT_WINDOW_MINUTES < env.AUTH_LOGIN_WINDOW_MINUTES) {
    throw new ConfigError('AUTH_LOGIN_ACCOUNT_WINDOW_MINUTES no puede ser menor que AUTH_LOGIN_WINDOW_MINUTES');
  }
  const loginWindowMs = env.AUTH_LOGIN_WINDOW_MINUTES * MINUTE;
  return {
    limits: {
      perAccountAddress: { max: env.AUTH_LOGIN_MAX_PER_ACCOUNT_ADDRESS, windowMs: loginWindowMs },
      perAddress: { max: env.AUTH_LOGIN_MAX_PER_ADDRESS, windowMs: loginWindowMs },
      perAccount: { max: env.AUTH_LOGIN_MAX_PER_ACCOUNT, windowMs: env.AUTH_LOGIN_ACCOUNT_WINDOW_MINUTES * MINUTE },
      registerPerAddress: {
        max: env.AUTH_REGISTER_MAX_PER_ADDRESS,
        windowMs: env.AUTH_REGISTER_WINDOW_MINUTES * MINUTE,
      },
      passwordCheckPerUser: {
        max: env.AUTH_PASSWORD_CHECK_MAX_PER_USER,
        windowMs: env.AUTH_PASSWORD_CHECK_WINDOW_MINUTES * MINUTE,
      },
      passwordChangePerUser: {
        max: env.AUTH_PASSWORD_CHANGE_MAX_PER_USER,
        windowMs: env.AUTH_PASSWORD_CHANGE_WINDOW_MINUTES * MINUTE,
      },
      // A known device's wrong sign-ins, in the (account, address) window (decision 034).
      perDevice: { max: env.AUTH_DEVICE_MAX_PER_DEVICE, windowMs: loginWindowMs },
      resetPerAddress: { max: env.AUTH_RESET_MAX_PER_ADDRESS, windowMs: env.AUTH_RESET_WINDOW_MINUTES * MINUTE },
      resetPerAccount: { max: env.AUTH_RESET_MAX_PER_ACCOUNT, windowMs: env.AUTH_RESET_WINDOW_MINUTES * MINUTE },
      resetConfirmPerAddress: { max: env.AUTH_RESET_CONFIRM_MAX_PER_ADDRESS, windowMs: loginWindowMs },
      verifyResendPerAccount: {
        max: env.AUTH_VERIFY_RESEND_MAX_PER_ACCOUNT,
        windowMs: env.AUTH_VERIFY_RESEND_WINDOW_MINUTES * MINUTE,
      },
    },
    passwordWork: {
      maxConcurrent: env.ARGON2_MAX_CONCURRENT,
      perClientConcurrent: env.ARGON2_PER_ADDRESS_CONCURRENT,
      perClientQueued: env.ARGON2_PER_ADDRESS_QUEUE,
      maxQueued: env.ARGON2_MAX_QUEUED,
      maxAccountChanges: env.ARGON2_ACCOUNT_CHANGES_IN_FLIGHT,
    },
    trpcMaxBatchSize: env.TRPC_MAX_BATCH_SIZE,
  };
}
