import { TRPCClientError } from '@trpc/client';
import { describe, expect, it } from 'vitest';
import { DAILY_BUDGET_MESSAGE, SAME_CONVERSATION_MESSAGE, coachReplyErrorMessage, modelLimitMessage } from './reply-errors';

function trpcError(domainCode: string, retryAfterSeconds: number | null = null) {
  return new TRPCClientError('x', {
    result: {
      error: {
        code: -32000,
        message: 'x',
        data: { domainCode, retryAfterSeconds, httpStatus: 429, fieldErrors: null },
      },
    },
  } as never);
}

describe('coach reply errors', () => {
  it('explains the daily token budget when the wait runs to midnight', () => {
    expect(coachReplyErrorMessage(trpcError('RATE_LIMITED', 14 * 3600))).toBe(DAILY_BUDGET_MESSAGE);
  });

  it('gives the seconds to wait for the short limits, singular and plural', () => {
    expect(modelLimitMessage(5)).toBe(
      'Tu coach necesita un respiro: has hecho muchas peticiones seguidas o tienes varias respuestas en curso. Vuelve a intentarlo en 5 segundos.',
    );
    expect(modelLimitMessage(1)).toMatch(/en 1 segundo\.$/);
  });

  it('says another answer is in progress in the same conversation', () => {
    expect(coachReplyErrorMessage(trpcError('CONFLICT'))).toBe(SAME_CONVERSATION_MESSAGE);
  });

  it('keeps the coach-unavailable copy for a failed model', () => {
    expect(coachReplyErrorMessage(trpcError('AI_UNAVAILABLE'))).toBe('Tu coach no ha podido responder ahora.');
    expect(coachReplyErrorMessage(new Error('network'))).toBe('Tu coach no ha podido responder ahora.');
  });
});
