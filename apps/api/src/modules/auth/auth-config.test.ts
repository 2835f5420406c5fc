import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../env';

describe('sign-in limits in the environment', () => {
  it('has documented defaults', () => {
    const { auth } = loadConfig({});
    expect(auth.limits).toEqual({
      perAccountAddress: { max: 10, windowMs: 15 * 60_000 },
      perAddress: { max: 10, windowMs: 15 * 60_000 },
      perAccount: { max: 100, windowMs: 24 * 60 * 60_000 },
      registerPerAddress: { max: 5, windowMs: 60 * 60_000 },
      passwordCheckPerUser: { max: 10, windowMs: 15 * 60_000 },
      passwordChangePerUser: { max: 5, windowMs: 60 * 60_000 },
      perDevice: { max: 10, windowMs: 15 * 60_000 },
      resetPerAddress: { max: 5, windowMs: 60 * 60_000 },
      resetPerAccount: { max: 3, windowMs: 60 * 60_000 },
      resetConfirmPerAddress: { max: 10, windowMs: 15 * 60_000 },
      verifyResendPerAccount: { max: 3, windowMs: 60 * 60_000 },
    });
    expect(auth.passwordWork).toEqual({
      maxConcurrent: availableParallelism(),
      perClientConcurrent: 2,
      perClientQueued: 4,
      maxQueued: 200,
      maxAccountChanges: 2,
    });
    expect(auth.trpcMaxBatchSize).toBe(20);
  });

  it('reads every variable', () => {
    const { auth } = loadConfig({
      AUTH_LOGIN_MAX_PER_ADDRESS: '30',
      AUTH_REGISTER_WINDOW_MINUTES: '1440',
      ARGON2_MAX_CONCURRENT: '8',
      TRPC_MAX_BATCH_SIZE: '5',
    });
    expect(auth.limits.perAddress.max).toBe(30);
    expect(auth.limits.registerPerAddress.windowMs).toBe(24 * 60 * 60_000);
    expect(auth.passwordWork.maxConcurrent).toBe(8);
    expect(auth.trpcMaxBatchSize).toBe(5);
  });

  it.each([
    [{ AUTH_LOGIN_MAX_PER_ADDRESS: 'muchos' }, /AUTH_LOGIN_MAX_PER_ADDRESS/],
    [{ AUTH_REGISTER_MAX_PER_ADDRESS: '0' }, /AUTH_REGISTER_MAX_PER_ADDRESS/],
    [{ TRPC_MAX_BATCH_SIZE: '-1' }, /TRPC_MAX_BATCH_SIZE/],
    // One address could then use up the account's limit: a lockout button.
    [{ AUTH_LOGIN_MAX_PER_ACCOUNT: '10' }, /AUTH_LOGIN_MAX_PER_ACCOUNT debe ser mayor/],
    [{ AUTH_LOGIN_ACCOUNT_WINDOW_MINUTES: '5' }, /AUTH_LOGIN_ACCOUNT_WINDOW_MINUTES/],
  ])('refuses %j', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});
