import { TRPCClientError } from '@trpc/client';
import { describe, expect, it } from 'vitest';
import { authFormErrors, authRateLimitMessage } from './form-errors';

function domainError(domainCode: string, extra: Record<string, unknown> = {}) {
  return new TRPCClientError('server message (never shown)', {
    result: { error: { code: -32600, message: 'x', data: { domainCode, ...extra } } },
  } as never);
}

describe('a refused sign-in or registration tells how long to wait', () => {
  it.each([
    [1, 'Hay demasiadas peticiones desde tu conexión. Vuelve a intentarlo en 1 segundo.'],
    [5, 'Hay demasiadas peticiones desde tu conexión. Vuelve a intentarlo en 5 segundos.'],
    [60, 'Demasiados intentos. Vuelve a intentarlo en 1 minuto.'],
    [14 * 60 + 5, 'Demasiados intentos. Vuelve a intentarlo en 15 minutos.'],
    [59 * 60, 'Demasiados intentos. Vuelve a intentarlo en 59 minutos.'],
    [24 * 60 * 60, 'Demasiados intentos. Vuelve a intentarlo en 24 horas.'],
  ])('Retry-After %i s → «%s»', (seconds, message) => {
    expect(authRateLimitMessage(seconds)).toBe(message);
  });

  it('shows it in the form alert, from data.retryAfterSeconds', () => {
    expect(authFormErrors(domainError('RATE_LIMITED', { retryAfterSeconds: 600 }), ['email', 'password'])).toEqual({
      formError: 'Demasiados intentos. Vuelve a intentarlo en 10 minutos.',
      fieldErrors: {},
    });
    expect(authFormErrors(domainError('RATE_LIMITED'), ['email']).formError).toBe('Demasiados intentos. Espera un momento y vuelve a intentarlo.');
  });
});
