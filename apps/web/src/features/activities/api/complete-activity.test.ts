import { MutationObserver, QueryClient } from '@tanstack/react-query';
import { TRPCClientError } from '@trpc/client';
import { describe, expect, it, vi } from 'vitest';
import {
  completeActivityMutationOptions,
  failureStatus,
  isRetryableCompletionError,
  shouldRetryCompletion,
  withIdempotencyKey,
  type CompleteActivityVariables,
  type CompletionResult,
} from './complete-activity';

function serverError(httpStatus: number, domainCode = 'VALIDATION'): TRPCClientError<never> {
  return new TRPCClientError('failed', {
    result: { error: { code: -32000, message: 'failed', data: { httpStatus, domainCode } } },
  } as never);
}

const networkError = () => TRPCClientError.from(new TypeError('Failed to fetch'));

const RESULT: CompletionResult = {
  success: true,
  activityId: 'act-1',
  activityKey: 'breathing_long',
  stepsEarned: 200,
  totalSteps: 1200,
  todayCount: 1,
  dailyLimit: 5,
  limitReached: false,
};

describe('withIdempotencyKey', () => {
  it('mints one key per user action', () => {
    let n = 0;
    const mint = () => `key-${++n}-abcdef`;
    const first = withIdempotencyKey({ activity_key: 'breathing_long' }, mint);
    const second = withIdempotencyKey({ activity_key: 'breathing_long' }, mint);
    expect(first).toEqual({ activity_key: 'breathing_long', idempotencyKey: 'key-1-abcdef' });
    expect(second.idempotencyKey).toBe('key-2-abcdef');
  });

  it('uses crypto.randomUUID by default (a key the API accepts)', () => {
    const { idempotencyKey } = withIdempotencyKey({ activity_key: 'journaling', duration_minutes: 10 });
    expect(idempotencyKey).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  });
});

describe('which failures are retried', () => {
  it.each([
    ['a network failure', networkError(), null, true],
    ['a plain TypeError', new TypeError('Failed to fetch'), null, true],
    ['500', serverError(500, 'BUSY'), 500, true],
    ['503', serverError(503, 'BUSY'), 503, true],
    ['400 validation', serverError(400), 400, false],
    ['401 session ended', serverError(401, 'UNAUTHORIZED'), 401, false],
    ['422 idempotency mismatch', serverError(422, 'IDEMPOTENCY_MISMATCH'), 422, false],
    ['429 rate limited', serverError(429, 'RATE_LIMITED'), 429, false],
  ])('%s', (_label, error, status, retryable) => {
    expect(failureStatus(error)).toBe(status);
    expect(isRetryableCompletionError(error)).toBe(retryable);
  });

  it('reads the status of a non-JSON answer from the response', () => {
    const error = new TRPCClientError('bad gateway', { meta: { response: { status: 502 } } });
    expect(failureStatus(error)).toBe(502);
    expect(isRetryableCompletionError(error)).toBe(true);
  });

  it('retries at most twice', () => {
    expect([0, 1, 2].map((count) => shouldRetryCompletion(count, networkError()))).toEqual([true, true, false]);
    expect(shouldRetryCompletion(0, serverError(400))).toBe(false);
  });
});

describe('completing through a TanStack mutation', () => {
  function run(send: (variables: CompleteActivityVariables) => Promise<CompletionResult>) {
    const queryClient = new QueryClient();
    const onCompleted = vi.fn();
    const observer = new MutationObserver(queryClient, completeActivityMutationOptions({ send, onCompleted, retryDelay: 0 }));
    return { observer, onCompleted };
  }

  it('reuses the same key on every retry of one action, and a new key for the next action', async () => {
    const keys: string[] = [];
    let calls = 0;
    const send = vi.fn(async (variables: CompleteActivityVariables) => {
      keys.push(variables.idempotencyKey);
      calls += 1;
      if (calls === 1) throw networkError();
      if (calls === 2) throw serverError(503, 'BUSY');
      return RESULT;
    });
    const { observer, onCompleted } = run(send);

    const result = await observer.mutate(withIdempotencyKey({ activity_key: 'breathing_long' }));
    expect(result).toEqual(RESULT);
    expect(send).toHaveBeenCalledTimes(3);
    expect(new Set(keys).size).toBe(1);
    expect(onCompleted).toHaveBeenCalledTimes(1);
    expect(onCompleted.mock.calls[0]?.[0]).toEqual(RESULT);

    await observer.mutate(withIdempotencyKey({ activity_key: 'breathing_long' }));
    expect(keys).toHaveLength(4);
    expect(keys[3]).not.toBe(keys[0]);
  });

  it('gives up after 2 retries', async () => {
    const send = vi.fn(async () => {
      throw networkError();
    });
    const { observer, onCompleted } = run(send);
    await expect(observer.mutate(withIdempotencyKey({ activity_key: 'journaling' }))).rejects.toBeInstanceOf(TRPCClientError);
    expect(send).toHaveBeenCalledTimes(3);
    expect(onCompleted).not.toHaveBeenCalled();
  });

  it('does not retry a 4xx', async () => {
    const send = vi.fn(async () => {
      throw serverError(400);
    });
    const { observer } = run(send);
    await expect(observer.mutate(withIdempotencyKey({ activity_key: 'journaling' }))).rejects.toBeInstanceOf(TRPCClientError);
    expect(send).toHaveBeenCalledTimes(1);
  });
});
