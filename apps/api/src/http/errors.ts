import { DomainError } from '@ascenso/domain/errors';
import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import type { Context as HonoContext } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { z } from 'zod';
import type { Logger } from '../logger';
import { DOMAIN_TO_TRPC, fieldErrorsFrom } from '../trpc/errors';
import type { AppEnv } from './types';

/** The one JSON error envelope of every REST path (also its schema in `GET /api/openapi.json`). */
export const ErrorEnvelopeSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    requestId: z.string(),
    details: z.record(z.string(), z.unknown()).optional(),
  }),
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelopeSchema>;

export function envelope(c: HonoContext<AppEnv>, status: ContentfulStatusCode, code: string, message: string, details?: Record<string, unknown>) {
  const body: ErrorEnvelope = {
    error: { code, message, requestId: c.get('requestId') ?? 'unknown', ...(details ? { details } : {}) },
  };
  return c.json(body, status);
}

const STATUS_TEXT: Partial<Record<number, { code: string; message: string }>> = {
  400: { code: 'BAD_REQUEST', message: 'Petición no válida' },
  401: { code: 'UNAUTHORIZED', message: 'Necesitas iniciar sesión' },
  403: { code: 'FORBIDDEN', message: 'No tienes permiso para esto' },
  404: { code: 'NOT_FOUND', message: 'No encontrado' },
  405: { code: 'METHOD_NOT_SUPPORTED', message: 'Método no permitido' },
  413: { code: 'PAYLOAD_TOO_LARGE', message: 'La petición es demasiado grande' },
  415: { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Se esperaba JSON' },
};

/** Converts anything thrown by a REST shim into the envelope; unknown errors become a logged 500. */
export function errorToResponse(error: unknown, c: HonoContext<AppEnv>, logger: Logger) {
  const domain = error instanceof DomainError ? error : error instanceof TRPCError && error.cause instanceof DomainError ? error.cause : undefined;
  if (domain) {
    const status =
      domain.code === 'LINK_GONE' ? 410 : (getHTTPStatusCodeFromError(new TRPCError({ code: DOMAIN_TO_TRPC[domain.code] })) as ContentfulStatusCode);
    if (typeof domain.details?.retryAfterSeconds === 'number') c.header('Retry-After', String(domain.details.retryAfterSeconds));
    return envelope(c, status, domain.code, domain.message, domain.details);
  }
  if (error instanceof TRPCError) {
    const status = getHTTPStatusCodeFromError(error) as ContentfulStatusCode;
    if (status >= 500) {
      logger.error('request failed', { requestId: c.get('requestId'), error: String(error.cause ?? error) });
      return envelope(c, 500, 'INTERNAL_SERVER_ERROR', 'Error interno del servidor');
    }
    const fieldErrors = error.code === 'BAD_REQUEST' ? fieldErrorsFrom(error.cause) : undefined;
    return envelope(
      c,
      status,
      fieldErrors ? 'VALIDATION' : error.code,
      fieldErrors ? 'Revisa los campos marcados' : error.message,
      fieldErrors ? { fieldErrors } : undefined,
    );
  }
  if (error instanceof HTTPException) {
    const known = STATUS_TEXT[error.status];
    return envelope(c, error.status as ContentfulStatusCode, known?.code ?? 'HTTP_ERROR', known?.message ?? error.message);
  }
  logger.error('unhandled error', {
    requestId: c.get('requestId'),
    error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
  });
  return envelope(c, 500, 'INTERNAL_SERVER_ERROR', 'Error interno del servidor');
}

/** Reads a JSON object body; malformed or non-JSON bodies are a 400 VALIDATION error, never a 500. */
export async function readJsonBody(c: HonoContext<AppEnv>): Promise<unknown> {
  const type = c.req.header('content-type') ?? '';
  const raw = await c.req.text();
  if (raw.trim() === '') return {};
  if (!type.toLowerCase().includes('application/json')) {
    throw new DomainError('VALIDATION', 'Se esperaba un cuerpo JSON (Content-Type: application/json)');
  }
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    throw new DomainError('VALIDATION', 'El cuerpo de la petición no es JSON válido');
  }
}
