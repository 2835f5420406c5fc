import type { AppRouter } from '@ascenso/api/router';
import { TRPCClientError, createTRPCClient } from '@trpc/client';
import { describe, expect, it } from 'vitest';
import { authFormErrors } from './form-errors';
import { CONNECTION_ERROR_MESSAGE, ORIGIN_REFUSED_MESSAGE, errorMessage } from './error-messages';
import { readDomainError } from './errors';
import { httpLinks } from './trpc';

function domainError(domainCode: string, extra: Record<string, unknown> = {}) {
  return new TRPCClientError('server message (never shown)', {
    result: { error: { code: -32600, message: 'x', data: { domainCode, ...extra } } },
  } as never);
}

describe('errorMessage with a screen context', () => {
  it('uses the coach copy for a failed answer, also for network failures', () => {
    expect(errorMessage(domainError('AI_UNAVAILABLE'), 'coach-reply')).toBe('Tu coach no ha podido responder ahora.');
    expect(errorMessage(new Error('socket closed'), 'coach-reply')).toBe('Tu coach no ha podido responder ahora.');
  });

  it('gives the plan its own rate-limit message', () => {
    expect(errorMessage(domainError('RATE_LIMITED'), 'plan')).toBe('Ya has regenerado tu plan varias veces hoy. Mañana tendrás uno nuevo.');
    // Elsewhere RATE_LIMITED keeps the general wording.
    expect(errorMessage(domainError('RATE_LIMITED', { retryAfterSeconds: 90 }))).toBe('Demasiados intentos. Vuelve a intentarlo en 2 minutos.');
  });

  it('explains a paused conversation and a session closed too early', () => {
    expect(errorMessage(domainError('FORBIDDEN'), 'coach-send')).toMatch(/en pausa por tu seguridad/);
    expect(errorMessage(domainError('VALIDATION'), 'finish-session')).toBe('Cuéntale algo más a tu coach antes de cerrar la sesión.');
  });

  it('falls back to the general table for codes a context does not word', () => {
    expect(errorMessage(domainError('NOT_FOUND'), 'plan')).toBe('No hemos encontrado lo que buscabas.');
    expect(errorMessage(new Error('offline'), 'plan')).toBe(CONNECTION_ERROR_MESSAGE);
  });
});

describe('errorMessage for the storage quotas', () => {
  it('names the quota that was reached on each screen', () => {
    const reached = domainError('DAILY_LIMIT_REACHED', { retryAfterSeconds: 50_400 });
    expect(errorMessage(reached, 'journal-save')).toBe('Has llegado al máximo de entradas de diario por hoy. Mañana podrás escribir más.');
    expect(errorMessage(reached, 'coach-start')).toBe(
      'Has llegado al máximo de conversaciones nuevas por hoy. Puedes seguir una de las que ya tienes, o empezar otra mañana.',
    );
    expect(errorMessage(reached, 'coach-send')).toBe('Has llegado al máximo de mensajes por hoy. Mañana podrás seguir hablando con tu coach.');
    expect(errorMessage(reached, 'note-save')).toBe('Has llegado al máximo de notas por hoy. Mañana podrás añadir más.');
    expect(errorMessage(reached)).toBe('Ya has alcanzado el límite de hoy para esta actividad.');
  });

  it('says a full conversation takes no more messages', () => {
    expect(errorMessage(domainError('CONFLICT'), 'coach-send')).toBe('Esta conversación ya no admite más mensajes. Empieza una nueva para seguir.');
  });

  it('shows the server’s reason when a journal entry is too long', () => {
    const tooLong = 'Esta entrada supera los 20.000 caracteres de una entrada de diario. Tus mensajes siguen en la conversación.';
    expect(errorMessage(domainError('VALIDATION', { fieldErrors: { body: [tooLong] } }), 'journal-save')).toBe(tooLong);
    expect(errorMessage(domainError('VALIDATION'), 'journal-save')).toBe('Escribe algo antes de guardar la entrada.');
  });
});

describe('a request refused by the Origin check (403 FORBIDDEN_ORIGIN)', () => {
  // What apps/api/src/http/security.ts answers a non-GET from a foreign Origin.
  const refusingFetch: typeof fetch = () =>
    Promise.resolve(
      new Response(JSON.stringify({ error: { code: 'FORBIDDEN_ORIGIN', message: 'Origen no permitido', requestId: 'r-1' } }), {
        status: 403,
        headers: { 'Content-Type': 'application/json' },
      }),
    );
  const client = createTRPCClient<AppRouter>({ links: [httpLinks('http://127.0.0.1:9/api/trpc', refusingFetch)] });

  it.each([
    ['alone (auth.*, httpLink)', () => client.auth.login.mutate({ email: 'ana@example.com', password: 'x'.repeat(12) })],
    ['batched (httpBatchLink)', () => client.assessment.saveProgress.mutate({ currentSection: 1, responses: {}, completedSections: [] } as never)],
  ])('says the page was opened from an address that is not allowed, %s', async (_label, call) => {
    const error = await call().then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(readDomainError(error)).toMatchObject({ originRefused: true, httpStatus: 403, domainCode: null });
    expect(errorMessage(error)).toBe(ORIGIN_REFUSED_MESSAGE);
    expect(errorMessage(error, 'journal-save')).toBe(ORIGIN_REFUSED_MESSAGE);
    expect(authFormErrors(error, ['email', 'password']).formError).toBe(ORIGIN_REFUSED_MESSAGE);
    expect(ORIGIN_REFUSED_MESSAGE).toMatch(/^Esta página se ha abierto desde una dirección no permitida/);
  });

  it('keeps the connection message for a plain network failure and for another 403', async () => {
    const offline = createTRPCClient<AppRouter>({
      links: [httpLinks('http://127.0.0.1:9/api/trpc', () => Promise.reject(new TypeError('Failed to fetch')))],
    });
    const networkError = await offline.auth.logout.mutate().catch((caught: unknown) => caught);
    expect(errorMessage(networkError)).toBe(CONNECTION_ERROR_MESSAGE);
    expect(authFormErrors(networkError, ['email']).formError).toBe(CONNECTION_ERROR_MESSAGE);
    expect(errorMessage(domainError('FORBIDDEN'))).toBe('No tienes permiso para hacer esto.');
  });
});
